#include "labs/register_vs_shared/register_vs_shared_model.h"

#include <algorithm>
#include <sstream>

#include "labs/register_vs_shared/register_vs_shared_lab.h"

namespace warpscope::labs {

double sharedBandwidthCapFraction(const DeviceInfo& device, const SharedMemoryParams& shared, int sharedOperands) {
  if (sharedOperands <= 0) return 1.0;
  const double bytesPerClockAtPeak = static_cast<double>(device.fp32LanesPerSm) * kRvsOperandBytes * sharedOperands;
  return std::min(1.0, shared.bytesPerClockPerSm / bytesPerClockAtPeak);
}

double sharedBytesPerClock(const DeviceInfo& device, const SharedMemoryParams& shared, int threadsPerSm) {
  if (threadsPerSm <= 0) return 0.0;
  threadsPerSm = std::min(threadsPerSm, device.maxThreadsPerSm);
  const int warps = (threadsPerSm + device.warpSize - 1) / device.warpSize;
  const int schedulers = device.schedulersPerSm;
  const double schedulerShare = shared.bytesPerClockPerSm / schedulers;
  // Little's law for one warp: its outstanding warp-wide loads (32 lanes x 4 B each) over the
  // latency. Measured on the H200 it does not depend on ILP or on operands per FMA: the compiler
  // hoists loads as far as the warp's few dependency barriers allow, whatever the chains.
  const double warpBytesPerClock =
      shared.loadsInFlightPerWarp * device.warpSize * kRvsOperandBytes / shared.latencyCycles;
  double longest = 0.0;  // clocks per byte of one warp's work on the busiest scheduler
  for (int s = 0; s < schedulers; ++s) {
    const int warpsHere = warps / schedulers + (s < warps % schedulers ? 1 : 0);
    if (warpsHere == 0) continue;
    const double rate = std::min(schedulerShare, warpsHere * warpBytesPerClock);
    longest = std::max(longest, warpsHere / rate);
  }
  const double laneUse = static_cast<double>(threadsPerSm) / (warps * device.warpSize);
  return warps / longest * laneUse;
}

double rvsFractionOfPeak(const DeviceInfo& device, const FmaPipeline& fma, const SharedMemoryParams& shared,
                         int threadsPerSm, int ilp, int sharedOperands) {
  const double pipeline = arithFractionOfPeak(device, fma, threadsPerSm, ilp);
  if (sharedOperands <= 0 || threadsPerSm <= 0) return pipeline;
  const double sharedLimit = sharedBytesPerClock(device, shared, threadsPerSm) /
                             (static_cast<double>(device.fp32LanesPerSm) * kRvsOperandBytes * sharedOperands);
  return std::min(pipeline, sharedLimit);
}

RunResult simulateRegisterVsShared(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = profile.info;
  const FmaPipeline fma = fmaPipeline(profile);
  const SharedMemoryParams shared = sharedMemoryParams(profile);
  checkRvsFeasible(device, request.params);
  const auto plan = rvsPlan(device, request.params, request.scope);
  const RvsCeilings ceilings = rvsCeilings(device, shared.bytesPerClockPerSm);

  std::vector<RvsMeasurement> points;
  points.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const RvsConfig& c = plan[i];
    monitor.step(i, plan.size(), rvsVariantName(c.variant) + ", " + std::to_string(c.threadsPerSm()) + " threads per SM");
    const double gflops = ceilings.fp32Gflops * rvsFractionOfPeak(device, fma, shared, c.threadsPerSm(), c.ilp,
                                                                  rvsSharedOperands(c.variant));
    points.push_back({c, gflops, gflops, gflops});
  }
  monitor.done();
  RunResult result = assembleRvsResult(device, request.params, points, ceilings, request.scope);

  result.scalars.push_back({"model.shared_latency_cycles", "Model: shared-memory load latency", shared.latencyCycles, "cycles"});
  result.scalars.push_back({"model.shared_loads_in_flight_per_warp", "Model: shared loads in flight per warp",
                            shared.loadsInFlightPerWarp, "loads"});
  const double warpBytes = shared.loadsInFlightPerWarp * device.warpSize * kRvsOperandBytes / shared.latencyCycles;
  std::ostringstream why;
  why.precision(3);
  why << "Model: throughput = min(the FP32 pipeline's Little's law as in latency-arith (FMA latency "
      << fma.fmaLatencyCycles << " cycles), shared memory's " << shared.bytesPerClockPerSm << " B/clk/SM split over "
      << device.schedulersPerSm << " schedulers, each warp supplying by Little's law " << shared.loadsInFlightPerWarp
      << " loads x 128 B / " << shared.latencyCycles << " cycles = " << warpBytes
      << " B/clk). The busiest scheduler sets the run time, so shared memory saturates only with several warps per "
         "scheduler, and ILP does not help it.";
  result.notes.push_back(why.str());
  return result;
}

}  // namespace warpscope::labs
