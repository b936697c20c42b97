#include "labs/fft_registers/fft_registers_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> fftRegistersPresets() {
  return {
      {.id = "volkov-fft-fewer-threads-fewer-shuffles",
       .title = "FFT: small FFTs in registers, shuffles through shared memory",
       .claim = "Cooley-Tukey splits a large FFT into smaller FFTs; small FFTs are done in registers and shuffles "
                "using shared memory. Fewer threads, lower shared memory traffic: 2 outputs per thread is 8 threads and "
                "3 shuffles for 16 points, 16 outputs per thread 1 thread and no shuffles.",
       .lookAt = "The model's bars at 1024 points, 'Shared-memory exchanges': 512 threads per transform exchanging 9 "
                 "times (2 points per thread) allow about 4.4x less than 64 threads exchanging twice (16 points per "
                 "thread). At 2 points per thread instruction issue binds; from 8 on, memory does.",
       .source = "seed 000, Volkov, Part V: Case study: FFT, slides 'Mapping Cooley-Tukey to GPU' and 'Fewer threads - "
                 "lower shared memory traffic'",
       .settings = {"points=1024", "points_per_thread=2"},
       .view = "model-limits",
       // 9 exchanges at 2 points per thread (10 radix-2 passes), 2 at 16 (3 passes): 4.5x less shared traffic.
       .checks = {"model-limits/Shared-memory exchanges@16 points per thread (memory latency) ~ "
                  "4.5 x model-limits/Shared-memory exchanges@2 points per thread (instruction issue) within 10%",
                  "scalar:fft.passes ~ 10 within 1%"},
       .question = "1024-point FFT: 512 threads x 2 points or 64 threads x 16 points. How much less shared-memory "
                   "traffic?",
       .answers = {{.text = "About 4.5x less: most passes stay in a thread's registers", .ifClaimHolds = true},
                   {.text = "None: every point crosses shared memory on every pass",
                    .checks = {"model-limits/Shared-memory exchanges@16 points per thread (memory latency) < 1.5 x "
                               "model-limits/Shared-memory exchanges@2 points per thread (instruction issue)"}},
                   {.text = "8x less: in proportion to the points per thread",
                    .checks = {"model-limits/Shared-memory exchanges@16 points per thread (memory latency) >= 7 x "
                               "model-limits/Shared-memory exchanges@2 points per thread (instruction issue)"}}},
       .notes = "Count passes: 10 radix-2 passes exchange 9 times, 3 radix-16 passes twice. The bars are GFLOP/s the "
                "exchanges allow, so the 16-point bar is about 4.4x taller."},
      {.id = "volkov-fft-gflops-up-occupancy-down",
       .title = "FFT1024: GFLOPS go up, occupancy goes down",
       .claim = "From two outputs per thread to sixteen, the 1024-point FFT uses more registers per thread and runs at "
                "lower occupancy, and its GFLOPS go up.",
       .lookAt = "Occupancy falls as the registers per thread rise from 2 to 16 points per thread; on the GFLOP/s chart "
                 "the same steps climb toward the bandwidth bound.",
       .source = "seed 000, Volkov, Part V: slides 'Two outputs per thread' and 'Sixteen outputs per thread' (the "
                 "FFT1024 kernels) and 'GFLOPS go up, occupancy goes down'",
       .settings = {"points=1024", "points_per_thread=16"},
       .view = "registers-occupancy",
       .checks = {"registers-occupancy/Occupancy (% of the SM's warps)@16 < "
                  "registers-occupancy/Occupancy (% of the SM's warps)@2",
                  "gflops-vs-points-per-thread/Register FFT@16 > gflops-vs-points-per-thread/Register FFT@2"},
       .question = "From 2 to 16 points per thread, a 1024-point FFT needs more registers. What do occupancy and "
                   "GFLOP/s do?",
       .answers = {{.text = "Both fall: fewer warps are left to hide latency",
                    .checks = {"registers-occupancy/Occupancy (% of the SM's warps)@16 < "
                               "registers-occupancy/Occupancy (% of the SM's warps)@2",
                               "gflops-vs-points-per-thread/Register FFT@16 < "
                               "gflops-vs-points-per-thread/Register FFT@2"}},
                   {.text = "Occupancy holds and GFLOP/s rise: there are registers to spare",
                    .checks = {"registers-occupancy/Occupancy (% of the SM's warps)@16 >= "
                               "registers-occupancy/Occupancy (% of the SM's warps)@2",
                               "gflops-vs-points-per-thread/Register FFT@16 > "
                               "gflops-vs-points-per-thread/Register FFT@2"}},
                   {.text = "Occupancy falls, yet GFLOP/s rise", .ifClaimHolds = true}},
       .notes = "Show this chart, then the GFLOP/s one (Ctrl+Tab): the same steps that lower occupancy climb toward "
                "the bandwidth bound."},
      {.id = "volkov-cufft-lower-occupancy-faster",
       .title = "CUFFT 2.3: fewer threads, lower occupancy, 2x faster",
       .claim = "Batch of 1024-point complex-to-complex FFTs, single precision: CUFFT 2.3 runs 4x smaller thread blocks "
                "than CUFFT 2.2 at 2x lower occupancy, and 2x higher performance (45 to 93 Gflop/s on G80).",
       .lookAt = "Follow the register FFT: at 2 points per thread (512 threads per transform, 100% occupancy) it gets "
                 "half the bandwidth bound or less; at 16 (64 threads, 37.5%) it is on the bound, beside cuFFT's "
                 "batched plan where measured. On the H100 every line sits at the bound from 4 points per thread on.",
       .source = "seed 000, Volkov, 'Faster codes run at lower occupancy' (CUFFT 2.2 vs CUFFT 2.3)",
       .settings = {"points=1024", "points_per_thread=16"},
       .view = "gflops-vs-points-per-thread",
       // The seed's pair as this FFT's extremes: at least 2x lower occupancy, at least 2x the GFLOP/s.
       .checks = {"registers-occupancy/Occupancy (% of the SM's warps)@16 <= "
                  "0.5 x registers-occupancy/Occupancy (% of the SM's warps)@2",
                  "gflops-vs-points-per-thread/Register FFT@16 >= 2 x gflops-vs-points-per-thread/Register FFT@2"},
       .differsOn = {{.gpu = "H100",
                      .why = "DRAM bandwidth caps it: at 16 points per thread the register FFT runs at 0.995 of the "
                             "bandwidth bound (9.22 of 9.26 TFLOP/s, cudaMemcpy's 2963 GB/s at 16 B per point), and "
                             "twice its 4.79 TFLOP/s at 2 points per thread would be 9.57, above the bound: it "
                             "gains 1.93x."}},
       .question = "1024-point FFT, 16 points per thread at 37.5% occupancy vs 2 points at 100%: how do their "
                   "GFLOP/s compare?",
       .answers = {{.text = "16 points is slower: at 37.5% occupancy latency goes unhidden",
                    .checks = {"gflops-vs-points-per-thread/Register FFT@16 < "
                               "gflops-vs-points-per-thread/Register FFT@2"}},
                   {.text = "16 points is faster, but under 2x: it hits the DRAM bandwidth bound",
                    .checks = {"gflops-vs-points-per-thread/Register FFT@16 > "
                               "gflops-vs-points-per-thread/Register FFT@2",
                               "gflops-vs-points-per-thread/Register FFT@16 < 2 x "
                               "gflops-vs-points-per-thread/Register FFT@2",
                               "gflops-vs-points-per-thread/Register FFT@16 >= 0.9 x "
                               "gflops-vs-points-per-thread/Bandwidth bound (read + write)@16"}},
                   {.text = "16 points is twice as fast or more", .ifClaimHolds = true}},
       .notes = "Volkov's CUFFT 2.3 ran 2x lower occupancy and 2x faster. On the H100 the 2-point kernel already "
                "gets half the bound, so 16 points per thread stop at the bound: 1.93x."},
  };
}

}  // namespace warpscope::labs
