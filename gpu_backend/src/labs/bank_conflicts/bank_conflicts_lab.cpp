#include "labs/bank_conflicts/bank_conflicts_lab.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

#include "labs/bank_conflicts/bank_conflicts_cuda.h"
#include "labs/bank_conflicts/bank_conflicts_model.h"
#include "labs/bank_conflicts/bank_conflicts_presets.h"
#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "mechanisms/shared_memory.h"

namespace warpscope::labs {

namespace {

constexpr int kLanes = 32;
/// The sweep: every stride 1..32 (the rule's whole story for 4-byte words), then 33, 48 and 64.
constexpr int kMaxSweepStride = 32;
constexpr int kExtraSweepStrides[] = {33, 48, 64};
constexpr BankPattern kNamedPatterns[] = {BankPattern::Strided, BankPattern::Broadcast, BankPattern::Transpose,
                                          BankPattern::TransposePadded};

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kBankConflictsId;
  lab.title = "Bank conflicts: 32 banks of shared memory";
  lab.summary =
      "A warp reads shared memory at a stride of words, in the 32 x 32 tile transpose with and without a "
      "word of padding, or with every lane on one word. Shared memory delivers 128 bytes per clock per SM "
      "from 32 banks of 4 bytes; lanes that ask one bank for different words are served one after another. "
      "Throughput against the stride, wavefronts per request by the bank rule beside the GPU's counters, and "
      "the warp's lanes placed in the banks, wavefront by wavefront.";
  lab.params = {
      intParam("stride_words", "Stride (words)", "words", 1, 64, 1, 1,
               "Lane l reads word l x stride. Odd strides are conflict-free; a stride of 2^k puts 2^k lanes in each "
               "bank used (for 4-byte words).",
               ParamRole::Focus),
      choiceParam("word_bytes", "Word size", "bytes", {std::begin(kBankWordBytes), std::end(kBankWordBytes)}, 4,
                  "float, float2 or float4: one 32-, 64- or 128-bit shared load per read. Wider words are served "
                  "in half- or quarter-warp phases of 128 bytes.",
                  ParamRole::Sweep),
      namedChoiceParam("pattern", "Highlighted pattern", {"strided", "transpose", "transpose-padded", "broadcast"}, 0,
                       "What the grid and the key figures show: the strided read, the 32 x 32 transpose's column "
                       "read, the same tile padded to 32 x 33, or every lane reading one word.",
                       ParamRole::Focus, {"Strided", "Transpose", "Transpose, padded", "Broadcast"}),
  };
  lab.views = {{"bytes-per-clock-vs-stride", "Shared-memory throughput vs stride", ViewKind::Xy},
               {"wavefronts-vs-stride", "Wavefronts per warp request vs stride", ViewKind::Xy},
               {"patterns", "Transpose, padding and broadcast", ViewKind::Bars},
               {"banks", "The warp's lanes in the 32 banks", ViewKind::Grid}};
  lab.presets = bankConflictsPresets();
  lab.docPage = "labs/bank-conflicts.md";
  lab.keyFigures = {"bank_conflicts.ways", "bank_conflicts.bytes_per_clock_per_sm", "bank_conflicts.padding_speedup",
                    "bank_conflicts.ways_model"};
  lab.benchChecks = bankConflictsBenchChecks;
  lab.benchFocusMove = {"stride_words", 1, 2};
  return lab;
}

const BankPoint* findPattern(const BankRun& run, BankPattern pattern) {
  for (const BankPoint& p : run.patterns)
    if (p.config.pattern == pattern) return &p;
  return nullptr;
}

const BankPoint* focusPoint(const BankRun& run) {
  if (run.plan.focusPattern != BankPattern::Strided) return findPattern(run, run.plan.focusPattern);
  for (const BankPoint& p : run.strided)
    if (p.config.strideWords == run.plan.focusStride) return &p;
  return nullptr;
}

}  // namespace

const LabSpec& bankConflictsSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition bankConflictsLab() {
  return {bankConflictsSpec(), &simulateBankConflicts, WARPSCOPE_GPU_MEASUREMENT(measureBankConflicts),
          {"shared_memory", "shared_memory.banks", "shared_memory.bank_bytes"}};
}

BankPlan bankPlan(const ParamSet& params, RunScope scope) {
  BankPlan plan;
  plan.wordBytes = params.getInt("word_bytes");
  plan.focusStride = params.getInt("stride_words");
  plan.focusPattern = static_cast<BankPattern>(params.getInt("pattern"));
  if (scope == RunScope::FocusOnly) {
    plan.strides = {plan.focusStride};
    return plan;
  }
  for (int s = 1; s <= kMaxSweepStride; ++s) plan.strides.push_back(s);
  plan.strides.insert(plan.strides.end(), std::begin(kExtraSweepStrides), std::end(kExtraSweepStrides));
  if (std::find(plan.strides.begin(), plan.strides.end(), plan.focusStride) == plan.strides.end()) {
    plan.strides.push_back(plan.focusStride);
    std::sort(plan.strides.begin(), plan.strides.end());
  }
  return plan;
}

std::vector<std::uint64_t> bankLaneAddresses(const BankConfig& config) {
  std::vector<std::uint64_t> a;
  for (unsigned lane = 0; lane < kLanes; ++lane)
    a.push_back(static_cast<std::uint64_t>(bankLaneBase(config.pattern, lane, static_cast<unsigned>(config.strideWords))) *
                static_cast<std::uint64_t>(config.wordBytes));
  return a;
}

std::string bankConfigName(const BankConfig& config) {
  switch (config.pattern) {
    case BankPattern::Transpose: return "transpose 32x32";
    case BankPattern::TransposePadded: return "transpose 32x33 (padded)";
    case BankPattern::Broadcast: return "broadcast (one word)";
    case BankPattern::Strided: break;
  }
  return "stride " + std::to_string(config.strideWords);
}

View bankGrid(const BankConfig& config, int banks, int bankBytes) {
  View v = declaredView(bankConflictsSpec(), "banks");
  v.title += ": " + bankConfigName(config) + ", " + std::to_string(config.wordBytes) + "-byte words";
  const std::vector<std::uint64_t> addresses = bankLaneAddresses(config);
  const auto width = static_cast<std::uint64_t>(bankBytes);
  const std::size_t lanesPerPhase =
      std::max<std::size_t>(1, static_cast<std::size_t>(banks * bankBytes) / static_cast<std::size_t>(config.wordBytes));
  // Wavefront by wavefront: in each phase, bank b's k-th distinct word is served in the phase's
  // k-th wavefront, to every lane that reads it.
  struct Served {
    int bank;
    int lane;
  };
  std::vector<std::vector<Served>> wavefronts;
  for (std::size_t first = 0; first < addresses.size(); first += lanesPerPhase) {
    std::map<int, std::vector<std::uint64_t>> wordsInBank;  // in the order lanes ask for them
    std::vector<std::tuple<int, std::uint64_t, int>> asks;  // bank, word, lane
    for (std::size_t lane = first; lane < std::min(addresses.size(), first + lanesPerPhase); ++lane)
      for (std::uint64_t b = addresses[lane]; b < addresses[lane] + static_cast<std::uint64_t>(config.wordBytes); b += width) {
        const std::uint64_t word = b / width;
        const int bank = static_cast<int>(word % static_cast<std::uint64_t>(banks));
        auto& words = wordsInBank[bank];
        if (std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
        asks.emplace_back(bank, word, static_cast<int>(lane));
      }
    std::size_t most = 0;
    for (const auto& [bank, words] : wordsInBank) most = std::max(most, words.size());
    const std::size_t base = wavefronts.size();
    wavefronts.resize(base + most);
    for (const auto& [bank, word, lane] : asks) {
      const auto& words = wordsInBank[bank];
      const auto k = static_cast<std::size_t>(std::find(words.begin(), words.end(), word) - words.begin());
      wavefronts[base + k].push_back({bank, lane});
    }
  }
  Grid& g = v.grid;
  for (std::size_t w = 0; w < wavefronts.size(); ++w) g.rowLabels.push_back("wavefront " + std::to_string(w + 1));
  for (int b = 0; b < banks; ++b) g.columnLabels.push_back(std::to_string(b));
  g.rowAxisLabel = "Wavefront (one shared-memory cycle)";
  g.columnAxisLabel = "Bank";
  g.states = {{"bank-idle", "Bank idle"}, {"bank-served", "Serves a word to these lanes"},
              {"bank-new", "The wavefront just served"}};
  g.timeUnit = "wavefront";
  const std::size_t cells = wavefronts.size() * static_cast<std::size_t>(banks);
  std::vector<std::set<int>> lanesAt(cells);
  for (std::size_t w = 0; w < wavefronts.size(); ++w)
    for (const Served& s : wavefronts[w]) lanesAt[w * static_cast<std::size_t>(banks) + static_cast<std::size_t>(s.bank)].insert(s.lane);
  const auto lanesText = [](const std::set<int>& lanes) {
    if (lanes.empty()) return std::string();
    if (lanes.size() == 1) return std::to_string(*lanes.begin());
    const bool run = *lanes.rbegin() - *lanes.begin() + 1 == static_cast<int>(lanes.size());
    return run ? std::to_string(*lanes.begin()) + "-" + std::to_string(*lanes.rbegin())
               : std::to_string(lanes.size()) + " lanes";
  };
  for (std::size_t shown = 0; shown <= wavefronts.size(); ++shown) {
    GridFrame f{static_cast<double>(shown),
                shown == 0 ? "the request arrives"
                           : std::to_string(shown) + " of " + std::to_string(wavefronts.size()) + " wavefront" +
                                 (wavefronts.size() == 1 ? "" : "s"),
                std::vector<int>(cells, 0), std::vector<std::string>(cells)};
    for (std::size_t w = 0; w < shown; ++w)
      for (int b = 0; b < banks; ++b) {
        const std::size_t i = w * static_cast<std::size_t>(banks) + static_cast<std::size_t>(b);
        if (lanesAt[i].empty()) continue;
        f.cells[i] = w + 1 == shown && shown < wavefronts.size() ? 2 : 1;
        f.text[i] = lanesText(lanesAt[i]);
      }
    g.frames.push_back(std::move(f));
  }
  return v;
}

RunResult assembleBankConflictsResult(const DeviceInfo& device, const ParamSet& params, const BankRun& run,
                                      RunScope scope) {
  RunResult result = resultShell(kBankConflictsId, device, params);
  result.focusOnly = scope == RunScope::FocusOnly;
  const LabSpec& lab = bankConflictsSpec();
  const std::string source = run.measured ? "Measured" : "Model";

  View throughput = declaredView(lab, "bytes-per-clock-vs-stride");
  throughput.title += ", " + std::to_string(run.plan.wordBytes) + "-byte words";
  throughput.xLabel = "Stride (words)";
  throughput.yLabel = "Bytes per clock per SM";
  throughput.yMaxHint = run.ceilingBytesPerClock * 1.1;
  Series measured{source, {}, 0};
  Series model{"Model", {}, 1};
  Series ceiling{"Shared-memory bandwidth", {}, 2};
  View wavefronts = declaredView(lab, "wavefronts-vs-stride");
  wavefronts.title += ", " + std::to_string(run.plan.wordBytes) + "-byte words";
  wavefronts.xLabel = "Stride (words)";
  wavefronts.yLabel = "Wavefronts per warp request";
  Series rule{"Bank rule", {}, 0};
  Series counted{"Counters", {}, 1};
  for (const BankPoint& p : run.strided) {
    const double x = p.config.strideWords;
    measured.points.push_back({x, p.bytesPerClock, p.bytesPerClockMin, p.bytesPerClockMax});
    if (run.measured) model.points.push_back({x, p.modelBytesPerClock, p.modelBytesPerClock, p.modelBytesPerClock});
    ceiling.points.push_back({x, run.ceilingBytesPerClock, run.ceilingBytesPerClock, run.ceilingBytesPerClock});
    rule.points.push_back({x, double(p.wavefrontsModel), double(p.wavefrontsModel), double(p.wavefrontsModel)});
    if (p.wavefrontsCounted >= 0) counted.points.push_back({x, p.wavefrontsCounted, p.wavefrontsCounted, p.wavefrontsCounted});
  }
  throughput.series = {measured};
  if (!model.points.empty()) throughput.series.push_back(model);
  throughput.series.push_back(ceiling);
  wavefronts.series = {rule};
  if (!counted.points.empty()) wavefronts.series.push_back(counted);
  // A focus rerun reads no counters (they cost more than a slider step may take): the full run
  // that follows when the slider rests brings them.
  wavefronts.followsFocus = true;
  if (run.plan.focusPattern == BankPattern::Strided) {
    throughput.focusSeries = measured.name;
    throughput.focusX = run.plan.focusStride;
    throughput.hasFocus = true;
    wavefronts.focusSeries = counted.points.empty() ? rule.name : counted.name;
    wavefronts.focusX = run.plan.focusStride;
    wavefronts.hasFocus = true;
  }

  View patterns = declaredView(lab, "patterns");
  patterns.bars.categoryLabel = "Access pattern";
  patterns.bars.valueLabel = "Bytes per clock per SM";
  BarSeries patternMeasured{source, {}};
  BarSeries patternModel{"Model", {}};
  for (const BankPoint& p : run.patterns) {
    patterns.bars.categories.push_back(bankConfigName(p.config) + ": " + std::to_string(p.wavefrontsModel) + " wavefront" +
                                       (p.wavefrontsModel == 1 ? "" : "s"));
    patternMeasured.values.push_back({p.bytesPerClock, p.bytesPerClockMin, p.bytesPerClockMax});
    patternModel.values.push_back({p.modelBytesPerClock, p.modelBytesPerClock, p.modelBytesPerClock});
  }
  patterns.bars.series = {patternMeasured};
  if (run.measured) patterns.bars.series.push_back(patternModel);

  result.views = {throughput, wavefronts, patterns, bankGrid(run.plan.focus(), run.banks, run.bankBytes)};

  if (const BankPoint* f = focusPoint(run)) {
    result.scalars.push_back({"bank_conflicts.ways",
                              f->wavefrontsCounted >= 0 ? "Wavefronts per request (counters)"
                                                        : "Wavefronts per request (the bank rule; no counters)",
                              f->wavefrontsCounted >= 0 ? f->wavefrontsCounted : f->wavefrontsModel, "wavefronts"});
    result.scalars.push_back({"bank_conflicts.ways_model", "Wavefronts per request (the bank rule)",
                              double(f->wavefrontsModel), "wavefronts"});
    result.scalars.push_back({"bank_conflicts.bytes_per_clock_per_sm", "Throughput, " + bankConfigName(f->config),
                              f->bytesPerClock, "B/clk/SM"});
    result.scalars.push_back({"bank_conflicts.model_bytes_per_clock_per_sm", "Model: throughput", f->modelBytesPerClock,
                              "B/clk/SM"});
  }
  const BankPoint* plain = findPattern(run, BankPattern::Transpose);
  const BankPoint* padded = findPattern(run, BankPattern::TransposePadded);
  if (plain && padded && plain->bytesPerClock > 0) {
    result.scalars.push_back({"bank_conflicts.padding_speedup", "Padded transpose / unpadded (column read)",
                              padded->bytesPerClock / plain->bytesPerClock, "x"});
    result.scalars.push_back({"bank_conflicts.padding_speedup_model", "Model: padded / unpadded",
                              padded->modelBytesPerClock / plain->modelBytesPerClock, "x"});
  }
  result.scalars.push_back({"bank_conflicts.ceiling_bytes_per_clock_per_sm", "Shared-memory bandwidth per SM",
                            run.ceilingBytesPerClock, "B/clk/SM"});
  return result;
}

std::vector<BenchCheck> bankConflictsBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  std::vector<BenchCheck> checks;
  const View* patterns = sweep.findView("patterns");
  const Scalar* ceiling = sweep.findScalar("bank_conflicts.ceiling_bytes_per_clock_per_sm");
  if (patterns && ceiling && !patterns->bars.series.empty() && !patterns->bars.series.front().values.empty()) {
    const double fraction = patterns->bars.series.front().values.front().value / ceiling->value;
    checks.push_back({"conflict-free (stride 1) / 128 B/clk/SM", fraction, ">= 0.9", fraction >= 0.9, true, ""});
  }
  const Scalar* speedup = sweep.findScalar("bank_conflicts.padding_speedup");
  const Scalar* speedupModel = sweep.findScalar("bank_conflicts.padding_speedup_model");
  if (speedup && speedupModel) {
    const double ratio = speedup->value / speedupModel->value;
    checks.push_back({"padded transpose speedup / the model's", ratio, "0.85..1.15", ratio >= 0.85 && ratio <= 1.15, true,
                      "measured " + std::to_string(speedup->value) + "x, model " + std::to_string(speedupModel->value) + "x"});
  }
  const View* w = sweep.findView("wavefronts-vs-stride");
  if (w && w->series.size() >= 2)
    checks.push_back(pointsEqualCheck(*w, "strides whose counted wavefronts per request equal the rule's"));
  return checks;
}

}  // namespace warpscope::labs
