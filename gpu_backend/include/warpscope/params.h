#pragma once
/// \file params.h
/// Typed lab parameters: a declaration (ParamSpec) drives the GUI's sliders and the CLI's
/// validation; a ParamSet holds one validated value per declared parameter.

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpscope {

/// How changing a parameter affects a lab's result.
enum class ParamRole {
  Sweep,  ///< Shapes the whole sweep (e.g. blocks per SM): a change reruns every point.
  Focus,  ///< Picks one point inside the sweep (e.g. the ILP to highlight): a change can rerun
          ///< just that point and update the chart in place.
};

/// Declaration of one numeric parameter of a lab.
struct ParamSpec {
  std::string id;            ///< Machine name used by --set and JSON, e.g. "threads_per_block".
  std::string label;         ///< Human label for the slider, e.g. "Threads per block".
  std::string unit;          ///< Unit shown after the value ("threads", "%", "bytes"); may be empty.
  double min = 0;            ///< Smallest valid value (inclusive).
  double max = 0;            ///< Largest valid value (inclusive).
  double step = 1;           ///< Valid values are min + k*step (ignored when choices is set).
  double defaultValue = 0;   ///< Value used when the user sets nothing.
  std::string help;          ///< One or two sentences; the GUI shows it as a tooltip.
  std::vector<double> choices;  ///< When non-empty, the only valid values (e.g. 4, 8, 16 bytes).
  ParamRole role = ParamRole::Sweep;
  bool integer = true;       ///< Values are whole numbers.
  /// A named choice (e.g. pattern): choiceNames[i] names value i, choices is 0..n-1, the CLI
  /// takes the name (--set pattern=odd-even) and the GUI shows a drop-down.
  std::vector<std::string> choiceNames;
  /// What a screen shows for each named choice ("Copy and compute" for "copy-and-compute"): the
  /// names are ids for the command line. Empty: the names are words already.
  std::vector<std::string> choiceLabels;
  /// Meaningful only while another parameter has one of these values (e.g. k only while
  /// pattern = first-k). The GUI greys the control out otherwise; the CLI accepts it either way
  /// (the run ignores it). Empty: always meaningful.
  std::string relevantWhenParam;
  std::vector<double> relevantWhenValues;
  /// Non-zero for a parameter that sizes managed memory, in units of this many bytes (1 MiB for
  /// "buffer_mib"). On a real GPU its maximum is capped at half of the device's free memory
  /// (capParamsForDevice): more can hang the GPU for everyone. 0: not a memory size.
  double memoryUnitBytes = 0;
  /// Set by capParamsForDevice when it lowered max for the device: why, in one sentence (the
  /// GUI shows it under the control, error messages append it). Empty: not capped.
  std::string capNote;

  /// "min..max step S" or "one of 4, 8, 16": used in every error message about this parameter.
  [[nodiscard]] std::string validRangeText() const;
  /// True when value is inside the range, on the step grid, or one of the choices.
  [[nodiscard]] bool accepts(double value) const;
  /// The name of a named choice's value ("odd-even"), or the number as text otherwise.
  [[nodiscard]] std::string valueText(double value) const;
  /// What a screen shows for the value: a named choice's label (choiceLabels), else valueText.
  [[nodiscard]] std::string displayText(double value) const;
  [[nodiscard]] bool isNamedChoice() const { return !choiceNames.empty(); }
  /// False when relevantWhenParam is set in values and holds none of relevantWhenValues.
  [[nodiscard]] bool isRelevant(const class ParamSet& values) const;
};

/// Thrown for bad user input: unknown lab/device/parameter, out-of-range or malformed value.
/// The message always names what was wrong and, for parameters, its valid range.
class BadInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One value per declared parameter. Construct through validateParams() or defaultParams().
class ParamSet {
 public:
  ParamSet() = default;
  explicit ParamSet(std::map<std::string, double> values) : values_(std::move(values)) {}

  /// The value of a declared parameter; throws BadInputError if the id is unknown.
  [[nodiscard]] double get(const std::string& id) const;
  /// get() rounded to an integer, for integer parameters.
  [[nodiscard]] int getInt(const std::string& id) const;
  void set(const std::string& id, double value) { values_[id] = value; }
  [[nodiscard]] const std::map<std::string, double>& values() const { return values_; }
  bool operator==(const ParamSet&) const = default;

 private:
  std::map<std::string, double> values_;
};

/// Every declared parameter at its default.
ParamSet defaultParams(const std::vector<ParamSpec>& specs);

/// A named-choice parameter: values 0..names-1, default `defaultIndex`.
/// `labels` (one per name, or none) are what the screen shows; the names are the command line's.
ParamSpec namedChoiceParam(std::string id, std::string label, std::vector<std::string> names,
                           int defaultIndex, std::string help, ParamRole role = ParamRole::Sweep,
                           std::vector<std::string> labels = {});

/// Parses "NAME=VALUE" assignments over the defaults (VALUE may be a choice's name). Throws BadInputError naming the parameter
/// and its valid range for an unknown name, a non-number, or a value outside the declaration.
ParamSet parseAssignments(const std::vector<ParamSpec>& specs,
                          const std::vector<std::string>& assignments);

/// Checks every value of params against the declarations; throws BadInputError on the first
/// unknown, missing or out-of-range one.
void validateParams(const std::vector<ParamSpec>& specs, const ParamSet& params);

struct DeviceInfo;

/// The declarations as they apply on `device`. On a CUDA device every parameter with
/// memoryUnitBytes > 0 gets max = min(max, floor(freeMemBytes / 2 / memoryUnitBytes)) (snapped
/// down to its step or to the choices at or below it, never below min; the default clamped to
/// the new max), a capNote and the same sentence appended to its help: more managed memory than
/// half the free memory can hang the GPU for everyone; oversubscription runs in the simulator.
/// Simulator devices (and parameters that size no memory) get the specs unchanged. A CUDA
/// device whose freeMemBytes is unknown (0) is capped by half of globalMemBytes instead.
std::vector<ParamSpec> capParamsForDevice(const std::vector<ParamSpec>& specs, const DeviceInfo& device);

/// Finds a declaration by id, or nullptr.
const ParamSpec* findParam(const std::vector<ParamSpec>& specs, const std::string& id);

}  // namespace warpscope
