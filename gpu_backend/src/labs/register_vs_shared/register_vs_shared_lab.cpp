#include "labs/register_vs_shared/register_vs_shared_lab.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "core/param_builders.h"
#include "labs/register_vs_shared/register_vs_shared_cuda.h"
#include "labs/register_vs_shared/register_vs_shared_model.h"
#include "core/sweep_format.h"
#include "labs/register_vs_shared/register_vs_shared_presets.h"

namespace warpscope::labs {

namespace {

/// Bytes the register file delivers to one FMA at full speed: a, b and c (Volkov: "12 bytes in").
constexpr double kRegisterBytesPerFma = 3.0 * kRvsOperandBytes;

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kRegisterVsSharedId;
  lab.title = "Registers versus shared memory (Volkov III)";
  lab.summary =
      "a = a*b + c with b and c from registers or read from shared memory by every FMA. Shared "
      "memory delivers several times fewer bytes per clock than the register file, so an FMA fed "
      "from it stays far below FP32 peak however many threads run: only registers are fast enough "
      "for the peak, and keeping data in registers (more per thread, fewer threads) runs faster.";
  lab.params = {
      intParam("threads_per_block", "Threads per block", "threads", 32, 1024, 32, 256,
               "Threads in each block of the highlighted point. The sweep covers every multiple of 32 "
               "that fits on an SM; threads per SM = threads per block x blocks per SM.",
               ParamRole::Focus),
      intParam("blocks_per_sm", "Blocks per SM", "blocks", 1, 8, 1, 2,
               "Blocks launched per SM (grid = blocks per SM x SM count): 2 reach 2048 threads per SM "
               "on Volta to Hopper.",
               ParamRole::Sweep),
      choiceParam("ilp", "Instruction-level parallelism", "chains",
                  {std::begin(kRvsIlpValues), std::end(kRvsIlpValues)}, 4,
                  "Independent a = a*b + c chains per thread, for every variant. With enough of them "
                  "the register variant reaches peak with few threads; no ILP lifts the shared "
                  "variants above their bandwidth cap.",
                  ParamRole::Sweep),
      namedChoiceParam("variant", "Highlighted variant", {"registers", "shared-1", "shared-2"}, 0,
                       "Where b and c come from in the highlighted series: registers, b from shared "
                       "memory, or b and c from shared memory.",
                       ParamRole::Focus, {"Registers (a, b, c)", "b from shared memory", "b and c from shared memory"}),
  };
  lab.views = {{"gflops-vs-threads", "FP32 FMA throughput vs threads per SM", ViewKind::Xy},
               {"shared-gbps-vs-threads", "Shared-memory bandwidth used vs threads per SM", ViewKind::Xy},
               {"best-vs-ceilings", "Best of each variant against its ceiling", ViewKind::Bars}};
  lab.presets = registerVsSharedPresets();
  lab.docPage = "labs/register-vs-shared.md";
  lab.keyFigures = {"rvs.best_fraction.registers", "rvs.best_fraction.shared_1", "rvs.register_to_shared_ratio", "rvs.register_threads_to_beat_shared"};
  lab.benchChecks = registerVsSharedBenchChecks;
  lab.benchFocusMove = {"threads_per_block", 64, 512};
  return lab;
}

}  // namespace

const LabSpec& registerVsSharedSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition registerVsSharedLab() {
  return {registerVsSharedSpec(), &simulateRegisterVsShared, WARPSCOPE_GPU_MEASUREMENT(measureRegisterVsShared)};
}

std::string rvsVariantKey(int variant) {
  switch (variant) {
    case kRvsRegisters: return "registers";
    case kRvsShared1: return "shared_1";
    default: return "shared_2";
  }
}

std::string rvsVariantName(int variant) {
  switch (variant) {
    case kRvsRegisters: return "Registers (a, b, c)";
    case kRvsShared1: return "b from shared memory";
    default: return "b and c from shared memory";
  }
}

double RvsCeilings::gflopsCap(int variant) const {
  const int operands = rvsSharedOperands(variant);
  if (operands == 0) return fp32Gflops;
  return std::min(fp32Gflops, sharedGbps / (kRvsOperandBytes * operands) * 2.0);
}

RvsCeilings rvsCeilings(const DeviceInfo& device, double sharedBytesPerClockPerSm) {
  RvsCeilings c;
  c.fp32Gflops = device.theoreticalFp32Gflops();
  c.sharedBytesPerClockPerSm = sharedBytesPerClockPerSm;
  c.sharedGbps = sharedBytesPerClockPerSm * device.smCount * device.smClockMhz * 1e-3;
  return c;
}

void checkRvsFeasible(const DeviceInfo& device, const ParamSet& params) {
  const int threads = params.getInt("threads_per_block");
  const int blocks = params.getInt("blocks_per_sm");
  if (threads > device.maxThreadsPerBlock)
    throw BadInputError("threads_per_block = " + std::to_string(threads) + " exceeds the " +
                        std::to_string(device.maxThreadsPerBlock) + " threads a block of " + device.name +
                        " may have");
  if (threads * blocks > device.maxThreadsPerSm)
    throw BadInputError("threads_per_block x blocks_per_sm = " + std::to_string(threads * blocks) +
                        " exceeds the " + std::to_string(device.maxThreadsPerSm) + " threads an SM of " +
                        device.name + " holds; lower either parameter");
  if (blocks > device.maxBlocksPerSm)
    throw BadInputError("blocks_per_sm = " + std::to_string(blocks) + " exceeds the " +
                        std::to_string(device.maxBlocksPerSm) + " blocks an SM of " + device.name + " holds");
}

std::vector<RvsConfig> rvsPlan(const DeviceInfo& device, const ParamSet& params, RunScope scope) {
  const int blocks = params.getInt("blocks_per_sm");
  const int ilp = params.getInt("ilp");
  if (scope == RunScope::FocusOnly)
    return {{params.getInt("variant"), ilp, params.getInt("threads_per_block"), blocks}};
  const int maxThreads = std::min(device.maxThreadsPerBlock, device.maxThreadsPerSm / blocks);
  std::vector<RvsConfig> plan;
  for (int variant : kRvsVariants)
    for (int threads = 32; threads <= maxThreads; threads += 32) plan.push_back({variant, ilp, threads, blocks});
  return plan;
}

namespace {

/// A flat line across the sweep's x range (the same two x in a focus run, so it merges).
Series ceilingLine(const std::string& name, double key, double y, double xFrom, double xTo) {
  return {name, {{xFrom, y, y, y}, {xTo, y, y, y}}, key};
}

/// Shared-memory bytes per second, in GB/s, a variant moves at gflops.
double sharedGbpsAt(int variant, double gflops) {
  return gflops / 2.0 * kRvsOperandBytes * rvsSharedOperands(variant);
}

}  // namespace

RunResult assembleRvsResult(const DeviceInfo& device, const ParamSet& params,
                            const std::vector<RvsMeasurement>& points, const RvsCeilings& ceilings,
                            RunScope scope, const std::vector<double>& modelBest) {
  RunResult result = resultShell(kRegisterVsSharedId, device, params);
  result.focusOnly = scope == RunScope::FocusOnly;

  const int blocks = params.getInt("blocks_per_sm");
  const int focusVariant = params.getInt("variant");
  const double focusX = params.getInt("threads_per_block") * blocks;
  const double xFrom = 32.0 * blocks;
  const double xTo = std::min(device.maxThreadsPerBlock, device.maxThreadsPerSm / blocks) * blocks;

  const LabSpec& lab = registerVsSharedSpec();
  View gflops = declaredView(lab, "gflops-vs-threads");
  gflops.title += " (ILP " + std::to_string(params.getInt("ilp")) + ")";
  gflops.xLabel = "Threads per SM";
  gflops.yLabel = "GFLOP/s (2 flops per FMA)";
  gflops.yMaxHint = ceilings.fp32Gflops * 1.05;
  View shared = declaredView(lab, "shared-gbps-vs-threads");
  shared.title += " (ILP " + std::to_string(params.getInt("ilp")) + ")";
  shared.xLabel = "Threads per SM";
  shared.yLabel = "Shared-memory reads (GB/s)";
  shared.yMaxHint = ceilings.sharedGbps * 1.1;
  for (View* v : {&gflops, &shared}) {
    v->focusSeries = rvsVariantName(focusVariant);
    v->focusX = focusX;
    v->hasFocus = focusVariant != kRvsRegisters || v == &gflops;
  }

  std::map<int, Series> gflopsSeries;  // keyed by variant: series come out in variant order
  std::map<int, Series> sharedSeries;
  std::map<int, const RvsMeasurement*> best;
  const RvsMeasurement* focus = nullptr;
  for (const auto& m : points) {
    const int v = m.config.variant;
    const double x = m.config.threadsPerSm();
    gflopsSeries[v].name = rvsVariantName(v);
    gflopsSeries[v].key = v;
    gflopsSeries[v].points.push_back({x, m.gflopsMedian, m.gflopsMin, m.gflopsMax});
    if (rvsSharedOperands(v) > 0) {
      sharedSeries[v].name = rvsVariantName(v);
      sharedSeries[v].key = v;
      sharedSeries[v].points.push_back(
          {x, sharedGbpsAt(v, m.gflopsMedian), sharedGbpsAt(v, m.gflopsMin), sharedGbpsAt(v, m.gflopsMax)});
    }
    if (!best[v] || m.gflopsMedian > best[v]->gflopsMedian) best[v] = &m;
    if (v == focusVariant && x == focusX) focus = &m;
  }
  for (auto& [v, s] : gflopsSeries) gflops.series.push_back(sortedByX(std::move(s)));
  for (auto& [v, s] : sharedSeries) shared.series.push_back(sortedByX(std::move(s)));
  gflops.series.push_back(ceilingLine("Ceiling: FP32 peak", -1, ceilings.fp32Gflops, xFrom, xTo));
  gflops.series.push_back(ceilingLine("Ceiling: shared bandwidth, 1 operand", -2, ceilings.gflopsCap(kRvsShared1), xFrom, xTo));
  gflops.series.push_back(ceilingLine("Ceiling: shared bandwidth, 2 operands", -3, ceilings.gflopsCap(kRvsShared2), xFrom, xTo));
  shared.series.push_back(ceilingLine("Ceiling: shared-memory bandwidth", -1, ceilings.sharedGbps, xFrom, xTo));
  result.views = {std::move(gflops), std::move(shared)};

  const double sharedGbps = ceilings.sharedGbps;
  result.scalars.push_back({"ceiling.fp32_gflops", "Theoretical FP32 peak", ceilings.fp32Gflops, "GFLOP/s"});
  result.scalars.push_back({"rvs.ceiling.shared_gbps", "Shared-memory bandwidth (bytes/clk/SM x SMs x clock)",
                            sharedGbps, "GB/s"});
  result.scalars.push_back({"rvs.ceiling.shared_bytes_per_clock_per_sm", "Shared-memory bytes per clock per SM",
                            ceilings.sharedBytesPerClockPerSm, "B/clk"});
  for (int v : {kRvsShared1, kRvsShared2})
    result.scalars.push_back({"rvs.ceiling.gflops." + rvsVariantKey(v), "Shared-bandwidth cap, " + rvsVariantName(v),
                              ceilings.gflopsCap(v), "GFLOP/s"});
  result.scalars.push_back({"device.sm_clock_mhz", "SM clock used for the ceilings", device.smClockMhz, "MHz"});
  if (focus) {
    result.scalars.push_back({"focus.gflops", "Highlighted point: throughput", focus->gflopsMedian, "GFLOP/s"});
    result.scalars.push_back({"focus.fraction", "Highlighted point: fraction of FP32 peak",
                              focus->gflopsMedian / ceilings.fp32Gflops, ""});
  }

  if (scope == RunScope::FullSweep) {
    View bars = declaredView(lab, "best-vs-ceilings");
    bars.bars.categoryLabel = "Where b and c come from";
    bars.bars.valueLabel = "GFLOP/s";
    BarSeries measured{modelBest.empty() ? "Best (model)" : "Best (measured)", {}};
    BarSeries model{"Best (model)", {}};
    BarSeries ceiling{"Ceiling: min(FP32 peak, shared bandwidth / bytes per FMA)", {}};
    for (int v : kRvsVariants) {
      if (!best[v]) continue;
      bars.bars.categories.push_back(rvsVariantName(v));
      measured.values.push_back({best[v]->gflopsMedian, best[v]->gflopsMin, best[v]->gflopsMax});
      if (!modelBest.empty()) model.values.push_back({modelBest[v], modelBest[v], modelBest[v]});
      const double cap = ceilings.gflopsCap(v);
      ceiling.values.push_back({cap, cap, cap});
      result.scalars.push_back({"rvs.best_gflops." + rvsVariantKey(v), "Best throughput, " + rvsVariantName(v),
                                best[v]->gflopsMedian, "GFLOP/s"});
      result.scalars.push_back({"rvs.best_fraction." + rvsVariantKey(v), "Best fraction of FP32 peak, " + rvsVariantName(v),
                                best[v]->gflopsMedian / ceilings.fp32Gflops, ""});
      result.scalars.push_back({"rvs.best_threads_per_sm." + rvsVariantKey(v),
                                "Threads per SM of the best point, " + rvsVariantName(v),
                                static_cast<double>(best[v]->config.threadsPerSm()), "threads"});
    }
    bars.bars.series.push_back(std::move(measured));
    if (!modelBest.empty()) bars.bars.series.push_back(std::move(model));
    bars.bars.series.push_back(std::move(ceiling));
    result.views.push_back(std::move(bars));

    // Volkov's "fewer threads can run faster": the fewest threads per SM at which keeping b and c
    // in registers beats the best that reading b from shared memory reaches at any thread count.
    if (best[kRvsRegisters] && best[kRvsShared1]) {
      const RvsMeasurement* fewest = nullptr;
      for (const auto& m : points)
        if (m.config.variant == kRvsRegisters && m.gflopsMedian > best[kRvsShared1]->gflopsMedian &&
            (!fewest || m.config.threadsPerSm() < fewest->config.threadsPerSm()))
          fewest = &m;
      if (fewest) {
        result.scalars.push_back({"rvs.register_threads_to_beat_shared",
                                  "Fewest threads per SM at which registers beat the best of b from shared memory",
                                  static_cast<double>(fewest->config.threadsPerSm()), "threads"});
        std::ostringstream fewer;
        fewer << "Fewer threads, faster: with b and c in registers, " << fewest->config.threadsPerSm()
              << " threads per SM already run " << static_cast<long long>(fewest->gflopsMedian)
              << " GFLOP/s, more than reading b from shared memory reaches at any thread count ("
              << static_cast<long long>(best[kRvsShared1]->gflopsMedian) << " GFLOP/s at "
              << best[kRvsShared1]->config.threadsPerSm() << ").";
        result.notes.push_back(fewer.str());
      }
    }

    // Volkov's comparison in bytes: what the register variant's FMAs read from registers against
    // what the shared variants got out of shared memory.
    double achievedShared = 0;
    for (int v : {kRvsShared1, kRvsShared2})
      if (best[v]) achievedShared = std::max(achievedShared, sharedGbpsAt(v, best[v]->gflopsMedian));
    if (achievedShared > 0) {
      result.scalars.push_back({"rvs.shared_bandwidth_gbps", "Achieved shared-memory bandwidth (best shared variant)",
                                achievedShared, "GB/s"});
      result.scalars.push_back({"rvs.shared_bandwidth_fraction", "Achieved shared-memory bandwidth / its ceiling",
                                achievedShared / sharedGbps, ""});
    }
    if (best[kRvsRegisters]) {
      const double registerGbps = best[kRvsRegisters]->gflopsMedian / 2.0 * kRegisterBytesPerFma;
      result.scalars.push_back({"rvs.register_bandwidth_gbps",
                                "Register operand bandwidth of the register variant (12 B per FMA)", registerGbps, "GB/s"});
      if (achievedShared > 0)
        result.scalars.push_back({"rvs.register_to_shared_ratio",
                                  "Register operand bandwidth / achieved shared-memory bandwidth",
                                  registerGbps / achievedShared, "x"});
      std::ostringstream gap;
      gap.setf(std::ios::fixed);
      gap.precision(1);
      gap << "Here: the register variant's a*b+c read " << registerGbps / 1000.0
          << " TB/s of operands from registers (12 B per FMA, Volkov: \"2 flops, 12 bytes in, 4 bytes out\"); "
          << "shared memory delivered at most " << achievedShared / 1000.0 << " TB/s (ceiling "
          << sharedGbps / 1000.0 << " TB/s = " << ceilings.sharedBytesPerClockPerSm << " B/clk x "
          << device.smCount << " SMs x " << static_cast<int>(device.smClockMhz) << " MHz).";
      result.notes.push_back(gap.str());
    }
  }

  std::ostringstream peak;
  peak.precision(3);
  peak << "Ceilings: FP32 peak = " << device.smCount << " SMs x " << device.fp32LanesPerSm << " lanes x 2 flop x "
       << device.smClockMhz << " MHz = " << ceilings.fp32Gflops / 1000.0 << " TFLOP/s. An FMA reading b from shared "
       << "memory needs 4 B of it, one reading b and c 8 B: at " << ceilings.sharedBytesPerClockPerSm
       << " B/clk/SM against " << device.fp32LanesPerSm << " FMAs/clk/SM they cannot exceed "
       << ceilings.gflopsCap(kRvsShared1) / ceilings.fp32Gflops << " and "
       << ceilings.gflopsCap(kRvsShared2) / ceilings.fp32Gflops << " of peak.";
  result.notes.push_back(peak.str());
  result.notes.push_back(
      "Volkov, part III: \"Only registers are fast enough to get the peak. Consider a*b+c: 2 flops, 12 bytes in, "
      "4 bytes out. This is 8.1 TB/s for 1.3 Tflop/s! Registers can accommodate it. Can shared memory? "
      "4B*32banks*15 SMs*half 1.4GHz = 1.3TB/s only\" (GTX480): shared memory bandwidth is ~6x lower than register "
      "bandwidth on Fermi, and more threads cannot raise a bandwidth ceiling.");
  result.notes.push_back(
      "Why fewer threads can run faster (Volkov): \"Must use registers to run close to the peak. The larger the "
      "bandwidth gap, the more data must come from registers. This may require many registers = low occupancy. "
      "This often can be accomplished by computing multiple outputs per thread\". The register file is split among "
      "the resident threads (GF100: 20 registers per thread at 100% occupancy, 63 at 33%), so fewer threads, each "
      "with more registers, keep more operands in registers and read shared memory less; ILP keeps the FMA "
      "pipeline full at that low occupancy (latency-arith).");
  result.notes.push_back("Each thread runs " + std::to_string(rvsFmasPerThread(kRvsRegisters)) + " (registers), " +
                         std::to_string(rvsFmasPerThread(kRvsShared1)) + " (b from shared) or " +
                         std::to_string(rvsFmasPerThread(kRvsShared2)) +
                         " (b and c from shared) FMAs split over its ILP chains; GFLOP/s counts 2 flops per FMA.");
  return result;
}

std::vector<BenchCheck> registerVsSharedBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  auto value = [&](const std::string& id) {
    const Scalar* s = sweep.findScalar(id);
    return s ? s->value : 0.0;
  };
  std::vector<BenchCheck> checks;
  BenchCheck peak;
  peak.what = "register variant: best fraction of theoretical FP32 peak";
  peak.value = value("rvs.best_fraction.registers");
  peak.target = ">= 0.9";
  peak.pass = peak.value >= 0.9;
  checks.push_back(peak);
  for (int v : {kRvsShared1, kRvsShared2}) {
    BenchCheck capped;
    const double cap = value("rvs.ceiling.gflops." + rvsVariantKey(v));
    capped.what = rvsVariantName(v) + ": best / shared-bandwidth cap";
    capped.value = cap > 0 ? value("rvs.best_gflops." + rvsVariantKey(v)) / cap : 0;
    capped.target = "0.7 .. 1.05";
    capped.pass = capped.value >= 0.7 && capped.value <= 1.05;
    checks.push_back(capped);
  }
  BenchCheck order;
  order.what = "registers faster than b from shared, faster than b and c from shared";
  const double r = value("rvs.best_gflops.registers");
  const double s1 = value("rvs.best_gflops.shared_1");
  const double s2 = value("rvs.best_gflops.shared_2");
  order.pass = r > s1 && s1 > s2 && s2 > 0;
  order.value = order.pass ? 1 : 0;
  order.target = "registers > shared_1 > shared_2";
  std::ostringstream detail;
  detail << "best GFLOP/s: registers " << r << ", shared_1 " << s1 << ", shared_2 " << s2;
  order.detail = detail.str();
  checks.push_back(order);
  return checks;
}

}  // namespace warpscope::labs
