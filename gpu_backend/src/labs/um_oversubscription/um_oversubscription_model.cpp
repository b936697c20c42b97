#include "labs/um_oversubscription/um_oversubscription_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "labs/um_common/um_model.h"
#include "labs/um_common/um_model_bench.h"
#include "labs/um_common/um_model_support.h"
#include "labs/um_common/uvm_engine.h"
#include "labs/um_common/uvm_stream_kernel.h"

namespace warpscope::labs {

namespace {

/// The largest working set simulated page by page. Bigger ones run on a model scaled down by
/// k = workingSet / this (working set and GPU memory both divided by k, so their ratio, and with
/// it where evictions start, is kept): GB/s is a rate, so per-batch and per-chunk costs are the
/// same at any scale as long as the scaled GPU memory stays far larger than the window the
/// resident warps read at once (kWindowsPerSimulation windows at least: 8 MiB for thread/4B,
/// 4.1 GiB for warp/64KB on an H200, which is therefore never scaled in this lab).
/// A point of the curve needs only its GB/s: measured on the h200 profile, 4 passes up to 3x of
/// 1 GiB, the thread/4B curves on a 64 MiB model are within 0.5% of those on a 1 GiB one, 16
/// times faster (a 32 MiB model is 3% off next to the limit, where a few 2 MiB chunks decide).
/// The point whose trace and counters are shown keeps 256 MiB: on 64 MiB its evicted bytes were
/// 9% above (working set - memory), the 2 MiB chunks being too few (128 MiB: 6%; 256 MiB: under
/// 2%), and its page map coarse.
constexpr double kMinSimulatedBytes = 64.0 * 1024 * 1024;
constexpr double kMinSimulatedBytesTraced = 256.0 * 1024 * 1024;
constexpr double kWindowsPerSimulation = 8;

}  // namespace

double oversubscriptionModelScale(const sim::DeviceProfile& profile, const OversubscriptionScenario& scenario) {
  using namespace um;
  const StreamKernel shape = streamKernelFor(profile.info, Processor::Gpu0, 0, 0, scenario.warpChunkBytes, false);
  const double window = static_cast<double>(shape.smCount) * shape.warpsPerSm * static_cast<double>(scenario.warpChunkBytes);
  const double cap = std::max(scenario.traced ? kMinSimulatedBytesTraced : kMinSimulatedBytes, kWindowsPerSimulation * window);
  return std::max(1.0, scenario.workingSetBytes / cap);
}

um::UmScenarioResult simulateOversubscriptionScenario(const sim::DeviceProfile& profile,
                                                     const OversubscriptionScenario& scenario) {
  using namespace um;
  const UvmParams params = readUvmParams(profile);
  if (!(scenario.workingSetBytes >= static_cast<double>(kPageBytes)))
    throw BadInputError("um-oversubscription: workingSetBytes must be at least 4096 bytes");
  if (scenario.passes < 1 || scenario.passes > 100)
    throw BadInputError("um-oversubscription: passes must be 1..100 (got " + std::to_string(scenario.passes) + ")");
  const std::uint64_t chunk = scenario.warpChunkBytes;
  if (chunk < 128 || chunk > kChunkBytes || (chunk & (chunk - 1)) != 0)
    throw BadInputError("um-oversubscription: warpChunkBytes must be a power of two from 128 to 2097152");

  const double scale = oversubscriptionModelScale(profile, scenario);
  const auto simPages = static_cast<std::uint64_t>(std::max(1.0, std::round(scenario.workingSetBytes / scale / kPageBytes)));
  const std::uint64_t simBytes = simPages * kPageBytes;
  const double simMemory = params.deviceMemoryBytes / scale;

  UvmEngine engine(params, simBytes, 1, simMemory);
  engine.trace.recordResidency = scenario.traced;
  engine.placeInitially(0, engine.pages.pageCount(), Processor::Cpu);
  if (scenario.readMostly) engine.pages.setFlag(0, engine.pages.pageCount(), kReadMostly, true);
  double t = 0;
  std::uint64_t batches = 0;
  for (int pass = 0; pass < scenario.passes; ++pass) {
    const StreamKernelRun run = runStreamKernel(
        engine, streamKernelFor(profile.info, Processor::Gpu0, 0, simBytes, chunk, false), t);
    t += run.durationUs;
    batches += run.batches;
  }
  UmScenarioResult result;
  result.name = std::string(chunk == 128 ? "thread/4B" : "warp/" + std::to_string(chunk >> 10) + "KB") +
                (scenario.readMostly ? " + ReadMostly" : "");
  const double bytes = scenario.workingSetBytes * scenario.passes;
  result.phases.push_back(modelPhase("transfer", t * scale, static_cast<std::uint64_t>(bytes)));
  UmCounters c = engine.counters();
  auto up = [scale](std::uint64_t v) { return static_cast<std::uint64_t>(std::llround(static_cast<double>(v) * scale)); };
  c.bytesHtoD = up(c.bytesHtoD);
  c.bytesDtoH = up(c.bytesDtoH);
  c.bytesDtoD = up(c.bytesDtoD);
  c.gpuFaults = up(c.gpuFaults);
  c.gpuFaultGroups = up(c.gpuFaultGroups);
  c.gpuFaultedPages = up(c.gpuFaultedPages);
  c.cpuFaults = up(c.cpuFaults);
  c.evictedBytes = up(c.evictedBytes);
  result.counters = c;
  if (scenario.traced) result.trace = engine.takeTrace(t, PageState::Cpu, profile.info.name);
  if (scale > 1.0) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "Simulated on a 1/%.1f scale model (working set %.2f GiB, GPU memory %.2f GiB); counters scaled back, "
                  "the trace is the scale model's",
                  scale, static_cast<double>(simBytes) / (1 << 30), simMemory / (1 << 30));
    result.notes.push_back(buf);
  }
  result.notes.push_back(std::to_string(batches) + " fault batches in the simulated model");
  return result;
}

std::vector<um::ModelBenchCase> um::oversubscriptionBenchCases(double gpuMemoryBytes) {
  std::vector<ModelBenchCase> cases;
  for (const std::uint64_t chunk : {std::uint64_t{128}, std::uint64_t{65536}}) {
    for (const bool readMostly : {false, true}) {
      for (const double fraction : {0.5, 0.9, 1.1, 1.5}) {
        OversubscriptionScenario s;
        s.workingSetBytes = fraction * gpuMemoryBytes;
        s.warpChunkBytes = chunk;
        s.readMostly = readMostly;
        char name[80];
        std::snprintf(name, sizeof name, "oversub %s%s x%.1f", chunk == 128 ? "thread/4B" : "warp/64KB",
                      readMostly ? "+RM" : "", fraction);
        cases.push_back(
            {name, [s](const sim::DeviceProfile& profile) { return simulateOversubscriptionScenario(profile, s); }});
      }
    }
  }
  return cases;
}

}  // namespace warpscope::labs
