#include "labs/um_fault_path/um_fault_path_model.h"

#include <cmath>
#include <string>

#include "labs/um_common/um_model.h"
#include "labs/um_common/um_model_support.h"
#include "labs/um_common/uvm_engine.h"
#include "labs/um_common/uvm_stream_kernel.h"
#include "labs/um_fault_path/um_fault_groups.h"

namespace warpscope::labs {

namespace {

/// The paging kernel's access: 4 KiB per warp, um-streaming's default.
constexpr std::uint64_t kPagingWarpBytes = 4096;

std::uint64_t residentBytes(const um::UvmEngine& engine, std::uint64_t first, std::uint64_t bytes) {
  std::uint64_t n = 0;
  for (std::uint64_t p = first / um::kPageBytes; p < (first + bytes) / um::kPageBytes; ++p)
    if (engine.pages.residentOn(static_cast<std::uint32_t>(p), um::Processor::Gpu0)) n += um::kPageBytes;
  return n;
}

}  // namespace

um::UmScenarioResult simulatePagingScenario(const sim::DeviceProfile& profile, const PagingScenario& scenario) {
  using namespace um;
  const UvmParams params = readUvmParams(profile);
  checkManagedBytes("um-fault-path: buffer", scenario.bufferBytes);
  if (!(scenario.touchedFraction > 0 && scenario.touchedFraction <= 1))
    throw BadInputError("um-fault-path: touched fraction must be in (0, 1]");
  const auto touched = static_cast<std::uint64_t>(
      std::max(1.0, std::round(scenario.touchedFraction * static_cast<double>(scenario.bufferBytes) / kPageBytes)) *
      kPageBytes);
  UvmEngine engine(params, scenario.bufferBytes);
  engine.trace.recordResidency = scenario.traced;
  engine.placeInitially(0, engine.pages.pageCount(), Processor::Cpu);  // the CPU wrote every page
  double launchUs = 0;
  if (scenario.mode == PagingMode::AtLaunch) launchUs = engine.migrateDirtyAtLaunch(Processor::Gpu0, 0);
  const StreamKernelRun kernel = runStreamKernel(
      engine, streamKernelFor(profile.info, Processor::Gpu0, 0, touched, kPagingWarpBytes, false), launchUs);
  UmScenarioResult result;
  result.name = scenario.mode == PagingMode::AtLaunch ? "migrate all at launch" : "on demand";
  if (scenario.mode == PagingMode::AtLaunch)
    result.phases.push_back(modelPhase("launch migration", launchUs, scenario.bufferBytes));
  result.phases.push_back(modelPhase("kernel", kernel.durationUs, touched));
  result.phases.push_back(modelPhase("total", launchUs + kernel.durationUs, touched));
  result.counters = engine.counters();
  result.trace = engine.takeTrace(launchUs + kernel.durationUs, PageState::Cpu, profile.info.name);
  return result;
}

um::UmScenarioResult simulateFaultGroupScenario(const sim::DeviceProfile& profile, const FaultGroupScenario& scenario) {
  using namespace um;
  checkFaultGroupScenario(scenario);
  const UvmParams params = readUvmParams(profile);
  UvmEngine engine(params, scenario.bytes());
  engine.placeInitially(0, engine.pages.pageCount(), Processor::Cpu);  // the CPU wrote every page
  const StreamKernelRun kernel = runStreamKernel(
      engine, streamKernelFor(profile.info, Processor::Gpu0, 0, scenario.bytes(), scenario.bytesPerWarp, false), 0);
  UmScenarioResult result;
  result.name = "fault groups";
  result.phases.push_back(modelPhase("kernel", kernel.durationUs, scenario.bytes()));
  result.counters = engine.counters();
  result.trace = engine.takeTrace(kernel.durationUs, PageState::Cpu, profile.info.name);
  return result;
}

AccessOutcome simulateAccessScenario(const sim::DeviceProfile& profile, const AccessScenario& scenario) {
  using namespace um;
  const UvmParams params = readUvmParams(profile);
  checkManagedBytes("um-fault-path: buffer", scenario.bufferBytes);
  if (scenario.hotBytes == 0 || scenario.hotBytes % kChunkBytes != 0 || scenario.hotBytes >= scenario.bufferBytes)
    throw BadInputError("um-fault-path: the hot set must be whole 2 MiB regions, smaller than the buffer");
  if (scenario.hotPasses < 1 || scenario.hotPasses > 64) throw BadInputError("um-fault-path: hot passes must be 1..64");
  UvmEngine engine(params, scenario.bufferBytes);
  // Access counters count remote accesses to memory mapped to the GPU (slide 42: "if memory is
  // mapped to the GPU"): SetAccessedBy maps it; without counters the first touch faults instead.
  if (scenario.trigger == MigrationTrigger::AccessCounters) applyUmPolicy(engine, UmPolicy::AccessedByGpu);
  engine.placeInitially(0, engine.pages.pageCount(), Processor::Cpu);

  AccessOutcome out;
  std::vector<KernelPhase> phases(static_cast<std::size_t>(scenario.hotPasses), KernelPhase{{0, scenario.hotBytes}});
  const std::uint64_t stride = kChunkBytes / kColdTouches;
  for (std::uint64_t region = scenario.hotBytes; region < scenario.bufferBytes; region += kChunkBytes)
    for (int i = 0; i < kColdTouches; ++i) {
      const std::uint64_t at = region + static_cast<std::uint64_t>(i) * stride;
      if (at + kColdTouchBytes > scenario.bufferBytes) break;
      phases.front().push_back({at, kColdTouchBytes});
      out.coldBytesRead += kColdTouchBytes;
    }
  out.run = runCountedAccesses(engine, Processor::Gpu0, phases, scenario.trigger, 0);
  out.hotBytesOnGpu = residentBytes(engine, 0, scenario.hotBytes);
  out.coldBytesOnGpu = residentBytes(engine, scenario.hotBytes, scenario.bufferBytes - scenario.hotBytes);
  UmScenarioResult& result = out.scenario;
  result.name = scenario.trigger == MigrationTrigger::AccessCounters ? "access counters" : "fault on first touch";
  const std::uint64_t read = scenario.hotBytes * static_cast<std::uint64_t>(scenario.hotPasses) + out.coldBytesRead;
  result.phases.push_back(modelPhase("kernel", out.run.durationUs, read));
  result.counters = engine.counters();
  result.trace = engine.takeTrace(out.run.durationUs, PageState::Cpu, profile.info.name);
  return out;
}

}  // namespace warpscope::labs
