#include "labs/bank_conflicts/bank_conflicts_model.h"

#include <algorithm>
#include <sstream>

#include "mechanisms/shared_memory.h"

namespace warpscope::labs {

BankPoint bankModelPoint(const sim::DeviceProfile& profile, const BankConfig& config) {
  const SharedMemoryBanks banks = sharedMemoryBanks(profile);
  const double ceiling = sharedMemoryParams(profile).bytesPerClockPerSm;
  BankPoint p;
  p.config = config;
  p.wavefrontsModel = sharedWavefronts(bankLaneAddresses(config), config.wordBytes, banks.banks, banks.bankBytes);
  const double requestBytes = 32.0 * config.wordBytes;
  p.modelBytesPerClock = std::min(ceiling, requestBytes / std::max(1, p.wavefrontsModel));
  p.bytesPerClock = p.bytesPerClockMin = p.bytesPerClockMax = p.modelBytesPerClock;
  return p;
}

std::vector<BankConfig> bankNamedPatterns(int wordBytes) {
  return {{BankPattern::Strided, 1, wordBytes},
          {BankPattern::Broadcast, 1, wordBytes},
          {BankPattern::Transpose, 1, wordBytes},
          {BankPattern::TransposePadded, 1, wordBytes}};
}

BankRun bankModelRun(const sim::DeviceProfile& profile, const BankPlan& plan) {
  BankRun run;
  run.plan = plan;
  const SharedMemoryBanks banks = sharedMemoryBanks(profile);
  run.banks = banks.banks;
  run.bankBytes = banks.bankBytes;
  run.ceilingBytesPerClock = sharedMemoryParams(profile).bytesPerClockPerSm;
  for (int s : plan.strides) run.strided.push_back(bankModelPoint(profile, {BankPattern::Strided, s, plan.wordBytes}));
  for (const BankConfig& c : bankNamedPatterns(plan.wordBytes)) run.patterns.push_back(bankModelPoint(profile, c));
  return run;
}

RunResult simulateBankConflicts(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const BankPlan plan = bankPlan(request.params, request.scope);
  monitor.step(0, 1, "the bank rule");
  const BankRun run = bankModelRun(profile, plan);
  monitor.done();
  RunResult result = assembleBankConflictsResult(profile.info, request.params, run, request.scope);
  std::ostringstream why;
  why << "Model: a request is served in phases of " << run.banks * run.bankBytes << " bytes (a whole warp of 4-byte "
      << "words, half-warps of 8-byte, quarter-warps of 16-byte); in each, the bank asked for the most distinct "
      << run.bankBytes << "-byte words sets the wavefronts, and lanes reading one word share it. Each wavefront is a "
      << "cycle of the shared-memory pipe (" << run.ceilingBytesPerClock
      << " B/clk/SM), so bytes per clock = the request's bytes / its wavefronts, at most that.";
  result.notes.push_back(why.str());
  return result;
}

}  // namespace warpscope::labs
