// The divergence lab's trace: the efficiency and the seed's divergence formula from recorded
// masks, the GPU's SM clocks put on one time base, and the timeline view of a trace. Shared by
// the model (which writes the same segments) and the CUDA measurement.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "labs/divergence/divergence_lab.h"
#include "labs/divergence/divergence_model.h"
#include "core/sweep_format.h"

namespace warpscope::labs {
namespace {

std::string hex32(std::uint32_t v) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", v);
  return text;
}

std::string pathLabel(const PatternShape& shape, int path) {
  switch (static_cast<DivergencePattern>(shape.pattern)) {
    case DivergencePattern::Uniform: return "The one path";
    case DivergencePattern::Nested: {
      std::string sides;
      for (int level = 0; level < shape.depth; ++level)
        sides += std::string(level ? ", " : "") + (((path >> (shape.depth - 1 - level)) & 1) ? "else" : "then");
      return "Leaf " + std::to_string(path) + " (" + sides + ")";
    }
    case DivergencePattern::Loop: return "Iteration " + std::to_string(path + 1);
    case DivergencePattern::Switch: return "Case " + std::to_string(path);
    default: return path == 0 ? "Path 0 (if)" : "Path 1 (else)";
  }
}

}  // namespace

double warpEfficiency(const DivergenceTrace& trace) {
  double weighted = 0, total = 0;
  for (const WarpTrace& w : trace.warps)
    for (const TraceSegment& s : w.segments) {
      const double d = std::max(0.0, s.end - s.start);
      weighted += d * std::popcount(s.mask);
      total += d * kWarpLanes;
    }
  return total > 0 ? weighted / total : 0;
}

double traceControlFlowDivergencePct(const DivergenceTrace& trace) {
  std::vector<std::uint32_t> masks;
  for (const WarpTrace& w : trace.warps)
    for (const TraceSegment& s : w.segments) masks.push_back(s.mask);
  // Every segment runs the same work_fmas instructions, so equal weights.
  return controlFlowDivergencePct(masks, std::vector<double>(masks.size(), 1.0));
}

DivergenceTrace alignTrace(const std::vector<RawWarp>& warps, double nominalCyclesPerNs, ClockAlignment* alignment) {
  // Per SM: the (globaltimer, clock64) pairs read together at each segment's entry, relative to
  // the SM's first pair so that doubles keep every cycle.
  struct SmFit {
    std::uint64_t clock0 = 0, global0 = 0;
    bool seen = false;
    double sumG = 0, sumC = 0, n = 0;
    double offset = 0;  // cycles, on the common base: aligned = (clock - clock0) - offset
  };
  std::map<int, SmFit> fits;
  std::uint64_t globalMin = ~std::uint64_t{0};
  for (const RawWarp& w : warps)
    for (const RawSegment& s : w.segments) {
      SmFit& f = fits[s.sm];
      if (!f.seen) {
        f.seen = true;
        f.clock0 = s.startClock;
        f.global0 = s.startGlobalNs;
      }
      globalMin = std::min(globalMin, s.startGlobalNs);
    }
  auto g = [&](const RawSegment& s) { return static_cast<double>(static_cast<std::int64_t>(s.startGlobalNs - globalMin)); };
  auto c = [&](const RawSegment& s, const SmFit& f) {
    return static_cast<double>(static_cast<std::int64_t>(s.startClock - f.clock0));
  };
  for (const RawWarp& w : warps)
    for (const RawSegment& s : w.segments) {
      SmFit& f = fits[s.sm];
      f.sumG += g(s);
      f.sumC += c(s, f);
      f.n += 1;
    }
  // Pooled slope: each SM keeps its own intercept.
  double sxy = 0, sxx = 0;
  for (const RawWarp& w : warps)
    for (const RawSegment& s : w.segments) {
      const SmFit& f = fits[s.sm];
      const double dg = g(s) - f.sumG / f.n;
      sxy += dg * (c(s, f) - f.sumC / f.n);
      sxx += dg * dg;
    }
  const double rate = sxx > 0 && sxy > 0 ? sxy / sxx : nominalCyclesPerNs;
  for (auto& [sm, f] : fits) f.offset = f.sumC / f.n - rate * f.sumG / f.n;

  DivergenceTrace trace;
  double earliest = 1e300;
  double worst = 0;
  for (const RawWarp& w : warps) {
    WarpTrace out;
    out.block = w.block;
    out.warpInBlock = w.warpInBlock;
    out.sm = w.segments.empty() ? 0 : w.segments.front().sm;
    for (const RawSegment& s : w.segments) {
      const SmFit& f = fits[s.sm];
      const double start = c(s, f) - f.offset;
      const double end = start + static_cast<double>(static_cast<std::int64_t>(s.endClock - s.startClock));
      out.segments.push_back({s.path, s.rep, s.mask, start, end});
      earliest = std::min(earliest, start);
      if (rate > 0) worst = std::max(worst, std::abs(start / rate - g(s)));
    }
    std::sort(out.segments.begin(), out.segments.end(),
              [](const TraceSegment& a, const TraceSegment& b) { return a.start < b.start; });
    trace.warps.push_back(std::move(out));
  }
  if (earliest < 1e300)
    for (WarpTrace& w : trace.warps)
      for (TraceSegment& s : w.segments) {
        s.start -= earliest;
        s.end -= earliest;
      }
  std::ostringstream basis;
  basis.precision(4);
  basis << "GPU cycles: each SM's clock64 put on one base through %globaltimer (32 ns steps on Hopper): SM clock "
        << rate << " cycles/ns fitted over " << fits.size() << " SMs, worst residual " << worst << " ns.";
  trace.timeBasis = basis.str();
  if (alignment) {
    alignment->cyclesPerNs = rate;
    alignment->sms.clear();
    alignment->offsetCycles.clear();
    for (const auto& [sm, f] : fits) {
      alignment->sms.push_back(sm);
      alignment->offsetCycles.push_back(static_cast<double>(f.clock0) + f.offset);
    }
    alignment->worstResidualNs = worst;
  }
  return trace;
}

View warpTimelineView(const DivergenceTrace& trace, const PatternShape& shape, int tracedSms) {
  View view = declaredView(divergenceSpec(), "warp-timeline");
  Timeline& tl = view.timeline;
  tl.timeLabel = "Time (SM cycles)";
  tl.timeUnit = "cycles";
  std::set<int> sms;
  for (const WarpTrace& w : trace.warps) sms.insert(w.sm);
  std::set<int> shown;
  for (int sm : sms) {
    if (static_cast<int>(shown.size()) >= tracedSms) break;
    shown.insert(sm);
  }
  std::vector<const WarpTrace*> rows;
  for (const WarpTrace& w : trace.warps)
    if (shown.count(w.sm)) rows.push_back(&w);
  std::sort(rows.begin(), rows.end(), [](const WarpTrace* a, const WarpTrace* b) {
    return std::tie(a->sm, a->block, a->warpInBlock) < std::tie(b->sm, b->block, b->warpInBlock);
  });
  std::set<int> paths;
  // A step is "the next path": the n-th segment of a repetition, wherever each warp runs it. It
  // stops at the earliest warp's start, so on a GPU (warps a few cycles apart) one step still
  // advances every warp by one path instead of one warp at a time.
  std::map<std::pair<int, int>, double> stepStarts;  // (repetition, segment within it) -> start
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const WarpTrace& w = *rows[r];
    std::map<int, int> segmentsSeen;  // per repetition
    std::vector<const TraceSegment*> ordered;
    for (const TraceSegment& s : w.segments) ordered.push_back(&s);
    std::sort(ordered.begin(), ordered.end(), [](const TraceSegment* a, const TraceSegment* b) { return a->start < b->start; });
    for (const TraceSegment* s : ordered) {
      const auto key = std::pair{s->rep, segmentsSeen[s->rep]++};
      const auto [it, fresh] = stepStarts.emplace(key, s->start);
      if (!fresh) it->second = std::min(it->second, s->start);
    }
    tl.rows.push_back({"block " + std::to_string(w.block) + ", warp " + std::to_string(w.warpInBlock),
                       "SM " + std::to_string(w.sm), kWarpLanes});
    for (const TraceSegment& s : w.segments) {
      std::ostringstream payload;
      payload << pathLabel(shape, s.path) << ", repetition " << s.rep + 1 << ", mask " << hex32(s.mask) << " ("
              << std::popcount(s.mask) << " lanes), " << std::lround(s.end - s.start) << " cycles";
      tl.events.push_back({static_cast<int>(r), s.start, s.end, "path-" + std::to_string(s.path), s.mask, payload.str()});
      paths.insert(s.path);
    }
  }
  for (int p : paths) tl.kinds.push_back({"path-" + std::to_string(p), pathLabel(shape, p)});
  for (const auto& [key, start] : stepStarts) tl.steps.push_back(start);
  std::sort(tl.steps.begin(), tl.steps.end());
  tl.steps.erase(std::unique(tl.steps.begin(), tl.steps.end()), tl.steps.end());
  return view;
}

}  // namespace warpscope::labs
