#pragma once
/// \file fft_registers_model.h
/// The simulator's model of fft-registers, in the latency-hiding model's terms (Volkov: registers
/// per thread, occupancy, bytes in flight). For each points per thread P (docs/labs/fft-registers.md
/// derives every term):
///   registers  = registers_base + registers_per_point x P (profile group "fft"; on a GPU the
///                compiled kernel's count replaces the estimate);
///   occupancy  = the occupancy calculator's blocks per SM for the kernel's block, registers and
///                shared memory; W = resident transforms per SM;
///   a transform's life = L(rho) + t_self: its N x 8 bytes are loaded at once (bytes in flight per
///                SM = W x N x 8 = resident threads x P x 8), then its warps run their instructions
///                (one per clock each) and wait 2 shared-memory latencies per exchange;
///   rates      = min(DRAM: copy ceiling / 16 bytes per point; latency: SMs x W / life (Little's
///                law); issue: every warp instruction through the SM's schedulers, one per clock;
///                shared: the exchanges' wavefronts by the bank rule, one per clock per SM),
///                with rho, the DRAM utilisation the rate causes, solved for (the loaded latency
///                grows with it);
///   time       = batch / rate + the launch overhead (simt.launch_overhead_us).
/// Instructions per thread = instructions_per_point_per_pass x P x passes +
/// instructions_per_twiddle x (butterflies that compute a twiddle), both fitted to the kernels'
/// compiled code.

#include "labs/fft_registers/fft_registers_lab.h"
#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The profile's "fft" group (BadInputError naming a missing or out-of-range field).
struct FftKernelParams {
  double registersBase = 0;       ///< Registers besides the points: indices, pointers, temporaries.
  double registersPerPoint = 0;   ///< Per point held: its two floats and the butterflies' temporaries.
  double instructionsPerPointPerPass = 0;  ///< Butterflies, twiddle products, shared stores and loads, addressing.
  double instructionsPerTwiddle = 0;       ///< One sincospif and the products for the powers of its root.
};
FftKernelParams fftKernelParams(const sim::DeviceProfile& profile);

/// The model's registers per thread for P points per thread, at most the architecture's cap.
int fftEstimatedRegisters(const FftKernelParams& params, unsigned pointsPerThread, int maxRegistersPerThread);

/// Butterflies of one thread that compute a twiddle (every pass but the first: P / R each).
unsigned fftTwiddledButterfliesPerThread(unsigned points, unsigned pointsPerThread);

/// Instructions one thread issues for its transform (the estimate above).
double fftInstructionsPerThread(const FftKernelParams& params, unsigned points, unsigned pointsPerThread);

/// Shared-memory wavefronts per transform over all its exchanges: every warp's stores and loads
/// of real and imaginary parts, by the bank rule (mechanisms/shared_memory.h) on the addresses the
/// kernels use. Conflict-free, 4 x P x (passes - 1) x (N / P) / 32.
double fftSharedWavefrontsPerTransform(unsigned points, unsigned pointsPerThread, int banks, int bankBytes);

/// One variant on the model; registersOverride > 0 replaces the estimate (the compiled count, on a
/// GPU). Throws BadInputError when not one block fits.
FftPoint fftModelPoint(const sim::DeviceProfile& profile, unsigned points, unsigned pointsPerThread, unsigned batch,
                       int registersOverride = 0);

/// Every point of the plan on the model, with the model's bandwidth bound (cudaMemcpy's fraction of
/// the DRAM bandwidth).
FftRun fftModelRun(const sim::DeviceProfile& profile, const FftPlan& plan);

RunResult simulateFftRegisters(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
