#include "demo_views.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace warpscope::ui {

namespace {

/// A small deterministic generator (the same pictures on every machine and run).
class Lcg {
 public:
  explicit Lcg(unsigned seed) : state_(seed * 2654435761u + 1u) {}
  unsigned next() {
    state_ = state_ * 1664525u + 1013904223u;
    return state_ >> 8;
  }
  /// Uniform in [lo, hi].
  int between(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<unsigned>(hi - lo + 1)); }

 private:
  unsigned state_;
};

constexpr std::uint64_t kOddLanes = 0xAAAAAAAAull;
constexpr std::uint64_t kEvenLanes = 0x55555555ull;

std::vector<SpanKind> warpKinds() {
  return {{"path-1", "Path 1 (if: odd lanes)"},
          {"path-2", "Path 2 (else: even lanes)"},
          {"converged", "Converged (all lanes)"},
          {"stall", "Waiting on memory"}};
}

std::string hex(std::uint64_t mask) {
  static const char* digits = "0123456789abcdef";
  std::string s = "0x";
  for (int shift = 28; shift >= 0; shift -= 4) s += digits[(mask >> shift) & 0xF];
  return s;
}

}  // namespace

Timeline syntheticWarpTimeline(int sms, int warpsPerSm, int lanes, int spansPerWarp, unsigned seed) {
  Timeline t;
  t.timeLabel = "Time (SM cycles)";
  t.timeUnit = "cycles";
  t.kinds = warpKinds();
  Lcg rng(seed);
  const std::uint64_t all = lanes >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << lanes) - 1;
  t.rows.reserve(static_cast<size_t>(sms * warpsPerSm));
  t.events.reserve(static_cast<size_t>(sms * warpsPerSm * spansPerWarp));
  for (int sm = 0; sm < sms; ++sm)
    for (int w = 0; w < warpsPerSm; ++w) {
      const int row = static_cast<int>(t.rows.size());
      t.rows.push_back({"warp " + std::to_string(w), "SM " + std::to_string(sm), lanes});
      double at = rng.between(0, 120) + 6.0 * w;
      for (int i = 0; i < spansPerWarp; ++i) {
        // A divergent branch: if, else, then back together; memory stalls in between.
        const int phase = i % 4;
        const char* kind = phase == 0 ? "converged" : phase == 1 ? "path-1" : phase == 2 ? "path-2" : "stall";
        const std::uint64_t mask = phase == 0 ? all : phase == 1 ? kOddLanes & all : phase == 2 ? kEvenLanes & all : 0;
        const double length = rng.between(phase == 3 ? 80 : 30, phase == 3 ? 400 : 160);
        t.events.push_back({row, at, at + length, kind, mask, "mask " + hex(mask)});
        at += length + rng.between(0, 12);
      }
    }
  return t;
}

View demoTimelineView() {
  View v;
  v.id = "warp-timeline";
  v.title = "Warp divergence: if/else paths serialise";
  v.kind = ViewKind::Timeline;
  v.timeline = syntheticWarpTimeline(2, 4, 32, 8, 7);
  // Step through the run one path at a time.
  for (const TraceEvent& e : v.timeline.events)
    if (e.kind == "path-1" || e.kind == "path-2") v.timeline.steps.push_back(e.start);
  std::sort(v.timeline.steps.begin(), v.timeline.steps.end());
  return v;
}

View demoGridView() {
  View v;
  v.id = "page-map";
  v.title = "Unified memory: pages migrate on first GPU touch";
  v.kind = ViewKind::Grid;
  Grid& g = v.grid;
  g.rowAxisLabel = "2 MiB chunk";
  g.columnAxisLabel = "64 KiB block";
  for (int r = 0; r < 8; ++r) g.rowLabels.push_back("chunk " + std::to_string(r));
  for (int c = 0; c < 16; ++c) g.columnLabels.push_back(std::to_string(c));
  g.states = {{"cpu", "Resident on the CPU"},
              {"migrating", "Migrating (fault batch)"},
              {"gpu", "Resident on the GPU"},
              {"evicted", "Evicted back to the CPU"}};
  g.timeUnit = "us";
  const int cells = g.rows() * g.columns();
  std::vector<int> batch(static_cast<size_t>(cells), 0);  // the fault batch that moved a block
  for (int step = 0; step < 10; ++step) {
    GridFrame f;
    f.time = step * 25.0;
    f.label = "t = " + std::to_string(step * 25) + " us";
    f.cells.resize(static_cast<size_t>(cells));
    f.text.resize(static_cast<size_t>(cells));
    for (int i = 0; i < cells; ++i) {
      // The kernel sweeps the buffer: a diagonal front of faults, GPU-resident behind it, and
      // the oldest chunk evicted late in the run (oversubscription).
      const int row = i / g.columns();
      const int col = i % g.columns();
      const int front = step * 3 - row;
      int state = 0;
      if (col < front - 1) state = 2;
      else if (col <= front) state = 1;
      if (step >= 8 && row == 0 && col < (step - 7) * 6) state = 3;
      if (state != 0 && batch[static_cast<size_t>(i)] == 0) batch[static_cast<size_t>(i)] = step + 1;
      f.cells[static_cast<size_t>(i)] = state;
      if (batch[static_cast<size_t>(i)] > 0 && state != 0) f.text[static_cast<size_t>(i)] = "#" + std::to_string(batch[static_cast<size_t>(i)]);
    }
    g.frames.push_back(std::move(f));
  }
  return v;
}

View demoBarsView() {
  View v;
  v.id = "copy-modes";
  v.title = "Host-to-device strategies compared";
  v.kind = ViewKind::Bars;
  v.bars.categoryLabel = "Mode";
  v.bars.valueLabel = "Effective bandwidth (GB/s)";
  v.bars.categories = {"cudaMemcpy", "Managed, on demand", "Managed + prefetch", "Managed + advise"};
  v.bars.series = {{"Variant A (made up)", {{24.1, 23.2, 24.9}, {6.8, 5.1, 8.0}, {22.7, 21.9, 23.4}, {12.3, 10.8, 13.1}}},
                   {"Variant B (made up)", {{25.0, 25.0, 25.0}, {7.4, 7.4, 7.4}, {23.5, 23.5, 23.5}, {11.0, 11.0, 11.0}}}};
  return v;
}

RunResult demoResult(const std::string& deviceName) {
  RunResult r;
  r.labId = "demo";
  r.deviceId = "sim:demo";
  r.deviceName = deviceName;
  r.provenance = Provenance::Simulated;
  r.views = {demoTimelineView(), demoGridView(), demoBarsView()};
  return r;
}

}  // namespace warpscope::ui
