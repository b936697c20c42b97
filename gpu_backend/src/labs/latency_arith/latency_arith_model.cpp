#include "labs/latency_arith/latency_arith_model.h"

#include <algorithm>
#include <sstream>

#include "labs/latency_arith/latency_arith_lab.h"

namespace warpscope::labs {
RunResult simulateLatencyArith(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = profile.info;
  const FmaPipeline fma = fmaPipeline(profile);
  checkArithFeasible(device, request.params);
  const auto plan = arithPlan(device, request.params, request.scope);
  const double peak = device.theoreticalFp32Gflops();

  std::vector<ArithMeasurement> points;
  points.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const ArithConfig& c = plan[i];
    monitor.step(i, plan.size(),
                 "ILP " + std::to_string(c.ilp) + ", " + std::to_string(c.threadsPerSm()) + " threads per SM");
    const double gflops = peak * arithFractionOfPeak(device, fma, c.threadsPerSm(), c.ilp);
    points.push_back({c, gflops, gflops, gflops});
  }
  monitor.done();
  RunResult result = assembleArithResult(device, request.params, points, peak, request.scope);

  const double needed = neededWarpFmasInFlightPerScheduler(device, fma);
  result.scalars.push_back({"model.fma_latency_cycles", "Model: dependent FMA latency", fma.fmaLatencyCycles, "cycles"});
  result.scalars.push_back({"model.needed_fmas_in_flight_per_sm",
                            "Model: FMAs in flight per SM for peak (latency x lanes)",
                            needed * device.warpSize * device.schedulersPerSm, "FMAs"});
  result.scalars.push_back({"model.max_useful_ilp", "Model: ILP a warp can exploit",
                            static_cast<double>(fma.maxUsefulIlp), "chains"});
  std::ostringstream why;
  why << "Model: each of the " << device.schedulersPerSm << " schedulers of an SM issues "
      << fp32WarpIssueRatePerScheduler(device) << " warp FMA per cycle at " << fma.fmaLatencyCycles
      << " cycles dependent latency, so it needs " << needed
      << " independent warp FMAs in flight (Little's law); each resident warp supplies min(ILP, "
      << fma.maxUsefulIlp << "). Warps are dealt round robin to the schedulers and the "
         "busiest one sets the run time, hence the sawtooth between multiples of "
      << device.schedulersPerSm * device.warpSize << " threads.";
  result.notes.push_back(why.str());
  return result;
}

}  // namespace warpscope::labs
