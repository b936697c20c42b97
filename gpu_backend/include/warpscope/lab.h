#pragma once
/// \file lab.h
/// A lab's declaration: its parameters, the views it outputs and the targets `bench` checks.
/// One declaration serves both backends, the GUI and the CLI.

#include <functional>
#include <string>
#include <vector>

#include "warpscope/claim_check.h"
#include "warpscope/device.h"
#include "warpscope/params.h"
#include "warpscope/result.h"

namespace warpscope {

/// What makes a view's content, whatever the device: the run itself (measured on a GPU, recorded,
/// or simulated), Warpscope's model beside a measurement (streams' model timeline), or a
/// calculation from the device's published rules (the occupancy calculator), or what the compiler
/// made of a user's kernel (its registers, its SASS), which no device measured. A chart's banner
/// says which: a model view of a GPU run is not "Measured on" that GPU.
enum class ViewSource { Run, Model, Calculator, Compiler };

/// Declares one view a lab produces. Results use exactly this id, title and kind.
struct ViewSpec {
  std::string id;
  std::string title;
  ViewKind kind = ViewKind::Xy;
  ViewSource source = ViewSource::Run;
  /// Series drawn before a predict-first reveal (issue 30): the ceilings, roofs and rules the data
  /// is read against. Each entry is a series name or the start of one ("Roof:").
  std::vector<std::string> referenceSeries;
};

/// One figure `warpscope-cli bench` prints with its target and verdict.
struct BenchCheck {
  std::string what;     ///< e.g. "best fraction of cudaMemcpy".
  double value = 0;
  std::string target;   ///< e.g. ">= 0.95".
  bool pass = false;
  /// Only a real GPU must meet it (an accuracy target); on a simulator it is printed, not gated.
  bool gpuOnly = true;
  std::string detail;   ///< Optional extra text (e.g. the threads each ILP needs).
};

/// Reads a lab's own targets off a full-sweep result of its default parameters.
using BenchChecksFn = std::function<std::vector<BenchCheck>(const RunResult& sweep, const DeviceInfo& device)>;

/// A slider move `bench` repeats to time focus-only reruns: `param` flips between a and b.
struct BenchFocusMove {
  std::string param;
  double a = 0;
  double b = 0;
};

/// One answer a class may predict before the reveal (issue 30). No answer key is stored: which
/// answer is right is decided by the preset's checks on the run shown (prediction.h). The answer
/// marked `ifClaimHolds` is right when the claim holds; when it does not, the first other answer
/// whose own `checks` all hold, or else the other answer that declares none.
struct PresetAnswer {
  std::string text;
  bool ifClaimHolds = false;
  std::vector<std::string> checks;  ///< Claim-check grammar (claim_check.h); only for the other answers.
};

/// One slide of a lecture, reproduced: the parameters and the view of this lab that show the
/// slide's claim. Declared in the lab's room beside its parameters (<lab>_presets.cpp);
/// lectures (resources/lectures/*.json) list presets by id. Every preset's settings are
/// validated against the lab's declaration and its view must exist (tests/unit/presets_test.cpp).
struct PresetSpec {
  std::string id;      ///< Unique across labs, e.g. "volkov-ilp-peak-with-fewer-threads".
  std::string title;   ///< Short, for the lecture list, e.g. "ILP: peak with fewer threads".
  std::string claim;   ///< The slide's claim in one sentence, in the seed's words where possible.
  std::string lookAt;  ///< What to look at on the chart, one or two sentences.
  std::string source;  ///< Seed file and slide title, e.g. "seed 000, Volkov, slide 'Hiding arithmetic latency'".
  /// "name=value" over the lab's defaults; a named choice may be given by name ("pattern=odd-even").
  std::vector<std::string> settings;
  std::string view;    ///< Id of the view shown first.
  /// Where an animated view (timeline, grid) stands when the preset opens, as a fraction 0..1 of
  /// its time span; negative: the view's own default (the end, the whole run drawn).
  double animationAt = -1;
  /// The claim as checks on the run's own quantities (claim_check.h), judged on every run of the
  /// preset; empty: not declared yet.
  std::vector<std::string> checks;
  /// GPUs on which the seed's claim does not hold, each with the why measured there (the lab's
  /// traces and counters): the verdict shows it, and `lectures --check` counts the slide as
  /// explained rather than failed.
  std::vector<ClaimExplanation> differsOn;
  /// Predict first (issue 30): the question the class answers before it sees the data, one line,
  /// and 2 to 4 answers (PresetAnswer says how the data picks the right one).
  std::string question;
  std::vector<PresetAnswer> answers;
  /// For the presenter only (the presenter view shows them): what to say, what to ask next.
  std::string notes;
};

struct LabSpec {
  std::string id;       ///< e.g. "latency-arith".
  std::string title;    ///< e.g. "Hiding arithmetic latency (Volkov I)".
  std::string summary;  ///< One paragraph for the lab list's tooltip and `describe`.
  std::vector<ParamSpec> params;
  std::vector<ViewSpec> views;
  /// The slides this lab reproduces (may be empty); lectures list them by id.
  std::vector<PresetSpec> presets;
  /// The lab's targets (may be empty: bench then prints only its timings).
  BenchChecksFn benchChecks;
  /// Empty param: the lab has no focus parameter worth timing.
  BenchFocusMove benchFocusMove;
  /// What `bench` holds the default sweep's wall time to, on a GPU and on a simulator; 0: printed
  /// without a target (the unified-memory labs migrate their buffers over the host link in every
  /// repetition, so their time is the link's, not the tool's).
  double gpuSweepTargetS = 2.0;
  double simSweepTargetS = 0.05;
  /// GPUs a CUDA run needs (um-multi-gpu: 2); `bench` skips the lab, saying why, on a machine
  /// with fewer. The simulator covers it anywhere.
  int gpusNeeded = 1;
  /// False while the lab has no CUDA measurement yet: it runs on simulator devices only.
  bool measuresOnGpu = true;
  /// The group the lab list shows it under ("Latency hiding", "Unified memory"), set by the one
  /// list of labs (src/labs/lab_list.cpp), which orders the groups.
  std::string topic;
  /// Its page under docs/ (e.g. "labs/unified-memory.md"): Help > About this lab shows it.
  std::string docPage;
  /// Ids of the scalars a class reads first (at most 4, in that order): they lead the scalars
  /// panel and stand large under the chart in presentation mode. A run that lacks one (a GPU
  /// without a measurement of it) shows the rest.
  std::vector<std::string> keyFigures;
  /// The kernel file a lab whose kernel the user supplies was declared from (the request's, or
  /// the example it opens with): recordings are matched by it. Empty for every lab whose
  /// kernels are its own.
  KernelSource kernel;

  [[nodiscard]] const ViewSpec* findView(const std::string& id) const;
  [[nodiscard]] const PresetSpec* findPreset(const std::string& id) const;
  /// True when every parameter that differs between a and b is a Focus parameter: a change
  /// from a to b can rerun just the focus point.
  [[nodiscard]] bool sameSweep(const ParamSet& a, const ParamSet& b) const;
};

/// What a run request covers.
enum class RunScope {
  FullSweep,  ///< Every point of every series.
  FocusOnly,  ///< Only the point the Focus parameters select (fast slider feedback).
};

/// One request to a backend.
struct RunRequest {
  std::string labId;
  std::string deviceId;
  ParamSet params;
  RunScope scope = RunScope::FullSweep;
  /// The lecture preset these parameters came from, if any: a recorded device holding two runs
  /// of the same lab and parameters (two slides of one setting) shows that preset's own.
  std::string presetId;
  /// The kernel of a lab whose kernel the user supplies (LabDefinition::specForRequest); empty
  /// for every other lab.
  KernelSource kernel;
};

}  // namespace warpscope
