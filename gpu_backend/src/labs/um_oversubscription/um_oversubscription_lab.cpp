#include "labs/um_oversubscription/um_oversubscription_lab.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/parallel_configurations.h"
#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "labs/um_common/um_views.h"
#include "labs/um_oversubscription/um_oversubscription_model.h"
#include "labs/um_oversubscription/um_oversubscription_prefetch.h"
#include "labs/um_oversubscription/um_oversubscription_presets.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

const std::vector<std::string> kCurveNames = {"thread/4B", "warp/64KB", "thread/4B + ReadMostly",
                                              "warp/64KB + ReadMostly"};

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kUmOversubscriptionId;
  lab.title = "Unified memory: oversubscription and eviction (simulated)";
  lab.summary =
      "A kernel streams a CPU-initialised working set through the GPU on demand. Below GPU memory every page "
      "migrates once; past it the driver must first evict: whole 2 MiB chunks, least recently used first, copied "
      "back to the host before new pages come in, so throughput falls off a cliff. ReadMostly pages are copies, "
      "evicted by dropping them. Simulated only: on a real GPU oversubscription can hang the device for everyone.";
  const ParamSpec memory = choiceParam(
      "model_memory_mib", "Modelled GPU memory", "MiB", {128, 256, 512, 1024}, 256,
      "The profile's GPU with its memory scaled down to this: the curve depends on working set / memory, and "
      "modelling a full 80-141 GiB page by page would take minutes.");
  const ParamSpec maxRatio = choiceParam("max_ratio_pct", "Largest working set", "% of GPU memory", {150, 200, 300},
                                         200, "The curve runs from a quarter of GPU memory to this.");
  const ParamSpec passes = intParam("passes", "Passes over the working set", "x", 1, 4, 1, 1,
                                    "Times the kernel streams the working set (later passes find what eviction left).");
  lab.params = {memory, maxRatio, passes};
  lab.views = {{"gbps-vs-working-set", "Fault-driven migration throughput vs working set", ViewKind::Xy},
               {"prefetch-eviction", "Migration throughput without and with eviction", ViewKind::Bars}};
  um::finishUmSpec(lab, kCurveNames, "Which curve's largest working set the timeline and the page map show.");
  lab.presets = umOversubscriptionPresets();
  lab.keyFigures = {"oversubscription.thread_4b.gbps_below", "oversubscription.thread_4b.gbps_above", "oversubscription.warp_64kb.gbps_below", "oversubscription.warp_64kb.gbps_above"};
  return lab;
}

/// The profile with its GPU memory replaced by the run's model_memory_mib.
sim::DeviceProfile scaledProfile(const sim::DeviceProfile& profile, const ParamSet& params) {
  sim::DeviceProfile scaled = profile;
  scaled.info.globalMemBytes = static_cast<long long>(params.getInt("model_memory_mib")) << 20;
  scaled.info.freeMemBytes = scaled.info.globalMemBytes;
  return scaled;
}

}  // namespace

const LabSpec& umOversubscriptionSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition umOversubscriptionLab() {
  return {umOversubscriptionSpec(), &simulateUmOversubscription,
          WARPSCOPE_GPU_MEASUREMENT(modelUmOversubscriptionForGpu), {"uvm"}};
}

std::vector<OversubscriptionCurve> oversubscriptionCurves() {
  return {{128, false}, {65536, false}, {128, true}, {65536, true}};
}

std::string curveName(const OversubscriptionCurve& c) {
  return um::granularityName(c.warpChunkBytes) + (c.readMostly ? " + ReadMostly" : "");
}

std::vector<double> workingSetRatios(const ParamSet& params) {
  const double top = params.get("max_ratio_pct") / 100.0;
  std::vector<double> ratios = {0.25, 0.5, 0.75, 0.95, 1.05, 1.25, 1.5};
  for (double r = 2.0; r <= top + 1e-9; r += 0.5) ratios.push_back(r);
  ratios.erase(std::remove_if(ratios.begin(), ratios.end(), [&](double r) { return r > top + 1e-9; }), ratios.end());
  return ratios;
}

RunResult simulateUmOversubscription(const sim::DeviceProfile& original, const RunRequest& request, RunMonitor& monitor) {
  const ParamSet& params = request.params;
  const sim::DeviceProfile profile = scaledProfile(original, params);
  const double memory = static_cast<double>(profile.info.globalMemBytes);
  const std::vector<double> ratios = workingSetRatios(params);
  const std::vector<OversubscriptionCurve> curves = oversubscriptionCurves();
  const int shown = params.getInt("shown");

  RunResult result = um::umResultShell(kUmOversubscriptionId, profile.info, params, false);
  const LabSpec& lab = umOversubscriptionSpec();
  View chart = declaredView(lab, "gbps-vs-working-set");
  chart.xLabel = "Working set (MiB)";
  chart.yLabel = "GB/s (bytes read / time)";  // bytes read: working set x passes
  const int passes = params.getInt("passes");
  // Every (curve, working set) point is an independent model run: they go to every core, the
  // largest working sets (the longest runs) first so that no core is left with one at the end.
  const std::size_t points = curves.size() * ratios.size();
  auto curveOf = [&](std::size_t run) { return run % curves.size(); };
  auto ratioOf = [&](std::size_t run) { return ratios.size() - 1 - run / curves.size(); };
  auto runOf = [&](std::size_t c, std::size_t i) { return (ratios.size() - 1 - i) * curves.size() + c; };
  auto scenarioOf = [&](std::size_t c, std::size_t i) {
    OversubscriptionScenario s;
    s.workingSetBytes = std::floor(ratios[i] * memory / (2 << 20)) * (2 << 20);  // whole 2 MiB chunks
    s.warpChunkBytes = curves[c].warpChunkBytes;
    s.readMostly = curves[c].readMostly;
    s.passes = passes;
    s.traced = static_cast<int>(c) == shown && i + 1 == ratios.size();  // the one the timeline shows
    return s;
  };
  std::vector<um::UmScenarioResult> runs = runConfigurationsInParallel<um::UmScenarioResult>(
      points, [&](std::size_t run) { return simulateOversubscriptionScenario(profile, scenarioOf(curveOf(run), ratioOf(run))); },
      [&](std::size_t run) { return curveName(curves[curveOf(run)]); }, monitor);
  um::UmScenarioResult shownScenario;
  double top = 0;
  for (std::size_t c = 0; c < curves.size(); ++c) {
    Series line{curveName(curves[c]), {}, static_cast<double>(c)};
    for (std::size_t i = 0; i < ratios.size(); ++i) {
      um::UmScenarioResult& r = runs[runOf(c, i)];
      const double workingSet = scenarioOf(c, i).workingSetBytes;
      const double gbps = um::phaseGbps(r, "transfer").value;
      top = std::max(top, gbps);
      line.points.push_back({workingSet / (1 << 20), gbps, gbps, gbps});
      if (static_cast<int>(c) == shown && i + 1 == ratios.size()) {
        r.name = line.name + " at " + um::bytesText(workingSet);
        // The page map then shows the smaller allocation: say so where its rows are read.
        if (const double k = oversubscriptionModelScale(profile, scenarioOf(c, i)); k > 1) {
          char scale[48];
          std::snprintf(scale, sizeof scale, " (a 1/%.3g scale model)", k);
          r.name += scale;
        }
        shownScenario = std::move(r);
      }
    }
    chart.series.push_back(std::move(line));
  }
  monitor.done();
  Series limit{"GPU memory (" + um::bytesText(memory) + ")", {}, -1};
  limit.points = {{memory / (1 << 20), 0, 0, 0}, {memory / (1 << 20), top, top, top}};
  chart.series.push_back(std::move(limit));
  // Slide 62: the prefetch against on demand when every chunk in must first evict one (its own
  // small model: 16 MiB of new data through 16 MiB of GPU memory, whatever the sliders say).
  PrefetchEvictionFigures prefetch = prefetchEvictionFigures(lab, original);
  result.views = um::withTraceViews(lab, {std::move(chart), std::move(prefetch.bars)}, shownScenario);
  result.scalars.insert(result.scalars.end(), prefetch.scalars.begin(), prefetch.scalars.end());

  for (const Series& s : result.views[0].series) {
    if (s.key < 0 || s.points.empty()) continue;
    const std::string key = "oversubscription." + scalarKey(s.name);
    result.scalars.push_back({key + ".gbps_below", s.name + ": GB/s at " + std::to_string(static_cast<int>(s.points.front().x)) + " MiB",
                              s.points.front().y, "GB/s"});
    result.scalars.push_back({key + ".gbps_above", s.name + ": GB/s at " + std::to_string(static_cast<int>(s.points.back().x)) + " MiB",
                              s.points.back().y, "GB/s"});
  }
  um::addCounterScalars(result, "oversubscription.shown", shownScenario.name + ": ", shownScenario);
  std::ostringstream what;
  what << "Simulated: " << original.info.name << " with its GPU memory scaled to " << um::bytesText(memory)
       << "; the kernel streams a CPU-initialised working set " << params.getInt("passes")
       << " time(s) from a quarter of GPU memory to " << params.getInt("max_ratio_pct")
       << "%. Past the limit, the driver evicts 2 MiB chunks in LRU order.";
  result.notes.push_back(what.str());
  result.notes.push_back(um::traceNote(shownScenario));
  return result;
}

}  // namespace warpscope::labs
