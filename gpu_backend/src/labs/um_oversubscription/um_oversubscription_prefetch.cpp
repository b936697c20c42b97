#include "labs/um_oversubscription/um_oversubscription_prefetch.h"

#include "core/sweep_format.h"
#include "labs/um_common/um_model.h"
#include "labs/um_common/um_model_support.h"
#include "labs/um_common/um_views.h"
#include "labs/um_common/uvm_engine.h"
#include "labs/um_common/uvm_stream_kernel.h"

namespace warpscope::labs {

const std::vector<PrefetchEvictionMode>& prefetchEvictionModes() {
  static const std::vector<PrefetchEvictionMode> modes = {
      PrefetchEvictionMode::OnDemandThread4B, PrefetchEvictionMode::OnDemandWarp64K,
      PrefetchEvictionMode::PrefetchOverlapped, PrefetchEvictionMode::PrefetchSerial};
  return modes;
}

std::string prefetchEvictionModeName(PrefetchEvictionMode mode) {
  switch (mode) {
    case PrefetchEvictionMode::OnDemandThread4B: return "on-demand thread/4B";
    case PrefetchEvictionMode::OnDemandWarp64K: return "on-demand warp/64KB";
    case PrefetchEvictionMode::PrefetchOverlapped: return "prefetch, overlapped";
    case PrefetchEvictionMode::PrefetchSerial: return "prefetch, evict then copy";
  }
  return "?";
}

um::UmScenarioResult simulatePrefetchEvictionScenario(const sim::DeviceProfile& profile,
                                                      const PrefetchEvictionScenario& scenario) {
  using namespace um;
  UvmParams params = readUvmParams(profile);
  checkManagedBytes("um-oversubscription: prefetch-eviction bytes", scenario.bytes);
  if (scenario.bytes % kChunkBytes != 0)
    throw BadInputError("um-oversubscription: prefetch-eviction bytes must be whole 2 MiB chunks");
  // The mode is the model switch: the profile says what the driver does (CUDA 9.1+ overlaps), the
  // serial mode is the driver before it.
  if (scenario.mode == PrefetchEvictionMode::PrefetchSerial) params.prefetchOverlapsEviction = false;
  if (scenario.mode == PrefetchEvictionMode::PrefetchOverlapped) params.prefetchOverlapsEviction = true;
  // The allocation's first half is the GPU's own data (its only copy: evicting it copies it back);
  // the second half, written by the CPU, is what the kernel needs. With eviction the GPU's memory
  // holds exactly the first half; without, both.
  const double memory = static_cast<double>(scenario.withEviction ? scenario.bytes : 2 * scenario.bytes);
  UvmEngine engine(params, 2 * scenario.bytes, 1, memory);
  const auto half = static_cast<std::uint32_t>(scenario.bytes / kPageBytes);
  engine.placeInitially(0, half, Processor::Gpu0);
  engine.placeInitially(half, half, Processor::Cpu);
  double t = 0;
  switch (scenario.mode) {
    case PrefetchEvictionMode::OnDemandThread4B:
    case PrefetchEvictionMode::OnDemandWarp64K: {
      const std::uint64_t chunk = scenario.mode == PrefetchEvictionMode::OnDemandThread4B ? 128 : 65536;
      t = runStreamKernel(
              engine, streamKernelFor(profile.info, Processor::Gpu0, scenario.bytes, scenario.bytes, chunk, false), 0)
              .durationUs;
      break;
    }
    case PrefetchEvictionMode::PrefetchOverlapped:
    case PrefetchEvictionMode::PrefetchSerial: t = engine.prefetch(half, half, Processor::Gpu0, 0); break;
  }
  UmScenarioResult result;
  result.name = prefetchEvictionModeName(scenario.mode) + (scenario.withEviction ? ", with eviction" : "");
  result.phases.push_back(modelPhase("transfer", t, scenario.bytes));
  result.counters = engine.counters();
  result.trace = engine.takeTrace(t, PageState::Cpu, profile.info.name);
  return result;
}

PrefetchEvictionFigures prefetchEvictionFigures(const LabSpec& lab, const sim::DeviceProfile& profile) {
  PrefetchEvictionFigures out;
  out.bars = declaredView(lab, "prefetch-eviction");
  Bars& b = out.bars.bars;
  b.categoryLabel = "Mode";
  b.valueLabel = "GB/s (new data / time)";
  BarSeries without{"without eviction", {}}, with{"with eviction", {}};
  for (const PrefetchEvictionMode mode : prefetchEvictionModes()) {
    const std::string name = prefetchEvictionModeName(mode);
    b.categories.push_back(name);
    const double gbpsWithout =
        um::phaseGbps(simulatePrefetchEvictionScenario(profile, {mode, false}), "transfer").value;
    const double gbpsWith = um::phaseGbps(simulatePrefetchEvictionScenario(profile, {mode, true}), "transfer").value;
    without.values.push_back(um::exactBar(gbpsWithout));
    with.values.push_back(um::exactBar(gbpsWith));
    const std::string key = "oversubscription.prefetch_eviction." + scalarKey(name);
    out.scalars.push_back({key + ".gbps_without", name + ": GB/s without eviction", gbpsWithout, "GB/s"});
    out.scalars.push_back({key + ".gbps_with", name + ": GB/s with eviction", gbpsWith, "GB/s"});
  }
  b.series = {without, with};
  return out;
}

}  // namespace warpscope::labs
