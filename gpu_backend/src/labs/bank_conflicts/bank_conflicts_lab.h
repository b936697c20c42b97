#pragma once
// Lab "bank-conflicts" (seed 001, seed 002's tiles): a warp reads shared memory at a stride of
// words, in the 32 x 32 tile transpose with and without a word of padding, or all lanes one word.
// Shared memory serves 128 bytes per clock per SM from 32 banks of 4 bytes; lanes asking one bank
// for different words wait for one another (replays, "wavefronts"). Throughput against the stride,
// the wavefronts per request by the bank rule beside the GPU's counters, the named patterns side by
// side, and the warp's lanes placed in the 32 banks, wavefront by wavefront.
//
// The room's core, shared by both backends: the declaration, the plan, the records both fill and
// their assembly into views and scalars.

#include <string>
#include <vector>

#include "labs/bank_conflicts/bank_conflicts_shape.h"
#include "core/lab_definition.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kBankConflictsId = "bank-conflicts";

const LabSpec& bankConflictsSpec();
LabDefinition bankConflictsLab();

/// One configuration: a pattern, its stride (strided only) and the word size.
struct BankConfig {
  BankPattern pattern = BankPattern::Strided;
  int strideWords = 1;
  int wordBytes = 4;
};

/// What one run asks: every sweep stride (or only the focus's) and the four named patterns.
struct BankPlan {
  int wordBytes = 4;
  std::vector<int> strides;
  int focusStride = 1;
  BankPattern focusPattern = BankPattern::Strided;
  [[nodiscard]] BankConfig focus() const { return {focusPattern, focusStride, wordBytes}; }
};
BankPlan bankPlan(const ParamSet& params, RunScope scope);

/// The byte addresses of a warp's 32 lanes for a configuration (its first read).
std::vector<std::uint64_t> bankLaneAddresses(const BankConfig& config);
/// "stride 4", "transpose 32x32", "transpose 32x33 (padded)", "broadcast".
std::string bankConfigName(const BankConfig& config);

/// One configuration's record, from either backend.
struct BankPoint {
  BankConfig config;
  int wavefrontsModel = 0;        ///< The bank rule's wavefronts per request.
  double wavefrontsCounted = -1;  ///< The GPU's counters' (negative: not read).
  double bytesPerClock = 0;       ///< Bytes delivered to the lanes per clock per SM (median).
  double bytesPerClockMin = 0;
  double bytesPerClockMax = 0;
  double modelBytesPerClock = 0;
};

struct BankRun {
  BankPlan plan;
  int banks = 32;
  int bankBytes = 4;
  double ceilingBytesPerClock = 128;  ///< The SM's shared-memory bandwidth.
  std::vector<BankPoint> strided;     ///< The stride sweep.
  std::vector<BankPoint> patterns;    ///< Stride 1, broadcast, transpose, padded transpose.
  bool measured = false;
};

RunResult assembleBankConflictsResult(const DeviceInfo& device, const ParamSet& params, const BankRun& run,
                                      RunScope scope);

/// The grid of one request: 32 banks across, one row per wavefront, each lane placed in the bank and
/// wavefront that serves it; frames add one wavefront at a time.
View bankGrid(const BankConfig& config, int banks, int bankBytes);

std::vector<BenchCheck> bankConflictsBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
