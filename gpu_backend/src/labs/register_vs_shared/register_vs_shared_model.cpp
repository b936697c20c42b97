#include "labs/register_vs_shared/register_vs_shared_model.h"

#include <algorithm>
#include <sstream>

#include "labs/register_vs_shared/register_vs_shared_lab.h"

namespace warpscope::labs {

SharedMemoryParams sharedMemoryParams(const sim::DeviceProfile& profile) {
  SharedMemoryParams shared;
  shared.bytesPerClockPerSm = profile.param("shared_memory", "bytes_per_clock_per_sm", 1, 4096);
  shared.latencyCycles = profile.param("shared_memory", "latency_cycles", 1, 1000);
  return shared;
}

double sharedBandwidthCapFraction(const DeviceInfo& device, const SharedMemoryParams& shared, int sharedOperands) {
  if (sharedOperands <= 0) return 1.0;
  const double bytesPerClockAtPeak = static_cast<double>(device.fp32LanesPerSm) * kRvsOperandBytes * sharedOperands;
  return std::min(1.0, shared.bytesPerClockPerSm / bytesPerClockAtPeak);
}

double rvsFractionOfPeak(const DeviceInfo& device, const FmaPipeline& fma, const SharedMemoryParams& shared,
                         int threadsPerSm, int ilp, int sharedOperands) {
  const double pipeline = arithFractionOfPeak(device, fma, threadsPerSm, ilp);
  if (sharedOperands <= 0 || threadsPerSm <= 0) return pipeline;
  threadsPerSm = std::min(threadsPerSm, device.maxThreadsPerSm);
  // Little's law for shared memory: to deliver B bytes per clock with a latency of L cycles,
  // B x L bytes must be in flight. Each thread has one load per shared operand outstanding for
  // the next FMA of each chain the pipeline overlaps.
  const int chains = std::min(ilp, fma.maxUsefulIlp);
  const double bytesInFlight = static_cast<double>(threadsPerSm) * chains * sharedOperands * kRvsOperandBytes;
  const double bytesPerClock = std::min(shared.bytesPerClockPerSm, bytesInFlight / shared.latencyCycles);
  const double sharedLimit =
      bytesPerClock / (static_cast<double>(device.fp32LanesPerSm) * kRvsOperandBytes * sharedOperands);
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
  result.scalars.push_back({"model.shared_bytes_in_flight_per_sm", "Model: shared bytes in flight per SM for full bandwidth",
                            shared.bytesPerClockPerSm * shared.latencyCycles, "B"});
  std::ostringstream why;
  why << "Model: throughput = min(the FP32 pipeline's Little's law as in latency-arith (FMA latency "
      << fma.fmaLatencyCycles << " cycles), shared memory's " << shared.bytesPerClockPerSm << " B/clk/SM, "
      << "and Little's law for its " << shared.latencyCycles << "-cycle latency: "
      << shared.bytesPerClockPerSm * shared.latencyCycles
      << " B in flight per SM, one 4 B load per shared operand per chain per thread).";
  result.notes.push_back(why.str());
  return result;
}

}  // namespace warpscope::labs
