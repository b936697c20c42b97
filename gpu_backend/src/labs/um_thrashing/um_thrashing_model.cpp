#include "labs/um_thrashing/um_thrashing_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "labs/um_common/um_model.h"
#include "labs/um_common/um_model_bench.h"
#include "labs/um_common/um_model_support.h"
#include "labs/um_common/uvm_engine.h"

namespace warpscope::labs {

// The kernel and the CPU threads run concurrently; the model interleaves them in time. The GPU's
// persistent kernel sweeps the buffer (its warps are spread over all of it), so one step of it
// reads on from where it was until it has gathered a fault batch (or read a whole pass), then the
// driver services that batch. A CPU thread's step writes its next shared page. The agent whose
// clock is behind moves next.
um::UmScenarioResult simulateThrashingScenario(const sim::DeviceProfile& profile, const ThrashingScenario& scenario) {
  using namespace um;
  const UvmParams params = readUvmParams(profile);
  checkManagedBytes("um-thrashing: bufferBytes", scenario.bufferBytes);
  if (!(scenario.sharedFraction >= 0.0 && scenario.sharedFraction <= 1.0))
    throw BadInputError("um-thrashing: sharedFraction must be 0..1");
  if (scenario.falseSharingObjectsPerPage < 1 || scenario.falseSharingObjectsPerPage > 4096)
    throw BadInputError("um-thrashing: falseSharingObjectsPerPage must be 1..4096");
  if (scenario.cpuThreads < 1 || scenario.cpuThreads > 256)
    throw BadInputError("um-thrashing: cpuThreads must be 1..256");
  if (!(scenario.durationMs > 0.0 && scenario.durationMs <= 10000.0))
    throw BadInputError("um-thrashing: durationMs must be in (0, 10000]");

  UvmEngine engine(params, scenario.bufferBytes);
  applyUmPolicy(engine, scenario.policy);
  const std::uint32_t n = engine.pages.pageCount();
  engine.placeInitially(0, n, Processor::Cpu);  // initialised by the CPU
  const auto shared = static_cast<std::uint32_t>(std::llround(scenario.sharedFraction * n));
  // False sharing: the page's objects alternate between the CPU and the GPU, so each touches about
  // half of a shared page; true sharing: both touch all of it. The driver sees pages either way.
  const int objects = scenario.falseSharingObjectsPerPage;
  const double cpuBytesPerPage = objects > 1 ? static_cast<double>(kPageBytes) * (objects / 2) / objects
                                             : static_cast<double>(kPageBytes);
  const double gpuBytesPerSharedPage = objects > 1 ? static_cast<double>(kPageBytes) - cpuBytesPerPage
                                                   : static_cast<double>(kPageBytes);
  const double endUs = scenario.durationMs * 1000.0;
  const std::size_t batchMax = static_cast<std::size_t>(params.faultBatchCount);

  double gpuT = 0;
  double gpuBytes = 0;
  std::uint32_t gpuCursor = 0;
  const auto threads = static_cast<std::size_t>(scenario.cpuThreads);
  std::vector<double> cpuT(threads, 0.0);
  std::vector<std::uint32_t> cpuNext(threads, 0);
  double cpuBytes = 0;
  std::vector<FaultEntry> batch;
  const std::uint8_t gpuBit = processorBit(Processor::Gpu0);

  for (;;) {
    // The agent furthest behind moves (the GPU first on ties).
    std::size_t cpuIdx = threads;
    double cpuMin = endUs;
    if (shared > 0) {
      for (std::size_t i = 0; i < threads; ++i) {
        if (i < shared && cpuT[i] < cpuMin) { cpuMin = cpuT[i]; cpuIdx = i; }
      }
    }
    const bool gpuActive = gpuT < endUs;
    if (!gpuActive && cpuIdx == threads) break;
    if (gpuActive && (cpuIdx == threads || gpuT <= cpuMin)) {
      engine.expirePins(gpuT);
      batch.clear();
      double localBytes = 0, remoteBytes = 0;
      for (std::uint32_t scanned = 0; scanned < n && batch.size() < batchMax; ++scanned) {
        const std::uint32_t page = gpuCursor;
        gpuCursor = (gpuCursor + 1) % n;
        const double bytes = page < shared ? gpuBytesPerSharedPage : static_cast<double>(kPageBytes);
        const std::uint8_t r = engine.pages.resident[page];
        if (r == gpuBit) {
          localBytes += bytes;
        } else if ((engine.pages.mapped[page] & gpuBit) && (r & (r - 1)) == 0) {
          remoteBytes += bytes;  // pinned in host memory or AccessedBy: atomics over the link
        } else {
          batch.push_back({page, FaultAccess::Atomic});
          localBytes += bytes;  // read once the fault is served
        }
      }
      double step = localBytes / (params.dramGBs * 1e3) + remoteBytes / (params.remoteAccessGBs * 1e3);
      if (!batch.empty()) step += engine.serviceGpuFaults(Processor::Gpu0, batch, gpuT);
      gpuT += step;
      gpuBytes += localBytes + remoteBytes;
    } else {
      // CPU thread cpuIdx writes its next shared page (pages cpuIdx, cpuIdx + T, ...).
      std::uint32_t& next = cpuNext[cpuIdx];
      const std::uint32_t page = static_cast<std::uint32_t>(cpuIdx) + next * static_cast<std::uint32_t>(threads);
      const std::uint32_t owned = (shared - static_cast<std::uint32_t>(cpuIdx) + static_cast<std::uint32_t>(threads) - 1) /
                                  static_cast<std::uint32_t>(threads);
      next = owned > 0 ? (next + 1) % owned : 0;
      cpuT[cpuIdx] += engine.cpuAccess(page, 1, true, cpuT[cpuIdx], cpuBytesPerPage);
      cpuBytes += cpuBytesPerPage;
    }
  }
  const double cpuEnd = shared > 0 ? *std::max_element(cpuT.begin(), cpuT.end()) : 0.0;
  const double duration = std::max(gpuT, cpuEnd);
  UmScenarioResult result;
  result.name = "shared " + std::to_string(static_cast<int>(std::lround(scenario.sharedFraction * 100))) + "%" +
                (objects > 1 ? ", false sharing" : "");
  result.phases.push_back(modelPhase("kernel", gpuT, static_cast<std::uint64_t>(gpuBytes)));
  result.phases.push_back(modelPhase("cpu", cpuEnd, static_cast<std::uint64_t>(cpuBytes)));
  result.counters = engine.counters();
  result.trace = engine.takeTrace(duration, PageState::Cpu, profile.info.name);
  result.notes.push_back(std::to_string(shared) + " of " + std::to_string(n) + " pages shared by " +
                         std::to_string(scenario.cpuThreads) + " CPU threads and the kernel");
  return result;
}

std::vector<um::ModelBenchCase> um::thrashingBenchCases() {
  std::vector<ModelBenchCase> cases;
  for (const UmPolicy policy : {UmPolicy::None, UmPolicy::ReadMostly, UmPolicy::PreferredCpu, UmPolicy::AccessedByGpu}) {
    for (const double shared : {0.02, 0.25}) {
      ThrashingScenario s;
      s.policy = policy;
      s.sharedFraction = shared;
      char name[80];
      std::snprintf(name, sizeof name, "thrashing %s shared %.2f", kBenchPolicyNames[static_cast<int>(policy)], shared);
      cases.push_back({name, [s](const sim::DeviceProfile& profile) { return simulateThrashingScenario(profile, s); }});
    }
  }
  return cases;
}

}  // namespace warpscope::labs
