// Reading a grid's block records: which slot of its SM each block held, and its wave.
#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "labs/block_scheduling/block_scheduling_lab.h"

namespace warpscope::labs {

SchedulingTrace readSchedulingTrace(const std::vector<BlockRecord>& records) {
  SchedulingTrace trace;
  if (records.empty()) return trace;
  unsigned long long firstStart = records.front().startNs;
  unsigned long long lastEnd = records.front().endNs;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const BlockRecord& r = records[i];
    if (r.endNs < r.startNs)
      throw std::runtime_error("block " + std::to_string(i) + " ends before it starts (" + std::to_string(r.startNs) +
                               " ns to " + std::to_string(r.endNs) + " ns)");
    firstStart = std::min(firstStart, r.startNs);
    lastEnd = std::max(lastEnd, r.endNs);
  }
  trace.spanUs = static_cast<double>(lastEnd - firstStart) / 1000.0;

  std::map<std::uint32_t, std::vector<unsigned>> blocksBySm;
  for (unsigned b = 0; b < records.size(); ++b) blocksBySm[records[b].sm].push_back(b);

  trace.blocks.resize(records.size());
  for (auto& [sm, blocks] : blocksBySm) {
    // In start order (ties: block id): a block takes the lowest slot whose last block has ended
    // by its start. A slot frees only when its block has left the SM, after its last record, so
    // more slots than the SM's residency would mean the records are wrong.
    std::stable_sort(blocks.begin(), blocks.end(),
                     [&](unsigned a, unsigned b) { return records[a].startNs < records[b].startNs; });
    std::vector<unsigned long long> slotEnds;
    std::vector<int> slotWaves;
    for (unsigned b : blocks) {
      const BlockRecord& r = records[b];
      int slot = 0;
      while (slot < static_cast<int>(slotEnds.size()) && slotEnds[slot] > r.startNs) ++slot;
      if (slot == static_cast<int>(slotEnds.size())) {
        slotEnds.push_back(0);
        slotWaves.push_back(0);
      }
      slotEnds[slot] = r.endNs;
      ++slotWaves[slot];
      trace.blocks[b] = {b,
                         sm,
                         slot,
                         slotWaves[slot],
                         static_cast<double>(r.startNs - firstStart) / 1000.0,
                         static_cast<double>(r.endNs - firstStart) / 1000.0};
    }
    trace.sms.push_back(sm);
    trace.slotsPerSm.push_back(static_cast<int>(slotEnds.size()));
  }
  return trace;
}

}  // namespace warpscope::labs
