#include "labs/um_fault_path/um_fault_path_views.h"

#include <algorithm>
#include <cstdio>

#include "core/sweep_format.h"

namespace warpscope::labs {

namespace {

std::string pagesText(std::uint32_t first, std::uint32_t count) {
  char text[64];
  if (count <= 1)
    std::snprintf(text, sizeof text, "page %u", first);
  else
    std::snprintf(text, sizeof text, "pages %u-%u", first, first + count - 1);
  return text;
}

/// The seed's words for each stage (slides 8-13, 56), for the tooltips.
std::string stageText(const um::FaultPathStage& s, const um::FaultPathRun& run) {
  switch (s.kind) {
    case um::FaultPathStageKind::Notify:
      return "Page fault (slides 8, 10): the GPU's page table has no mapping; the MMU writes " +
             std::to_string(run.entries.size()) + " fault-buffer entries and interrupts the driver";
    case um::FaultPathStageKind::Fetch:
      return "Fault processing (slide 56): the driver fetches the batch, sorts and dedups it: " +
             std::to_string(run.entries.size()) + " faults, " + std::to_string(run.distinctPages) + " distinct pages";
    case um::FaultPathStageKind::Unmap:
      return "Unmapped from the CPU's page table (slide 11): residency and prefetch masks, the CPU's mappings go";
    case um::FaultPathStageKind::Migrate:
      return "Migrated to the GPU's memory over the host link (slide 12): " + pagesText(s.firstPage, s.pageCount) +
             ", cause " + um::causeName(s.cause);
    case um::FaultPathStageKind::Map: return "Mapped in the GPU's page table (slide 9: populated and mapped)";
    case um::FaultPathStageKind::Replay:
      return "Access replay (slides 9, 13): the driver replays, the stalled warps retry and hit";
  }
  return "";
}

int stageRow(um::FaultPathStageKind kind, int warps) {
  switch (kind) {
    case um::FaultPathStageKind::Notify: return warps;
    case um::FaultPathStageKind::Fetch:
    case um::FaultPathStageKind::Replay: return warps + 1;
    case um::FaultPathStageKind::Unmap: return warps + 2;
    case um::FaultPathStageKind::Migrate: return warps + 3;
    case um::FaultPathStageKind::Map: return warps + 4;
  }
  return warps;
}

}  // namespace

View faultPathTimeline(const LabSpec& lab, const std::string& viewId, const um::FaultPathRun& run,
                       const um::FaultPathExample& example) {
  View v = declaredView(lab, viewId);
  Timeline& tl = v.timeline;
  tl.timeLabel = "Time from the first fault (us)";
  tl.timeUnit = "us";
  const int warps = example.warps;
  for (int w = 0; w < warps; ++w) tl.rows.push_back({"warp " + std::to_string(w), "SM", 0});
  for (const char* row : {"MMU and fault buffer", "UVM driver", "CPU page table", "Host link", "GPU page table"})
    tl.rows.push_back({row, "driver and memory", 0});
  tl.kinds = {{"stalled", "Warp stalled on its fault"},
              {"resumed", "Warp replayed and resumed"},
              {"notify", "Page fault: fault-buffer entry"},
              {"fetch", "Fetch and dedup the batch"},
              {"unmap", "Unmap on the CPU"},
              {"migrate", "Migrate over the host link"},
              {"map", "Map on the GPU"},
              {"replay", "Replay"}};
  const double end = run.batchUs;
  // After the replay the warps read on: drawn for a tenth of the batch so the resume shows.
  const double shownEnd = end * 1.1;
  for (int w = 0; w < warps; ++w) {
    const std::uint32_t page = run.entries[static_cast<std::size_t>(w)].page;
    const std::string where = "bytes " + std::to_string(static_cast<std::uint64_t>(w) * example.bytesPerWarp) + "+" +
                              std::to_string(example.bytesPerWarp) + ", " + pagesText(page, 1);
    tl.events.push_back({w, 0, end, "stalled", 0, "Faulted on " + where + "; stalled until the replay (slide 56)"});
    tl.events.push_back({w, end, shownEnd, "resumed", 0, "Replayed and resumed: " + where + " is now in GPU memory"});
  }
  for (const um::FaultPathStage& s : run.stages) {
    tl.events.push_back(
        {stageRow(s.kind, warps), s.startUs, s.endUs, um::faultPathStageId(s.kind), 0, stageText(s, run)});
    tl.steps.push_back(s.startUs);
  }
  tl.steps.push_back(end);
  std::sort(tl.steps.begin(), tl.steps.end());
  tl.steps.erase(std::unique(tl.steps.begin(), tl.steps.end()), tl.steps.end());
  return v;
}

}  // namespace warpscope::labs
