#include "labs/matmul_tiling/matmul_tiling_presets.h"

namespace warpscope::labs {

namespace {

constexpr const char* kVolkov = "seed 000, Volkov, Better Performance at Lower Occupancy: ";

std::string volkovSlides(const char* slides) { return std::string(kVolkov) + slides; }

}  // namespace

std::vector<PresetSpec> matmulTilingPresets() {
  return {
      {.id = "volkov-matmul-baseline-shared-bound",
       .title = "1 output per thread: shared-memory bound",
       .claim = "With one output per thread the SDK matrix multiply does 2 flops per 2 shared memory "
                "accesses = 4 B/flop, so it is bound by shared memory bandwidth (GTX480: 336 Gflop/s).",
       .lookAt = "Tiled 16x16 and 1 out/thread both stall at roughly 8 TFLOP/s, about an eighth of FP32 "
                 "peak: at 4 B/flop the shared-memory bandwidth (about 33 TB/s on the H200), not the FMA "
                 "units, sets the pace. The bars to their right climb as outputs per thread grow.",
       .source = volkovSlides("slides 'Baseline: matrix multiply in CUDA SDK' and 'Baseline performance'"),
       .settings = {"n=4096", "tile_width=16"},
       .view = "gflops",
       // The bound at 4 B/flop: 128 B/clk/SM of shared memory feed 32 flop/clk/SM, 1/8 of FP32 peak.
       .checks = {"scalar:matmul.gflops.tiled ~ 0.125 x scalar:ceiling.fp32_gflops within 10%",
                  "scalar:matmul.gflops.rb1 ~ 0.125 x scalar:ceiling.fp32_gflops within 10%"},
       .question = "Tiled matmul, one output per thread: each FMA reads 2 floats from shared memory. What "
                   "share of FP32 peak?",
       .answers = {{.text = "Most of it: on-chip shared memory keeps the FMA units fed",
                    .checks = {"scalar:matmul.gflops.tiled >= 0.5 x scalar:ceiling.fp32_gflops"}},
                   {.text = "A quarter to a half: loads take many of the issue slots",
                    .checks = {"scalar:matmul.gflops.tiled >= 0.2 x scalar:ceiling.fp32_gflops",
                               "scalar:matmul.gflops.tiled < 0.5 x scalar:ceiling.fp32_gflops"}},
                   {.text = "About an eighth: shared-memory bandwidth, not the FMAs, sets the pace",
                    .ifClaimHolds = true}},
       .notes = "Ask for the arithmetic first: 2 loads of 4 B per FMA (2 flops) is 4 B/flop; an SM's shared "
                "memory gives 128 B per clock, 32 flops' worth, against 256 flops of FMA peak. Then point at "
                "the two bars at about 8 TFLOP/s."},
      {.id = "volkov-more-outputs-less-shared-traffic",
       .title = "More outputs per thread: less smem traffic",
       .claim = "Computing multiple outputs per thread keeps more data local in registers, so it needs "
                "fewer shared memory accesses: 4 B/flop with one output, 3 with two, 2.25 with eight.",
       .lookAt = "Shared-memory bytes per flop fall 4, 3, 2.5, 2.25 for 1, 2, 4, 8 outputs per thread "
                 "(Volkov's column strips), then 1 for a 4x4 block and 0.5 for 8x8 (MAGMA: 0.67 with "
                 "36 outputs).",
       .source = volkovSlides("slides 'Compute multiple outputs per thread' and 'Shared memory traffic is "
                              "now lower'"),
       .settings = {"n=4096", "tile_width=16"},
       .view = "smem-per-flop",
       .checks = {"smem-per-flop/Analytic (from the tiling)@1 out/thread ~ 4 within 1%",
                  "smem-per-flop/Analytic (from the tiling)@2 out/thread ~ 3 within 1%",
                  "smem-per-flop/Analytic (from the tiling)@8 out/thread ~ 2.25 within 1%"},
       .question = "One output per thread reads 4 B of shared memory per flop. With 8 outputs per thread (a "
                   "column strip)?",
       .answers = {{.text = "Still 4 B: each output needs its own two operands",
                    .checks = {"scalar:matmul.smem_bytes_per_flop.rb8 >= 4"}},
                   {.text = "0.5 B: eight outputs share every load, an eighth of the traffic",
                    .checks = {"scalar:matmul.smem_bytes_per_flop.rb8 ~ 0.5 within 10%"}},
                   {.text = "About 2.25 B: one operand serves all 8 outputs, the other does not",
                    .ifClaimHolds = true}},
       .notes = "Draw the strip: per step of k the thread loads one value of B and 8 of A for 8 FMAs, 9 loads "
                "instead of 16. Then ask what a 4x4 block (16 outputs) saves: 8 loads for 16 FMAs, 1 B/flop."},
      {.id = "volkov-matmul-better-at-lower-occupancy",
       .title = "Matmul: faster at lower occupancy",
       .claim = "Faster codes run at lower occupancy: 2, 4 and 8 outputs per thread took SGEMM from 242 "
                "to 341, 427 and 485 Gflop/s while occupancy went from 67% to 67%, 50% and 33% (GTX480).",
       .lookAt = "Throughput rises at every step from 1 to 64 outputs per thread, from about 8 TFLOP/s to "
                 "five to seven times that, while 'Occupancy vs outputs per thread' falls 100, 100, 75, "
                 "62.5, 50, 25%.",
       .source = volkovSlides("slides 'Faster codes run at lower occupancy' (prologue), 'Four outputs per "
                              "thread: performance' and 'Eight outputs per thread: performance'"),
       .settings = {"n=4096", "tile_width=16"},
       .view = "gflops-vs-outputs",
       // The slide's steps: faster at 4 and at 8 outputs per thread, at lower occupancy than 2.
       .checks = {"scalar:matmul.gflops.rb4 > scalar:matmul.gflops.rb2",
                  "scalar:matmul.gflops.rb8 > scalar:matmul.gflops.rb4",
                  "occupancy-vs-outputs/Occupancy@8 < occupancy-vs-outputs/Occupancy@2"},
       .question = "From 2 to 8 outputs per thread, occupancy falls from 100% to 62.5%. What happens to "
                   "GFLOP/s?",
       .answers = {{.text = "It rises at each step: fewer shared-memory loads per flop", .ifClaimHolds = true},
                   {.text = "About the same: more reuse, but fewer warps to hide latency",
                    .checks = {"scalar:matmul.gflops.rb8 ~ scalar:matmul.gflops.rb2 within 10%"}},
                   {.text = "It falls: fewer warps are left to hide latency",
                    .checks = {"scalar:matmul.gflops.rb8 < 0.9 x scalar:matmul.gflops.rb2"}}},
       .notes = "Volkov's GTX480 numbers: 242, 341, 427, 485 Gflop/s while occupancy went 67, 67, 50, 33%. "
                "Ask what occupancy was supposed to buy (latency hiding) and where else it can come from "
                "(independent FMAs per thread)."},
      {.id = "memadv-tiled-matmul-data-reuse",
       .title = "Shared-memory tiles: data reuse",
       .claim = "Shared memory takes advantage of data reuse to reduce global memory accesses: the tiled "
                "matrix multiply loads TILE_WIDTH x TILE_WIDTH tiles of Md and Nd into shared memory once, "
                "and every thread of the block reads them from there.",
       .lookAt = "Bars 'Naive' (every operand from global memory) and 'Tiled 16x16' (about 1.4 to 1.5 times "
                 "as fast): the same 2 N^3 flops with each global value loaded once per tile instead of once "
                 "per use; the register-blocking bars to the right go further.",
       .source = "seed 002, Garcia, CUDA Memory: Advanced Aspects: slides 'Shared Memory: Matrix "
                 "multiplication' and 'Shared Memory Revisited' (Zoom on SM)",
       .settings = {"n=4096", "tile_width=16"},
       .view = "gflops",
       .checks = {"scalar:matmul.gflops.tiled > scalar:matmul.gflops.naive"},
       .question = "Naive matmul reads every operand from global memory. Stage 16x16 tiles in shared memory "
                   "first: how fast?",
       .answers = {{.text = "About the same: L1 and L2 caches already give the naive kernel reuse",
                    .checks = {"scalar:matmul.gflops.tiled <= scalar:matmul.gflops.naive",
                               "scalar:matmul.gflops.tiled >= 0.9 x scalar:matmul.gflops.naive"}},
                   {.text = "Faster: each value fetched from global memory serves 16 threads",
                    .ifClaimHolds = true},
                   {.text = "Slower: copying tiles and waiting at barriers costs more than it saves",
                    .checks = {"scalar:matmul.gflops.tiled < 0.9 x scalar:matmul.gflops.naive"}}},
       .notes = "The gain is real but far from 16x (about 1.4 to 1.5x): ask why, before moving on; the next "
                "slide's answer is that the tiled kernel is now bound by shared memory, 4 B per flop."},
      {.id = "gpuarch-better-performance-lower-occupancy",
       .title = "Better performance at lower occupancy",
       .claim = "There is a case to reduce occupancy: CUBLAS 2.0's SGEMM ran 8x smaller thread blocks at 2x "
                "lower occupancy than CUBLAS 1.1 for 1.6x higher performance (G80; Volkov, GTC 2010).",
       .lookAt = "Throughput climbs from about 8 TFLOP/s at 1 output per thread to five to seven times that "
                 "at 64 (8x8), while 'Occupancy vs outputs per thread' falls from 100% to 25%: fewer, busier "
                 "threads, faster.",
       .source = "seed 003, Pai, GPU Architecture I (Execution): slide 'Better Performance at Lower "
                 "Occupancy'",
       .settings = {"n=4096"},
       .view = "gflops-vs-outputs",
       // The slide's pair: 2x lower occupancy (100% -> 50%), at least 1.6x the throughput; lower still, faster.
       .checks = {"occupancy-vs-outputs/Occupancy@16 <= 0.5 x occupancy-vs-outputs/Occupancy@2",
                  "scalar:matmul.gflops.rb16 >= 1.6 x scalar:matmul.gflops.rb2",
                  "scalar:matmul.gflops.rb64 > scalar:matmul.gflops.rb16"},
       .question = "From 2 to 16 outputs per thread, occupancy halves (100% to 50%). What happens to GFLOP/s?",
       .answers = {{.text = "It halves too: half the warps, half the latency hiding",
                    .checks = {"scalar:matmul.gflops.rb16 <= 0.6 x scalar:matmul.gflops.rb2"}},
                   {.text = "About the same: 50% occupancy still hides the latency",
                    .checks = {"scalar:matmul.gflops.rb16 ~ scalar:matmul.gflops.rb2 within 20%"}},
                   {.text = "It rises 1.6x or more: fewer threads, each reusing data in registers",
                    .ifClaimHolds = true}},
       .notes = "The slide's CUBLAS 2.0 story: 2x lower occupancy, 1.6x faster. After the reveal, follow the "
                "curve to 64 outputs at 25% occupancy: faster still."},
  };
}

}  // namespace warpscope::labs
