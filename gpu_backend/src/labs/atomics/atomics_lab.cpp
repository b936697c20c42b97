#include "labs/atomics/atomics_lab.h"

#include <algorithm>
#include <cmath>

#include "labs/atomics/atomics_cuda.h"
#include "labs/atomics/atomics_model.h"
#include "labs/atomics/atomics_presets.h"
#include "core/param_builders.h"
#include "core/sweep_format.h"

namespace warpscope::labs {

namespace {

constexpr const char* kVariantNames[] = {"global", "global-aggregated", "shared", "shared-aggregated"};

std::vector<double> raceThreadChoices() { return {std::begin(kRaceThreadChoices), std::end(kRaceThreadChoices)}; }

std::vector<double> addressChoices() {
  std::vector<double> c;
  for (unsigned a = 1; a <= kAtomicMaxGlobalAddresses; a *= 2) c.push_back(a);
  return c;
}

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kAtomicsId;
  lab.title = "Atomics: updates queued per address";
  lab.summary =
      "Every thread calls atomicAdd on one of N words, in global memory (applied by the L2's atomic units) or in "
      "shared memory, with and without warp aggregation, for int and float. Updates of one address are applied one "
      "after another, so few addresses make a queue: the rate against the number of distinct addresses, each "
      "warp's queue per word, and the seed's histogram counted with global atomics against a shared-memory copy "
      "per block. And the race: result[0] += x[tid] without atomics beside atomicAdd and the true sum.";
  lab.params = {
      // No unit: a choice shows its value and unit ("1 words"); the label names the unit instead.
      choiceParam("addresses", "Distinct addresses (words)", "", addressChoices(), 1,
                  "Thread t updates word t mod N (in shared memory, of its block's N words, at most one per thread: "
                  "1024). Below 32, 32 / N lanes of every warp update each word.",
                  ParamRole::Focus),
      namedChoiceParam("variant", "Highlighted variant", {std::begin(kVariantNames), std::end(kVariantNames)}, 0,
                       "What the grid and the key figures show: global or shared memory, plain atomicAdd or warp-"
                       "aggregated (the lanes sharing a word add up first, one lane updates it).",
                       ParamRole::Focus,
                       {"Global", "Global, warp-aggregated", "Shared", "Shared, warp-aggregated"}),
      namedChoiceParam("value_type", "Value type", {"int", "float"}, 0,
                       "atomicAdd of a 32-bit unsigned int or of a float.", ParamRole::Sweep),
      choiceParam("race_threads", "Race: threads", "threads", raceThreadChoices(), kRaceDefaultThreads,
                  "Threads of the race: each adds x[tid] (the slide's 3, 5, 2, 1, repeated) to result[0], without "
                  "atomics and with atomicAdd. 4 is the slide's example.",
                  ParamRole::Sweep),
  };
  lab.views = {{"global-vs-addresses", "Global atomicAdd rate vs addresses", ViewKind::Xy},
               {"shared-vs-addresses", "Shared atomicAdd rate vs addresses", ViewKind::Xy},
               {"queue-per-request", "Work per warp request", ViewKind::Xy},
               {"histogram", "Histogram of 2^24 bytes: global vs shared copy", ViewKind::Bars},
               {"queue", "One warp's atomicAdd, word by word", ViewKind::Grid},
               {"race", "result[0] += x[tid]: without atomics vs atomicAdd vs the true sum", ViewKind::Bars}};
  lab.presets = atomicsPresets();
  lab.docPage = "labs/atomics.md";
  lab.keyFigures = {"atomics.gops", "atomics.aggregation_speedup", "atomics.gops_model",
                    "atomics.histogram_privatisation_speedup"};
  lab.benchChecks = atomicsBenchChecks;
  lab.benchFocusMove = {"addresses", 1, 2};
  return lab;
}

std::string addressesText(unsigned a) { return std::to_string(a) + (a == 1 ? " address" : " addresses"); }

}  // namespace

const LabSpec& atomicsSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition atomicsLab() {
  return {atomicsSpec(), &simulateAtomics, WARPSCOPE_GPU_MEASUREMENT(measureAtomics), {"atomics", "same_address"}};
}

std::string atomicVariantName(AtomicVariant variant) {
  switch (variant) {
    case AtomicVariant::GlobalAggregated: return "global, warp-aggregated";
    case AtomicVariant::Shared: return "shared";
    case AtomicVariant::SharedAggregated: return "shared, warp-aggregated";
    case AtomicVariant::Global: break;
  }
  return "global";
}

unsigned atomicMaxAddresses(AtomicVariant variant) {
  return atomicVariantIsShared(variant) ? kAtomicMaxSharedAddresses : kAtomicMaxGlobalAddresses;
}

unsigned atomicAddressesFor(AtomicVariant variant, unsigned addresses) {
  return std::min(addresses, atomicMaxAddresses(variant));
}

AtomicsPlan atomicsPlan(const ParamSet& params, RunScope scope) {
  AtomicsPlan plan;
  plan.type = static_cast<AtomicValueType>(params.getInt("value_type"));
  plan.focusAddresses = static_cast<unsigned>(params.getInt("addresses"));
  plan.focusVariant = static_cast<AtomicVariant>(params.getInt("variant"));
  plan.raceThreads = static_cast<unsigned>(params.getInt("race_threads"));
  if (scope == RunScope::FocusOnly) {
    plan.focusOnly = true;
    plan.addresses = {plan.focusAddresses};
    if (plan.focusAddresses > kAtomicMaxSharedAddresses) plan.addresses.insert(plan.addresses.begin(), kAtomicMaxSharedAddresses);
    plan.histogram = false;
    plan.race = false;
    return plan;
  }
  for (unsigned a = 1; a <= kAtomicMaxGlobalAddresses; a *= 2) plan.addresses.push_back(a);
  return plan;
}

const AtomicPoint* findAtomicPoint(const AtomicsRun& run, AtomicVariant variant, unsigned addresses) {
  const unsigned a = atomicAddressesFor(variant, addresses);
  for (const AtomicPoint& p : run.points)
    if (p.variant == variant && p.addresses == a) return &p;
  return nullptr;
}

View atomicsQueueGrid(AtomicVariant variant, unsigned addresses) {
  View v = declaredView(atomicsSpec(), "queue");
  const unsigned a = atomicAddressesFor(variant, addresses);
  v.title += ": " + atomicVariantName(variant) + ", " + addressesText(a);
  // The warp's first iteration: lane l adds to word l mod a, so below 32 words lanes l, l + a,
  // l + 2a, ... share word l and are applied one after another, one step each; warp-aggregated,
  // each word's first lane adds the group's sum in one step and the others add into it.
  const unsigned words = std::min(a, 32u);
  const unsigned lanesPerWord = 32 / words;
  const bool aggregated = atomicVariantIsAggregated(variant);
  const unsigned steps = aggregated ? 1 : lanesPerWord;
  Grid& g = v.grid;
  for (unsigned r = 0; r < steps; ++r) g.rowLabels.push_back("step " + std::to_string(r + 1));
  for (unsigned lane = 0; lane < 32; ++lane) g.columnLabels.push_back(std::to_string(lane));
  g.rowAxisLabel = aggregated ? "Step (one update per word)" : "Step (one update per word a step)";
  g.columnAxisLabel = "Lane (in its cell: the word it adds to)";
  enum State { Idle = 0, Queued = 1, Applied = 2, New = 3, Summed = 4 };
  g.states = {{"atomic-idle", "No update"},
              {"atomic-queued", "Waiting for its word"},
              {"atomic-applied", "Applied"},
              {"atomic-new", "Applied this step"},
              {"atomic-summed", "Added into its word's first lane"}};
  g.timeUnit = "step";
  const auto stepOf = [&](unsigned lane) { return aggregated ? 0u : lane / words; };
  for (unsigned shown = 0; shown <= steps; ++shown) {
    GridFrame f{static_cast<double>(shown),
                shown == 0 ? "the warp's request arrives: " + std::to_string(lanesPerWord) + " lane" +
                                 (lanesPerWord == 1 ? "" : "s") + " on each of " + std::to_string(words) + " word" +
                                 (words == 1 ? "" : "s")
                           : std::to_string(shown) + " of " + std::to_string(steps) + " step" + (steps == 1 ? "" : "s") +
                                 " applied",
                std::vector<int>(static_cast<std::size_t>(steps) * 32, Idle),
                std::vector<std::string>(static_cast<std::size_t>(steps) * 32)};
    for (unsigned lane = 0; lane < 32; ++lane) {
      const unsigned step = stepOf(lane);
      const std::size_t i = static_cast<std::size_t>(step) * 32 + lane;
      const bool leader = lane < words;
      f.text[i] = std::to_string(lane % words);
      if (step >= shown) f.cells[i] = Queued;
      else if (aggregated && !leader) f.cells[i] = Summed;
      else f.cells[i] = step + 1 == shown ? New : Applied;
    }
    g.frames.push_back(std::move(f));
  }
  return v;
}

namespace {

Point flatPoint(double x, double y) { return {x, y, y, y}; }

View rateView(const LabSpec& lab, const std::string& id, const AtomicsRun& run, AtomicVariant plain,
              AtomicVariant aggregated) {
  View v = declaredView(lab, id);
  v.title += run.plan.type == AtomicValueType::Float ? ", float" : ", int";
  v.xLabel = atomicVariantIsShared(plain) ? "Distinct addresses (words per block)" : "Distinct addresses (words)";
  v.yLabel = "atomicAdd calls per second (G/s)";
  v.logX = v.logY = true;
  for (AtomicVariant variant : {plain, aggregated}) {
    Series measured{atomicVariantName(variant), {}, 0};
    Series model{"Model: " + atomicVariantName(variant), {}, 0};
    for (const AtomicPoint& p : run.points) {
      if (p.variant != variant) continue;
      measured.points.push_back({double(p.addresses), p.gops, p.gopsMin, p.gopsMax});
      model.points.push_back(flatPoint(p.addresses, p.modelGops));
    }
    v.series.push_back(measured);
    if (run.measured) v.series.push_back(model);
  }
  if (atomicVariantIsShared(run.plan.focusVariant) == atomicVariantIsShared(plain)) {
    v.hasFocus = true;
    v.focusSeries = atomicVariantName(run.plan.focusVariant);
    v.focusX = atomicAddressesFor(plain, run.plan.focusAddresses);
  }
  return v;
}

/// The rule's work per warp request beside the counters', for the plain kernels: global in L2
/// sector updates, shared in wavefronts. Float shared adds are a compare-and-swap loop, which the
/// rule does not describe: only its counters are drawn.
View queueView(const LabSpec& lab, const AtomicsRun& run) {
  View v = declaredView(lab, "queue-per-request");
  const bool isFloat = run.plan.type == AtomicValueType::Float;
  v.title += isFloat ? ", float" : ", int";
  v.xLabel = "Distinct addresses (words; shared: per block)";
  v.yLabel = "Queued per request";
  v.logX = v.logY = true;
  for (AtomicVariant variant : {AtomicVariant::Global, AtomicVariant::Shared}) {
    const bool shared = atomicVariantIsShared(variant);
    Series rule{std::string("Rule: ") + (shared ? "shared wavefronts" : "global sector updates"), {}, 0};
    Series counted{std::string("Counters: ") + (shared ? (isFloat ? "shared (compare-and-swap loop)" : "shared") : "global"),
                   {}, 0};
    for (const AtomicPoint& p : run.points) {
      if (p.variant != variant) continue;
      rule.points.push_back(flatPoint(p.addresses, p.queueModel));
      if (p.queueCounted >= 0) counted.points.push_back(flatPoint(p.addresses, p.queueCounted));
    }
    if (!(shared && isFloat)) v.series.push_back(rule);
    if (!counted.points.empty()) v.series.push_back(counted);
  }
  // A focus rerun reads no counters: the full run that follows when the slider rests brings them.
  v.followsFocus = true;
  const AtomicVariant plain = atomicVariantIsShared(run.plan.focusVariant) ? AtomicVariant::Shared : AtomicVariant::Global;
  for (const Series& s : v.series)
    if (s.name.find(atomicVariantIsShared(plain) ? "shared" : "global") != std::string::npos) {
      v.hasFocus = true;
      v.focusSeries = s.name;  // the counters' series when there is one (listed after the rule)
      v.focusX = atomicAddressesFor(plain, run.plan.focusAddresses);
    }
  return v;
}

View histogramView(const LabSpec& lab, const AtomicsRun& run) {
  View v = declaredView(lab, "histogram");
  v.bars.categoryLabel = "Input";
  v.bars.valueLabel = "Bytes counted per second (G/s)";
  v.bars.categories = {"uniform bytes (256 bins used)", "one value (one bin)"};
  BarSeries global{"global atomics", {}};
  BarSeries privatised{"shared copy per block", {}};
  BarSeries globalModel{"Model: global atomics", {}};
  BarSeries privatisedModel{"Model: shared copy per block", {}};
  for (bool oneValue : {false, true})
    for (const HistogramPoint& h : run.histogram) {
      if (h.oneValue != oneValue) continue;
      (h.privatised ? privatised : global).values.push_back({h.gelems, h.gelemsMin, h.gelemsMax});
      (h.privatised ? privatisedModel : globalModel).values.push_back({h.modelGelems, h.modelGelems, h.modelGelems});
    }
  v.bars.series = {global, privatised};
  if (run.measured) {
    v.bars.series.push_back(globalModel);
    v.bars.series.push_back(privatisedModel);
  }
  return v;
}

const HistogramPoint* findHistogram(const AtomicsRun& run, bool privatised, bool oneValue) {
  for (const HistogramPoint& h : run.histogram)
    if (h.privatised == privatised && h.oneValue == oneValue) return &h;
  return nullptr;
}

}  // namespace

RunResult assembleAtomicsResult(const DeviceInfo& device, const ParamSet& params, const AtomicsRun& run, RunScope scope) {
  RunResult result = resultShell(kAtomicsId, device, params);
  result.focusOnly = scope == RunScope::FocusOnly;
  const LabSpec& lab = atomicsSpec();
  result.views = {rateView(lab, "global-vs-addresses", run, AtomicVariant::Global, AtomicVariant::GlobalAggregated),
                  rateView(lab, "shared-vs-addresses", run, AtomicVariant::Shared, AtomicVariant::SharedAggregated)};
  result.views.push_back(queueView(lab, run));
  if (!run.histogram.empty()) result.views.push_back(histogramView(lab, run));
  result.views.push_back(atomicsQueueGrid(run.plan.focusVariant, run.plan.focusAddresses));
  if (run.plan.race) addRaceResults(result, lab, run.race, run.measured);

  const AtomicVariant focus = run.plan.focusVariant;
  const bool shared = atomicVariantIsShared(focus);
  if (const AtomicPoint* f = findAtomicPoint(run, focus, run.plan.focusAddresses)) {
    const std::string where = atomicVariantName(focus) + ", " + addressesText(f->addresses);
    result.scalars.push_back({"atomics.gops", "atomicAdd rate, " + where, f->gops, "G/s"});
    result.scalars.push_back({"atomics.gops_model", "Model: atomicAdd rate, " + where, f->modelGops, "G/s"});
    const std::string unit = shared ? "wavefronts" : "sector updates";
    const bool counted = f->queueCounted >= 0;
    result.scalars.push_back({"atomics.queue_per_request",
                              std::string(counted ? "Counters: " : "Rule: ") + unit + " per request, " + where,
                              counted ? f->queueCounted : f->queueModel, unit});
    result.scalars.push_back({"atomics.queue_per_request_model", "Rule: " + unit + " per request, " + where,
                              f->queueModel, unit});
  }
  const AtomicPoint* plain = findAtomicPoint(run, shared ? AtomicVariant::Shared : AtomicVariant::Global, run.plan.focusAddresses);
  const AtomicPoint* aggregated =
      findAtomicPoint(run, shared ? AtomicVariant::SharedAggregated : AtomicVariant::GlobalAggregated, run.plan.focusAddresses);
  if (plain && aggregated && plain->gops > 0) {
    const std::string where = std::string(shared ? "shared" : "global") + ", " + addressesText(plain->addresses);
    result.scalars.push_back({"atomics.aggregation_speedup", "Warp-aggregated / plain, " + where,
                              aggregated->gops / plain->gops, "x"});
    result.scalars.push_back({"atomics.aggregation_speedup_model", "Model: warp-aggregated / plain, " + where,
                              aggregated->modelGops / plain->modelGops, "x"});
  }
  const HistogramPoint* global = findHistogram(run, false, false);
  const HistogramPoint* privatised = findHistogram(run, true, false);
  if (global && privatised && global->gelems > 0) {
    result.scalars.push_back({"atomics.histogram_privatisation_speedup", "Histogram (uniform bytes): shared copy / global",
                              privatised->gelems / global->gelems, "x"});
    result.scalars.push_back({"atomics.histogram_privatisation_speedup_model", "Model: shared copy / global",
                              privatised->modelGelems / global->modelGelems, "x"});
  }
  return result;
}

bool countedMatchesRule(bool shared, double counted, double rule) {
  if (!shared) return std::abs(counted - rule) <= 0.005 * rule;
  return counted >= rule * (1 - 0.005) && counted <= rule + 0.1;
}

std::vector<BenchCheck> atomicsBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  // The ends of each plain curve against the model: one address (every update queued on it) and
  // one per thread (the units' aggregate rate).
  std::vector<BenchCheck> checks;
  for (const char* id : {"global-vs-addresses", "shared-vs-addresses"}) {
    const View* v = sweep.findView(id);
    if (!v || v->series.size() < 2 || v->series[1].name != "Model: " + v->series[0].name)
      continue;  // simulated: no model beside the measurement
    const Series& measured = v->series[0];
    const Series& model = v->series[1];
    for (std::size_t i : {std::size_t{0}, measured.points.size() - 1}) {
      if (i >= measured.points.size() || i >= model.points.size() || model.points[i].y <= 0) continue;
      const double ratio = measured.points[i].y / model.points[i].y;
      checks.push_back({measured.name + " at " + addressesText(unsigned(measured.points[i].x)) + ": measured / model",
                        ratio, "0.75..1.25", ratio >= 0.75 && ratio <= 1.25, true,
                        "measured " + std::to_string(measured.points[i].y) + " G/s, model " +
                            std::to_string(model.points[i].y) + " G/s"});
    }
  }
  // The counters against the rule, point by point (countedMatchesRule says how close).
  if (const View* q = sweep.findView("queue-per-request"))
    for (std::size_t r = 0; r + 1 < q->series.size(); ++r) {
      const Series& rule = q->series[r];
      const Series& counted = q->series[r + 1];
      if (rule.name.rfind("Rule: ", 0) != 0 || counted.name.rfind("Counters: ", 0) != 0) continue;
      int equal = 0;
      std::string first;
      for (std::size_t i = 0; i < rule.points.size() && i < counted.points.size(); ++i) {
        const bool same = countedMatchesRule(counted.name.find("shared") != std::string::npos, counted.points[i].y,
                                             rule.points[i].y);
        equal += same;
        if (!same && first.empty())
          first = "first apart: " + addressesText(unsigned(rule.points[i].x)) + ", counted " +
                  std::to_string(counted.points[i].y) + ", rule " + std::to_string(rule.points[i].y);
      }
      const int total = static_cast<int>(rule.points.size());
      checks.push_back({counted.name + " matching the " + rule.name.substr(6) + " rule (points)", double(equal),
                        std::to_string(total), equal == total, true, first});
    }
  if (const Scalar* speedup = sweep.findScalar("atomics.aggregation_speedup"))
    checks.push_back({"warp aggregation's speedup at the focus (" + speedup->label + ")", speedup->value, "reported",
                      true, false, ""});
  return checks;
}

}  // namespace warpscope::labs
