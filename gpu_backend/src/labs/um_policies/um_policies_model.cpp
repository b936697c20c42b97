#include "labs/um_common/um_policy_names.h"
#include "labs/um_policies/um_policies_model.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "labs/um_common/um_model.h"
#include "labs/um_common/um_model_bench.h"
#include "labs/um_common/um_model_support.h"
#include "labs/um_common/uvm_engine.h"
#include "labs/um_common/uvm_stream_kernel.h"

namespace warpscope::labs {

namespace {


/// median, min and max over the iterations of one phase.
um::UmPhaseTiming spreadPhase(const std::string& name, std::vector<double> us, std::uint64_t bytes) {
  um::UmPhaseTiming phase;
  phase.name = name;
  phase.bytes = bytes;
  if (us.empty()) return phase;
  std::sort(us.begin(), us.end());
  const std::size_t n = us.size();
  const double median = n % 2 ? us[n / 2] : 0.5 * (us[n / 2 - 1] + us[n / 2]);
  phase.medianMs = median / 1000.0;
  phase.minMs = us.front() / 1000.0;
  phase.maxMs = us.back() / 1000.0;
  return phase;
}

/// The policies kernel gives each warp its own 64 KiB (as the CUDA side's).
constexpr std::uint64_t kPolicyKernelWarpBytes = 64 * 1024;

}  // namespace

um::UmScenarioResult simulatePoliciesScenario(const sim::DeviceProfile& profile, const PoliciesScenario& scenario) {
  using namespace um;
  const UvmParams params = readUvmParams(profile);
  checkManagedBytes("um-policies: bufferBytes", scenario.bufferBytes);
  if (scenario.iterations < 1 || scenario.iterations > 1000)
    throw BadInputError("um-policies: iterations must be 1..1000 (got " + std::to_string(scenario.iterations) + ")");
  if (!(scenario.cpuWriteFraction >= 0.0 && scenario.cpuWriteFraction <= 1.0))
    throw BadInputError("um-policies: cpuWriteFraction must be 0..1");

  UvmEngine engine(params, scenario.bufferBytes);
  applyUmPolicy(engine, scenario.policy);
  const std::uint32_t n = engine.pages.pageCount();
  const auto written = static_cast<std::uint32_t>(std::llround(scenario.cpuWriteFraction * n));
  std::vector<double> cpuInit, kernel, cpuUse, iteration;
  double t = 0;
  for (int it = 0; it < scenario.iterations; ++it) {
    const double start = t;
    t += engine.cpuAccess(0, written, true, t);
    cpuInit.push_back(t - start);
    const double kernelStart = t;
    t += runStreamKernel(engine,
                         streamKernelFor(profile.info, Processor::Gpu0, 0, scenario.bufferBytes, kPolicyKernelWarpBytes,
                                         scenario.gpuWrites), t)
             .durationUs;
    kernel.push_back(t - kernelStart);
    const double useStart = t;
    t += engine.cpuAccess(0, n, false, t);
    cpuUse.push_back(t - useStart);
    iteration.push_back(t - start);
  }
  UmScenarioResult result;
  result.name = um::policyLabel(scenario.policy);
  result.phases.push_back(spreadPhase("cpu-init", cpuInit, static_cast<std::uint64_t>(written) * kPageBytes));
  result.phases.push_back(spreadPhase("kernel", kernel, scenario.bufferBytes));
  result.phases.push_back(spreadPhase("cpu-use", cpuUse, scenario.bufferBytes));
  // Median, fastest and slowest iteration, as the GPU side reports its timed iterations.
  result.phases.push_back(spreadPhase("iteration", iteration, scenario.bufferBytes));
  result.counters = engine.counters();
  result.trace = engine.takeTrace(t, PageState::Unpopulated, profile.info.name);
  result.notes.push_back("Counters and trace cover all " + std::to_string(scenario.iterations) + " iterations");
  return result;
}

std::vector<um::ModelBenchCase> um::policiesBenchCases() {
  std::vector<ModelBenchCase> cases;
  for (int p = 0; p < kPolicyCount; ++p) {
    PoliciesScenario s;
    s.policy = static_cast<UmPolicy>(p);
    cases.push_back({std::string("policies ") + kBenchPolicyNames[p],
                     [s](const sim::DeviceProfile& profile) { return simulatePoliciesScenario(profile, s); }});
  }
  return cases;
}

}  // namespace warpscope::labs
