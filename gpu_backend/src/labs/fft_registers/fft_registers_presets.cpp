#include "labs/fft_registers/fft_registers_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> fftRegistersPresets() {
  return {
      {.id = "volkov-fft-fewer-threads-fewer-shuffles",
       .title = "FFT: small FFTs in registers, shuffles through shared memory",
       .claim = "Cooley-Tukey splits a large FFT into smaller FFTs; small FFTs are done in registers and shuffles "
                "using shared memory. Fewer threads, lower shared memory traffic: 2 outputs per thread is 8 threads and "
                "3 shuffles for 16 points, 16 outputs per thread 1 thread and no shuffles.",
       .lookAt = "The model's bars at 1024 points: with 2 points per thread, 512 threads per transform exchange 9 times "
                 "and instruction issue binds; from 8 points per thread on, 128 or 64 threads exchange 3 or 2 times "
                 "and only DRAM bandwidth is left.",
       .source = "seed 000, Volkov, Part V: Case study: FFT, slides 'Mapping Cooley-Tukey to GPU' and 'Fewer threads - "
                 "lower shared memory traffic'",
       .settings = {"points=1024", "points_per_thread=2"},
       .view = "model-limits"},
      {.id = "volkov-fft-gflops-up-occupancy-down",
       .title = "FFT1024: GFLOPS go up, occupancy goes down",
       .claim = "From two outputs per thread to sixteen, the 1024-point FFT uses more registers per thread and runs at "
                "lower occupancy, and its GFLOPS go up.",
       .lookAt = "Occupancy falls as the registers per thread rise from 2 to 16 points per thread; on the GFLOP/s chart "
                 "the same steps climb toward the bandwidth bound.",
       .source = "seed 000, Volkov, Part V: slides 'Two outputs per thread' and 'Sixteen outputs per thread' (the "
                 "FFT1024 kernels) and 'GFLOPS go up, occupancy goes down'",
       .settings = {"points=1024", "points_per_thread=16"},
       .view = "registers-occupancy"},
      {.id = "volkov-cufft-lower-occupancy-faster",
       .title = "CUFFT 2.3: fewer threads, lower occupancy, 2x faster",
       .claim = "Batch of 1024-point complex-to-complex FFTs, single precision: CUFFT 2.3 runs 4x smaller thread blocks "
                "than CUFFT 2.2 at 2x lower occupancy, and 2x higher performance (45 to 93 Gflop/s on G80).",
       .lookAt = "The register FFT at 16 points per thread, 64 threads per transform and the lowest occupancy, beside "
                 "cuFFT's batched plan and the bandwidth bound of one read and one write: both near the bound (on a "
                 "simulator device only the model and the bound are drawn).",
       .source = "seed 000, Volkov, 'Faster codes run at lower occupancy' (CUFFT 2.2 vs CUFFT 2.3)",
       .settings = {"points=1024", "points_per_thread=16"},
       .view = "gflops-vs-points-per-thread"},
  };
}

}  // namespace warpscope::labs
