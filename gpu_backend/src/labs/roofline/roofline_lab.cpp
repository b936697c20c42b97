#include "labs/roofline/roofline_lab.h"

#include <algorithm>
#include <cmath>

#include "core/sweep_format.h"
#include "labs/limiter_common/limiter_assembly.h"
#include "labs/roofline/roofline_presets.h"

namespace warpscope::labs {

namespace {

/// Above the roof by more than this is not noise: the ceilings are medians of measured copies and
/// FMA runs, and a point's median may beat them by a little.
constexpr double kRoofTolerance = 1.05;
/// The target: the best points within 10% of their ceiling.
constexpr double kBestFractionTarget = 0.9;

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kRooflineId;
  lab.title = "Roofline: points under the measured ceilings";
  lab.summary =
      "The limiter lab's full kernel at every arithmetic intensity, as achieved GFLOP/s against flop per "
      "DRAM byte on log-log axes, under the device's two measured ceilings: the copy bandwidth (a slanted "
      "roof) and the FP32 FMA peak (flat). They meet at the ridge point: below its intensity a kernel "
      "cannot be compute bound, above it it cannot be memory bound.";
  lab.params = {limiterFmasParam(), limiterOccupancyParam()};
  lab.views = {{"roofline", "Roofline", ViewKind::Xy},
               {"fraction-of-roof", "Fraction of the roof reached vs arithmetic intensity", ViewKind::Xy}};
  lab.presets = rooflinePresets();
  lab.docPage = "labs/roofline.md";
  lab.keyFigures = {"roofline.ridge_flop_per_byte", "roofline.focus_fraction_of_roof", "roofline.bandwidth_gbs", "roofline.fma_peak_gflops"};
  lab.benchChecks = rooflineBenchChecks;
  lab.benchFocusMove = {"fmas_per_element", 4, 256};
  return lab;
}

}  // namespace

const LabSpec& rooflineSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition rooflineLab() {
  return {rooflineSpec(), &simulateRoofline, WARPSCOPE_GPU_MEASUREMENT(measureRoofline), {"limiter_kernel"}};
}

double rooflineAt(const LimiterCeilings& ceilings, double flopPerByte) {
  return std::min(ceilings.bandwidthGBs * flopPerByte, ceilings.fmaGflops);
}

RunResult assembleRooflineResult(const DeviceInfo& device, const ParamSet& params,
                                 const std::vector<LimiterPoint>& points, const LimiterCeilings& ceilings,
                                 std::size_t elements, int blocksPerSm, RunScope scope, bool modelled) {
  const LabSpec& lab = rooflineSpec();
  RunResult result = limiterResultShell(lab, device, params, scope);
  const LimiterFocus focus = limiterFocus(params);
  const double ridge = ceilings.balancedFlopPerByte();

  View roof = intensityView(lab, "roofline", "FP32 GFLOP/s", true, focus);
  View fraction = intensityView(lab, "fraction-of-roof", "Achieved / roof at that intensity", false, focus);
  fraction.yMaxHint = 1.0;

  // The roof over the whole slider range (and a little beyond): bandwidth x I up to the ridge,
  // then flat. Three points draw it exactly.
  const double xLo = limiterIntensity(kLimiterFmaValues[0]) / 2;
  const double xHi = limiterIntensity(kLimiterFmaValues[kLimiterFmaCount - 1]) * 2;
  // Short enough for the legend at 1280x720 (about 34 characters); whether the ceilings were
  // measured or modelled is the banner's to say.
  Series roofLine{"Roof: " + limiterFormatted(ceilings.bandwidthGBs / 1000, 3) + " TB/s, " +
                      limiterFormatted(ceilings.fmaGflops / 1000, 3) + " TFLOP/s",
                  {}, 0};
  for (double x : {xLo, ridge, xHi})
    if (x >= xLo && x <= xHi) roofLine.points.push_back({x, rooflineAt(ceilings, x), rooflineAt(ceilings, x),
                                                         rooflineAt(ceilings, x)});
  const std::string kernelName = modelled ? "Full kernel (model)" : "Full kernel (measured)";
  Series kernel{kernelName, {}, 1};
  Series kernelFraction{kernelName, {}, 1};
  Series ridgePoint{"Ridge point: " + limiterFormatted(ridge, 3) + " flop/byte", {{ridge, ceilings.fmaGflops,
                                                                           ceilings.fmaGflops, ceilings.fmaGflops}}, 2};
  double bestMemory = 0, bestCompute = 0, maxOfRoof = 0, focusOfRoof = -1;
  for (const LimiterPoint& p : points) {
    const double x = limiterIntensity(p.fmasPerElement);
    const double g = limiterGflops(elements, p.fmasPerElement, p.full.ms);
    const double gSlow = limiterGflops(elements, p.fmasPerElement, p.full.slowestMs);
    const double gFast = limiterGflops(elements, p.fmasPerElement, p.full.fastestMs);
    const double r = rooflineAt(ceilings, x);
    kernel.points.push_back({x, g, gSlow, gFast});
    kernelFraction.points.push_back({x, g / r, gSlow / r, gFast / r});
    bestMemory = std::max(bestMemory, limiterGBs(elements, p.full.ms) / ceilings.bandwidthGBs);
    bestCompute = std::max(bestCompute, g / ceilings.fmaGflops);
    maxOfRoof = std::max(maxOfRoof, g / r);
    if (p.fmasPerElement == focus.fmasPerElement) focusOfRoof = g / r;
  }
  roof.series = {sortedByX(std::move(roofLine)), sortedByX(std::move(kernel)), std::move(ridgePoint)};
  fraction.series = {sortedByX(std::move(kernelFraction))};
  roof.focusSeries = fraction.focusSeries = kernelName;
  result.views = {std::move(roof), std::move(fraction)};

  result.scalars.push_back({"roofline.ridge_flop_per_byte", "Ridge point (FMA peak / bandwidth)", ridge, "flop/byte"});
  result.scalars.push_back({"roofline.bandwidth_gbs", "Bandwidth ceiling", ceilings.bandwidthGBs, "GB/s"});
  result.scalars.push_back({"roofline.fma_peak_gflops", "FP32 FMA ceiling", ceilings.fmaGflops, "GFLOP/s"});
  if (focusOfRoof >= 0)
    result.scalars.push_back({"roofline.focus_fraction_of_roof", "Highlighted point: fraction of the roof",
                              focusOfRoof, ""});
  if (scope == RunScope::FullSweep) {
    result.scalars.push_back({"roofline.best_fraction_memory", "Best achieved bandwidth / bandwidth ceiling",
                              bestMemory, ""});
    result.scalars.push_back({"roofline.best_fraction_compute", "Best achieved FLOP/s / FMA ceiling", bestCompute,
                              ""});
    result.scalars.push_back({"roofline.max_fraction_of_roof", "Highest point / the roof at its intensity", maxOfRoof,
                              ""});
  }
  if (modelled)
    result.notes.push_back("Simulated: the limiter model's full kernel under the profile's ceilings (cudaMemcpy "
                           "bandwidth and the FMA model's best), not a measurement.");
  result.notes.push_back("Bandwidth ceiling: " + ceilings.bandwidthSource + ". FP32 ceiling: " + ceilings.fmaSource +
                         ". Ridge = FMA ceiling / bandwidth ceiling = " + limiterFormatted(ridge, 3) + " flop/byte.");
  result.notes.push_back("Points: the limiter lab's full kernel (" + std::to_string(elements) +
                         " elements, 2K flops and 8 bytes each) at K = 1..1024 FMAs per element; " +
                         std::to_string(blocksPerSm) + " blocks of 256 threads per SM.");
  return result;
}

std::vector<BenchCheck> rooflineBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  auto value = [&](const char* id) {
    const Scalar* s = sweep.findScalar(id);
    return s ? s->value : 0.0;
  };
  BenchCheck memory{"best point's bandwidth / the copy ceiling", value("roofline.best_fraction_memory"),
                    ">= " + limiterFormatted(kBestFractionTarget, 2), false, true, ""};
  memory.pass = memory.value >= kBestFractionTarget;
  BenchCheck compute{"best point's FLOP/s / the FMA ceiling", value("roofline.best_fraction_compute"),
                     ">= " + limiterFormatted(kBestFractionTarget, 2), false, true, ""};
  compute.pass = compute.value >= kBestFractionTarget;
  BenchCheck under{"highest point / the roof at its intensity (points under the ceilings)",
                   value("roofline.max_fraction_of_roof"), "<= " + limiterFormatted(kRoofTolerance, 3), false, true, ""};
  under.pass = under.value > 0 && under.value <= kRoofTolerance;
  return {memory, compute, under};
}

}  // namespace warpscope::labs
