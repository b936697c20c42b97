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

View syntheticPageMapView(int rows, int columns, int changeCount, unsigned seed) {
  View v;
  v.id = "page-map";
  v.title = "Page residency map (synthetic demo data, not a measurement)";
  v.kind = ViewKind::Grid;
  Grid& g = v.grid;
  g.rowAxisLabel = "2 MiB chunk";
  g.columnAxisLabel = "4 KiB page";
  for (int r = 0; r < rows; ++r) g.rowLabels.push_back("chunk " + std::to_string(r));
  for (int c = 0; c < columns; ++c) g.columnLabels.push_back(std::to_string(c));
  g.states = {{"unpopulated", "Not yet touched"}, {"cpu", "On the CPU"},
              {"gpu0", "On GPU 0"},               {"gpu1", "On GPU 1"},
              {"duplicated", "Duplicated (read-only copies)"}, {"remote-mapped", "Remote-mapped"},
              {"pinned", "Pinned (thrashing)"},   {"evicting", "Being evicted"}};
  enum { kUnpopulated, kCpu, kGpu0, kGpu1, kDuplicated, kRemote, kPinned, kEvicting };
  g.timeUnit = "us";
  g.levels = {{"64 KiB blocks", 16}, {"2 MiB chunks", columns}};
  const int cells = rows * columns;
  // The host wrote the first 7/8 of the buffer; the tail was never touched.
  GridFrame initial{0, "t = 0 us", std::vector<int>(static_cast<size_t>(cells), kCpu), {}};
  std::fill(initial.cells.begin() + cells / 8 * 7, initial.cells.end(), kUnpopulated);
  g.frames.push_back(std::move(initial));

  Lcg rng(seed);
  std::vector<GridChange>& out = g.changes;
  out.reserve(static_cast<size_t>(changeCount) + 64);
  std::vector<char> resident(static_cast<size_t>(rows), 0);
  std::vector<int> lru;  // resident chunks, oldest first
  const int capacity = std::max(1, rows * 3 / 5);
  int fronts[3] = {0, cells / 3 / 16 * 16, cells * 2 / 3 / 16 * 16};
  double t = 0;
  while (static_cast<int>(out.size()) < changeCount) {
    t += rng.between(2, 9);
    const int f = static_cast<int>(rng.next() % 3);
    // One fault batch: mostly a few 4 KiB pages (so 64 KiB blocks are often partly migrated),
    // sometimes a 64 KiB prefetch, rarely a whole 2 MiB chunk (the density prefetcher).
    const unsigned kind = rng.next() % 100;
    const int pages = kind < 85 ? rng.between(1, 8) : kind < 99 ? 16 : columns;
    int first = fronts[f];
    if (first >= cells) first = fronts[f] = 0;  // the next pass over the buffer
    const int count = std::min(pages, cells - first);
    fronts[f] = first + count;
    const int row = first / columns;
    const int state = row % 16 == 5 ? kGpu1 : row % 16 == 9 ? kDuplicated : kGpu0;
    out.push_back({t, first, count, state});
    for (int r = row; r <= (first + count - 1) / columns; ++r) {
      if (resident[static_cast<size_t>(r)]) continue;
      resident[static_cast<size_t>(r)] = 1;
      lru.push_back(r);
      if (static_cast<int>(lru.size()) > capacity) {
        // GPU memory is full: the oldest chunk is evicted whole, then lands on the CPU.
        const int victim = lru.front();
        lru.erase(lru.begin());
        resident[static_cast<size_t>(victim)] = 0;
        out.push_back({t + 1, victim * columns, columns, kEvicting});
        out.push_back({t + rng.between(30, 90), victim * columns, columns, kCpu});
      }
    }
    // Now and then a range is remote-mapped (or pinned by the thrashing heuristic) instead.
    const auto inside = [cells](int start, int n) { return GridChange{0, start, std::min(n, cells - start), 0}; };
    if (rng.next() % 400 == 0) {
      GridChange c = inside(row * columns + columns / 2, std::min(64, columns / 2));
      out.push_back({t + 3, c.firstCell, c.count, kRemote});
    }
    if (rng.next() % 600 == 0) {
      GridChange c = inside(first, 16);
      out.push_back({t + 5, c.firstCell, c.count, kPinned});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const GridChange& a, const GridChange& b) { return a.time < b.time; });
  out.resize(static_cast<size_t>(changeCount));
  return v;
}

RunResult syntheticPageMapResult(int rows, int columns, int changeCount) {
  RunResult r;
  r.labId = "demo";
  r.deviceId = "sim:demo";
  r.deviceName = "synthetic page map, no device";
  r.provenance = Provenance::Simulated;
  View map = syntheticPageMapView(rows, columns, changeCount);
  View timeline;
  timeline.id = "um-timeline";
  timeline.title = "Unified-memory events (synthetic demo data)";
  timeline.kind = ViewKind::Timeline;
  Timeline& t = timeline.timeline;
  t.timeLabel = "Time (us)";
  t.timeUnit = "us";
  t.rows = {{"GPU page faults (batches)", "", 0}, {"HtoD", "", 0}, {"DtoH", "", 0}};
  t.kinds = {{"gpu-fault", "GPU page faults (batch)"}, {"htod", "Host to device"}, {"dtoh", "Device to host"}};
  for (const GridChange& c : map.grid.changes) {
    const std::string bytes = std::to_string(c.count * 4) + " KiB";
    if (c.state == 2 || c.state == 3) {
      t.events.push_back({0, c.time - 2, c.time, "gpu-fault", 0, bytes});
      t.events.push_back({1, c.time, c.time + 1.5, "htod", 0, bytes});
    } else if (c.state == 1) {
      t.events.push_back({2, c.time - 20, c.time, "dtoh", 0, bytes});
    }
    if (t.events.size() > 20000) break;  // enough to see; the page map holds the rest
  }
  r.views = {timeline, map};
  return r;
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
