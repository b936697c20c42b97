#include "labs/occupancy/occupancy_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> occupancyPresets() {
  return {
      // 48 KiB per block (Kepler's per-block maximum): registers and threads alone would allow 8 blocks.
      {.id = "memadv-shared-memory-limits-blocks",
       .title = "Shared memory per SM limits resident blocks",
       .claim = "Each SM has a limited amount of shared memory, shared across the threads of a block (a GTX "
                "1080 SM: 96 KiB beside 64 K registers and 2048 threads), so the more a block uses the "
                "fewer blocks fit.",
       .lookAt = "CUDA's rule steps down from 100% as shared memory per block grows: at 48 KiB (the "
                 "highlighted point) only 4 blocks of 256 threads fit in Hopper's 228 KiB, 50% occupancy, "
                 "though registers and threads would allow 8; the limits view (Ctrl+Tab) names shared memory "
                 "as the limit.",
       .source = "seed 002, Garcia, CUDA Memory: Advanced Aspects: slides 'Shared Memory Revisited' "
                 "(Hierarchy; Limitations on GTX1080 Pascal)",
       .settings = {"threads_per_block=256", "registers_per_thread=32", "shared_bytes_per_block=49152",
                    "carveout_percent=100"},
       .view = "occupancy-vs-shared",
       // More shared memory a block, lower occupancy; at 48 KiB shared memory is the limit (limiter 2).
       .checks = {"occupancy-vs-shared/CUDA's rule@49152 < occupancy-vs-shared/CUDA's rule@0",
                  "scalar:occupancy.limiter ~ 2 within 1%"},
       .question = "Blocks of 256 threads, 32 registers per thread, 48 KiB of shared memory each: what caps the "
                   "blocks per SM?",
       .answers = {{.text = "Threads: 2048 per SM", .checks = {"scalar:occupancy.limiter < 0.5"}},
                   {.text = "Registers: 8192 per block of the 64K register file",
                    .checks = {"scalar:occupancy.limiter > 0.5", "scalar:occupancy.limiter < 1.5"}},
                   {.text = "Shared memory: only a few 48 KiB blocks fit in an SM", .ifClaimHolds = true},
                   {.text = "The SM's block slots", .checks = {"scalar:occupancy.limiter > 2.5"}}},
       .notes = "Registers and threads both allow 8 blocks; let the class work out how many 48 KiB blocks fit in "
                "228 KiB before the reveal (4, 50% occupancy)."},
      {.id = "gpuarch-occupancy-example-1",
       .title = "Occupancy example 1: <<<2048, 32>>>",
       .claim = "With T = 32 threads, R = 100 registers and 1 KiB of shared memory per block, threads allow "
                "64 blocks, registers 20 and shared memory 48, and Kepler's 16 block slots stop it: residency "
                "16, occupancy (16 x 32) / 2048 = 25% (Hopper: the registers stop it at 16, shared memory "
                "allows 114, the block slots 32).",
       .lookAt = "The registers bar is the shortest: CUDA's rule fits 16 blocks, 25% (3200 registers a warp "
                 "rounded up to 3328), the slide's arithmetic 20; threads allow 64 blocks, shared memory 114, "
                 "the SM's 32 block slots 50%. On the Tesla K40 model the 16 block slots are the limit, as on "
                 "the slide.",
       .source = "seed 003, Pai, GPU Architecture I (Execution): slides 'GPU Resources per SM (NVIDIA "
                 "Kepler)' and 'GPU Occupancy: Example 1'",
       .settings = {"threads_per_block=32", "registers_per_thread=100", "shared_bytes_per_block=1024"},
       .view = "limits",
       // The slide's numbers that hold on every GPU: threads allow 64 blocks, residency 16, 25%.
       // Which resource stops at 16 differs (slots on Kepler, registers on Hopper): the claim and
       // the look-at say so with the numbers.
       .checks = {"scalar:occupancy.limit_blocks.warps ~ 64 within 1%", "scalar:occupancy.blocks_per_sm ~ 16 within 1%",
                  "scalar:occupancy.percent ~ 25 within 1%"},
       .question = "Blocks of 32 threads, 100 registers per thread, 1 KiB of shared memory each: what occupancy can "
                   "an SM reach?",
       .answers = {{.text = "100%: 64 blocks of 32 threads fill the SM's 2048 threads",
                    .checks = {"scalar:occupancy.percent > 99"}},
                   {.text = "50%: the SM's 32 block slots hold 1024 threads",
                    .checks = {"scalar:occupancy.percent ~ 50 within 1%"}},
                   {.text = "31%: the register file holds 20 blocks",
                    .checks = {"scalar:occupancy.percent ~ 31.25 within 1%"}},
                   {.text = "25%: only 16 blocks are resident at once", .ifClaimHolds = true}},
       .notes = "Have the class compute each limit: threads 64 blocks, registers 20 by the slide's arithmetic (16 "
                "with CUDA's allocation), block slots 16 on Kepler, 32 on Hopper. The smallest wins."},
      {.id = "gpuarch-occupancy-example-2",
       .title = "Occupancy example 2: <<<2048, 64>>>",
       .claim = "The resource that gets exhausted first determines occupancy and residency: with T = 64, R "
                "= 100 and 1 KiB per block the registers run out first (65536 / 6400 = 10 blocks by the "
                "slide's arithmetic, occupancy (10 x 64) / 2048 = 31%).",
       .lookAt = "The registers bars are the shortest: 'Lecture arithmetic' allows 10 blocks (31%), CUDA's "
                 "rule 8 blocks (25%: each warp's 3200 registers rounded up to 3328); threads allow 32 "
                 "blocks, shared memory far more: CUDA allocates registers a warp at a time, in 256s.",
       .source = "seed 003, Pai, GPU Architecture I (Execution): slide 'GPU Occupancy: Example 2'",
       .settings = {"threads_per_block=64", "registers_per_thread=100", "shared_bytes_per_block=1024"},
       .view = "limits",
       // Registers run out first (limiter 1), 10 blocks and 31.25% by the slide's arithmetic.
       .checks = {"scalar:occupancy.limiter ~ 1 within 1%", "scalar:occupancy.simple.blocks_per_sm ~ 10 within 1%",
                  "scalar:occupancy.simple.percent ~ 31.25 within 1%"},
       .question = "Blocks of 64 threads, 100 registers per thread, 1 KiB of shared memory each: which resource runs "
                   "out first?",
       .answers = {{.text = "The SM's block slots", .checks = {"scalar:occupancy.limiter > 2.5"}},
                   {.text = "Registers: 6400 per block of a 64K register file", .ifClaimHolds = true},
                   {.text = "Threads: 2048 per SM", .checks = {"scalar:occupancy.limiter < 0.5"}},
                   {.text = "Shared memory",
                    .checks = {"scalar:occupancy.limiter > 1.5", "scalar:occupancy.limiter < 2.5"}}},
       .notes = "65536 / 6400 = 10 blocks (31%) by the slide; CUDA's rule allocates 3328 registers a warp and fits 8 "
                "(25%). Ask why the two bars differ."},
      // 24 registers: at 32 or more the register file ties with (or beats) the warps as the limit, and
      // the note would name registers instead of the threads.
      {.id = "gpuarch-blocks-map-whole",
       .title = "Thread blocks are mapped to SMs whole",
       .claim = "Thread blocks are mapped to SMs whole, with no partial thread blocks: each SM runs up to its "
                "residency in blocks, and once all SMs are occupied the remaining blocks wait.",
       .lookAt = "A sawtooth: 768-thread blocks fit only twice in the SM's 2048 threads (75%; a third would "
                 "need 2304), 1024 twice (100%), 544 three times (80%); at 32 threads the SM's 32 block "
                 "slots cap occupancy at 50%.",
       .source = "seed 003, Pai, GPU Architecture I (Execution): slide 'Summary' (GPU Execution of Kernels)",
       .settings = {"threads_per_block=768", "registers_per_thread=24", "shared_bytes_per_block=0"},
       .view = "occupancy-vs-threads",
       // Two whole 768-thread blocks of the SM's 2048 threads: 75% (a partial third would fill it).
       .checks = {"scalar:occupancy.blocks_per_sm ~ 2 within 1%",
                  "occupancy-vs-threads/CUDA's rule@768 ~ 75 within 1%"},
       .question = "Blocks of 768 threads, on an SM with room for 2048 threads (few registers, no shared memory): "
                   "what occupancy?",
       .answers = {{.text = "37.5%: an SM runs one block at a time",
                    .checks = {"scalar:occupancy.blocks_per_sm < 1.5"}},
                   {.text = "75%: only 2 whole blocks fit", .ifClaimHolds = true},
                   {.text = "100%: 2 blocks and part of a third fill the SM",
                    .checks = {"occupancy-vs-threads/CUDA's rule@768 > 99"}}},
       .notes = "A third block would need 2304 threads: blocks are placed whole. Then walk the sawtooth: 1024 fits "
                "twice (100%), 544 three times (80%)."},
      {.id = "gpuarch-volkov-maxes-out-registers",
       .title = "Maxing out registers beats a register cap",
       .claim = "Volkov underutilizes threads but maxes out registers (Fermi had 63 registers per thread, "
                "Kepler has 255).",
       .lookAt = "The same work under __launch_bounds__(256, min blocks): with no cap the kernel keeps its "
                 "72 registers at 38% occupancy; caps of 40 and 32 registers raise occupancy to 75% and 100% "
                 "but spill to local memory and run at least twice as slow. On the H100 and H200 the cap of "
                 "128 builds with 96 registers, 25%, and is the fastest.",
       .source = "seed 003, Pai, GPU Architecture I (Execution): slide 'Volkov's Insights'",
       .settings = {},
       .view = "register-caps",
       // min_blocks 0: no cap, 72 registers; 6 and 8: caps of 40 and 32. The full-occupancy cap at least
       // twice as slow, as the look-at says.
       .checks = {"scalar:caps.min_blocks_8.occupancy_pct > scalar:caps.min_blocks_0.occupancy_pct",
                  "scalar:caps.min_blocks_6.ms > scalar:caps.min_blocks_0.ms",
                  "scalar:caps.min_blocks_8.ms >= 2 x scalar:caps.min_blocks_0.ms"},
       .question = "A kernel uses 72 registers per thread (38% occupancy). Capped at 32 it gets 100% occupancy. "
                   "Which is faster?",
       .answers = {{.text = "The capped one: more warps hide more latency",
                    .checks = {"scalar:caps.min_blocks_8.ms < scalar:caps.min_blocks_0.ms"}},
                   {.text = "About the same: the extra warps and the spills cancel out",
                    .checks = {"scalar:caps.min_blocks_8.ms < 1.25 x scalar:caps.min_blocks_0.ms"}},
                   {.text = "The uncapped one, but by less than 2x"},
                   {.text = "The uncapped one, by 2x or more: the cap spills to local memory", .ifClaimHolds = true}},
       .notes = "Point at the spill bytes in each bar's name: the capped builds keep their values in local memory. "
                "On the H100 and H200 the cap of 128 (96 registers, 25%) is fastest of all."},
  };
}

}  // namespace warpscope::labs
