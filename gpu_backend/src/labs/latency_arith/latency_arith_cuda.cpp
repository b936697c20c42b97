#include <random>
#include <sstream>

#include "labs/latency_arith/latency_arith_cuda.h"

#include "cuda/device_context.h"
#include "cuda/fma_bench.h"
#include "labs/latency_arith/latency_arith_lab.h"

namespace warpscope::labs {

using cuda::ArithBench;
using cuda::TimingPolicy;

RunResult measureLatencyArith(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  checkArithFeasible(device, request.params);
  const std::vector<ArithConfig> plan = arithPlan(device, request.params, request.scope);

  ArithBench bench(device, std::random_device{}());
  const TimingPolicy policy;
  std::vector<ArithMeasurement> points;
  points.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const ArithConfig& c = plan[i];
    monitor.step(i, plan.size(),
                 "ILP " + std::to_string(c.ilp) + ", " + std::to_string(c.threadsPerBlock) + " threads x " +
                     std::to_string(c.blocksPerSm) + " blocks per SM");
    points.push_back(bench.measure(c, policy, &monitor.token()));
  }
  monitor.done();

  const double peak = device.theoreticalFp32Gflops();
  RunResult result = assembleArithResult(device, request.params, points, peak, request.scope);
  result.provenance = Provenance::Measured;
  std::ostringstream timing;
  timing << "Timed with CUDA events: " << policy.warmups << " warm-up launches, then the median of "
         << policy.reps << " timed launches per point (spread: fastest and slowest launch).";
  result.notes.push_back(timing.str());
  result.notes.push_back("The FP32 ceiling is theoretical, at the " + std::to_string(static_cast<int>(device.smClockMhz)) +
                         " MHz the driver reports as the SM clock (cudaDevAttrClockRate); a GPU that "
                         "clocks lower under load reaches a smaller fraction.");
  result.notes.push_back("c of a = a*b + c is read from constant memory, so ptxas keeps one FMA operand in a "
                         "uniform register: with b and c both in registers, Hopper's register bank conflicts "
                         "alone cap ILP 1, 2, 3 at 1/2, 2/3, 3/4 of peak.");
  result.notes.push_back("Checked: every thread's output overwrote a NaN poison; " +
                         std::to_string(bench.threadsVerified()) +
                         " sampled threads matched a host std::fmaf recomputation bit for bit (fresh random b, c per point).");
  return result;
}

}  // namespace warpscope::labs
