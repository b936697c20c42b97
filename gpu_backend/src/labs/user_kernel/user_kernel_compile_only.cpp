#include "labs/user_kernel/user_kernel_compile_only.h"

#include <vector>

#include "core/sweep_format.h"
#include "labs/user_kernel/kernel_launch.h"
#include "labs/user_kernel/user_kernel_compile.h"
#include "labs/user_kernel/user_kernel_lab.h"
#include "labs/user_kernel/user_kernel_resources.h"
#include "labs/user_kernel/user_kernel_sass.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs::user_kernel {

RunResult compileUserKernelOnly(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const KernelSource kernel = kernelOf(request);
  const KernelHeader header = parseKernelHeader(kernel.text);
  const UserKernelPlan plan = planUserKernel(header, request.params, request.scope);
  const int cc = computeCapabilityNumber(profile.info.computeCapability);
  const DeviceValues deviceValues = deviceValuesOf(profile.info);
  const std::vector<KernelVariant> variants = variantsOfPlan(header, plan);
  monitor.step(0, 2, "compiling " + std::to_string(variants.size()) + " variants");
  compileVariants(kernel, variants, cc);

  RunResult result = resultShell(kUserKernelLabId, profile.info, request.params);
  result.provenance = Provenance::Simulated;
  result.focusOnly = request.scope == RunScope::FocusOnly;
  result.kernel = kernel;
  std::vector<PointOutcome> outcomes;
  for (const PlannedPoint& point : plan.points) {
    const LaunchValues values = evaluateLaunch(header, point.params, deviceValues);
    const auto compiled = compileVariant(kernel, variantOf(header, point.params), cc);
    PointOutcome outcome;
    outcome.point = point;
    outcome.variant = variantLabel(header, point.params);
    const int threads = static_cast<int>(values.kernel.block[0] * values.kernel.block[1] * values.kernel.block[2]);
    const cuda::PtxasKernelInfo& info = compiled->kernelInfo;
    outcome.resources = variantResources(
        profile.info, profile.occupancy,
        {info.registers, static_cast<long long>(info.staticSharedBytes), static_cast<long long>(info.stackFrameBytes)},
        threads, values.sharedBytes);
    outcomes.push_back(std::move(outcome));
  }
  addUserKernelViews(result, header, plan, outcomes, {});
  addFocusSassView(result, kernel, header, plan, cc);
  result.notes.push_back("Compiled only, for sm_" + std::to_string(cc) + " (" + profile.info.name +
                         "): registers, shared memory and occupancy are the compiler's and the occupancy "
                         "calculator's. Time and throughput need a GPU (local, over ssh or on Slurm): the "
                         "simulator has no model of your code.");
  monitor.done();
  return result;
}

}  // namespace warpscope::labs::user_kernel
