#pragma once
/// \file register_vs_shared_model.h
/// The simulator's model of register-vs-shared (Volkov 2010, part III): an FMA's throughput is
/// the smaller of two limits, each a physical one. The FP32 pipeline's (latency-arith's Little's
/// law for dependent FMAs, profile mechanism "fma_pipeline") and shared memory's: bytes per clock
/// per SM shared by its schedulers, and Little's law for its latency with the loads each resident
/// warp keeps in flight (profile mechanism "shared_memory", fitted on the H200).

#include "core/run_monitor.h"
#include "mechanisms/fma_pipeline.h"
#include "mechanisms/shared_memory.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// Fraction (0..1) of FP32 peak that shared-memory bandwidth alone allows an FMA reading
/// `sharedOperands` 4-byte operands from it: bytes/clk/SM / (FP32 lanes x 4 B x operands),
/// at most 1 (and 1 with no shared operand). GTX480: 64 / (32 x 4 x 2) = 1/4, Volkov's
/// "bound by shared memory bandwidth to 336 Gflop/s" for 2 shared loads per FMA.
double sharedBandwidthCapFraction(const DeviceInfo& device, const SharedMemoryParams& shared, int sharedOperands);

/// Shared-memory bytes per clock one SM delivers to threadsPerSm threads that read it as fast as
/// they can. Each scheduler (SM sub-partition) gets its share of the SM's bytes per clock; each
/// of its warps supplies, by Little's law, loadsInFlightPerWarp x 128 B / latency. Warps are dealt
/// round robin and all do equal work, so the busiest scheduler sets the run time (as in
/// latency-arith's makespan).
double sharedBytesPerClock(const DeviceInfo& device, const SharedMemoryParams& shared, int threadsPerSm);

/// Fraction (0..1) of FP32 peak reached by threadsPerSm threads each running ilp independent
/// a = a*b + c chains with `sharedOperands` of b, c read from shared memory by every FMA:
///   min(arithFractionOfPeak (the FMA pipeline),
///       sharedBytesPerClock / (lanes x 4 B x operands)).
double rvsFractionOfPeak(const DeviceInfo& device, const FmaPipeline& fma, const SharedMemoryParams& shared,
                         int threadsPerSm, int ilp, int sharedOperands);

/// The lab on a simulator profile (LabDefinition::simulate).
RunResult simulateRegisterVsShared(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
