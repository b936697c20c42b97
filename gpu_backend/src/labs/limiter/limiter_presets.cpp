#include "labs/limiter/limiter_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> limiterPresets() {
  return {
      {.id = "tuning2-vector-add-memory-bound",
       .title = "Vector add: far below the balanced ratio",
       .claim = "Vector add reads two 4-byte words, adds and writes one 4-byte word: 1 instruction : 12 "
                "bytes, much lower than the GPU's balanced instruction:byte ratio (3.76:1 on a Tesla "
                "M2090), thus memory bound. (This lab's kernel is a copy with one FMA per 4-byte load and "
                "4-byte store: 1 : 8 bytes.)",
       .lookAt = "The 'FP32 instruction : byte' pair of bars: this kernel at K = 1 (0.125) against the "
                 "device's balanced ratio (7.9 on the H200, 11.1 on the H100), 60 to 90x lower; the key figures put "
                 "it close to the bandwidth ceiling: memory bound.",
       .source = "seed 001, Performance Tuning (2): slides 'Things to Know About Your GPU' and 'Algorithmic "
                 "Analysis'",
       .settings = {"fmas_per_element=1", "occupancy_pct=100"},
       .view = "ratio-vs-balanced",
       // The kernel's 1 : 8; "much lower" = at least an order of magnitude (the seed's 1 : 12 vs 3.76 is
       // 45x); memory bound = achieved bandwidth "close" to the ceiling, the seed's 70%.
       .checks = {"ratio-vs-balanced/This kernel (K = 1 FMA per element)@FP32 instruction : byte ~ 0.125 within 1%",
                  "ratio-vs-balanced/Device balanced (FMA ceiling / bandwidth ceiling)@FP32 instruction : byte > "
                  "10 x ratio-vs-balanced/This kernel (K = 1 FMA per element)@FP32 instruction : byte",
                  "scalar:limiter.fraction_bandwidth >= 0.7"},
       .question = "This kernel does 1 FMA per 8 bytes moved (0.125 FMA/byte). Where is the GPU's balanced "
                   "FMA:byte ratio?",
       .answers = {{.text = "Over 10x higher: this kernel is memory bound, near the bandwidth ceiling",
                    .ifClaimHolds = true},
                   {.text = "Within 10x of it: a few more FMAs per element would balance it",
                    .checks = {"scalar:limiter.balanced_instr_per_byte <= 10 x scalar:limiter.instr_per_byte",
                               "scalar:limiter.balanced_instr_per_byte >= scalar:limiter.instr_per_byte"}},
                   {.text = "Lower: even this little math outpaces the memory",
                    .checks = {"scalar:limiter.balanced_instr_per_byte < scalar:limiter.instr_per_byte"}}},
       .notes = "Have them compute the balance: FMA rate / bandwidth, about 33 TFMA/s over 3 to 4 TB/s, 8 to "
                "11 FMAs per byte. The seed's M2090 was 3.76; vector add's 1:12 is far below either."},
      // K = 1: the seed's vector add is one add per 12 bytes; this kernel one FMA per 8.
      {.id = "tuning2-profiler-instruction-byte-ratio",
       .title = "The profiler's instruction:byte ratio",
       .claim = "Compute the instruction:byte ratio from the profiler's counters, (number of SMs) x 32 x "
                "instructions issued : 32 B x (DRAM reads + DRAM writes), and compare it to the balanced one: "
                "vector add gives 1.49:1, more than the algorithm's count but lower than 3.76, so memory bound.",
       .lookAt = "The third pair of bars: every instruction the kernel issued per DRAM byte (about 0.5 at K = 1: "
                 "addresses, loads, stores and the loop besides the one FMA) stands 4x above the algorithm's "
                 "FMA count, yet far below the device's balanced ratio: memory bound.",
       .source = "seed 001, Performance Tuning (2): slide 'Analysis with the Profiler'",
       .settings = {"fmas_per_element=1", "occupancy_pct=100"},
       .view = "ratio-vs-balanced",
       // More than the algorithm's count (it "undercounts instructions": 2x at least); lower than the
       // balanced ratio; the counted DRAM bytes are the bytes the kernel moves (8 per element, 10%);
       // memory bound = the seed's 70% of the bandwidth.
       .checks = {"ratio-vs-balanced/This kernel (K = 1 FMA per element)@All instructions issued : byte (profiler) > "
                  "2 x ratio-vs-balanced/This kernel (K = 1 FMA per element)@FP32 instruction : byte",
                  "scalar:limiter.counters.instr_per_byte < scalar:limiter.balanced_instr_per_byte",
                  "scalar:limiter.counters.dram_bytes ~ 8 x scalar:limiter.elements within 10%",
                  "scalar:limiter.fraction_bandwidth >= 0.7"},
       .question = "Counted by the profiler, every instruction this K = 1 kernel issues per DRAM byte is...",
       .answers = {{.text = "Above the algorithm's 0.125, yet below the balanced ratio: memory bound",
                    .ifClaimHolds = true},
                   {.text = "Exactly the algorithm's 0.125: the counters see only the FMAs",
                    .checks = {"scalar:limiter.counters.instr_per_byte <= 0.13"}},
                   {.text = "Above the balanced ratio: the overhead makes it instruction bound",
                    .checks = {"scalar:limiter.counters.instr_per_byte >= scalar:limiter.balanced_instr_per_byte"}}},
       .notes = "The counters are per warp: x 32 for thread instructions, as the seed does. Open 'Profiler counters "
                "per element' to see where the instructions and bytes come from for each kernel."},
      {.id = "tuning2-near-peak-metric-is-the-limiter",
       .title = "Close to a peak: that resource limits",
       .claim = "If one of the metrics (instruction or memory throughput) is close to the hardware peak, "
                "you're likely limited by it; 'close' is approximate, about 70% of theory or better (the "
                "chart's line and the lab's verdict use 60%).",
       .lookAt = "Bandwidth / copy ceiling stays flat at about 0.9 or a bit above from 0.25 to 8 flop/byte "
                 "(memory bound) while FLOP/s / FMA ceiling climbs and takes over past the ridge, near 1 at "
                 "256 flop/byte; the flat line at 0.6 is the lab's 'near' threshold, looser than the seed's "
                 "70%. Only around the ridge are both below 0.9.",
       .source = "seed 001, Performance Tuning (2): slide 'Another Way to Use the Profiler'",
       .settings = {"fmas_per_element=16", "occupancy_pct=100"},
       .view = "fraction-vs-intensity",
       // Close = the seed's 70%. At the focus (4 flop/byte) bandwidth is close and limits: the full kernel
       // takes the memory-only time; at 256 flop/byte the FMA ceiling is close.
       .checks = {"fraction-vs-intensity/Bandwidth / copy ceiling@4 >= 0.7",
                  "scalar:limiter.time_ms.full ~ scalar:limiter.time_ms.memory_only within 5%",
                  "fraction-vs-intensity/FLOP/s / FMA ceiling@256 >= 0.7"},
       .question = "A kernel at 4 flop/byte, well below the ridge (about 16 to 22). Which runs close to its "
                   "ceiling?",
       .answers = {{.text = "FLOP/s: the FMA units are the bottleneck",
                    .checks = {"fraction-vs-intensity/FLOP/s / FMA ceiling@4 >= 0.7"}},
                   {.text = "Bandwidth: the full kernel takes as long as its memory-only version",
                    .ifClaimHolds = true},
                   {.text = "Neither: both stay well under 70% of their ceilings",
                    .checks = {"fraction-vs-intensity/Bandwidth / copy ceiling@4 < 0.7",
                               "fraction-vs-intensity/FLOP/s / FMA ceiling@4 < 0.7"}}},
       .notes = "After the reveal, follow both curves right: the FMA fraction takes over past the ridge. Only "
                "around the ridge are both under 0.9, which is where the next slide's overlap question "
                "matters."},
      // K = 64 is 16 flop/byte, next to the ridge (15.8 on the H200 model): memory and math take about as
      // long, so the overlap shows most.
      {.id = "tuning2-memory-only-math-only",
       .title = "Full vs memory-only + math-only times",
       .claim = "Time memory-only and math-only versions of the kernel and compare the sum of their times "
                "to the full-kernel time: it tells whether the kernel is memory or math bound and how well "
                "memory operations are overlapped with arithmetic.",
       .lookAt = "At K = 64 memory-only and math-only take about the same time, yet the full kernel takes "
                 "about as long as the slower of the two, roughly half their sum: overlap near 100% in the "
                 "title, the seed's 'balanced, good mem-math overlap'. Time per launch vs intensity shows the full "
                 "kernel on memory-only at low K and on math-only at high K.",
       .source = "seed 001, Performance Tuning (2): slides 'Analysis with Modified Source Code' and 'Some "
                 "Example Scenarios'",
       .settings = {"fmas_per_element=64", "occupancy_pct=100"},
       .view = "variant-times",
       // Balanced: the two parts within 20% of each other; good overlap: the full time exceeds the slower
       // part by at most a tenth of the faster (overlap = (t_mem + t_math - t_full) / min).
       .checks = {"scalar:limiter.time_ms.math_only ~ scalar:limiter.time_ms.memory_only within 20%",
                  "scalar:limiter.overlap >= 0.9"},
       .question = "At K = 64, the memory-only and math-only versions each take about t. How long does the "
                   "full kernel take?",
       .answers = {{.text = "About 2t: it loads, then computes, then stores",
                    .checks = {"scalar:limiter.overlap <= 0.3"}},
                   {.text = "About 1.5t: memory and math overlap only in part",
                    .checks = {"scalar:limiter.overlap > 0.3", "scalar:limiter.overlap < 0.9"}},
                   {.text = "About t: other warps compute while some wait on memory", .ifClaimHolds = true}},
       .notes = "Overlap = (t_mem + t_math - t_full) / min is in the chart title. Ask what makes the overlap "
                "possible (many warps per SM), then switch occupancy down to 12.5% for the next slide."},
      // K = 16: memory bound, so the variants' bytes set their times.
      {.id = "tuning2-store-only",
       .title = "Store-only: remove the loads too",
       .claim = "Memory-only: remove as much arithmetic as possible without changing the access pattern, and use "
                "the profiler to verify that the load/store count is the same; store-only: also remove the loads.",
       .lookAt = "DRAM bytes per element: full and memory-only move the same 8 (the profiler's check that the "
                 "access pattern survived), store-only 4, math-only none. In 'Full, memory-only and math-only "
                 "times' store-only takes about half of memory-only's time: the loads' share.",
       .source = "seed 001, Performance Tuning (2): slide 'Source Modification'",
       .settings = {"fmas_per_element=16", "occupancy_pct=100"},
       .view = "counters-per-element",
       // The same count = within 5%; store-only's half of the bytes within 10%; and it is faster.
       .checks = {"scalar:limiter.counters.memory_only.dram_bytes ~ scalar:limiter.counters.dram_bytes within 5%",
                  "scalar:limiter.counters.store_only.dram_bytes ~ 0.5 x scalar:limiter.counters.dram_bytes "
                  "within 10%",
                  "scalar:limiter.time_ms.store_only < 0.75 x scalar:limiter.time_ms.memory_only"},
       .question = "Store-only drops memory-only's loads. Against memory-only, its time is about...",
       .answers = {{.text = "The same: a kernel's time is its stores",
                    .checks = {"scalar:limiter.time_ms.store_only >= 0.9 x scalar:limiter.time_ms.memory_only"}},
                   {.text = "About half: it moves half the bytes, and bytes set the time here", .ifClaimHolds = true},
                   {.text = "Near zero: without loads there is nothing to wait for",
                    .checks = {"scalar:limiter.time_ms.store_only <= 0.2 x scalar:limiter.time_ms.memory_only"}}},
       .notes = "Memory-only vs store-only splits memory time into loads and stores. Ask why a store costs "
                "bandwidth but no latency: nothing waits for it."},
      // 12.5%: one block of 256 threads per SM, too few to keep both the bytes and the FMAs in flight.
      {.id = "tuning2-memory-and-latency-bound",
       .title = "Low occupancy: latency bound, poor overlap",
       .claim = "Suspect latency issues if neither memory nor instruction throughput is close to the "
                "hardware's rates and the full-kernel time is significantly larger than max{mem-only, "
                "math-only}; one cause is too few concurrent threads per multiprocessor (occupancy too "
                "low).",
       .lookAt = "The balanced kernel (K = 64) at one block per SM: the Full bar now stands clearly above "
                 "both memory-only and math-only, the overlap in the title drops well below 100%, and the "
                 "note finds neither ceiling reaching the 60% 'near' mark: latency bound.",
       .source = "seed 001, Performance Tuning (2): slides 'Some Example Scenarios' (memory and latency "
                 "bound) and 'Instruction Latency Limited Kernel'",
       .settings = {"fmas_per_element=64", "occupancy_pct=12.5"},
       .view = "variant-times",
       // Neither close (the seed's 70%); "significantly larger" than max{mem-only, math-only}: 10% or more,
       // against the 0 to 3% of the same kernel at full occupancy.
       .checks = {"scalar:limiter.fraction_bandwidth < 0.7", "scalar:limiter.fraction_fma < 0.7",
                  "scalar:limiter.time_ms.full >= 1.1 x scalar:limiter.time_ms.memory_only",
                  "scalar:limiter.time_ms.full >= 1.1 x scalar:limiter.time_ms.math_only"},
       .question = "Same kernel (K = 64) at one block of 256 threads per SM (12.5% occupancy). Full time vs "
                   "its two parts?",
       .answers = {{.text = "Clearly longer than both: too little in flight to keep either busy",
                    .ifClaimHolds = true},
                   {.text = "About the memory-only time: it is still memory bound",
                    .checks = {"scalar:limiter.time_ms.full < 1.1 x scalar:limiter.time_ms.memory_only"}},
                   {.text = "About the math-only time: with few threads, the FMAs limit it",
                    .checks = {"scalar:limiter.time_ms.full < 1.1 x scalar:limiter.time_ms.math_only"}}},
       .notes = "The seed's diagnosis: neither throughput near its peak and the full time well above "
                "max(mem-only, math-only) means latency. Ask for the cure: more warps per SM, or more "
                "independent work per thread."},
      // K = 1024: compute bound, FP32 FMAs nearly all its instructions.
      {.id = "tuning2-issued-vs-executed",
       .title = "Instructions issued vs executed, IPC vs its peak",
       .claim = "Instructions executed counts the instructions encountered; instructions issued also counts "
                "re-issues due to serialization: worry only if the difference is a significant share. Compare the "
                "achieved IPC with the hardware's, which depends on the mix (fp32 only: IPC 2.0 on Fermi).",
       .lookAt = "Issued and executed instructions per element stand level for every kernel (nothing here "
                 "serializes: no shared memory, no divergence, coalesced accesses); the scalars put the full "
                 "kernel's IPC near the SM's FP32 peak (4 warp FMAs a cycle on Hopper): instruction bound.",
       .source = "seed 001, Performance Tuning (2): slide 'Instruction Throughput: Analysis'",
       .settings = {"fmas_per_element=1024", "occupancy_pct=100"},
       .view = "counters-per-element",
       // "Significant" = 5% of the issued; close to the peak = the seed's 70%.
       .checks = {"scalar:limiter.counters.replay_pct < 5",
                  "scalar:limiter.counters.ipc >= 0.7 x scalar:limiter.ipc_peak_fp32"},
       .question = "At K = 1024 FMAs per element, how do instructions issued and IPC look?",
       .answers = {{.text = "Issued well above executed: the FMAs are replayed",
                    .checks = {"scalar:limiter.counters.replay_pct >= 5"}},
                   {.text = "Issued = executed, IPC far below the FP32 peak: latency bound",
                    .checks = {"scalar:limiter.counters.replay_pct < 5",
                               "scalar:limiter.counters.ipc < 0.7 x scalar:limiter.ipc_peak_fp32"}},
                   {.text = "Issued = executed, IPC near the FP32 peak: instruction bound", .ifClaimHolds = true}},
       .notes = "The seed's case study had 12.7% replays from shared-memory bank conflicts: the bank-conflicts "
                "slide shows them. Here the mix is 99% FFMA, so the FP32 peak is the right one to compare with."},
      // K = 64: the load and compute phases of one tile take about as long as each other.
      {.id = "tuning2-syncthreads-prevents-overlap",
       .title = "__syncthreads(): one big block cannot overlap",
       .claim = "Too few concurrent threadblocks per SM when using __syncthreads(): it can prevent overlap "
                "between math and memory within the same block. With most math waiting until the block has "
                "loaded all its data, one large block per SM takes memory time + math time; two blocks per SM, "
                "each half the size, overlap one's loads with the other's math.",
       .lookAt = "Full, 1 block of 512 stands as tall as memory-only + math-only: every warp waits at the barrier, "
                 "so the SM either loads or computes. Full, 2 blocks of 256, the same 512 threads per SM, is "
                 "clearly shorter: while one block computes, the other loads.",
       .source = "seed 001, Performance Tuning (2): slides 'Instruction Latency Limited Kernel' and 'Simplified "
                 "View of Latency and Syncs'",
       .settings = {"fmas_per_element=64", "occupancy_pct=100"},
       .view = "sync-overlap",
       // One block: the sum of the parts (within 15%); two blocks "clearly" faster: 20% or more.
       .checks = {"scalar:limiter.sync.time_ms.one_block ~ scalar:limiter.sync.time_ms.parts_sum within 15%",
                  "scalar:limiter.sync.time_ms.one_block >= 1.2 x scalar:limiter.sync.time_ms.two_blocks"},
       .question = "Same 512 threads per SM: one block of 512 or two of 256, with a __syncthreads() between phases?",
       .answers = {{.text = "The same time: the SM holds as many threads either way",
                    .checks = {"scalar:limiter.sync.time_ms.one_block < 1.2 x scalar:limiter.sync.time_ms.two_blocks",
                               "scalar:limiter.sync.time_ms.two_blocks < 1.2 x scalar:limiter.sync.time_ms.one_block"}},
                   {.text = "Two blocks faster: one loads while the other computes", .ifClaimHolds = true},
                   {.text = "One block faster: fewer barriers to wait at",
                    .checks = {"scalar:limiter.sync.time_ms.two_blocks >= "
                               "1.2 x scalar:limiter.sync.time_ms.one_block"}}},
       .notes = "The barrier makes the whole block a single unit of latency hiding. Ask for other cures: double "
                "buffering the tile (load the next while computing this one), or more, smaller blocks."},
  };
}

}  // namespace warpscope::labs
