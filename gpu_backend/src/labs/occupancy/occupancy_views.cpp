// The occupancy lab's assembly: the calculator's answer at the sliders as scalars and notes, the
// limits as bars, the three calculator curves, and the register-cap bars. Both backends end here.
#include <algorithm>
#include <climits>
#include <sstream>

#include "labs/occupancy/occupancy_lab.h"
#include "core/sweep_format.h"

namespace warpscope::labs {

namespace {

constexpr const char* kRuleSeries = "CUDA's rule";
constexpr const char* kSimpleSeries = "Lecture arithmetic";

const OccupancyLimiter kResources[] = {OccupancyLimiter::Warps, OccupancyLimiter::Registers,
                                       OccupancyLimiter::SharedMemory, OccupancyLimiter::Blocks};

/// "threads/warps" -> "warps" and so on: scalar ids.
const char* resourceKey(OccupancyLimiter r) {
  switch (r) {
    case OccupancyLimiter::Warps: return "warps";
    case OccupancyLimiter::Registers: return "registers";
    case OccupancyLimiter::SharedMemory: return "shared_memory";
    case OccupancyLimiter::Blocks: return "blocks";
  }
  return "?";
}

const char* limitLabel(OccupancyLimiter r) {
  switch (r) {
    case OccupancyLimiter::Warps: return "Blocks the SM's warps allow";
    case OccupancyLimiter::Registers: return "Blocks the register file allows";
    case OccupancyLimiter::SharedMemory: return "Blocks the shared memory allows";
    case OccupancyLimiter::Blocks: return "The SM's block slots";
  }
  return "?";
}

int maxWarps(const DeviceInfo& device) { return device.maxThreadsPerSm / device.warpSize; }

/// Occupancy (%) the resource alone would allow: its blocks' warps, at most the SM's warps.
double occupancyAllowedBy(const DeviceInfo& device, const OccupancyResult& r, OccupancyLimiter resource) {
  for (const OccupancyLimit& l : r.limits)
    if (l.resource == resource) {
      const long long warps = l.blocksPerSm == INT_MAX ? maxWarps(device)
                                                       : static_cast<long long>(l.blocksPerSm) * r.warpsPerBlock;
      const int allowed = static_cast<int>(std::min<long long>(warps, maxWarps(device)));
      return 100.0 * allowed / maxWarps(device);
    }
  return 0;
}

int limitBlocks(const OccupancyResult& r, OccupancyLimiter resource) {
  for (const OccupancyLimit& l : r.limits)
    if (l.resource == resource) return l.blocksPerSm;
  return 0;
}

View limitsView(const DeviceInfo& device, const OccupancyResult& rule, const OccupancyResult& simple) {
  View v = declaredView(occupancySpec(), "limits");
  v.bars.categoryLabel = "Resource";
  v.bars.valueLabel = "Occupancy allowed (%)";
  BarSeries ruleBars{kRuleSeries, {}};
  BarSeries simpleBars{kSimpleSeries, {}};
  for (OccupancyLimiter resource : kResources) {
    const int blocks = limitBlocks(rule, resource);
    std::ostringstream name;
    name << limiterName(resource) << " (" << (blocks == INT_MAX ? std::string("no limit") : std::to_string(blocks) + " blocks")
         << (resource == rule.limiter ? ", the limit" : "") << ")";
    v.bars.categories.push_back(name.str());
    const double a = occupancyAllowedBy(device, rule, resource);
    const double b = occupancyAllowedBy(device, simple, resource);
    ruleBars.values.push_back({a, a, a});
    simpleBars.values.push_back({b, b, b});
  }
  v.bars.series = {std::move(ruleBars), std::move(simpleBars)};
  return v;
}

/// One calculator curve: occupancy against one slider, the others held at the request.
template <typename Vary>
View curveView(const DeviceInfo& device, const sim::OccupancyRules& rules, const OccupancyRequest& request,
               const char* viewId, const std::string& xLabel, int from, int to, int step, double focusX, Vary vary) {
  View v = declaredView(occupancySpec(), viewId);
  v.xLabel = xLabel;
  v.yLabel = "Occupancy (% of warps)";
  v.yMaxHint = 100;
  Series rule{kRuleSeries, {}, 0};
  Series simple{kSimpleSeries, {}, 1};
  for (int x = from; x <= to; x += step) {
    OccupancyRequest r = request;
    vary(r, x);
    const double a = calculateOccupancy(device, rules, r).occupancyPct;
    const double b = simpleOccupancy(device, r).occupancyPct;
    rule.points.push_back({static_cast<double>(x), a, a, a});
    simple.points.push_back({static_cast<double>(x), b, b, b});
  }
  v.series = {std::move(rule), std::move(simple)};
  v.focusSeries = kRuleSeries;
  v.focusX = focusX;
  v.hasFocus = true;
  return v;
}

std::string capName(const RegisterCapPoint& c) {
  return c.minBlocks == 0 ? std::string("no cap") : "cap " + std::to_string(c.registerCap);
}

View registerCapsView(const std::vector<RegisterCapPoint>& caps) {
  View v = declaredView(occupancySpec(), "register-caps");
  v.bars.categoryLabel =
      "Register cap: registers used, spill bytes per thread, occupancy";
  v.bars.valueLabel = "Time of the same work (ms)";
  BarSeries time{"Kernel time", {}};
  for (const RegisterCapPoint& c : caps) {
    std::ostringstream name;
    // Short enough for five categories side by side: the axis title says what each part is.
    name << capName(c) << ": " << c.registersPerThread << " regs, " << c.localBytesPerThread << " B, "
         << static_cast<int>(c.occupancyPct + 0.5) << "%";
    v.bars.categories.push_back(name.str());
    time.values.push_back({c.msMedian, c.msMin, c.msMax});
  }
  v.bars.series = {std::move(time)};
  return v;
}

/// The calculator's occupancy of each register-cap kernel (what may be resident) beside the
/// GPU's achieved occupancy (how full the SMs were while it ran, start-up and last wave included).
View achievedOccupancyView(const std::vector<RegisterCapPoint>& caps) {
  View v = declaredView(occupancySpec(), "achieved-occupancy");
  v.bars.categoryLabel = "Register cap: registers used per thread";
  v.bars.valueLabel = "Occupancy (% of the SM's warps)";
  BarSeries calculator{"Calculator (CUDA's rule)", {}};
  BarSeries achieved{"Counters: achieved", {}};
  for (const RegisterCapPoint& c : caps) {
    v.bars.categories.push_back(capName(c) + ": " + std::to_string(c.registersPerThread) + " regs");
    calculator.values.push_back({c.occupancyPct, c.occupancyPct, c.occupancyPct});
    achieved.values.push_back({c.achievedPct, c.achievedPct, c.achievedPct});  // kept only when every cap was counted
  }
  v.bars.series = {std::move(calculator)};
  const bool counted = !caps.empty() && std::all_of(caps.begin(), caps.end(), [](const RegisterCapPoint& c) {
    return c.achievedPct >= 0;
  });
  if (counted) v.bars.series.push_back(std::move(achieved));
  return v;
}

/// Why the lecture's arithmetic and CUDA's rule differ, when they do.
std::string differenceNote(const DeviceInfo& device, const OccupancyRequest& request, const OccupancyResult& rule,
                           const OccupancyResult& simple) {
  std::ostringstream note;
  note << "The lecture's arithmetic gives " << simple.blocksPerSm << " blocks (" << simple.occupancyPct
       << "%), CUDA's rule " << rule.blocksPerSm << " blocks (" << rule.occupancyPct << "%):";
  if (limitBlocks(rule, OccupancyLimiter::Registers) != limitBlocks(simple, OccupancyLimiter::Registers))
    note << " registers are given per warp, " << request.registersPerThread * device.warpSize << " rounded up to "
         << rule.registersPerWarpAllocated << ", in one of the register file's quarters;";
  if (limitBlocks(rule, OccupancyLimiter::SharedMemory) != limitBlocks(simple, OccupancyLimiter::SharedMemory))
    note << " a block's shared memory is " << rule.sharedBytesPerBlockAllocated << " bytes with the runtime's "
         << device.reservedSharedMemPerBlockBytes << "-byte reserve and rounding, out of the " << rule.sharedBytesPerSm
         << " bytes the carveout gives;";
  if (limitBlocks(rule, OccupancyLimiter::Warps) != limitBlocks(simple, OccupancyLimiter::Warps))
    note << " warps are allocated whole (" << rule.warpsPerBlock << " per block);";
  std::string text = note.str();
  text.back() = '.';
  return text;
}

}  // namespace

RunResult assembleOccupancyResult(const DeviceInfo& device, const sim::OccupancyRules& rules, const ParamSet& params,
                                  const std::vector<RegisterCapPoint>& caps, const CalculatorApiCheck* apiCheck) {
  RunResult result = resultShell(kOccupancyId, device, params);

  const OccupancyRequest request = occupancyRequestFrom(params);
  const OccupancyResult rule = calculateOccupancy(device, rules, request);
  const OccupancyResult simple = simpleOccupancy(device, request);

  // Every block size in warps, every register count, and shared memory on the slider's 256-byte grid.
  result.views = {
      limitsView(device, rule, simple),
      curveView(device, rules, request, "occupancy-vs-threads", "Threads per block", device.warpSize,
                device.maxThreadsPerBlock, device.warpSize, request.threadsPerBlock,
                [](OccupancyRequest& r, int x) { r.threadsPerBlock = x; }),
      curveView(device, rules, request, "occupancy-vs-registers", "Registers per thread", 1,
                rules.maxRegistersPerThread, 1, request.registersPerThread,
                [](OccupancyRequest& r, int x) { r.registersPerThread = x; }),
      curveView(device, rules, request, "occupancy-vs-shared", "Shared memory per block (bytes)", 0,
                device.sharedMemPerBlockMaxBytes, 256, request.sharedBytesPerBlock,
                [](OccupancyRequest& r, int x) { r.sharedBytesPerBlock = x; }),
      registerCapsView(caps),
      achievedOccupancyView(caps),
  };

  result.scalars.push_back({"occupancy.blocks_per_sm", "Resident blocks per SM (CUDA's rule)",
                            static_cast<double>(rule.blocksPerSm), "blocks"});
  result.scalars.push_back({"occupancy.percent", "Occupancy (CUDA's rule)", rule.occupancyPct, "%"});
  result.scalars.push_back({"occupancy.limiter", "Limiting resource (0 warps, 1 registers, 2 shared memory, 3 blocks)",
                            static_cast<double>(rule.limiter), ""});
  result.scalars.push_back({"occupancy.simple.blocks_per_sm", "Resident blocks per SM (lecture arithmetic)",
                            static_cast<double>(simple.blocksPerSm), "blocks"});
  result.scalars.push_back({"occupancy.simple.percent", "Occupancy (lecture arithmetic)", simple.occupancyPct, "%"});
  result.scalars.push_back({"occupancy.registers_per_warp", "Registers allocated per warp",
                            static_cast<double>(rule.registersPerWarpAllocated), "registers"});
  result.scalars.push_back({"occupancy.shared_bytes_per_block", "Shared memory allocated per block",
                            static_cast<double>(rule.sharedBytesPerBlockAllocated), "bytes"});
  result.scalars.push_back({"occupancy.shared_bytes_per_sm", "Shared memory per SM under the carveout",
                            static_cast<double>(rule.sharedBytesPerSm), "bytes"});
  for (OccupancyLimiter resource : kResources) {
    const int blocks = limitBlocks(rule, resource);
    if (blocks != INT_MAX)
      result.scalars.push_back({std::string("occupancy.limit_blocks.") + resourceKey(resource), limitLabel(resource),
                                static_cast<double>(blocks), "blocks"});
  }
  for (const RegisterCapPoint& c : caps) {
    const std::string key = "caps.min_blocks_" + std::to_string(c.minBlocks);
    result.scalars.push_back({key + ".registers", "Registers used, min blocks " + std::to_string(c.minBlocks),
                              static_cast<double>(c.registersPerThread), "registers"});
    result.scalars.push_back({key + ".local_bytes", "Local (spill) bytes per thread, min blocks " + std::to_string(c.minBlocks),
                              static_cast<double>(c.localBytesPerThread), "bytes"});
    result.scalars.push_back({key + ".occupancy_pct", "Occupancy, min blocks " + std::to_string(c.minBlocks),
                              c.occupancyPct, "%"});
    result.scalars.push_back({key + ".ms", "Time, min blocks " + std::to_string(c.minBlocks), c.msMedian, "ms"});
  }
  if (apiCheck) {
    result.scalars.push_back({"api.configurations", "Configurations checked against the occupancy API",
                              static_cast<double>(apiCheck->configurations), ""});
    result.scalars.push_back({"api.mismatches", "Of those, where the calculator disagrees",
                              static_cast<double>(apiCheck->mismatches), ""});
  }

  std::ostringstream verdict;
  if (!rule.infeasible.empty())
    verdict << "Not one block fits: " << rule.infeasible << ".";
  else
    verdict << "Limited by " << limiterName(rule.limiter) << ": " << rule.blocksPerSm << " blocks of "
            << request.threadsPerBlock << " threads = " << rule.activeWarpsPerSm << " of " << maxWarps(device)
            << " warps, occupancy " << rule.occupancyPct << "%.";
  result.notes.push_back(verdict.str());
  if (rule.blocksPerSm != simple.blocksPerSm) result.notes.push_back(differenceNote(device, request, rule, simple));
  if (apiCheck) {
    std::ostringstream check;
    check << "Checked: the calculator against cudaOccupancyMaxActiveBlocksPerMultiprocessor for "
          << apiCheck->configurations << " configurations (each register-cap kernel x block sizes x dynamic shared "
          << "memory x carveouts): " << apiCheck->mismatches << " disagree"
          << (apiCheck->firstMismatch.empty() ? "." : ("; first: " + apiCheck->firstMismatch));
    result.notes.push_back(check.str());
  }
  return result;
}

}  // namespace warpscope::labs
