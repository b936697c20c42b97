#include "labs/user_kernel/user_kernel_cuda.h"

#include <chrono>
#include <map>
#include <memory>
#include <random>
#include <set>

#include "core/sweep_format.h"
#include "cuda/ceilings.h"
#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/fma_bench.h"
#include "cuda/launch_watch.h"
#include "cuda/run_errors.h"
#include "cuda/runtime_module.h"
#include "cuda/timing.h"
#include "labs/user_kernel/kernel_launch.h"
#include "labs/user_kernel/user_kernel_buffers.h"
#include "labs/user_kernel/user_kernel_compile.h"
#include "labs/user_kernel/user_kernel_fill.h"
#include "labs/user_kernel/user_kernel_lab.h"
#include "labs/user_kernel/user_kernel_resources.h"
#include "labs/user_kernel/user_kernel_sass.h"
#include "warpscope/kernel_source.h"
#include "mechanisms/occupancy_calculator.h"

namespace warpscope::labs::user_kernel {
namespace {

/// A compiled variant loaded into this device's context.
struct LoadedVariant {
  std::shared_ptr<const CompiledVariant> compiled;
  std::unique_ptr<cuda::RuntimeModule> module;
  const void* kernel = nullptr;
  const void* reference = nullptr;
  cuda::KernelAttributes attributes;
};

/// What the lab keeps on a device between runs: loaded variants (a focus move back to one costs
/// no load), the points already checked, and the ceilings.
struct UserKernelState : cuda::LabState {
  std::map<std::string, LoadedVariant> loaded;  // by compile cache key
  std::set<std::string> checked;                // source, variant and param values
  double memcpyGbps = 0;
  double fp32Gflops = 0;
};

constexpr std::size_t kMaxLoadedVariants = 256;

LoadedVariant& load(UserKernelState& state, const KernelSource& source,
                    std::shared_ptr<const CompiledVariant> compiled) {
  const std::string key = kernelKey(source) + ":" + compiled->variant.key();
  auto it = state.loaded.find(key);
  if (it != state.loaded.end()) return it->second;
  // A long session of edits loads a module per variant of every version of the file: past a few
  // hundred they are all unloaded (the next run of each reloads it from the compile cache).
  if (state.loaded.size() >= kMaxLoadedVariants) state.loaded.clear();
  LoadedVariant v;
  v.compiled = std::move(compiled);
  v.module = std::make_unique<cuda::RuntimeModule>(v.compiled->cubin);
  v.kernel = v.module->kernel(v.compiled->kernelMangled);
  if (!v.compiled->referenceMangled.empty()) v.reference = v.module->kernel(v.compiled->referenceMangled);
  v.attributes = cuda::kernelAttributes(v.kernel);
  return state.loaded.emplace(key, std::move(v)).first->second;
}

/// "reduce_sum<4> with BLOCK 256, ILP 4, N 64M": what a fault or a timeout names.
std::string describe(const KernelHeader& header, const std::string& kernelName, const ParamSet& params) {
  std::string values;
  for (const UserParam& p : header.params)
    values += (values.empty() ? "" : ", ") + p.name + " " + p.spec.valueText(params.get(p.name));
  return kernelName + " with " + values;
}

dim3 dims(const std::array<int64_t, 3>& d) {
  return dim3(static_cast<unsigned>(d[0]), static_cast<unsigned>(d[1]), static_cast<unsigned>(d[2]));
}

/// Launches kernel once; a fault is rethrown naming the kernel and its params.
void launch(const void* kernel, const LaunchDims& launch, long long sharedBytes, KernelArguments& args,
            const std::string& what) {
  try {
    WS_CUDA_CHECK(cudaLaunchKernel(kernel, dims(launch.grid), dims(launch.block), args.pointers.data(),
                                   static_cast<std::size_t>(sharedBytes), nullptr));
  } catch (const cuda::CudaError& e) {
    throw cuda::CudaError(e.code(), std::string(e.what()) + " (" + what + ")");
  }
}

/// Waits for the launch within the header's budget; a fault is rethrown naming the kernel.
void watch(double budgetMs, const std::string& what) {
  try {
    cuda::waitWithinBudget(nullptr, budgetMs, what);
  } catch (const cuda::CudaError& e) {
    throw cuda::CudaError(e.code(), std::string(e.what()) + " (" + what + ")");
  }
}

void measureCeilings(cuda::DeviceContext& device, UserKernelState& state, const KernelHeader& header,
                     RunMonitor& monitor) {
  if (state.memcpyGbps == 0) {
    // 256 MiB each way (well past the L2), or a quarter of the free memory on a small GPU.
    const long long quarter = device.info.freeMemBytes > 0 ? device.info.freeMemBytes / 4 : (1LL << 30);
    const std::size_t bytes =
        static_cast<std::size_t>(std::min<long long>(256LL << 20, quarter / 2)) & ~std::size_t{255};
    cuda::DeviceBuffer src(bytes), dst(bytes);
    WS_CUDA_CHECK(launchFill(src.get(), bytes / 4, FillType::Unsigned, FillKind::Random, 0, 4294967295.0, 1));
    state.memcpyGbps = cuda::memcpyCeiling(device, dst.get(), src.get(), bytes, &monitor.token()).gbpsMedian;
  }
  if (header.flops && state.fp32Gflops == 0)
    state.fp32Gflops = cuda::measureFmaPeak(device.info, &monitor.token()).gflops;
}

/// What every point of one run shares.
struct RunContext {
  cuda::DeviceContext& device;
  UserKernelState& state;
  const KernelSource& kernel;
  const KernelHeader& header;
  int computeCapability = 0;
  DeviceValues deviceValues;
  sim::OccupancyRules rules;
  std::uint64_t seed = 0;
  long long memoryLimit = 0;  ///< Half the device's free memory: the buffers' bound.
  RunMonitor& monitor;
};

/// The reference on the shadows, then the kernel, each watched against the budget (a kernel that
/// never ends), then every check compared: once per point per session, before any timing.
void checkOnce(RunContext& c, const LoadedVariant& loaded, const KernelVariant& variant, const PlannedPoint& point,
               const LaunchValues& values, PointBuffers& buffers, KernelArguments& args, const std::string& what,
               std::vector<std::string>& checkLines) {
  const std::string checkKey = kernelKey(c.kernel) + ":" + variant.key() + ":" + describe(c.header, "", point.params);
  if (!c.header.reference || c.state.checked.count(checkKey)) {
    launch(loaded.kernel, values.kernel, values.sharedBytes, args, what);
    watch(c.header.budgetMs, what);
    return;
  }
  KernelArguments shadowArgs = buffers.arguments(point.params, true);
  const LaunchDims referenceDims = values.reference ? *values.reference : values.kernel;
  const std::string referenceWhat = describe(c.header, variant.referenceName, point.params);
  if (values.sharedBytes > 48 * 1024)
    WS_CUDA_CHECK(cudaFuncSetAttribute(loaded.reference, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       static_cast<int>(values.sharedBytes)));
  launch(loaded.reference, referenceDims, values.sharedBytes, shadowArgs, referenceWhat);
  watch(c.header.budgetMs, referenceWhat);
  launch(loaded.kernel, values.kernel, values.sharedBytes, args, what);
  watch(c.header.budgetMs, what);
  for (const std::string& line : buffers.compareChecks()) checkLines.push_back(variant.key() + ": " + line);
  c.state.checked.insert(checkKey);
}

/// One point: its variant loaded, its buffers filled, its output checked, its launches timed, and
/// for the focus point of a full run its counters (into result), in launches of their own.
PointOutcome measurePoint(RunContext& c, const PlannedPoint& point, std::size_t index, RunScope scope,
                          RunResult& result, std::vector<std::string>& checkLines) {
  const LaunchValues values = evaluateLaunch(c.header, point.params, c.deviceValues);
  const KernelVariant variant = variantOf(c.header, point.params);
  LoadedVariant& loaded = load(c.state, c.kernel, compileVariant(c.kernel, variant, c.computeCapability));
  const std::string what = describe(c.header, variant.kernelName, point.params);
  if (values.sharedBytes > 48 * 1024)
    WS_CUDA_CHECK(cudaFuncSetAttribute(loaded.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       static_cast<int>(values.sharedBytes)));
  auto buffers = std::make_unique<PointBuffers>(c.header, values.bufferElements, c.memoryLimit);
  try {
    buffers->initialise(c.seed + index);
    KernelArguments args = buffers->arguments(point.params, false);
    checkOnce(c, loaded, variant, point, values, *buffers, args, what, checkLines);
    const auto once = [&] { launch(loaded.kernel, values.kernel, values.sharedBytes, args, what); };
    const cuda::TimingStats t = cuda::timeLaunches(once, cuda::TimingPolicy{}, &c.monitor.token());

    PointOutcome outcome;
    outcome.point = point;
    outcome.variant = variantLabel(c.header, point.params);
    const int threads = static_cast<int>(values.kernel.block[0] * values.kernel.block[1] * values.kernel.block[2]);
    const cuda::KernelAttributes& a = loaded.attributes;
    outcome.resources = variantResources(
        c.device.info, c.rules,
        {a.registers, static_cast<long long>(a.staticSharedBytes), static_cast<long long>(a.localBytes)}, threads,
        values.sharedBytes);
    outcome.resources.blocksPerSmOnGpu =
        cuda::activeBlocksPerSm(loaded.kernel, threads, static_cast<std::size_t>(values.sharedBytes));
    outcome.timed = true;
    outcome.medianUs = t.medianMs * 1000;
    outcome.minUs = t.minMs * 1000;
    outcome.maxUs = t.maxMs * 1000;
    if (values.bytes) outcome.bytes = static_cast<double>(*values.bytes);
    if (values.flops) outcome.flops = static_cast<double>(*values.flops);

    // A slider step does not wait for the counters: the full run the window starts once it rests
    // reads them.
    if (point.isFocus && !c.header.counters.empty()) {
      if (scope == RunScope::FocusOnly) {
        cuda::addCounterScalars(result, cuda::countersSkippedOnFocusMove(), {});
      } else {
        std::vector<std::pair<std::string, std::string>> labels;
        for (const std::string& metric : c.header.counters) labels.emplace_back(metric, metric);
        cuda::addCounterScalars(result, cuda::readCounters(c.device, c.header.counters, once), labels);
      }
    }
    return outcome;
  } catch (const cuda::KernelOverBudget&) {
    // The kernel still runs: freeing its buffers would wait for it (cudaFree synchronises), so
    // they stay until the process ends, which is what ends the kernel.
    (void)buffers.release();
    throw;
  }
}

}  // namespace

RunResult measureUserKernel(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  const KernelSource kernel = kernelOf(request);
  const KernelHeader header = parseKernelHeader(kernel.text);
  const UserKernelPlan plan = planUserKernel(header, request.params, request.scope);
  const int cc = computeCapabilityNumber(device.info.computeCapability);
  UserKernelState& state = device.labState<UserKernelState>();

  // Every variant the points need, compiled before the first launch (in parallel).
  const std::vector<KernelVariant> variants = variantsOfPlan(header, plan);
  monitor.step(0, plan.points.size() + 1, "compiling " + std::to_string(variants.size()) + " variants");
  const auto compileStarted = std::chrono::steady_clock::now();
  const auto compiled = compileVariants(kernel, variants, cc);
  const double compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - compileStarted).count();
  measureCeilings(device, state, header, monitor);

  RunContext c{device,
               state,
               kernel,
               header,
               cc,
               deviceValuesOf(device.info),
               architectureOccupancyRules(device.info.computeCapability),
               std::random_device{}(),
               (device.info.freeMemBytes > 0 ? device.info.freeMemBytes : device.info.globalMemBytes) / 2,
               monitor};
  RunResult result = resultShell(kUserKernelLabId, device.info, request.params);
  result.provenance = Provenance::Measured;
  result.focusOnly = request.scope == RunScope::FocusOnly;
  result.kernel = kernel;
  std::vector<PointOutcome> outcomes;
  std::vector<std::string> checkLines;
  for (std::size_t i = 0; i < plan.points.size(); ++i) {
    monitor.step(i + 1, plan.points.size() + 1,
                 "point " + std::to_string(i + 1) + " of " + std::to_string(plan.points.size()));
    outcomes.push_back(measurePoint(c, plan.points[i], i, request.scope, result, checkLines));
  }

  addUserKernelViews(result, header, plan, outcomes, {state.memcpyGbps, state.fp32Gflops});
  addFocusSassView(result, kernel, header, plan, cc);
  result.notes.push_back(std::to_string(variants.size()) + " variant(s) compiled with NVRTC " +
                         compiled.front()->nvrtcVersion + " for sm_" + std::to_string(cc) + " in " +
                         std::to_string(static_cast<int>(compileSeconds * 1000)) +
                         " ms (a variant compiled before in this process is reused).");
  for (const auto& v : compiled)
    if (!v->warnings.empty()) result.notes.push_back(v->variant.key() + ": compiler warnings: " + v->warnings);
  if (!header.reference) result.notes.push_back("No reference kernel declared: the output is not checked.");
  for (const std::string& line : checkLines) result.notes.push_back("Checked " + line + ".");
  monitor.done();
  return result;
}

}  // namespace warpscope::labs::user_kernel
