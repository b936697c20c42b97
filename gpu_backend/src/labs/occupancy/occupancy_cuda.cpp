// The occupancy lab on a real GPU: each register-cap kernel's registers, spills, occupancy and
// time for the same work, its output checked; then the calculator against the occupancy API.
#include "labs/occupancy/occupancy_cuda.h"

#include <cmath>
#include <cstring>
#include <random>
#include <set>
#include <sstream>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/occupancy/register_cap_kernel.h"
#include "labs/occupancy/register_cap_kernels.h"

namespace warpscope::labs {

namespace {

/// Nsight Compute's achieved occupancy: active warps per cycle over the SM's maximum, in percent.
constexpr const char* kWarpsActiveMetric = "sm__warps_active.avg.pct_of_peak_sustained_active";

/// The seeds, the output and the host's reference values, for one run.
class RegisterCapBench {
 public:
  explicit RegisterCapBench(const DeviceInfo& device)
      : device_(device),
        threads_(static_cast<unsigned>(device.smCount) * static_cast<unsigned>(device.maxThreadsPerSm)),
        seeds_(threads_ * sizeof(float)),
        out_(threads_ * sizeof(float)) {
    std::vector<float> seeds(threads_);
    for (unsigned tid = 0; tid < threads_; ++tid) seeds[tid] = capSeed(tid);
    WS_CUDA_CHECK(cudaMemcpy(seeds_.get(), seeds.data(), threads_ * sizeof(float), cudaMemcpyHostToDevice));
    // Every thread with the same tid % 1024 has the same seed and so the same result: the host
    // recomputes 8 of the 1024 seeds, drawn afresh per run, and checks every thread that has one.
    std::mt19937 rng{std::random_device{}()};
    std::uniform_int_distribution<unsigned> pick(0, 1023);
    while (reference_.size() < 8) {
      const unsigned r = pick(rng);
      reference_.emplace(r, capThreadResult(capSeed(r), kCapIterations, [](float a, float b, float c) { return std::fmaf(a, b, c); }));
    }
  }

  RegisterCapPoint measure(int variant, const cuda::TimingPolicy& policy, const CancelToken* cancel) {
    const void* kernel = cuda::registerCapKernel(variant);
    cudaFuncAttributes attr{};
    WS_CUDA_CHECK(cudaFuncGetAttributes(&attr, kernel));
    RegisterCapPoint p;
    p.minBlocks = kCapMinBlocks[variant];
    p.registerCap = registerCapFor(device_, architectureOccupancyRules(device_.computeCapability), p.minBlocks);
    p.registersPerThread = attr.numRegs;
    p.localBytesPerThread = static_cast<int>(attr.localSizeBytes);
    WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&p.blocksPerSm, kernel, kCapThreadsPerBlock, 0));
    p.occupancyPct = 100.0 * p.blocksPerSm * kCapThreadsPerBlock / device_.maxThreadsPerSm;

    WS_CUDA_CHECK(cudaMemset(out_.get(), 0xFF, threads_ * sizeof(float)));  // NaN poison
    const unsigned blocks = threads_ / kCapThreadsPerBlock;
    const cuda::TimingStats t = cuda::timeLaunches(
        [&] {
          WS_CUDA_CHECK(cuda::launchRegisterCapKernel(variant, blocks, seeds_.as<float>(), out_.as<float>(), kCapIterations));
        },
        policy, cancel);
    check(p);
    p.msMedian = t.medianMs;
    p.msMin = t.minMs;
    p.msMax = t.maxMs;
    return p;
  }

  /// The launches the counters read: each variant once, untimed (poisonOutput() first, outside
  /// the counted region: a memset may run as a kernel of its own).
  void poisonOutput() { WS_CUDA_CHECK(cudaMemset(out_.get(), 0xFF, threads_ * sizeof(float))); }
  void launchEveryVariant() {
    const unsigned blocks = threads_ / kCapThreadsPerBlock;
    for (int v = 0; v < kCapVariantCount; ++v)
      WS_CUDA_CHECK(cuda::launchRegisterCapKernel(v, blocks, seeds_.as<float>(), out_.as<float>(), kCapIterations));
  }
  void checkOutput(const RegisterCapPoint& p) { check(p); }

  [[nodiscard]] unsigned threads() const { return threads_; }

 private:
  void check(const RegisterCapPoint& p) {
    host_.resize(threads_);
    WS_CUDA_CHECK(cudaMemcpy(host_.data(), out_.get(), threads_ * sizeof(float), cudaMemcpyDeviceToHost));
    for (unsigned tid = 0; tid < threads_; ++tid) {
      const auto ref = reference_.find(tid & 1023u);
      const bool finite = std::isfinite(host_[tid]);
      if (finite && (ref == reference_.end() || std::memcmp(&ref->second, &host_[tid], sizeof(float)) == 0)) continue;
      std::ostringstream what;
      what.precision(9);
      what << "occupancy register-cap check failed (min blocks " << p.minBlocks << ", " << p.registersPerThread
           << " registers): thread " << tid << " wrote " << host_[tid];
      if (!finite) what << (std::isnan(host_[tid]) ? " (the poison: it never wrote)" : "");
      else what << ", the host's std::fmaf recomputation gives " << ref->second;
      throw cuda::CheckFailed(what.str());
    }
  }

  const DeviceInfo& device_;
  unsigned threads_;
  cuda::DeviceBuffer seeds_;
  cuda::DeviceBuffer out_;
  std::map<unsigned, float> reference_;
  std::vector<float> host_;
};

}  // namespace

RunResult measureOccupancy(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  const sim::OccupancyRules rules = architectureOccupancyRules(device.computeCapability);
  checkOccupancyInput(device, rules, request.params);

  RegisterCapBench bench(device);
  const cuda::TimingPolicy policy;
  std::vector<RegisterCapPoint> caps;
  for (int v = 0; v < kCapVariantCount; ++v) {
    monitor.step(v, kCapVariantCount + 2, "register cap: __launch_bounds__(256, " + std::to_string(kCapMinBlocks[v]) + ")");
    caps.push_back(bench.measure(v, policy, &monitor.token()));
  }
  monitor.step(kCapVariantCount, kCapVariantCount + 2, "achieved occupancy: hardware counters");
  bench.poisonOutput();
  const cuda::CounterReading counters =
      cuda::readCounters(context, {kWarpsActiveMetric}, [&] { bench.launchEveryVariant(); }, kCapVariantCount);
  if (counters.ok()) bench.checkOutput(caps.back());
  if (counters.ok() && counters.kernels.size() == caps.size())
    for (std::size_t i = 0; i < caps.size(); ++i)  // launched in variant order, as measured
      caps[i].achievedPct = counters.kernels[i].at(kWarpsActiveMetric);
  monitor.step(kCapVariantCount + 1, kCapVariantCount + 2, "calculator vs the occupancy API");
  const CalculatorApiCheck api = checkCalculatorAgainstOccupancyApi(device, request.params);
  monitor.done();

  RunResult result = assembleOccupancyResult(device, rules, request.params, caps, &api);
  result.provenance = Provenance::Measured;
  std::vector<std::string> capKeys;
  for (const RegisterCapPoint& c : caps) capKeys.push_back("caps.min_blocks_" + std::to_string(c.minBlocks));
  cuda::addCounterScalars(result, counters, {{kWarpsActiveMetric, "achieved occupancy (% of the SM's warps)"}},
                          capKeys);
  std::ostringstream notes;
  notes << "Register caps: one kernel keeping " << kCapLiveValues << " floats live per thread, compiled with "
        << "__launch_bounds__(256, min blocks); registers and local (spill) bytes from cudaFuncGetAttributes, "
        << "occupancy from cudaOccupancyMaxActiveBlocksPerMultiprocessor. Each runs the same " << bench.threads()
        << " threads x " << kCapIterations << " iterations; timed with CUDA events after " << policy.warmups
        << " warm-ups, the median of " << policy.reps << " launches (spread: fastest and slowest).";
  result.notes.push_back(notes.str());
  result.notes.push_back("Checked: every thread overwrote a NaN poison with a finite value, and every thread of 8 of the "
                         "1024 seeds (drawn per run) matched a host std::fmaf recomputation bit for bit.");
  return result;
}

}  // namespace warpscope::labs
