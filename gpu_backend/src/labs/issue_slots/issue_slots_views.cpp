// The issue-slots lab's views and scalars: the scheduler model's grid and curves on the device's
// own model, the latency-arith points beside them, and every shipped profile's needed parallelism.
#include <algorithm>
#include <sstream>

#include "core/sweep_format.h"
#include "labs/issue_slots/issue_slots_lab.h"

namespace warpscope::labs {

namespace {

enum GridState { kIssued, kWaiting, kNotSelected, kPipeBusy, kSlotUsed, kSlotEmpty, kFuture };

View issueSlotsGrid(const SchedulerTrace& trace) {
  View view = declaredView(issueSlotsSpec(), "issue-slots");
  Grid& g = view.grid;
  g.rowAxisLabel = "Warp";
  g.columnAxisLabel = "Cycle";
  g.timeUnit = "cycle";
  g.states = {{"issued", "Issues (the instruction's name)"},
              {"waiting", "Waits for an earlier result"},
              {"not-selected", "Ready; another warp issues"},
              {"pipe-busy", "Ready; lanes busy or no issue this cycle"},
              {"slot-used", "Issue slot used"},
              {"slot-empty", "Issue slot empty"},
              {"future", "Not yet"}};
  g.rowLabels.push_back("Issue slot");
  for (int w = 0; w < trace.warps; ++w) g.rowLabels.push_back("warp " + std::to_string(w));
  for (int c = 0; c < trace.cycles; ++c) g.columnLabels.push_back(std::to_string(c));
  const int rows = trace.warps + 1;
  const int columns = trace.cycles;
  // Every cycle's frame fills its column; the ones after it stay "not yet".
  std::vector<int> cells(static_cast<std::size_t>(rows) * columns, kFuture);
  std::vector<std::string> text(cells.size());
  for (int c = 0; c < columns; ++c) {
    const int used = trace.issuedPerCycle[c];
    cells[c] = used > 0 ? kSlotUsed : kSlotEmpty;
    text[c] = used > 1 ? std::to_string(used) : "";
    for (int w = 0; w < trace.warps; ++w) {
      const std::size_t at = static_cast<std::size_t>(w + 1) * columns + c;
      switch (trace.at(c, w)) {
        case WarpCycle::Issued:
          cells[at] = kIssued;
          break;
        case WarpCycle::Waiting:
          cells[at] = kWaiting;
          break;
        case WarpCycle::NotSelected:
          cells[at] = kNotSelected;
          break;
        case WarpCycle::PipeBusy:
          cells[at] = kPipeBusy;
          break;
      }
      text[at] = trace.issued[static_cast<std::size_t>(c) * trace.warps + w];
    }
    GridFrame frame;
    frame.time = c;
    frame.label = "cycle " + std::to_string(c);
    frame.cells.assign(cells.size(), kFuture);
    frame.text.assign(cells.size(), "");
    for (int r = 0; r < rows; ++r)
      for (int k = 0; k <= c; ++k) {
        const std::size_t at = static_cast<std::size_t>(r) * columns + k;
        frame.cells[at] = cells[at];
        frame.text[at] = text[at];
      }
    g.frames.push_back(std::move(frame));
  }
  return view;
}

Series schedulerSeries(const std::string& name, const SchedulerModel& model, const std::vector<StreamInstruction>& body,
                       double key) {
  Series s{name, {}, key};
  for (int w = 1; w <= kMaxWarpsPerScheduler; ++w) {
    const double u = schedulerUtilization(model, body, w);
    s.points.push_back({static_cast<double>(w), u, u, u});
  }
  return s;
}

std::vector<StreamInstruction> chains(int ilp) {
  std::vector<StreamInstruction> body;
  for (int c = 1; c <= ilp; ++c) body.push_back({"c" + std::to_string(c), ilp});
  return body;
}

View utilizationView(const ParamSet& params, const SchedulerModel& model, const ArithPoints& arith,
                     const std::vector<StreamInstruction>& body, const std::string& programName) {
  View view = declaredView(issueSlotsSpec(), "utilization-vs-warps");
  view.xLabel = "Warps per scheduler";
  view.yLabel = "Fraction of issue slots (FP32 peak)";
  view.yMaxHint = 1.05;
  view.series.push_back(schedulerSeries("Scheduler model: " + programName, model, body, 0));
  for (int ilp : kBesideIlps) {
    const std::string name = "Scheduler model: ILP " + std::to_string(ilp);
    if (name != view.series.front().name) view.series.push_back(schedulerSeries(name, model, chains(ilp), ilp));
  }
  for (int ilp : kBesideIlps) {
    Series s{"latency-arith: ILP " + std::to_string(ilp), {}, 100.0 + ilp};
    for (int w = 1; w <= kMaxWarpsPerScheduler; ++w)
      if (const auto it = arith.find({ilp, w}); it != arith.end())
        s.points.push_back({double(w), it->second, it->second, it->second});
    if (!s.points.empty()) view.series.push_back(s);
  }
  // Little's law for the program's independent chains: warps x ILP over latency x rate, at most 1.
  const int ilp = static_cast<int>(body.size()) > 0 && body.front().dependsOn == static_cast<int>(body.size())
                      ? std::min(static_cast<int>(body.size()), model.maxInFlightPerWarp)
                      : 0;
  if (ilp > 0) {
    Series law{"Little's law: warps x ILP / (latency x rate)", {}, 200};
    const double needed = model.latencyCycles * model.pipeRate;
    for (int w = 1; w <= kMaxWarpsPerScheduler; ++w) {
      const double y = std::min(1.0, w * ilp / needed);
      law.points.push_back({double(w), y, y, y});
    }
    view.series.push_back(law);
  }
  view.focusSeries = view.series.front().name;
  view.focusX = params.getInt("warps");
  view.hasFocus = true;
  return view;
}

}  // namespace

RunResult assembleIssueSlotsResult(const DeviceInfo& device, const ParamSet& params, const SchedulerModel& model,
                                   const ArithPoints& arith, bool arithMeasured) {
  RunResult result = resultShell(kIssueSlotsId, device, params);
  const std::vector<StreamInstruction> body = programBody(params);
  const int warps = params.getInt("warps");
  const SchedulerTrace trace = runScheduler(model, body, warps, params.getInt("cycles_shown"));
  const bool isChains = body.front().label == "c1";
  const std::string programName = body.front().label == "a" ? "ILP 1"
                                  : isChains                ? "ILP " + std::to_string(body.size())
                                                            : "x, y, z";

  result.views.push_back(issueSlotsGrid(trace));
  result.views.push_back(utilizationView(params, model, arith, body, programName));
  auto add = [&](const std::string& id, const std::string& label, double value, const std::string& unit) {
    result.scalars.push_back({id, label, value, unit});
  };
  add("issue.latency_cycles", "Dependent latency (whole cycles)", model.latencyCycles, "cycles");
  add("issue.pipe_rate", "Warp FP32 instructions the scheduler's lanes take per cycle", model.pipeRate, "per cycle");
  add("issue.dispatch_per_cycle", "Instructions one warp may issue per cycle", model.dispatchPerCycle, "");
  add("issue.needed_in_flight", "Needed in flight per scheduler: latency x rate", model.latencyCycles * model.pipeRate,
      "warp instructions");
  // The program's curve (the xy view's first series) holds its utilization at every warp count: the
  // figures below read it rather than run the scheduler again.
  const std::vector<Point>& curve = result.views.back().series.front().points;
  add("issue.utilization", "Issue slots used (steady state)", curve[static_cast<std::size_t>(warps - 1)].y, "");
  if (isChains)
    add("issue.utilization_as_warps", "The same parallelism as warps: ILP 1 with warps x ILP warps",
        schedulerUtilization(model, {{"a", 1}}, std::min(64, warps * static_cast<int>(body.size()))), "");
  for (const Point& p : curve)
    if (p.y >= 0.99) {
      add("issue.warps_for_full", "Warps per scheduler for 99% of the slots", p.x, "warps");
      break;
    }
  for (std::size_t i = 0; i < body.size(); ++i)
    if (trace.firstIssue[0][i] >= 0)
      add("issue.first_issue." + body[i].label, "Warp 0's first " + body[i].label + " issues at cycle",
          trace.firstIssue[0][i], "cycle");

  // Every shipped profile: Volkov's table and what the scheduler model allows there.
  View needed = declaredView(issueSlotsSpec(), "needed-parallelism");
  needed.bars.categoryLabel = "GPU";
  needed.bars.valueLabel = "Operations in flight per SM";
  BarSeries neededSeries{"latency x lanes", {}};
  View byIlp = declaredView(issueSlotsSpec(), "fraction-by-ilp");
  byIlp.bars.categoryLabel = "GPU";
  byIlp.bars.valueLabel = "Fraction of FP32 peak";
  struct Config {
    const char* name;
    const char* key;
    int ilp;
    int warps;
  };
  const Config configs[] = {{"ILP 1, 16 warps per scheduler", "ilp1_ceiling", 1, 16},
                            {"ILP 2, 16 warps per scheduler", "ilp2_ceiling", 2, 16},
                            {"ILP 4, 1 warp", "ilp4_one_warp", 4, 1},
                            {"ILP 8, 1 warp", "ilp8_one_warp", 8, 1}};
  for (const Config& c : configs) byIlp.bars.series.push_back({c.name, {}});
  for (const sim::DeviceProfile& p : sim::loadEmbeddedProfiles()) {
    if (!p.provides("fma_pipeline")) continue;
    const SchedulerModel m = schedulerModel(p);
    const double latency = fmaPipeline(p).fmaLatencyCycles;
    needed.bars.categories.push_back(p.info.name);
    byIlp.bars.categories.push_back(p.info.name);
    const double ops = latency * p.info.fp32LanesPerSm;
    neededSeries.values.push_back({ops, ops, ops});
    std::ostringstream label;
    label << "Needed in flight per SM on " << p.info.name << ": " << latency << " cycles x " << p.info.fp32LanesPerSm
          << " lanes";
    add("issue.needed." + p.id, label.str(), ops, "operations");
    for (std::size_t i = 0; i < std::size(configs); ++i) {
      const double u = schedulerUtilization(m, chains(configs[i].ilp), configs[i].warps);
      byIlp.bars.series[i].values.push_back({u, u, u});
      add(std::string("issue.") + configs[i].key + "." + p.id, std::string(configs[i].name) + " on " + p.info.name, u,
          "");
    }
  }
  needed.bars.series.push_back(neededSeries);
  result.views.push_back(needed);
  result.views.push_back(byIlp);

  std::ostringstream model_;
  model_ << "Scheduler model (" << device.name << "): dependent latency " << model.latencyCycles
         << " cycles (the profile's FMA latency rounded), the lanes take " << model.pipeRate
         << " warp instructions a cycle, " << model.dispatchPerCycle << " instruction(s) per warp per cycle, at most "
         << model.maxInFlightPerWarp
         << " in flight per warp; the next ready warp after the last issuer issues "
            "(loose round robin).";
  result.notes.push_back(model_.str());
  result.notes.push_back(arithMeasured
                             ? "latency-arith: the FMA chains measured on this GPU at warps x " +
                                   std::to_string(device.schedulersPerSm) +
                                   " schedulers x 32 threads per SM (CUDA events, median of 10 after 2 warm-ups; "
                                   "outputs checked against the host), as a fraction of the FP32 peak."
                             : "latency-arith: the fma_pipeline model (Little's law with the profile's FMA latency, "
                               "warps dealt round robin to the schedulers), as latency-arith shows it.");
  return result;
}

}  // namespace warpscope::labs
