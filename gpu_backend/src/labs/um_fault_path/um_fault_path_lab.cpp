#include "labs/um_fault_path/um_fault_path_lab.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/parallel_configurations.h"
#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_common/um_model.h"
#include "labs/um_common/um_views.h"
#include "labs/um_common/uvm_fault_path.h"
#include "labs/um_fault_path/um_fault_group_views.h"
#include "labs/um_fault_path/um_fault_groups.h"
#include "labs/um_fault_path/um_fault_path_model.h"
#include "labs/um_fault_path/um_fault_path_presets.h"
#include "labs/um_fault_path/um_fault_path_views.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

const std::vector<double> kTouchedPct = {5, 10, 20, 30, 50, 75, 100};
// Names unlike any words the slides use: the window never shows a choice's internal name.
const std::vector<std::string> kShownNames = {"stages", "paging", "first-touch", "access-counters"};
const std::vector<std::string> kShownLabels = {"Fault path example", "Paging (as chosen)", "Fault on first touch",
                                               "Access counters"};

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kUmFaultPathId;
  lab.title = "Unified memory: the fault path, its fault groups and its generations";
  lab.summary =
      "Inside one GPU page fault, stage by stage: warps touch pages their GPU does not map and stall, the fault "
      "buffer fills, the driver fetches and dedups the batch, unmaps the pages on the CPU, migrates them, maps them "
      "on the GPU and replays. Then the generations: before Pascal every page the CPU dirtied moved to the GPU at "
      "kernel launch, whatever the kernel touched; Pascal faults pages in on demand; Volta's access counters let "
      "the GPU read remotely and move only regions it uses often. The stages and generations are the UVM model on "
      "every device; on a GPU the same kernel over more pages also runs for real, and CUPTI's fault groups stand "
      "beside the model's batches.";
  lab.params = {
      intParam("warps", "Warps in the example", "warps", 1, 8, 1, 4,
               "How many warps of the example touch the managed buffer at once; each leaves its own fault."),
      choiceParam("bytes_per_warp", "Bytes each warp reads (example)", "B/warp", {128, 1024, 4096, 65536}, 128,
                  "128: one thread per 4 bytes, so 32 warps share a 4 KiB page and fault on it together (the seed's "
                  "thread/4B); 65536: each warp its own 64 KiB."),
      choiceParam("buffer_mib", "Managed buffer (paging, access counters)", "MiB", {16, 32, 64, 128}, 64,
                  "The buffer the CPU wrote before the kernel of the paging and access-counter comparisons."),
      choiceParam("touched_pct", "Share of the buffer the kernel touches", "%", kTouchedPct, 10,
                  "The paging comparison's kernel reads this share of the buffer (its first part), 4 KiB per warp."),
      namedChoiceParam("paging", "Paging mode (timeline and page map)", {"demand-paged", "at-launch"}, 0,
                       "The model switch of the paging comparison: on demand (Pascal and later: GPU page faults) or "
                       "every dirty page migrated at kernel launch (Kepler and Maxwell: no GPU page faults). The "
                       "chart and the scalars always show both; this picks the one the timeline and the page map "
                       "show.",
                       ParamRole::Sweep, {"On demand (Pascal and later)", "Migrate all at launch (before Pascal)"}),
      choiceParam("hot_mib", "Hot set (access counters)", "MiB", {2, 4, 8, 16}, 8,
                  "The part of the buffer the access-counter kernel reads again and again; of the rest it reads "
                  "a few scattered lines per 2 MiB once."),
      intParam("hot_passes", "Passes over the hot set", "x", 1, 16, 1, 4, "Times the kernel reads the hot set."),
      choiceParam("fault_pages", "Pages the warps fault on (fault groups)", "pages", {16, 256, 4096, 16384}, 4096,
                  "The fault-group run: the example's kernel (each warp reads its bytes per warp, side by side) over "
                  "this many 4 KiB pages of a buffer the CPU wrote, so enough warps fault for the driver to batch "
                  "them: 4096 pages of 128 B per warp is 131,072 warps. On a GPU it runs for real under CUPTI."),
  };
  lab.views = {{"fault-path", "The fault path, stage by stage", ViewKind::Timeline, ViewSource::Model},
               {"paging-vs-touched", "Paging before Pascal vs on demand", ViewKind::Xy, ViewSource::Model},
               {"access-counters", "Fault on first touch vs access counters (MiB)", ViewKind::Bars, ViewSource::Model},
               // Measured on a GPU (the model's batches beside them); the model's alone on a simulator.
               {"fault-groups", "Fault groups and their copies", ViewKind::Timeline},
               {"fault-group-durations", "Each fault group's duration", ViewKind::Xy},
               {"fault-group-pages", "Pages migrated in each fault group", ViewKind::Xy}};
  um::finishUmSpec(lab, kShownNames, "Which scenario's unified-memory trace the timeline and the page map show.",
                   kShownLabels);
  // Every scenario "shown" picks is the model's, on a GPU too.
  for (ViewSpec& v : lab.views)
    if (v.id == "um-timeline" || v.id == "page-map") v.source = ViewSource::Model;
  lab.presets = umFaultPathPresets();
  lab.keyFigures = {"fault_path.stall_us", "fault_groups.groups", "paging.at_launch.ms",
                    "access.counters.mib_migrated"};
  return lab;
}

double mib(std::uint64_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

um::FaultPathExample exampleOf(const ParamSet& params) {
  return {params.getInt("warps"), static_cast<std::uint64_t>(params.getInt("bytes_per_warp"))};
}

/// The fault-group run's scalars: from the GPU's capture when there is one (else the model's), and
/// on a GPU the model's beside them as fault_groups.model.*. No counts from an uncaptured trace.
void addFaultGroupScalars(RunResult& result, const FaultGroupScenario& scenario, const um::UmScenarioResult& shown,
                          const um::UmScenarioResult* model) {
  auto add = [&](const std::string& id, const std::string& label, double value, const std::string& unit) {
    result.scalars.push_back({"fault_groups." + id, label, value, unit});
  };
  add("pages", "Fault groups: pages the kernel reads", static_cast<double>(scenario.pages), "pages");
  add("warps", "Fault groups: warps in the kernel", static_cast<double>(scenario.warps()), "warps");
  if (const um::UmPhaseTiming* k = shown.findPhase("kernel"))
    add("kernel_ms", "Fault groups: kernel time", k->medianMs, "ms");
  auto counts = [&](const std::string& prefix, const std::string& who, const um::UmScenarioResult& run) {
    if (!run.trace.captured) return;
    const FaultGroupTable t = faultGroupsOf(run.trace);
    add(prefix + "groups", who + "fault groups", static_cast<double>(t.groups.size()), "groups");
    add(prefix + "faults", who + "faults in them (the groups' counts)", static_cast<double>(t.faults), "faults");
    add(prefix + "faulted_pages", who + "pages migrated with cause coherence",
        static_cast<double>(run.counters.gpuFaultedPages), "pages");
    add(prefix + "pages_migrated", who + "pages migrated host to device", static_cast<double>(t.pagesMigrated),
        "pages");
    add(prefix + "copies", who + "host-to-device copies", static_cast<double>(t.copies), "copies");
    add(prefix + "pages_outside_groups", who + "pages of copies that began in no group",
        static_cast<double>(t.pagesOutsideGroups), "pages");
    add(prefix + "median_group_us", who + "median group duration", t.medianDurationUs(), "us");
    add(prefix + "longest_group_us", who + "longest group", t.longestDurationUs(), "us");
  };
  counts("", model ? "Measured: " : "Model: ", shown);
  if (model) counts("model.", "Model: ", *model);
}

double totalMs(const um::UmScenarioResult& s) {
  const um::UmPhaseTiming* p = s.findPhase("total");
  return p ? p->medianMs : 0;
}

/// The fault path's scalars: its counts, and each stage's time.
void addFaultPathScalars(RunResult& result, const um::FaultPathRun& run) {
  auto add = [&](const std::string& id, const std::string& label, double value, const std::string& unit) {
    result.scalars.push_back({"fault_path." + id, label, value, unit});
  };
  add("fault_entries", "Fault-buffer entries (one per faulting warp)", static_cast<double>(run.entries.size()),
      "faults");
  add("distinct_pages", "Distinct pages after dedup", static_cast<double>(run.distinctPages), "pages");
  add("pages_migrated", "Pages migrated (faulted and prefetched)", static_cast<double>(run.pagesMigrated), "pages");
  add("fault_groups", "Fault batches serviced", static_cast<double>(run.scenario.counters.gpuFaultGroups), "batches");
  add("stall_us", "Warps stalled (first fault to replay)", run.batchUs, "us");
  add("copy_us", "Of which copies on the host link", run.copyUs, "us");
  double byKind[6] = {};
  for (const um::FaultPathStage& s : run.stages) byKind[static_cast<int>(s.kind)] += s.endUs - s.startUs;
  for (int k = 0; k < 6; ++k) {
    if (static_cast<um::FaultPathStageKind>(k) == um::FaultPathStageKind::Migrate) continue;
    const char* id = um::faultPathStageId(static_cast<um::FaultPathStageKind>(k));
    add(std::string(id) + "_us", std::string("Stage '") + id + "'", byKind[k], "us");
  }
}

}  // namespace

const LabSpec& umFaultPathSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition umFaultPathLab() {
  return {umFaultPathSpec(), &simulateUmFaultPath, WARPSCOPE_GPU_MEASUREMENT(measureUmFaultPath), {"uvm"}};
}

FaultGroupScenario faultGroupScenarioOf(const ParamSet& params) {
  return {static_cast<std::uint64_t>(params.getInt("fault_pages")),
          static_cast<std::uint64_t>(params.getInt("bytes_per_warp"))};
}

RunResult simulateUmFaultPath(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  return runUmFaultPath(profile, profile.info, request, monitor, nullptr);
}

RunResult runUmFaultPath(const sim::DeviceProfile& profile, const DeviceInfo& device, const RunRequest& request,
                         RunMonitor& monitor, const um::UmScenarioResult* measuredGroups) {
  const ParamSet& params = request.params;
  const LabSpec& lab = umFaultPathSpec();
  const um::UvmParams uvm = um::readUvmParams(profile);
  const std::uint64_t buffer = static_cast<std::uint64_t>(params.getInt("buffer_mib")) << 20;
  const double touched = params.get("touched_pct") / 100.0;
  const PagingMode shownPaging = params.getInt("paging") == 1 ? PagingMode::AtLaunch : PagingMode::OnDemand;
  const int shown = params.getInt("shown");

  // The paging sweep: both modes at every share touched, the chosen share's traced when shown.
  struct Point {
    PagingMode mode;
    double fraction;
  };
  std::vector<Point> points;
  for (double pct : kTouchedPct)
    for (PagingMode m : {PagingMode::OnDemand, PagingMode::AtLaunch}) points.push_back({m, pct / 100.0});
  // Three more: the access-counter comparison's scenarios and the fault-group run beside the sweep.
  const std::size_t accessRuns = 2;
  const std::size_t groupRun = points.size() + accessRuns;
  const FaultGroupScenario groupScenario = faultGroupScenarioOf(params);
  const AccessScenario accessBase{um::MigrationTrigger::FirstTouchFault, buffer,
                                  static_cast<std::uint64_t>(params.getInt("hot_mib")) << 20,
                                  params.getInt("hot_passes")};
  struct Outcome {
    um::UmScenarioResult paging;
    AccessOutcome access;
    um::UmScenarioResult groups;
  };
  std::vector<Outcome> runs = runConfigurationsInParallel<Outcome>(
      points.size() + accessRuns + 1,
      [&](std::size_t i) {
        Outcome o;
        if (i == groupRun) {
          o.groups = simulateFaultGroupScenario(profile, groupScenario);
        } else if (i < points.size()) {
          const Point& p = points[i];
          const bool traced = shown == 1 && p.mode == shownPaging && std::abs(p.fraction - touched) < 1e-9;
          o.paging = simulatePagingScenario(profile, {p.mode, buffer, p.fraction, traced});
        } else {
          AccessScenario a = accessBase;
          if (i == points.size() + 1) a.trigger = um::MigrationTrigger::AccessCounters;
          o.access = simulateAccessScenario(profile, a);
        }
        return o;
      },
      [&](std::size_t i) {
        return std::string(i < points.size() ? "paging" : i == groupRun ? "fault groups" : "access counters");
      },
      monitor);
  monitor.done();
  const um::FaultPathExample example = exampleOf(params);
  const um::FaultPathRun faultPath = um::runFaultPathExample(uvm, example, profile.info.name);

  RunResult result = um::umResultShell(kUmFaultPathId, device, params, measuredGroups != nullptr);
  View chart = declaredView(lab, "paging-vs-touched");
  chart.xLabel = "Share of the buffer the kernel touches (%)";
  chart.yLabel = "Time (ms)";  // to the kernel's end: the series say what it holds
  Series onDemand{"on demand: the kernel", {}, 0}, atLaunch{"at launch: migration + kernel", {}, 1};
  const um::UmScenarioResult* focusOnDemand = nullptr;
  const um::UmScenarioResult* focusAtLaunch = nullptr;
  const um::UmScenarioResult* shownPagingRun = nullptr;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double ms = totalMs(runs[i].paging);
    Series& s = points[i].mode == PagingMode::OnDemand ? onDemand : atLaunch;
    s.points.push_back({points[i].fraction * 100, ms, ms, ms});
    if (std::abs(points[i].fraction - touched) < 1e-9) {
      (points[i].mode == PagingMode::OnDemand ? focusOnDemand : focusAtLaunch) = &runs[i].paging;
      if (points[i].mode == shownPaging) shownPagingRun = &runs[i].paging;
    }
  }
  chart.series = {onDemand, atLaunch};
  chart.focusSeries = shownPaging == PagingMode::OnDemand ? "on demand" : "at launch";
  chart.focusX = touched * 100;
  chart.hasFocus = true;

  const AccessOutcome& firstTouch = runs[points.size()].access;
  const AccessOutcome& counters = runs[points.size() + 1].access;
  View access = declaredView(lab, "access-counters");
  access.bars.categoryLabel = "Migration trigger";
  access.bars.valueLabel = "MiB";
  access.bars.categories = {firstTouch.scenario.name, counters.scenario.name};
  auto bar = [](double v) { return BarValue{v, v, v}; };
  access.bars.series = {
      {"migrated to the GPU",
       {bar(mib(firstTouch.scenario.counters.bytesHtoD)), bar(mib(counters.scenario.counters.bytesHtoD))}},
      {"read over the link", {bar(mib(firstTouch.run.remoteBytes)), bar(mib(counters.run.remoteBytes))}},
      {"cold data on the GPU", {bar(mib(firstTouch.coldBytesOnGpu)), bar(mib(counters.coldBytesOnGpu))}}};

  um::UmScenarioResult shownScenario;
  switch (shown) {
    case 0: shownScenario = faultPath.scenario; break;
    case 1:
      if (shownPagingRun) shownScenario = *shownPagingRun;
      break;
    case 2: shownScenario = firstTouch.scenario; break;
    default: shownScenario = counters.scenario; break;
  }
  const um::UmScenarioResult& modelGroups = runs[groupRun].groups;
  std::vector<View> own;
  own.push_back(faultPathTimeline(lab, "fault-path", faultPath, example));
  own.push_back(std::move(chart));
  own.push_back(std::move(access));
  for (View& v : faultGroupViews(lab, measuredGroups, modelGroups)) own.push_back(std::move(v));
  result.views = um::withTraceViews(lab, std::move(own), shownScenario);

  addFaultPathScalars(result, faultPath);
  addFaultGroupScalars(result, groupScenario, measuredGroups ? *measuredGroups : modelGroups,
                       measuredGroups ? &modelGroups : nullptr);
  auto add = [&](const std::string& id, const std::string& label, double value, const std::string& unit) {
    result.scalars.push_back({id, label, value, unit});
  };
  const std::string share = std::to_string(params.getInt("touched_pct")) + "% touched";
  if (focusOnDemand && focusAtLaunch) {
    add("paging.on_demand.ms", "On demand (Pascal+), " + share + ": time", totalMs(*focusOnDemand), "ms");
    add("paging.at_launch.ms", "Migrate all at launch (pre-Pascal), " + share + ": time", totalMs(*focusAtLaunch),
        "ms");
    const um::UmPhaseTiming* launch = focusAtLaunch->findPhase("launch migration");
    add("paging.at_launch.migration_ms", "Of which the launch migration", launch ? launch->medianMs : 0, "ms");
    add("paging.on_demand.mib_htod", "On demand: MiB to the GPU", mib(focusOnDemand->counters.bytesHtoD), "MiB");
    add("paging.at_launch.mib_htod", "At launch: MiB to the GPU", mib(focusAtLaunch->counters.bytesHtoD), "MiB");
    add("paging.on_demand.gpu_faults", "On demand: GPU faults", static_cast<double>(focusOnDemand->counters.gpuFaults),
        "faults");
    add("paging.at_launch.gpu_faults", "At launch: GPU faults", static_cast<double>(focusAtLaunch->counters.gpuFaults),
        "faults");
  }
  add("paging.touched_mib", "MiB the kernel touches", mib(buffer) * touched, "MiB");
  const double hot = mib(accessBase.hotBytes);
  add("access.hot_mib", "Hot set", hot, "MiB");
  add("access.cold_mib_read", "Cold data the kernel reads", mib(firstTouch.coldBytesRead), "MiB");
  for (const auto& [key, o] :
       {std::pair<std::string, const AccessOutcome*>{"first_touch", &firstTouch}, {"counters", &counters}}) {
    const std::string label = o->scenario.name + ": ";
    add("access." + key + ".ms", label + "kernel time", o->scenario.phases.front().medianMs, "ms");
    add("access." + key + ".mib_migrated", label + "MiB migrated to the GPU", mib(o->scenario.counters.bytesHtoD),
        "MiB");
    add("access." + key + ".mib_remote", label + "MiB read over the link", mib(o->run.remoteBytes), "MiB");
    add("access." + key + ".hot_mib_on_gpu", label + "hot set on the GPU at the end", mib(o->hotBytesOnGpu), "MiB");
    add("access." + key + ".cold_mib_on_gpu", label + "cold data on the GPU at the end", mib(o->coldBytesOnGpu), "MiB");
    add("access." + key + ".notifications", label + "access-counter notifications",
        static_cast<double>(o->run.notifications), "");
    add("access." + key + ".remote_kib_before_migration", label + "KiB read remotely before regions migrated",
        static_cast<double>(o->run.remoteBytesBeforeMigration) / 1024, "KiB");
  }
  um::addCounterScalars(result, "shown", shownScenario.name + ": ", shownScenario);

  std::ostringstream what;
  what << "Model of " << profile.info.name << ". Fault path: " << example.warps << " warps of " << example.bytesPerWarp
       << " B each fault on a buffer the CPU wrote; the stages add up to the model's fault "
       << "batch. Paging: a " << params.getInt("buffer_mib") << " MiB buffer the CPU wrote, of which the kernel "
       << "reads the first share, 4 KiB per warp; at launch every dirty page moves first (2 MiB copies at the "
       << "link's rate), on demand only what the kernel faults in (with the density prefetch). Access counters: the "
       << "kernel reads a " << accessBase.hotBytes / (1 << 20) << " MiB hot set " << accessBase.hotPasses
       << " times and " << kColdTouches << " lines of " << kColdTouchBytes << " B per other 2 MiB once; with "
       << "counters the buffer is mapped to the GPU (SetAccessedBy) and a region migrates after "
       << uvm.accessCounterThreshold << " remote accesses of " << uvm.accessCounterAccessBytes << " B. Fault groups: "
       << "the example's kernel over " << groupScenario.pages << " pages (" << groupScenario.warps() << " warps of "
       << groupScenario.bytesPerWarp << " B) of a buffer the CPU wrote; the model's driver fetches up to "
       << uvm.faultBatchCount << " fault-buffer entries a batch (one per stalled SM per replay) and its batches "
       << "are drawn as groups, each host-to-device copy in the batch that made it.";
  result.notes.push_back(what.str());
  if (measuredGroups)
    for (const std::string& note : measuredGroups->notes) result.notes.push_back("Fault groups on the GPU: " + note);
  result.notes.push_back(um::traceNote(shownScenario));
  return result;
}

}  // namespace warpscope::labs
