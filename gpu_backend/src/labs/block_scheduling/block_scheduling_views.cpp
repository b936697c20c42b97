// The block-scheduling lab's views and scalars, from a grid's block records and the sweep's
// kernel times: the same assembly for the GPU and the model.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

#include "core/sweep_format.h"
#include "labs/block_scheduling/block_scheduling_lab.h"

namespace warpscope::labs {

namespace {

/// Waves coloured one by one up to this; later ones share the last colour.
constexpr int kWaveKinds = 5;
/// Samples of the resident-over-time curve.
constexpr int kResidentSamples = 400;

std::string waveKind(int wave) { return "wave-" + std::to_string(std::min(wave, kWaveKinds)); }

std::string fixed(double value, int digits) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(digits);
  s << value;
  return s.str();
}

View blocksOnSmsView(const GridPlan& plan, const SchedulingTrace& trace) {
  View view = declaredView(blockSchedulingSpec(), "blocks-on-sms");
  Timeline& t = view.timeline;
  t.timeLabel = "Time from the first block's start (us)";
  t.timeUnit = "us";
  for (int w = 1; w <= kWaveKinds; ++w) {
    const std::string label = w == 1            ? "Wave 1: started at once"
                              : w == 2          ? "Wave 2: waited for a slot"
                              : w == kWaveKinds ? "Wave " + std::to_string(w) + " and later"
                                                : "Wave " + std::to_string(w);
    t.kinds.push_back({waveKind(w), label});
  }
  int slots = plan.residency;
  for (int s : trace.slotsPerSm) slots = std::max(slots, s);
  slots = std::min(slots, 64);  // a row's sub-rows are a 64-bit mask
  const int drawnUsed = std::min<int>(plan.smsDrawn, static_cast<int>(trace.sms.size()));
  std::vector<int> rowOfSm(trace.sms.empty() ? 0 : trace.sms.back() + 1, -1);
  for (int i = 0; i < drawnUsed; ++i) {
    rowOfSm[trace.sms[i]] = i;
    t.rows.push_back({"SM " + std::to_string(trace.sms[i]), "", slots});
  }
  // SMs the grid left idle, drawn empty up to the rows asked for: the one-block grid's other SMs.
  const int idle = plan.smCount - static_cast<int>(trace.sms.size());
  for (int i = 0; i < std::min(idle, plan.smsDrawn - drawnUsed); ++i) t.rows.push_back({"idle SM", "", slots});
  const int notDrawn = plan.smCount - static_cast<int>(t.rows.size());
  if (notDrawn > 0) t.rows.push_back({std::to_string(notDrawn) + " more SMs (not drawn)", "", 0});

  int lastWave = 1;
  for (const PlacedBlock& b : trace.blocks) {
    lastWave = std::max(lastWave, b.wave);
    if (b.sm >= rowOfSm.size() || rowOfSm[b.sm] < 0 || b.slot >= 64) continue;
    std::ostringstream payload;
    payload << "block " << b.block << " on SM " << b.sm << ", slot " << b.slot + 1 << ", wave " << b.wave << ": "
            << fixed(b.startUs, 1) << "-" << fixed(b.endUs, 1) << " us";
    t.events.push_back({rowOfSm[b.sm], b.startUs, b.endUs, waveKind(b.wave), 1ull << b.slot, payload.str()});
  }
  // Step through the waves: each one's first start, then the grid's end.
  for (int w = 1; w <= lastWave; ++w) {
    double first = trace.spanUs;
    for (const PlacedBlock& b : trace.blocks)
      if (b.wave == w) first = std::min(first, b.startUs);
    t.steps.push_back(first);
  }
  t.steps.push_back(trace.spanUs);
  std::sort(t.steps.begin(), t.steps.end());
  t.steps.erase(std::unique(t.steps.begin(), t.steps.end()), t.steps.end());
  t.unlitSubRowLabel = "Pale lines: an SM's free block slots (" + std::to_string(plan.residency) + " per SM)";
  return view;
}

View residentOverTimeView(const GridPlan& plan, const SchedulingTrace& trace) {
  View view = declaredView(blockSchedulingSpec(), "resident-over-time");
  view.xLabel = "Time from the first block's start (us)";
  view.yLabel = "Blocks";
  const double span = std::max(trace.spanUs, 1e-3);
  const double dt = span / kResidentSamples;
  std::vector<int> resident(kResidentSamples + 1, 0);
  std::vector<std::vector<bool>> smBusy(trace.sms.size(), std::vector<bool>(kResidentSamples + 1, false));
  std::vector<int> smIndex(trace.sms.empty() ? 0 : trace.sms.back() + 1, 0);
  for (std::size_t i = 0; i < trace.sms.size(); ++i) smIndex[trace.sms[i]] = static_cast<int>(i);
  for (const PlacedBlock& b : trace.blocks) {
    // The samples inside [start, end): the block is resident there.
    const int first = static_cast<int>(std::ceil(b.startUs / dt - 1e-9));
    for (int s = std::max(0, first); s <= kResidentSamples && s * dt < b.endUs; ++s) {
      ++resident[s];
      smBusy[smIndex[b.sm]][s] = true;
    }
  }
  Series blocks{"Resident blocks", {}, 0};
  Series sms{"SMs with a block", {}, 1};
  for (int s = 0; s <= kResidentSamples; ++s) {
    const double x = s * dt;
    int busy = 0;
    for (const auto& sm : smBusy) busy += sm[s] ? 1 : 0;
    blocks.points.push_back(
        {x, static_cast<double>(resident[s]), static_cast<double>(resident[s]), static_cast<double>(resident[s])});
    sms.points.push_back({x, static_cast<double>(busy), static_cast<double>(busy), static_cast<double>(busy)});
  }
  const double capacity = plan.waveCapacity();
  Series cap{"Capacity: " + std::to_string(plan.smCount) + " SMs x " + std::to_string(plan.residency), {}, 2};
  cap.points = {{0, capacity, capacity, capacity}, {span, capacity, capacity, capacity}};
  view.series = {blocks, sms, cap};
  view.yMaxHint = capacity * 1.1;
  return view;
}

View timeVsBlocksView(const GridPlan& plan, const std::vector<GridTime>& times) {
  View view = declaredView(blockSchedulingSpec(), "time-vs-blocks");
  view.xLabel = "Blocks in the grid";
  view.yLabel = "Kernel time (us)";
  Series kernel{"Kernel time", {}, 0};
  for (const GridTime& g : times)
    kernel.points.push_back({static_cast<double>(g.blocks), g.usMedian, g.usMin, g.usMax});
  kernel = sortedByX(kernel);
  view.series.push_back(kernel);
  if (!kernel.points.empty()) {
    // The lecture's arithmetic: one block's time, plus the block's work for every further wave.
    const double oneBlock = kernel.points.front().y;
    Series waves{"Waves x work: t(1 block) + (waves - 1) x work", {}, 1};
    for (const Point& p : kernel.points) {
      const double w = std::ceil(p.x / plan.waveCapacity());
      const double y = oneBlock + (w - 1) * plan.blockWorkUs;
      waves.points.push_back({p.x, y, y, y});
    }
    view.series.push_back(waves);
  }
  view.focusSeries = "Kernel time";
  view.focusX = plan.blocks;
  view.hasFocus = true;
  return view;
}

double timeAt(const std::vector<GridTime>& times, int blocks) {
  for (const GridTime& g : times)
    if (g.blocks == blocks) return g.usMedian;
  return -1;
}

}  // namespace

RunResult assembleBlockSchedulingResult(const DeviceInfo& device, const ParamSet& params, const GridPlan& plan,
                                        const OccupancyResult& occupancy, const std::vector<BlockRecord>& records,
                                        const std::vector<GridTime>& times) {
  const SchedulingTrace trace = readSchedulingTrace(records);
  RunResult result = resultShell(kBlockSchedulingId, device, params);
  result.views = {blocksOnSmsView(plan, trace), residentOverTimeView(plan, trace), timeVsBlocksView(plan, times)};

  int maxSlots = 0;
  int waited = 0;
  int lastWave = 0;
  double busyUs = 0;
  for (int s : trace.slotsPerSm) maxSlots = std::max(maxSlots, s);
  for (const PlacedBlock& b : trace.blocks) {
    waited += b.wave > 1 ? 1 : 0;
    lastWave = std::max(lastWave, b.wave);
    busyUs += b.endUs - b.startUs;
  }
  const int capacity = plan.waveCapacity();
  auto add = [&](const std::string& id, const std::string& label, double value, const std::string& unit) {
    result.scalars.push_back({id, label, value, unit});
  };
  add("sched.sms", "SMs on the device (N)", plan.smCount, "SMs");
  add("sched.residency", "Residency: blocks per SM", plan.residency, "blocks");
  add("sched.occupancy_pct", "Occupancy at that residency", occupancy.occupancyPct, "%");
  add("sched.limiter", "Resource that limits residency (0 threads, 1 registers, 2 shared memory, 3 block slots)",
      static_cast<double>(occupancy.limiter), "");
  for (const OccupancyLimit& l : occupancy.limits) {
    // "sched.limit.threads": "Blocks per SM the threads alone allow".
    const auto [key, words] = l.resource == OccupancyLimiter::Warps          ? std::pair{"threads", "the threads"}
                              : l.resource == OccupancyLimiter::Registers    ? std::pair{"registers", "the registers"}
                              : l.resource == OccupancyLimiter::SharedMemory ? std::pair{"shared", "shared memory"}
                                                                             : std::pair{"slots", "the block slots"};
    add(std::string("sched.limit.") + key, std::string("Blocks per SM ") + words + " alone allow",
        std::min(l.blocksPerSm, 1 << 20), "blocks");
  }
  add("sched.wave_capacity", "Blocks in one wave (N x residency)", capacity, "blocks");
  add("sched.blocks", "Blocks in the grid (B)", plan.blocks, "blocks");
  add("sched.waves", "Waves: B / (N x residency)", static_cast<double>(plan.blocks) / capacity, "waves");
  add("sched.tail_blocks", "Blocks in the last partial wave", plan.blocks % capacity, "blocks");
  add("sched.block_us", "Work per block", plan.blockWorkUs, "us");
  add("sched.sms_used", "SMs that ran a block", static_cast<double>(trace.sms.size()), "SMs");
  add("sched.max_resident_per_sm", "Most blocks resident on one SM at once", maxSlots, "blocks");
  add("sched.waited_blocks", "Blocks that waited for a slot (wave 2 and later)", waited, "blocks");
  add("sched.last_wave", "Most blocks one slot ran in turn", lastWave, "waves");
  add("sched.kernel_us", "Grid's span: first block's start to last block's end", trace.spanUs, "us");
  add("sched.slot_utilization_pct", "Block slots busy over the span",
      trace.spanUs > 0 ? 100.0 * busyUs / (capacity * trace.spanUs) : 0, "%");
  if (const double t = timeAt(times, 1); t >= 0) add("sched.time_one_block_us", "Kernel time, 1 block", t, "us");
  if (const double t = timeAt(times, capacity); t >= 0)
    add("sched.time_one_wave_us", "Kernel time, one full wave", t, "us");
  if (const double t = timeAt(times, capacity + 1); t >= 0)
    add("sched.time_one_wave_plus_one_us", "Kernel time, one wave plus one block", t, "us");

  std::ostringstream residency;
  residency << "Residency " << plan.residency << " blocks of " << plan.threadsPerBlock << " threads per SM ("
            << fixed(occupancy.occupancyPct, 0) << "% occupancy), limited by " << limiterName(occupancy.limiter)
            << "; one wave is " << plan.smCount << " SMs x " << plan.residency << " = " << capacity << " blocks, so "
            << plan.blocks << " blocks are " << fixed(static_cast<double>(plan.blocks) / capacity, 2) << " waves.";
  result.notes.push_back(residency.str());
  return result;
}

}  // namespace warpscope::labs
