#include "labs/matmul_tiling/matmul_tiling_lab.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "labs/matmul_tiling/matmul_model.h"
#include "labs/matmul_tiling/matmul_tiling_cuda.h"
#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "labs/matmul_tiling/matmul_tiling_presets.h"

namespace warpscope::labs {

namespace {

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kMatmulTilingId;
  lab.title = "Tiled matrix multiply (seed 002, Volkov IV)";
  lab.summary =
      "SGEMM C = A x B from one output per thread with global loads, through shared-memory tiles "
      "(each loaded value reused by a whole tile), to more outputs per thread: a value loaded from "
      "shared memory into a register serves several FMAs, so shared-memory bytes per flop fall, "
      "fewer threads with more registers each run faster, and GFLOP/s rise while occupancy falls. "
      "cuBLAS SGEMM, measured in the same run, is the reference.";
  std::vector<double> sizes;
  for (int n = 512; n <= 4096; n *= 2) sizes.push_back(n);
  lab.params = {
      choiceParam("n", "Matrix size N", "", sizes, 4096,
                  "C = A x B with square N x N row-major float matrices (inputs in [-1, 1)). Every "
                  "variant multiplies the same matrices; 2 N^3 flops each."),
      choiceParam("tile_width", "Tile width (tiled kernel)", "elements",
                  {std::begin(kSgemmTileWidths), std::end(kSgemmTileWidths)}, 16,
                  "Width of the shared-memory tiles of seed 002's kernel (one thread per output, "
                  "tile_width x tile_width threads per block). The register-blocking variants use "
                  "their own tiles (32 x 32, 64 x 64, 128 x 128)."),
  };
  lab.views = {{"gflops", "SGEMM throughput per variant", ViewKind::Bars},
               {"gflops-vs-outputs", "Throughput vs outputs per thread", ViewKind::Xy},
               {"occupancy-vs-outputs", "Occupancy vs outputs per thread", ViewKind::Xy},
               {"smem-per-flop", "Shared-memory bytes loaded per flop", ViewKind::Bars}};
  lab.presets = matmulTilingPresets();
  lab.docPage = "labs/matmul-tiling.md";
  lab.keyFigures = {"matmul.best_gflops", "matmul.best_fraction_of_peak", "matmul.gflops.naive", "matmul.gflops.tiled"};
  lab.benchChecks = matmulBenchChecks;
  return lab;
}

}  // namespace

const LabSpec& matmulTilingSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition matmulTilingLab() {
  return {matmulTilingSpec(), &simulateMatmulTiling, WARPSCOPE_GPU_MEASUREMENT(measureMatmulTiling)};
}

std::string sgemmVariantKey(SgemmVariant variant) {
  switch (variant) {
    case SgemmVariant::Naive: return "naive";
    case SgemmVariant::Tiled: return "tiled";
    case SgemmVariant::Column1: return "rb1";
    case SgemmVariant::Column2: return "rb2";
    case SgemmVariant::Column4: return "rb4";
    case SgemmVariant::Column8: return "rb8";
    case SgemmVariant::Block4x4: return "rb16";
    case SgemmVariant::Block8x8: return "rb64";
    case SgemmVariant::Warp8x8: return "rb64w";
  }
  return "?";
}

std::string sgemmVariantLabel(SgemmVariant variant, int tileWidth) {
  switch (variant) {
    case SgemmVariant::Naive: return "Naive";
    case SgemmVariant::Tiled: return "Tiled " + std::to_string(tileWidth) + "x" + std::to_string(tileWidth);
    case SgemmVariant::Column1: return "1 out/thread";
    case SgemmVariant::Column2: return "2 out/thread";
    case SgemmVariant::Column4: return "4 out/thread";
    case SgemmVariant::Column8: return "8 out/thread";
    case SgemmVariant::Block4x4: return "16 out (4x4)";
    case SgemmVariant::Block8x8: return "64 out (8x8)";
    case SgemmVariant::Warp8x8: return "64 out, warp tiles";
  }
  return "?";
}

bool isRegisterBlocking(SgemmVariant variant) {
  return variant != SgemmVariant::Naive && variant != SgemmVariant::Tiled && variant != SgemmVariant::Warp8x8;
}

int matmulSize(const ParamSet& params) { return params.getInt("n"); }
int matmulTileWidth(const ParamSet& params) { return params.getInt("tile_width"); }

double sgemmFlops(int n) { return 2.0 * n * static_cast<double>(n) * n; }

namespace {

BarValue barOf(const SgemmRecord& r) { return {r.gflopsMedian, r.gflopsMin, r.gflopsMax}; }

std::string seriesName(const RunResult& result) {
  return result.provenance == Provenance::Measured ? "Measured" : "Model";
}

}  // namespace

RunResult assembleMatmulResult(const DeviceInfo& device, const ParamSet& params, const MatmulRun& run,
                               double peakGflops) {
  RunResult result = resultShell(kMatmulTilingId, device, params);
  result.provenance = device.kind == DeviceKind::Cuda ? Provenance::Measured : Provenance::Simulated;
  const LabSpec& lab = matmulTilingSpec();

  // Bars: every variant, cuBLAS last.
  View bars = declaredView(lab, "gflops");
  bars.bars.categoryLabel = "Variant (out: outputs per thread)";
  bars.bars.valueLabel = "GFLOP/s (FP32 peak " + std::to_string(static_cast<int>(std::lround(peakGflops))) + ")";
  BarSeries gflopsBars{seriesName(result), {}};
  View smem = declaredView(lab, "smem-per-flop");
  smem.bars.categoryLabel = "Variant (out: outputs per thread; naive: its loads go through L1)";
  smem.bars.valueLabel = "Shared-memory bytes per flop";
  BarSeries smemBars{"Analytic (from the tiling)", {}};

  View byOutputs = declaredView(lab, "gflops-vs-outputs");
  byOutputs.xLabel = "Outputs per thread";
  byOutputs.yLabel = "GFLOP/s";
  byOutputs.yMaxHint = peakGflops;
  View occupancy = declaredView(lab, "occupancy-vs-outputs");
  occupancy.xLabel = "Outputs per thread";
  occupancy.yLabel = "Occupancy (% of warps)";
  occupancy.yMaxHint = 100;
  Series family{"Register blocking (" + seriesName(result) + ")", {}, 0};
  Series occupancySeries{"Occupancy", {}, 0};
  Series achievedSeries{"Counters: achieved occupancy", {}, 1};

  const SgemmRecord* best = nullptr;
  for (const SgemmRecord& r : run.variants) {
    const SgemmTiling tiling = sgemmTiling(r.variant, run.tileWidth);
    const std::string key = sgemmVariantKey(r.variant);
    const std::string label = sgemmVariantLabel(r.variant, run.tileWidth);
    bars.bars.categories.push_back(label);
    gflopsBars.values.push_back(barOf(r));
    const double bytesPerFlop = sgemmLoadBytesPerFlop(tiling);
    smem.bars.categories.push_back(label);
    smemBars.values.push_back({bytesPerFlop, bytesPerFlop, bytesPerFlop});
    if (isRegisterBlocking(r.variant)) {
      const double x = tiling.outputsPerThread;
      family.points.push_back({x, r.gflopsMedian, r.gflopsMin, r.gflopsMax});
      occupancySeries.points.push_back({x, r.occupancyPct, r.occupancyPct, r.occupancyPct});
      if (r.achievedOccupancyPct >= 0)
        achievedSeries.points.push_back({x, r.achievedOccupancyPct, r.achievedOccupancyPct, r.achievedOccupancyPct});
    }
    if (!best || r.gflopsMedian > best->gflopsMedian) best = &r;

    result.scalars.push_back({"matmul.gflops." + key, label + ": throughput", r.gflopsMedian, "GFLOP/s"});
    result.scalars.push_back({"matmul.registers." + key, label + ": registers per thread",
                              static_cast<double>(r.registersPerThread), "registers"});
    result.scalars.push_back({"matmul.occupancy_pct." + key, label + ": occupancy", r.occupancyPct, "%"});
    result.scalars.push_back({"matmul.blocks_per_sm." + key, label + ": blocks per SM",
                              static_cast<double>(r.blocksPerSm), "blocks"});
    result.scalars.push_back({"matmul.smem_bytes_per_flop." + key,
                              label + (tiling.usesShared ? ": shared-memory bytes per flop"
                                                         : ": shared-memory bytes per flop (none; 4 through L1)"),
                              tiling.usesShared ? bytesPerFlop : 0.0, "B/flop"});
    if (r.spillBytes > 0)
      result.notes.push_back(label + " spills " + std::to_string(r.spillBytes) + " bytes per thread to local memory.");
  }
  if (run.cublas) {
    bars.bars.categories.push_back("cuBLAS");
    gflopsBars.values.push_back(barOf(*run.cublas));
    result.scalars.push_back({"matmul.cublas_gflops", "cuBLAS SGEMM throughput", run.cublas->gflopsMedian, "GFLOP/s"});
    result.scalars.push_back({"matmul.cublas_fraction_of_peak", "cuBLAS: fraction of FP32 peak",
                              run.cublas->gflopsMedian / peakGflops, ""});
    // A flat line at cuBLAS's level on the trend chart: how far the family climbs toward it.
    Series ceiling{"cuBLAS SGEMM", {}, 1};
    for (const Point& p : family.points)
      ceiling.points.push_back({p.x, run.cublas->gflopsMedian, run.cublas->gflopsMin, run.cublas->gflopsMax});
    byOutputs.series.push_back(sortedByX(std::move(family)));
    byOutputs.series.push_back(std::move(ceiling));
  } else {
    byOutputs.series.push_back(sortedByX(std::move(family)));
    result.notes.push_back("No cuBLAS bar: " + run.cublasAbsentReason);
  }
  Series peakLine{"FP32 peak (theoretical)", {}, 2};
  for (const Point& p : byOutputs.series.front().points) peakLine.points.push_back({p.x, peakGflops, peakGflops, peakGflops});
  byOutputs.series.push_back(std::move(peakLine));
  occupancy.series.push_back(sortedByX(std::move(occupancySeries)));
  // The calculator's occupancy is what may be resident; the counters say how full the SMs were
  // while the kernel ran (its last wave and start-up included).
  if (!achievedSeries.points.empty()) occupancy.series.push_back(sortedByX(std::move(achievedSeries)));
  bars.bars.series.push_back(std::move(gflopsBars));
  smem.bars.series.push_back(std::move(smemBars));
  result.views = {std::move(bars), std::move(byOutputs), std::move(occupancy), std::move(smem)};

  result.scalars.push_back({"ceiling.fp32_gflops", "Theoretical FP32 peak", peakGflops, "GFLOP/s"});
  result.scalars.push_back({"matmul.n", "Matrix size N", static_cast<double>(run.n), ""});
  if (best) {
    result.scalars.push_back({"matmul.best_gflops", "Best variant: throughput", best->gflopsMedian, "GFLOP/s"});
    result.scalars.push_back({"matmul.best_fraction_of_peak", "Best variant: fraction of FP32 peak",
                              best->gflopsMedian / peakGflops, ""});
    if (run.cublas && run.cublas->gflopsMedian > 0)
      result.scalars.push_back({"matmul.best_fraction_of_cublas", "Best variant: fraction of cuBLAS",
                                best->gflopsMedian / run.cublas->gflopsMedian, ""});
    result.notes.push_back("Best variant: " + sgemmVariantLabel(best->variant, run.tileWidth));
  }
  std::ostringstream peak;
  peak << "FP32 peak = " << device.smCount << " SMs x " << device.fp32LanesPerSm << " lanes x 2 flop x "
       << device.smClockMhz << " MHz = " << peakGflops / 1000.0 << " TFLOP/s (theoretical, at that clock).";
  result.notes.push_back(peak.str());
  result.notes.push_back(
      "Shared-memory bytes per flop are analytic, counted as Volkov counts them: 4 bytes per thread "
      "and load, broadcasts included, over 2 flops per FMA. 1 output per thread: 2 loads per FMA, "
      "4 B/flop; R outputs in a column strip: (1 + R) loads per R FMAs; 4x4 and 8x8 blocks: (4 + 4) "
      "and (8 + 8) values per 16 and 64 FMAs, 1 and 0.5 B/flop.");
  result.notes.push_back("1 .. 8 out/thread are Volkov's column strips in 32 x 32 tiles (32 x 32/R threads); "
                         "16 is a 64 x 64 tile with 4 x 4 outputs per thread and float4 loads; 64 (8 x 8 in a "
                         "128 x 128 tile) is one variant beyond issue 7's list; '64 out, warp tiles' groups "
                         "the same 8 x 8 threads in 32 x 64 warp tiles with 16 k per tile (not on the trend "
                         "chart: it has the 64 outputs of the 8 x 8).");
  return result;
}

namespace {

struct TrendPoint {
  double outputs = 0;
  double gflops = 0;
  double occupancy = 0;
};

std::vector<TrendPoint> trendOf(const RunResult& result) {
  std::vector<TrendPoint> points;
  const View* gflops = result.findView("gflops-vs-outputs");
  const View* occupancy = result.findView("occupancy-vs-outputs");
  if (!gflops || !occupancy || gflops->series.empty() || occupancy->series.empty()) return points;
  const Series& g = gflops->series.front();
  const Series& o = occupancy->series.front();
  for (std::size_t i = 0; i < g.points.size() && i < o.points.size(); ++i)
    points.push_back({g.points[i].x, g.points[i].y, o.points[i].y});
  return points;
}

}  // namespace

bool gflopsRiseWhileOccupancyFalls(const RunResult& result, std::string* detail) {
  const std::vector<TrendPoint> points = trendOf(result);
  std::ostringstream text;
  text.precision(3);
  for (const TrendPoint& p : points) text << " " << p.outputs << ":" << p.gflops << " GFLOP/s@" << p.occupancy << "%";
  if (detail) *detail = "outputs/thread: GFLOP/s @ occupancy:" + text.str();
  if (points.size() < 2) return false;
  for (std::size_t i = 1; i < points.size(); ++i) {
    if (points[i].gflops < 0.97 * points[i - 1].gflops) return false;
    if (points[i].occupancy > points[i - 1].occupancy) return false;
  }
  return points.back().gflops >= 2.0 * points.front().gflops && points.back().occupancy < points.front().occupancy;
}

std::vector<BenchCheck> matmulBenchChecks(const RunResult& result, const DeviceInfo&) {
  BenchCheck vsCublas;
  vsCublas.what = "best SGEMM variant / cuBLAS SGEMM (same run)";
  vsCublas.target = ">= 0.9";  // issue 31, section 6
  if (const Scalar* fraction = result.findScalar("matmul.best_fraction_of_cublas")) {
    vsCublas.value = fraction->value;
    vsCublas.pass = fraction->value >= 0.9;
  } else {
    vsCublas.detail = "no cuBLAS in this run (the simulator has none; or cuBLAS not in this toolkit)";
  }
  BenchCheck trend;
  trend.what = "GFLOP/s rise with outputs per thread while occupancy falls (seed)";
  trend.target = "each step >= 0.97x, last >= 2x first; occupancy non-increasing, last < first";
  trend.pass = gflopsRiseWhileOccupancyFalls(result, &trend.detail);
  trend.value = trend.pass ? 1 : 0;
  return {vsCublas, trend};
}

}  // namespace warpscope::labs
