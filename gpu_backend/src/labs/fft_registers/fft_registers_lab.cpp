#include "labs/fft_registers/fft_registers_lab.h"

#include <cmath>
#include <sstream>

#include "labs/fft_registers/fft_registers_cuda.h"
#include "labs/fft_registers/fft_registers_model.h"
#include "labs/fft_registers/fft_registers_presets.h"
#include "core/param_builders.h"
#include "core/sweep_format.h"

namespace warpscope::labs {

namespace {

constexpr const char* kRegisterSeries = "Register FFT";
constexpr const char* kModelSeries = "Model: register FFT";
constexpr const char* kCufftSeries = "cuFFT (batched plan)";
constexpr const char* kBoundSeries = "Bandwidth bound (read + write)";
constexpr const char* kOccupancySeries = "Occupancy (% of the SM's warps)";
constexpr const char* kRegistersSeries = "Registers per thread";

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kFftRegistersId;
  lab.title = "FFT in registers (Volkov V)";
  lab.summary =
      "A batch of complex single-precision FFTs, each transform held in the registers of N / P threads: every pass "
      "does radix-P butterflies in registers and the threads exchange their points through shared memory only "
      "between passes. More points per thread: fewer threads, fewer exchanges, more registers and lower occupancy, "
      "and GFLOP/s go up toward the bandwidth bound of one read and one write of the data. cuFFT's batched plan for "
      "the same data, measured in the same run, is the reference.";
  lab.params = {
      // No unit: a choice shows its value and unit; the label names it instead.
      choiceParam("points", "Points per transform (N)", "", {256, 512, 1024}, 1024,
                  "Complex single-precision points of each transform (5 N log2 N flops). The batch holds 2^25 points "
                  "whatever N (256 MiB read and 256 MiB written per launch), several times the L2.",
                  ParamRole::Sweep),
      choiceParam("points_per_thread", "Points per thread P (highlighted)", "", {2, 4, 8, 16}, 16,
                  "Points each thread holds in registers: N / P threads per transform, radix-P passes (log_P N of "
                  "them) and one exchange through shared memory between passes. The sweep runs all four.",
                  ParamRole::Focus),
  };
  lab.views = {{"gflops-vs-points-per-thread", "GFLOP/s vs points per thread", ViewKind::Xy},
               {"registers-occupancy", "Registers per thread and occupancy vs points per thread", ViewKind::Xy},
               {"model-limits", "Model: what each resource allows", ViewKind::Bars, ViewSource::Model}};
  lab.presets = fftRegistersPresets();
  lab.docPage = "labs/fft-registers.md";
  // Two: their labels name the transform and the points per thread, a line each under the chart;
  // with four the projector's chart was left too short for its axis title (issue 28). Occupancy
  // and registers have their own view.
  lab.keyFigures = {"fft.gflops", "fft.occupancy"};
  lab.benchChecks = fftRegistersBenchChecks;
  lab.benchFocusMove = {"points_per_thread", 16, 8};
  return lab;
}

std::string perThreadText(unsigned p) { return std::to_string(p) + " points per thread"; }

Point flatPoint(double x, double y) { return {x, y, y, y}; }

View gflopsView(const LabSpec& lab, const FftRun& run) {
  View v = declaredView(lab, "gflops-vs-points-per-thread");
  v.title += ", " + std::to_string(run.plan.points) + " points";
  v.xLabel = "Points per thread P (threads per transform: N / P)";
  v.yLabel = "GFLOP/s (5 N log2 N per transform)";
  Series measured{kRegisterSeries, {}, 0};
  Series model{kModelSeries, {}, 1};
  Series cufft{kCufftSeries, {}, 2};
  Series bound{kBoundSeries, {}, 3};
  for (const FftPoint& p : run.points) {
    const double x = p.pointsPerThread;
    measured.points.push_back({x, p.gflops, p.gflopsMin, p.gflopsMax});
    model.points.push_back(flatPoint(x, p.modelGflops));
    if (run.cufft) cufft.points.push_back({x, run.cufft->gflops, run.cufft->gflopsMin, run.cufft->gflopsMax});
    bound.points.push_back(flatPoint(x, run.bandwidthBoundGflops));
  }
  v.series.push_back(measured);
  if (run.measured) v.series.push_back(model);
  if (run.cufft) v.series.push_back(cufft);
  v.series.push_back(bound);
  v.yMaxHint = run.bandwidthBoundGflops * 1.1;
  v.hasFocus = true;
  v.focusSeries = kRegisterSeries;
  v.focusX = run.plan.focusPointsPerThread;
  return v;
}

View occupancyView(const LabSpec& lab, const FftRun& run) {
  View v = declaredView(lab, "registers-occupancy");
  v.title += ", " + std::to_string(run.plan.points) + " points";
  v.xLabel = "Points per thread P";
  v.yLabel = "Occupancy (%), registers";
  v.yMaxHint = 100;
  Series occupancy{kOccupancySeries, {}, 0};
  Series registers{std::string(kRegistersSeries) +
                       (!run.points.empty() && run.points.front().registersMeasured ? " (compiled)" : " (model's estimate)"),
                   {}, 1};
  for (const FftPoint& p : run.points) {
    occupancy.points.push_back(flatPoint(p.pointsPerThread, p.occupancyPct));
    registers.points.push_back(flatPoint(p.pointsPerThread, p.registersPerThread));
  }
  v.series = {occupancy, registers};
  v.hasFocus = true;
  v.focusSeries = kOccupancySeries;
  v.focusX = run.plan.focusPointsPerThread;
  return v;
}

View limitsView(const LabSpec& lab, const FftRun& run) {
  View v = declaredView(lab, "model-limits");
  v.title += ", " + std::to_string(run.plan.points) + " points";
  v.bars.categoryLabel = "Points per thread";
  v.bars.valueLabel = "GFLOP/s a resource allows";
  BarSeries dram{"DRAM bandwidth", {}};
  BarSeries latency{"Memory latency (Little's law)", {}};
  BarSeries issue{"Instruction issue", {}};
  BarSeries shared{"Shared-memory exchanges", {}};
  const auto bar = [](double g) { return BarValue{g, g, g}; };
  for (const FftPoint& p : run.points) {
    v.bars.categories.push_back(perThreadText(p.pointsPerThread) + " (" + p.limits.limiter + ")");
    dram.values.push_back(bar(p.limits.dramGflops));
    latency.values.push_back(bar(p.limits.latencyGflops));
    issue.values.push_back(bar(p.limits.issueGflops));
    shared.values.push_back(bar(p.limits.sharedGflops));
  }
  v.bars.series = {dram, latency, issue, shared};
  return v;
}

}  // namespace

const LabSpec& fftRegistersSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition fftRegistersLab() {
  return {fftRegistersSpec(), &simulateFftRegisters, WARPSCOPE_GPU_MEASUREMENT(measureFftRegisters),
          {"fft", "dram", "shared_memory", "simt"}};
}

FftPlan fftPlan(const ParamSet& params, RunScope scope) {
  FftPlan plan;
  plan.points = static_cast<unsigned>(params.getInt("points"));
  plan.focusPointsPerThread = static_cast<unsigned>(params.getInt("points_per_thread"));
  plan.batch = kFftTotalPoints / plan.points;
  plan.focusOnly = scope == RunScope::FocusOnly;
  if (plan.focusOnly) plan.pointsPerThread = {plan.focusPointsPerThread};
  else plan.pointsPerThread = {2, 4, 8, 16};
  return plan;
}

double fftFlopsPerTransform(unsigned points) { return 5.0 * points * std::log2(static_cast<double>(points)); }

double fftGflopsAtBandwidth(double gbps, unsigned points) {
  return gbps / kFftBytesPerPoint * 5.0 * std::log2(static_cast<double>(points));
}

const FftPoint* findFftPoint(const FftRun& run, unsigned pointsPerThread) {
  for (const FftPoint& p : run.points)
    if (p.pointsPerThread == pointsPerThread) return &p;
  return nullptr;
}

RunResult assembleFftRegistersResult(const DeviceInfo& device, const ParamSet& params, const FftRun& run,
                                     RunScope scope) {
  RunResult result = resultShell(kFftRegistersId, device, params);
  result.focusOnly = scope == RunScope::FocusOnly;
  const LabSpec& lab = fftRegistersSpec();
  result.views = {gflopsView(lab, run), occupancyView(lab, run), limitsView(lab, run)};

  const std::string where = std::to_string(run.plan.points) + " points, " + perThreadText(run.plan.focusPointsPerThread);
  if (const FftPoint* f = findFftPoint(run, run.plan.focusPointsPerThread)) {
    result.scalars.push_back({"fft.gflops", "Register FFT, " + where, f->gflops, "GFLOP/s"});
    result.scalars.push_back({"fft.gflops_model", "Model: register FFT, " + where, f->modelGflops, "GFLOP/s"});
    result.scalars.push_back({"fft.effective_gbps", "Register FFT: 16 bytes per point moved, " + where,
                              f->gflops / fftFlopsPerTransform(run.plan.points) * run.plan.points * kFftBytesPerPoint,
                              "GB/s"});
    if (run.bandwidthBoundGflops > 0)
      result.scalars.push_back({"fft.fraction_of_bandwidth_bound", "Register FFT / bandwidth bound, " + where,
                                f->gflops / run.bandwidthBoundGflops, ""});
    result.scalars.push_back({"fft.registers_per_thread",
                              std::string(f->registersMeasured ? "Registers per thread (compiled), "
                                                               : "Registers per thread (model's estimate), ") + where,
                              static_cast<double>(f->registersPerThread), "registers"});
    result.scalars.push_back({"fft.occupancy", "Occupancy, " + where, f->occupancyPct, "%"});
    result.scalars.push_back({"fft.passes", "Radix passes (exchanges: one fewer), " + where,
                              static_cast<double>(f->passes), "passes"});
    if (run.cufft && run.cufft->gflops > 0)
      result.scalars.push_back({"fft.vs_cufft", "Register FFT / cuFFT, " + where, f->gflops / run.cufft->gflops, "x"});
    if (f->errorVsCufft >= 0)
      result.scalars.push_back({"fft.error_vs_cufft", "Largest error / transform rms vs cuFFT (every output), " + where,
                                f->errorVsCufft, ""});
    if (f->errorVsHost >= 0)
      result.scalars.push_back({"fft.error_vs_host", "Largest error / transform rms vs the host's double DFT, " + where,
                                f->errorVsHost, ""});
  }
  if (run.cufft)
    result.scalars.push_back({"fft.cufft_gflops", "cuFFT batched plan, " + std::to_string(run.plan.points) + " points",
                              run.cufft->gflops, "GFLOP/s"});
  result.scalars.push_back({"fft.bandwidth_bound_gflops",
                            std::string("Bandwidth bound (") + (run.measured ? "cudaMemcpy measured" : "model's cudaMemcpy") +
                                " / 16 B per point x 5 log2 N)",
                            run.bandwidthBoundGflops, "GFLOP/s"});
  result.scalars.push_back({"ceiling.memcpy_gbps", "cudaMemcpy device to device (read + write)", run.bandwidthGBs, "GB/s"});
  if (run.measured && !run.cufft) result.notes.push_back("No cuFFT line: " + run.cufftAbsentReason);
  std::ostringstream shape;
  shape << "Each launch: " << run.plan.batch << " transforms of " << run.plan.points << " points (2^25 complex floats, "
        << "256 MiB read and 256 MiB written). GFLOP/s count 5 N log2 N flops per transform for every kernel and cuFFT "
        << "alike. Bandwidth bound: " << run.bandwidthGBs << " GB/s / 16 bytes per point x 5 log2 N flops per point = "
        << run.bandwidthBoundGflops << " GFLOP/s.";
  result.notes.push_back(shape.str());
  return result;
}

std::vector<BenchCheck> fftRegistersBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  std::vector<BenchCheck> checks;
  BenchCheck vsCufft{"register FFT / cuFFT at the focus (same run)", 0, ">= 0.8", false, true, ""};
  if (const Scalar* s = sweep.findScalar("fft.vs_cufft")) {
    vsCufft.value = s->value;
    vsCufft.pass = s->value >= 0.8;
    vsCufft.detail = s->label;
  } else {
    vsCufft.detail = "no cuFFT in this run (the simulator has none; or cuFFT not in this toolkit)";
  }
  checks.push_back(vsCufft);
  BenchCheck bound{"register FFT / bandwidth bound at the focus", 0, ">= 0.7", false, true, ""};
  if (const Scalar* s = sweep.findScalar("fft.fraction_of_bandwidth_bound")) {
    bound.value = s->value;
    bound.pass = s->value >= 0.7;
    bound.detail = s->label;
  }
  checks.push_back(bound);
  // The seed's trend: from 2 to 16 points per thread GFLOP/s go up while occupancy goes down.
  BenchCheck trend{"GFLOP/s up, occupancy down from 2 to 16 points per thread (seed)", 0, "both", false, true, ""};
  const View* g = sweep.findView("gflops-vs-points-per-thread");
  const View* o = sweep.findView("registers-occupancy");
  if (g && o && !g->series.empty() && !o->series.empty() && g->series[0].points.size() >= 2 &&
      o->series[0].points.size() == g->series[0].points.size()) {
    const auto& gp = g->series[0].points;
    const auto& op = o->series[0].points;
    trend.pass = gp.back().y > gp.front().y && op.back().y < op.front().y;
    trend.value = trend.pass ? 1 : 0;
    std::ostringstream d;
    d << "P = " << gp.front().x << ": " << gp.front().y << " GFLOP/s at " << op.front().y << "%; P = " << gp.back().x
      << ": " << gp.back().y << " GFLOP/s at " << op.back().y << "%";
    trend.detail = d.str();
  }
  checks.push_back(trend);
  return checks;
}

}  // namespace warpscope::labs
