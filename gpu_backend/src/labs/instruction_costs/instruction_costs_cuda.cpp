#include "labs/instruction_costs/instruction_costs_cuda.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/timing.h"
#include "labs/instruction_costs/instruction_costs_kernels.h"
#include "labs/instruction_costs/instruction_costs_kinds.h"
#include "labs/instruction_costs/instruction_costs_lab.h"
#include "labs/instruction_costs/instruction_costs_model.h"
#include "labs/instruction_costs/instruction_costs_reference.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

// A launch of about 1 ms: 6-8 us of launch overhead stay under 1%, and 15 kinds x 12 launches
// keep a sweep well under the 2 s a GPU sweep may take.
constexpr double kTargetLaunchMs = 1.0;
// Calibration doubles the passes until a launch lasts this long, then scales to the target.
constexpr double kCalibrationMs = 0.1;
constexpr int kMaxPasses = 1 << 24;

std::size_t chainBytes(InstructionKind kind) { return chainTypeOf(kind) == ChainType::F64 ? 8 : 4; }

void launch(InstructionKind kind, void* out, unsigned blocks, unsigned threads, int passes) {
  WS_CUDA_CHECK(cuda::launchInstructionChains(kind, out, blocks, threads, passes));
}

/// Passes that make one launch of `kind` last about kTargetLaunchMs.
int calibratePasses(InstructionKind kind, void* out, unsigned blocks, unsigned threads, const CancelToken& cancel) {
  cuda::TimingPolicy once;
  once.warmups = 1;  // the module and clocks are warm after the first kind, but each kernel's first launch loads it
  once.reps = once.minReps = 1;
  int passes = 16;
  for (;;) {
    const cuda::TimingStats t = cuda::timeLaunches([&] { launch(kind, out, blocks, threads, passes); }, once, &cancel);
    if (t.medianMs >= kCalibrationMs || passes >= kMaxPasses)
      return std::clamp(static_cast<int>(passes * kTargetLaunchMs / std::max(t.medianMs, 1e-3)), 1, kMaxPasses);
    passes *= 2;
  }
}

double valueAt(const std::vector<unsigned char>& bytes, InstructionKind kind, std::size_t i) {
  switch (chainTypeOf(kind)) {
    case ChainType::F64: {
      double v;
      std::memcpy(&v, bytes.data() + i * 8, 8);
      return v;
    }
    case ChainType::U32: {
      std::uint32_t v;
      std::memcpy(&v, bytes.data() + i * 4, 4);
      return v;
    }
    case ChainType::F32: break;
  }
  float v;
  std::memcpy(&v, bytes.data() + i * 4, 4);
  return v;
}

/// Every float output overwrote its NaN poison, and the sampled threads' chains match the host's
/// recomputation within the kind's tolerance. Throws CheckFailed naming the thread and chain.
int checkOutput(InstructionKind kind, const std::vector<unsigned char>& bytes, unsigned totalThreads,
                long long operationsPerChain) {
  const std::size_t values = static_cast<std::size_t>(totalThreads) * kInstructionChains;
  if (chainTypeOf(kind) != ChainType::U32)
    for (std::size_t i = 0; i < values; ++i)
      if (std::isnan(valueAt(bytes, kind, i)))
        throw cuda::CheckFailed(std::string(kindInfo(kind).key) + ": output " + std::to_string(i) +
                                " still holds the NaN poison (or is NaN)");
  // First and last threads of the first warps and of the grid, and its middle.
  const unsigned samples[] = {0, 1, 31, 32, totalThreads / 2, totalThreads - 33, totalThreads - 1};
  int checked = 0;
  for (unsigned thread : samples) {
    if (thread >= totalThreads) continue;  // a small grid: totalThreads - 33 wrapped around
    for (int chain = 0; chain < kInstructionChains; ++chain) {
      const double device = valueAt(bytes, kind, static_cast<std::size_t>(thread) * kInstructionChains + chain);
      const double host = referenceChainValue(kind, thread, chain, operationsPerChain);
      if (!chainValueMatches(kind, device, host)) {
        std::ostringstream why;
        why.precision(9);
        why << kindInfo(kind).key << ": thread " << thread << ", chain " << chain << " ended at " << device
            << ", the host's recomputation at " << host << " (tolerance " << chainTolerance(kind).absolute << ": "
            << chainTolerance(kind).why << ")";
        throw cuda::CheckFailed(why.str());
      }
      ++checked;
    }
  }
  return checked;
}

}  // namespace

RunResult measureInstructionCosts(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  checkInstructionCostsFeasible(device, request.params);
  const auto threads = static_cast<unsigned>(request.params.getInt("threads_per_block"));
  const auto blocks = static_cast<unsigned>(request.params.getInt("blocks_per_sm") * device.smCount);
  const unsigned totalThreads = threads * blocks;
  const std::size_t values = static_cast<std::size_t>(totalThreads) * kInstructionChains;
  cuda::DeviceBuffer out(values * 8);
  std::vector<unsigned char> host(values * 8);

  const cuda::TimingPolicy policy;
  InstructionCostRun run;
  int checkedChains = 0;
  for (const KindInfo& k : instructionKinds()) {
    monitor.step(static_cast<std::size_t>(k.kind), kInstructionKindCount, k.label);
    WS_CUDA_CHECK(cuda::setInstructionOperand(k.kind));
    const int passes = calibratePasses(k.kind, out.get(), blocks, threads, monitor.token());
    WS_CUDA_CHECK(cudaMemset(out.get(), 0xff, values * chainBytes(k.kind)));  // NaN for float and double
    const cuda::TimingStats t = cuda::timeLaunches([&] { launch(k.kind, out.get(), blocks, threads, passes); }, policy,
                                                   &monitor.token());
    WS_CUDA_CHECK(cudaMemcpy(host.data(), out.get(), values * chainBytes(k.kind), cudaMemcpyDeviceToHost));
    const long long perChain = static_cast<long long>(passes) * kInstructionUnroll;
    checkedChains += checkOutput(k.kind, host, totalThreads, perChain);

    const double operations = static_cast<double>(values) * static_cast<double>(perChain);
    const cuda::RateStats gops = cuda::ratesFrom(t, operations * 1e-9);
    const double perClockPerSm = 1e9 / (device.smCount * device.smClockMhz * 1e6);  // Gop/s -> ops/clk/SM
    InstructionCostPoint p;
    p.kind = k.kind;
    p.gops = gops.median;
    p.gopsLow = gops.min;
    p.gopsHigh = gops.max;
    p.opsPerClockPerSm = gops.median * perClockPerSm;
    p.opsPerClockPerSmLow = gops.min * perClockPerSm;
    p.opsPerClockPerSmHigh = gops.max * perClockPerSm;
    run.points.push_back(p);
  }

  if (const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device)) {
    run.model = modelInstructionCosts(*profile, device, static_cast<int>(threads) * request.params.getInt("blocks_per_sm"));
    run.modelDevice = profile->info.name;
  }
  std::string arch = "sm_" + device.computeCapability;
  arch.erase(std::remove(arch.begin(), arch.end(), '.'), arch.end());
  // cuobjdump disassembles the whole program: 13-15 s on an H100 machine the first time, then cached.
  monitor.step(kInstructionKindCount, kInstructionKindCount + 1,
               "reading the kernels' SASS with cuobjdump (the first run of a session only: seconds)");
  run.sass = readOwnSass(arch);
  monitor.done();
  run.sassSeries = "cuobjdump -sass, " + arch;
  if (!run.sass.available) {
    const std::string why = run.sass.source;
    run.sass = modelSassReading();
    run.sass.source = why + "; shown instead: " + run.sass.source;
    run.sassSeries = "Model: nvcc 13.0, sm_90";
  }

  RunResult result = assembleInstructionCosts(device, request.params, run);
  result.provenance = Provenance::Measured;
  std::ostringstream timing;
  timing << "Timed with CUDA events: each kind's passes calibrated to about " << kTargetLaunchMs << " ms a launch, then "
         << policy.warmups << " warm-up launches and the median of " << policy.reps
         << " timed ones (spread: fastest and slowest launch); the clock is the driver's " << device.smClockMhz
         << " MHz, so a GPU that clocks lower under load shows fewer ops/clk/SM.";
  result.notes.push_back(timing.str());
  result.notes.push_back("Checked: every float output overwrote a NaN poison; " + std::to_string(checkedChains) +
                         " sampled chains matched the host's recomputation (bit for bit for FMA, integer, IEEE "
                         "division and x * 0.347f; within a few ulps for the approximate functions: "
                         "instruction_costs_reference.h gives each tolerance and why).");
  return result;
}

}  // namespace warpscope::labs
