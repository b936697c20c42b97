#include "labs/user_kernel/user_kernel_points.h"

#include "labs/user_kernel/user_kernel_sass.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <sstream>

namespace warpscope::labs::user_kernel {
namespace {

bool hasThroughput(const KernelHeader& header) { return header.bytes.has_value() || header.flops.has_value(); }

/// GB/s when the header says the bytes a launch moves, else GFLOP/s.
struct Throughput {
  bool bytes = true;
  const char* unit = "GB/s";
  const char* label = "Throughput (GB/s)";
};
Throughput throughputOf(const KernelHeader& header) {
  if (header.bytes) return {};
  return {false, "GFLOP/s", "Throughput (GFLOP/s)"};
}

std::string axisLabel(const UserParam& param) {
  return param.spec.unit.empty() ? param.spec.label : param.spec.label + " (" + param.spec.unit + ")";
}

/// A rate at a time (us) per launch, in units of 1e9 per second.
double per(double amount, double us) { return us > 0 ? amount / (us * 1e-6) / 1e9 : 0; }

Series& seriesFor(View& view, const UserKernelPlan& plan, double key) {
  for (Series& s : view.series)
    if (s.key == key) return s;
  view.series.push_back({seriesName(plan, key), {}, key});
  return view.series.back();
}

void focusOn(View& view, const UserKernelPlan& plan) {
  view.hasFocus = plan.xParam != nullptr;
  view.focusSeries = seriesName(plan, plan.focus.seriesKey);
  view.focusX = plan.focus.x;
}

std::string formatNumber(double value) {
  std::ostringstream s;
  s.precision(4);
  s << value;
  return s.str();
}

}  // namespace

std::vector<ViewSpec> userKernelViews(const KernelHeader& header) {
  std::vector<ViewSpec> views = {{"time", "Kernel time", ViewKind::Xy}};
  if (hasThroughput(header)) {
    const Throughput t = throughputOf(header);
    views.push_back({"throughput",
                     std::string("Throughput against the device's ceiling (") + t.unit + ")",
                     ViewKind::Xy,
                     ViewSource::Run,
                     {"Ceiling"}});
  }
  if (header.bytes && header.flops)
    views.push_back({"roofline", "The roofline point", ViewKind::Xy, ViewSource::Run, {"Roof:"}});
  views.push_back({"occupancy", "Occupancy and what limits it, per variant", ViewKind::Bars, ViewSource::Calculator});
  views.push_back({"registers", "Registers per thread, per variant", ViewKind::Bars, ViewSource::Compiler});
  views.push_back({kSassViewId, kSassViewTitle, ViewKind::Listing, ViewSource::Compiler});
  return views;
}

void addUserKernelViews(RunResult& result, const KernelHeader& header, const UserKernelPlan& plan,
                        const std::vector<PointOutcome>& points, const UserKernelCeilings& ceilings) {
  const std::vector<ViewSpec> specs = userKernelViews(header);
  const auto declared = [&](const std::string& id) {
    for (const ViewSpec& spec : specs)
      if (spec.id == id) return View{spec.id, spec.title, spec.kind};
    return View{id, id, ViewKind::Xy};
  };
  const std::string xLabel = plan.xParam ? axisLabel(*plan.xParam) : "Point";
  const bool timed = std::any_of(points.begin(), points.end(), [](const PointOutcome& p) { return p.timed; });

  if (timed) {
    View time = declared("time");
    time.xLabel = xLabel;
    time.yLabel = "Kernel time (us)";
    for (const PointOutcome& p : points)
      if (p.timed) seriesFor(time, plan, p.point.seriesKey).points.push_back({p.point.x, p.medianUs, p.minUs, p.maxUs});
    focusOn(time, plan);
    result.views.push_back(std::move(time));

    if (hasThroughput(header)) {
      const Throughput t = throughputOf(header);
      View rate = declared("throughput");
      rate.xLabel = xLabel;
      rate.yLabel = t.label;
      double xMin = 0, xMax = 0;
      bool first = true;
      for (const PointOutcome& p : points) {
        const std::optional<double>& amount = t.bytes ? p.bytes : p.flops;
        if (!p.timed || !amount) continue;
        // The slowest launch gives the lowest rate.
        seriesFor(rate, plan, p.point.seriesKey)
            .points.push_back({p.point.x, per(*amount, p.medianUs), per(*amount, p.maxUs), per(*amount, p.minUs)});
        xMin = first ? p.point.x : std::min(xMin, p.point.x);
        xMax = first ? p.point.x : std::max(xMax, p.point.x);
        first = false;
      }
      const double ceiling = t.bytes ? ceilings.memcpyGbps : ceilings.fp32Gflops;
      if (ceiling > 0 && !first) {
        const std::string name = t.bytes ? "Ceiling: cudaMemcpy device to device" : "Ceiling: FP32 FMA peak";
        rate.series.push_back({name, {{xMin, ceiling, ceiling, ceiling}, {xMax, ceiling, ceiling, ceiling}}, -1});
      }
      focusOn(rate, plan);
      result.views.push_back(std::move(rate));
    }

    if (header.bytes && header.flops) {
      View roof = declared("roofline");
      roof.xLabel = "Arithmetic intensity (FLOP/byte)";
      roof.yLabel = "GFLOP/s";
      roof.logX = roof.logY = true;
      double aiMin = 0, aiMax = 0;
      bool first = true;
      for (const PointOutcome& p : points) {
        if (!p.timed || !p.bytes || !p.flops || *p.bytes <= 0 || *p.flops <= 0) continue;
        const double ai = *p.flops / *p.bytes;
        seriesFor(roof, plan, p.point.seriesKey)
            .points.push_back({ai, per(*p.flops, p.medianUs), per(*p.flops, p.maxUs), per(*p.flops, p.minUs)});
        aiMin = first ? ai : std::min(aiMin, ai);
        aiMax = first ? ai : std::max(aiMax, ai);
        first = false;
      }
      if (!first && ceilings.memcpyGbps > 0 && ceilings.fp32Gflops > 0) {
        // The roof from a tenth of the lowest intensity to ten times the ridge or the highest.
        const double ridge = ceilings.fp32Gflops / ceilings.memcpyGbps;
        const double lo = aiMin / 10, hi = std::max(aiMax, ridge) * 10;
        const auto roofAt = [&](double ai) { return std::min(ceilings.fp32Gflops, ai * ceilings.memcpyGbps); };
        roof.series.push_back({"Roof: memcpy bandwidth and FP32 peak",
                               {{lo, roofAt(lo), roofAt(lo), roofAt(lo)},
                                {ridge, roofAt(ridge), roofAt(ridge), roofAt(ridge)},
                                {hi, roofAt(hi), roofAt(hi), roofAt(hi)}},
                               -1});
      }
      result.views.push_back(std::move(roof));
    }
  }

  // Per variant (first point of each, in the order visited): occupancy with its limiter, registers.
  View occupancy = declared("occupancy");
  View registers = declared("registers");
  occupancy.bars.categoryLabel = registers.bars.categoryLabel = "Variant";
  occupancy.bars.valueLabel = "Occupancy (% of the SM's warps)";
  registers.bars.valueLabel = "Registers per thread";
  BarSeries calculated{"Occupancy calculator", {}}, onGpu{"CUDA occupancy API", {}}, regs{"Registers", {}};
  std::map<std::string, bool> seen;
  // Which resource limits each bar, said once per resource under the chart: on the bars' own
  // labels it would not fit a projector's width (twelve variants at 1280 pixels).
  std::map<std::string, std::vector<std::string>> byLimiter;
  bool anyOnGpu = false;
  for (const PointOutcome& p : points) {
    const std::string key = p.variant + " @ " + std::to_string(p.resources.threadsPerBlock);
    if (seen[key]) continue;
    seen[key] = true;
    const VariantResources& r = p.resources;
    occupancy.bars.categories.push_back(p.variant);
    byLimiter[r.limiter].push_back(p.variant);
    registers.bars.categories.push_back(p.variant);
    calculated.values.push_back({r.occupancyPct, r.occupancyPct, r.occupancyPct});
    const double apiPct =
        r.blocksPerSmOnGpu >= 0 && r.blocksPerSm > 0 ? r.occupancyPct * r.blocksPerSmOnGpu / r.blocksPerSm : 0;
    anyOnGpu = anyOnGpu || r.blocksPerSmOnGpu >= 0;
    onGpu.values.push_back({apiPct, apiPct, apiPct});
    regs.values.push_back(
        {static_cast<double>(r.registers), static_cast<double>(r.registers), static_cast<double>(r.registers)});
  }
  occupancy.bars.series.push_back(std::move(calculated));
  if (anyOnGpu) occupancy.bars.series.push_back(std::move(onGpu));
  registers.bars.series.push_back(std::move(regs));
  result.views.push_back(std::move(occupancy));
  result.views.push_back(std::move(registers));
  std::string limiters;
  for (const auto& [limiter, variants] : byLimiter) {
    std::string names;
    for (const std::string& v : variants) names += (names.empty() ? "" : "; ") + v;
    std::string name = limiter;
    if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    limiters += (limiters.empty() ? "" : ". ") + name + ": " +
                (variants.size() == seen.size() && seen.size() > 1 ? "every variant" : names);
  }
  result.notes.push_back("What limits occupancy. " + limiters + ".");

  // The focus point's figures.
  const auto focus = std::find_if(points.begin(), points.end(), [](const PointOutcome& p) { return p.point.isFocus; });
  if (focus == points.end()) return;
  const VariantResources& r = focus->resources;
  result.scalars.push_back({"user.registers", "Registers per thread", static_cast<double>(r.registers), "registers"});
  result.scalars.push_back({"user.static_shared_bytes", "Static shared memory per block",
                            static_cast<double>(r.staticSharedBytes), "bytes"});
  result.scalars.push_back({"user.dynamic_shared_bytes", "Dynamic shared memory per block",
                            static_cast<double>(r.dynamicSharedBytes), "bytes"});
  result.scalars.push_back({"user.local_bytes", "Local memory per thread (spills, stack)",
                            static_cast<double>(r.localBytesPerThread), "bytes"});
  result.scalars.push_back(
      {"user.blocks_per_sm", "Blocks per SM (occupancy calculator)", static_cast<double>(r.blocksPerSm), "blocks"});
  result.scalars.push_back({"user.occupancy_pct", "Occupancy", r.occupancyPct, "%"});
  if (r.blocksPerSmOnGpu >= 0)
    result.scalars.push_back({"user.blocks_per_sm_gpu", "Blocks per SM (CUDA occupancy API)",
                              static_cast<double>(r.blocksPerSmOnGpu), "blocks"});
  result.notes.push_back("Focus variant " + focus->variant + ", " + std::to_string(r.threadsPerBlock) +
                         " threads a block: occupancy " +
                         (r.limiter.rfind("full", 0) == 0 ? r.limiter : "limited by " + r.limiter) + ".");
  if (focus->timed) {
    result.scalars.push_back({"user.time_us", "Kernel time (median)", focus->medianUs, "us"});
    if (focus->bytes) {
      const double gbps = per(*focus->bytes, focus->medianUs);
      result.scalars.push_back({"user.gbps", "Bandwidth", gbps, "GB/s"});
      if (ceilings.memcpyGbps > 0)
        result.scalars.push_back(
            {"user.fraction_of_memcpy", "Fraction of cudaMemcpy's bandwidth", gbps / ceilings.memcpyGbps, ""});
    }
    if (focus->flops) {
      const double gflops = per(*focus->flops, focus->medianUs);
      result.scalars.push_back({"user.gflops", "Arithmetic", gflops, "GFLOP/s"});
      if (ceilings.fp32Gflops > 0)
        result.scalars.push_back(
            {"user.fraction_of_fp32_peak", "Fraction of the FP32 peak", gflops / ceilings.fp32Gflops, ""});
    }
  }
  if (ceilings.memcpyGbps > 0)
    result.notes.push_back("Ceilings measured on this device in this session: cudaMemcpy device to device " +
                           formatNumber(ceilings.memcpyGbps) + " GB/s" +
                           (ceilings.fp32Gflops > 0
                                ? ", FP32 FMA peak " + formatNumber(ceilings.fp32Gflops) + " GFLOP/s"
                                : std::string()) +
                           ".");
}

}  // namespace warpscope::labs::user_kernel
