#include "labs/limiter/limiter_lab.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "labs/limiter/limiter_cuda.h"
#include "labs/limiter/limiter_model.h"
#include "labs/limiter/limiter_presets.h"
#include "labs/limiter_common/limiter_assembly.h"
#include "core/sweep_format.h"

namespace warpscope::labs {

namespace {

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kLimiterId;
  lab.title = "What limits a kernel: memory-only and math-only versions";
  lab.summary =
      "The limiter method: time the full kernel, a memory-only version (same loads and stores, no "
      "math), a store-only version (no loads either) and a math-only version (same math, no loads, "
      "stores behind a condition that is never true), at equal occupancy, beside the profiler's "
      "counters (instructions issued and executed, IPC, DRAM bytes). Arithmetic intensity is a slider: K dependent FMAs per element of a "
      "stream several times the L2. Memory bound at low intensity, compute bound at high, latency "
      "bound when too little is in flight to keep either busy. A __syncthreads() between a load and "
      "a compute phase shows why two blocks per SM overlap what one cannot.";
  lab.params = {limiterFmasParam(), limiterOccupancyParam()};
  lab.views = {{"variant-times", "Full, memory-only and math-only times", ViewKind::Bars},
               {"time-vs-intensity", "Time per launch vs arithmetic intensity", ViewKind::Xy},
               {"fraction-vs-intensity", "Full kernel: fraction of each ceiling vs arithmetic intensity", ViewKind::Xy},
               {"ratio-vs-balanced", "Instruction:byte ratio vs the device's balanced ratio", ViewKind::Bars},
               {"counters-per-element", "Counters per element: instructions and DRAM bytes", ViewKind::Bars},
               {"sync-overlap", "__syncthreads() between loads and math: one block of 512 vs two of 256 per SM",
                ViewKind::Bars}};
  lab.presets = limiterPresets();
  lab.docPage = "labs/limiter.md";
  lab.keyFigures = {"limiter.verdict", "limiter.intensity_flop_per_byte", "limiter.fraction_bandwidth", "limiter.fraction_fma"};
  lab.benchChecks = limiterBenchChecks;
  lab.benchFocusMove = {"fmas_per_element", 4, 256};
  return lab;
}

std::string kText(int k) { return "K = " + std::to_string(k) + " FMA" + (k == 1 ? "" : "s") + " per element"; }

}  // namespace

const LabSpec& limiterSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition limiterLab() {
  return {limiterSpec(), &simulateLimiter, WARPSCOPE_GPU_MEASUREMENT(measureLimiter), {"limiter_kernel"}};
}

const char* verdictName(LimiterVerdict verdict) {
  switch (verdict) {
    case LimiterVerdict::Memory: return "memory bound";
    case LimiterVerdict::Compute: return "compute bound";
    case LimiterVerdict::Latency: return "latency bound";
  }
  return "?";
}

LimiterVerdict limiterVerdict(double fractionOfBandwidth, double fractionOfFmaPeak) {
  if (std::max(fractionOfBandwidth, fractionOfFmaPeak) < kLimiterNearCeiling) return LimiterVerdict::Latency;
  return fractionOfBandwidth >= fractionOfFmaPeak ? LimiterVerdict::Memory : LimiterVerdict::Compute;
}

double limiterOverlap(double fullMs, double memoryOnlyMs, double mathOnlyMs) {
  const double shorter = std::min(memoryOnlyMs, mathOnlyMs);
  if (!(shorter > 0)) return 1.0;  // nothing to hide: one of the two takes no time
  return std::clamp((memoryOnlyMs + mathOnlyMs - fullMs) / shorter, 0.0, 1.0);
}

namespace {

constexpr const char* kVariantSeries[] = {"Full kernel", "Memory-only", "Math-only", "Store-only"};

Point timePoint(double x, const VariantTime& t) { return {x, t.ms, t.fastestMs, t.slowestMs}; }

BarValue bar(const VariantTime& t) { return {t.ms, t.fastestMs, t.slowestMs}; }

}  // namespace

RunResult assembleLimiterResult(const DeviceInfo& device, const ParamSet& params,
                                const std::vector<LimiterPoint>& points, const LimiterCeilings& ceilings,
                                std::size_t elements, int blocksPerSm, RunScope scope, bool modelled,
                                const LimiterExtras& extras) {
  const LabSpec& lab = limiterSpec();
  RunResult result = limiterResultShell(lab, device, params, scope);
  const LimiterFocus at = limiterFocus(params);
  const int focusK = at.fmasPerElement;
  const double focusI = at.flopPerByte;
  const double balanced = ceilings.balancedFlopPerByte();

  // ---- time and fractions against intensity (one point per K) -----------------------------
  View times = intensityView(lab, "time-vs-intensity", "Time per launch (ms)", true, at);
  View fractions = intensityView(lab, "fraction-vs-intensity",
                                 modelled ? "Fraction of the ceiling" : "Fraction of the measured ceiling", false, at);
  fractions.yMaxHint = 1.0;
  Series variantSeries[kLimiterVariantCount];
  for (int v = 0; v < kLimiterVariantCount; ++v) variantSeries[v] = {kVariantSeries[v], {}, static_cast<double>(v)};
  Series bandwidth{"Bandwidth / copy ceiling", {}, 0};
  Series flops{"FLOP/s / FMA ceiling", {}, 1};
  Series near{"Near-ceiling threshold (" + limiterFormatted(kLimiterNearCeiling) + ")", {}, 2};
  const LimiterPoint* focus = nullptr;
  const LimiterPoint* lowest = nullptr;
  const LimiterPoint* highest = nullptr;
  for (const LimiterPoint& p : points) {
    const double x = limiterIntensity(p.fmasPerElement);
    for (int v = 0; v < kLimiterVariantCount; ++v)
      variantSeries[v].points.push_back(timePoint(x, p.time(static_cast<LimiterVariant>(v))));
    // Slowest launch -> lowest rate: the spread maps across.
    const VariantTime& t = p.full;
    bandwidth.points.push_back({x, limiterGBs(elements, t.ms) / ceilings.bandwidthGBs,
                                limiterGBs(elements, t.slowestMs) / ceilings.bandwidthGBs,
                                limiterGBs(elements, t.fastestMs) / ceilings.bandwidthGBs});
    flops.points.push_back({x, limiterGflops(elements, p.fmasPerElement, t.ms) / ceilings.fmaGflops,
                            limiterGflops(elements, p.fmasPerElement, t.slowestMs) / ceilings.fmaGflops,
                            limiterGflops(elements, p.fmasPerElement, t.fastestMs) / ceilings.fmaGflops});
    near.points.push_back({x, kLimiterNearCeiling, kLimiterNearCeiling, kLimiterNearCeiling});
    if (p.fmasPerElement == focusK) focus = &p;
    if (!lowest || p.fmasPerElement < lowest->fmasPerElement) lowest = &p;
    if (!highest || p.fmasPerElement > highest->fmasPerElement) highest = &p;
  }
  // The full kernel last, so it is drawn on top where it runs along one of its parts.
  for (int v : {1, 3, 2, 0}) times.series.push_back(sortedByX(std::move(variantSeries[v])));
  fractions.series = {sortedByX(std::move(bandwidth)), sortedByX(std::move(flops)), sortedByX(std::move(near))};
  times.focusSeries = kVariantSeries[0];
  fractions.focusSeries = fractions.series[0].name;

  // ---- the focus: bars, ratio, verdict -----------------------------------------------------
  View bars = declaredView(lab, "variant-times");
  View ratio = declaredView(lab, "ratio-vs-balanced");
  const std::string seriesName = modelled ? "Model" : "Measured (median; whiskers: fastest to slowest)";
  result.scalars.push_back({"ceiling.bandwidth_gbs", "Bandwidth ceiling (" + ceilings.bandwidthSource + ")",
                            ceilings.bandwidthGBs, "GB/s"});
  result.scalars.push_back({"ceiling.fma_gflops", "FP32 FMA ceiling (" + ceilings.fmaSource + ")", ceilings.fmaGflops,
                            "GFLOP/s"});
  result.scalars.push_back({"limiter.balanced_ratio", "Device balanced ratio (FMA peak / bandwidth)", balanced,
                            "flop/byte"});
  result.scalars.push_back({"limiter.balanced_instr_per_byte",
                            "Device balanced ratio in FP32 instructions (FMAs) per byte", balanced / 2, "instr/byte"});
  result.scalars.push_back({"limiter.fmas_per_element", "FMAs per element at the focus", double(focusK), "FMAs"});
  result.scalars.push_back({"limiter.intensity_flop_per_byte", "Arithmetic intensity at the focus", focusI,
                            "flop/byte"});
  result.scalars.push_back({"limiter.instr_per_byte", "FP32 instruction:byte ratio at the focus (FMAs per byte)",
                            focusI / 2, "instr/byte"});
  result.scalars.push_back({"limiter.elements", "Elements per launch (4-byte floats per array)",
                            static_cast<double>(elements), "elements"});
  result.scalars.push_back({"limiter.blocks_per_sm", "Blocks of 256 threads per SM (all three kernels)",
                            double(blocksPerSm), "blocks"});
  result.scalars.push_back({"limiter.occupancy_pct", "Achieved occupancy: resident threads / the SM's maximum",
                            100.0 * blocksPerSm * kLimiterThreadsPerBlock / device.maxThreadsPerSm, "%"});
  if (focus) {
    const double tFull = focus->full.ms, tMem = focus->memoryOnly.ms, tMath = focus->mathOnly.ms;
    const double overlap = limiterOverlap(tFull, tMem, tMath);
    const double gbs = limiterGBs(elements, tFull);
    const double gflops = limiterGflops(elements, focusK, tFull);
    const double fBw = gbs / ceilings.bandwidthGBs, fFma = gflops / ceilings.fmaGflops;
    const LimiterVerdict verdict = limiterVerdict(fBw, fFma);

    bars.title += " at K = " + std::to_string(focusK) + " (" + limiterFormatted(focusI) + " flop/byte): overlap " +
                  limiterFormatted(100 * overlap, 3) + "%";
    bars.bars.categoryLabel = "Kernel";
    bars.bars.valueLabel = "Time per launch (ms)";
    bars.bars.categories = {"Full", "Memory-only", "Math-only", "Memory-only + math-only", "Store-only"};
    const BarValue sum{tMem + tMath, focus->memoryOnly.fastestMs + focus->mathOnly.fastestMs,
                       focus->memoryOnly.slowestMs + focus->mathOnly.slowestMs};
    bars.bars.series.push_back(
        {seriesName, {bar(focus->full), bar(focus->memoryOnly), bar(focus->mathOnly), sum, bar(focus->storeOnly)}});

    ratio.title += " at " + kText(focusK);
    ratio.bars.categoryLabel = "Ratio";
    ratio.bars.valueLabel = "Operations per DRAM byte";
    ratio.bars.categories = {"flop : byte", "FP32 instruction : byte"};
    BarSeries kernel{"This kernel (" + kText(focusK) + ")", {{focusI, focusI, focusI},
                                                             {focusI / 2, focusI / 2, focusI / 2}}};
    BarSeries balancedBars{"Device balanced (FMA ceiling / bandwidth ceiling)",
                     {{balanced, balanced, balanced}, {balanced / 2, balanced / 2, balanced / 2}}};
    // The profiler's ratio (seed: 32 x instructions issued : DRAM bytes) counts every instruction,
    // not only the FMAs; the seed compares it with the same FP32 balanced ratio.
    const LimiterCounts& full = extras.counters.of(LimiterVariant::Full);
    if (extras.counters.available && full.dramBytes > 0) {
      const double counted = limiterInstructionsPerByte(full, device.warpSize);
      ratio.bars.categories.push_back(kCountedRatioCategory);
      kernel.values.push_back({counted, counted, counted});
      balancedBars.values.push_back({balanced / 2, balanced / 2, balanced / 2});
    }
    ratio.bars.series = {std::move(kernel), std::move(balancedBars)};

    result.scalars.push_back({"limiter.time_ms.full", "Full kernel time", tFull, "ms"});
    result.scalars.push_back({"limiter.time_ms.memory_only", "Memory-only time", tMem, "ms"});
    result.scalars.push_back({"limiter.time_ms.math_only", "Math-only time", tMath, "ms"});
    result.scalars.push_back({"limiter.time_ms.store_only", "Store-only time (no loads, no math)",
                              focus->storeOnly.ms, "ms"});
    result.scalars.push_back({"limiter.overlap", "Overlap of memory and math: (t_mem + t_math - t_full) / min", overlap,
                              ""});
    result.scalars.push_back({"limiter.achieved_gbps", "Full kernel: achieved DRAM bandwidth", gbs, "GB/s"});
    result.scalars.push_back({"limiter.achieved_gflops", "Full kernel: achieved FP32", gflops, "GFLOP/s"});
    result.scalars.push_back({"limiter.fraction_bandwidth", "Full kernel: fraction of the bandwidth ceiling", fBw, ""});
    result.scalars.push_back({"limiter.fraction_fma", "Full kernel: fraction of the FMA ceiling", fFma, ""});
    result.scalars.push_back({"limiter.verdict", "Limiter (0 memory, 1 compute, 2 latency bound)",
                              static_cast<double>(verdict), ""});
    std::ostringstream why;
    why << "Limiter at " << kText(focusK) << " (" << limiterFormatted(focusI) << " flop/byte, balanced ratio "
        << limiterFormatted(balanced) << "): " << verdictName(verdict) << ". The full kernel reaches "
        << limiterFormatted(100 * fBw) << "% of the bandwidth ceiling and " << limiterFormatted(100 * fFma)
        << "% of the FMA ceiling (near = at least " << limiterFormatted(100 * kLimiterNearCeiling)
        << "%; neither near: latency bound). Memory-only takes " << limiterFormatted(100 * tMem / tFull)
        << "% of the full time, math-only " << limiterFormatted(100 * tMath / tFull) << "%; overlap "
        << limiterFormatted(100 * overlap) << "%.";
    result.notes.push_back(why.str());
  }
  if (scope == RunScope::FullSweep && lowest && highest) {
    auto verdictAt = [&](const LimiterPoint& p) {
      return limiterVerdict(limiterGBs(elements, p.full.ms) / ceilings.bandwidthGBs,
                            limiterGflops(elements, p.fmasPerElement, p.full.ms) / ceilings.fmaGflops);
    };
    result.scalars.push_back({"limiter.verdict_at_min_intensity",
                              "Limiter at " + kText(lowest->fmasPerElement) + " (0 memory, 1 compute, 2 latency)",
                              static_cast<double>(verdictAt(*lowest)), ""});
    result.scalars.push_back({"limiter.verdict_at_max_intensity",
                              "Limiter at " + kText(highest->fmasPerElement) + " (0 memory, 1 compute, 2 latency)",
                              static_cast<double>(verdictAt(*highest)), ""});
  }
  result.views = {std::move(bars), std::move(times), std::move(fractions), std::move(ratio),
                  limiterCountersView(lab, extras.counters, focusK, elements, device.warpSize),
                  limiterSyncView(lab, extras.sync, modelled)};
  addLimiterCounterScalars(result, extras.counters, device);
  addLimiterSyncScalars(result, extras.sync);
  result.notes.push_back("Store-only (the seed's memory-only with the loads removed too) stores each element's "
                         "index-formed value: half the bytes, all writes, no load latency to hide.");
  result.notes.push_back("Each kernel streams " + std::to_string(elements) + " floats (" +
                         std::to_string(elements * 4 >> 20) + " MiB in, as much out); each block streams a contiguous span per iteration, every thread " +
                         std::to_string(kLimiterElementsPerThread) + " of its elements, loads first, then " +
                         std::to_string(kLimiterElementsPerThread) + " independent FMA chains of K (ILP " +
                         std::to_string(kLimiterElementsPerThread) + "), then the stores.");
  result.notes.push_back("Ceilings: bandwidth = " + ceilings.bandwidthSource + "; FP32 = " + ceilings.fmaSource + ".");
  return result;
}

std::vector<BenchCheck> limiterBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  const Scalar* low = sweep.findScalar("limiter.verdict_at_min_intensity");
  const Scalar* high = sweep.findScalar("limiter.verdict_at_max_intensity");
  BenchCheck memory;
  memory.what = "limiter at the lowest intensity (0 memory, 1 compute, 2 latency)";
  memory.value = low ? low->value : -1;
  memory.target = "memory bound (0)";
  memory.pass = low && static_cast<int>(low->value) == static_cast<int>(LimiterVerdict::Memory);
  BenchCheck compute;
  compute.what = "limiter at the highest intensity (0 memory, 1 compute, 2 latency)";
  compute.value = high ? high->value : -1;
  compute.target = "compute bound (1)";
  compute.pass = high && static_cast<int>(high->value) == static_cast<int>(LimiterVerdict::Compute);
  return {memory, compute};
}

}  // namespace warpscope::labs
