// `param NAME: DOMAIN, ATTR, ...`: the domain (a step range, a geometric range, numeric or named
// choices), the attributes, and the ParamSpec the GUI and the CLI use, built as the labs build
// theirs (core/param_builders.h, namedChoiceParam).
#include <algorithm>
#include <limits>
#include <optional>

#include "core/param_builders.h"
#include "labs/user_kernel/header_parts.h"
#include "labs/user_kernel/header_syntax.h"

namespace warpscope::labs::user_kernel {
namespace {

constexpr const char* kAttributes =
    "default V, unit TEXT, label TEXT, help TEXT, focus, sweep, define, template, arg TYPE";

/// What the domain item says, before the attributes are read.
struct Domain {
  std::vector<int64_t> values;
  std::vector<std::string> names;  ///< A named choice's names, else empty.
  bool linear = false;             ///< LO..HI [step S]: a ParamSpec range when it fits an int.
  int64_t step = 1;
};

class ParamReader {
 public:
  explicit ParamReader(const HeaderEntry& entry) : entry_(entry) {}

  UserParam read() {
    checkDeclaredName(entry_.line, "param", entry_.name);
    const std::vector<std::string_view> items = splitTopLevel(entry_.value, ',');
    if (items.front().empty()) fail("needs a domain: LO..HI, A|B|C or name=V|name=V");
    size_t next = 1;
    readDomain(items, next);
    UserParam param;
    param.name = entry_.name;
    param.line = entry_.line;
    param.values = domain_.values;
    for (; next < items.size(); ++next) readAttribute(items[next], param);
    if (param.use == ParamUse::Arg) checkArgRange(param.argType);
    param.spec = specOf();
    return param;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { failAt(entry_.line, "param " + entry_.name + ": " + what); }

  int64_t literal(std::string_view text, const char* what) const {
    int64_t value = 0;
    try {
      value = parseIntegerLiteral(text);
    } catch (const ExpressionError& e) {
      fail(std::string(what) + ": " + e.what());
    }
    if (value > kMaxParamMagnitude || value < -kMaxParamMagnitude)
      fail(std::string(what) + " " + std::to_string(value) + " is beyond +-2^53 (" +
           std::to_string(kMaxParamMagnitude) + ")");
    return value;
  }

  std::vector<std::string> valueTexts() const {
    if (!domain_.names.empty()) return domain_.names;
    std::vector<std::string> texts;
    for (int64_t v : domain_.values) texts.push_back(std::to_string(v));
    return texts;
  }

  void tooMany(size_t count) const {
    if (count > kMaxParamValues)
      fail(std::to_string(count) + " values; a param may have at most " + std::to_string(kMaxParamValues));
  }

  void readDomain(const std::vector<std::string_view>& items, size_t& next) {
    const std::string_view text = items.front();
    if (const size_t dots = text.find(".."); dots != std::string_view::npos) {
      // The spacing is the second item (`1..64, x2`) or follows the range after a space (`1..64 x2`).
      std::string_view high = trim(text.substr(dots + 2));
      const size_t space = high.find_first_of(" \t");
      const bool afterRange = space != std::string_view::npos;
      std::string_view spacing = afterRange         ? trim(high.substr(space))
                                 : items.size() > 1 ? items[1]
                                                    : std::string_view();
      if (afterRange) high = high.substr(0, space);
      const bool isSpacing = spacing == "x2" || spacing == "x4" || spacing.starts_with("step ") ||
                             spacing.starts_with("step\t") || spacing == "step";
      if (afterRange && !isSpacing) fail("after the range comes x2, x4 or step S, not " + quoted(spacing));
      if (isSpacing && !afterRange) ++next;
      const int64_t lo = literal(text.substr(0, dots), "the range's low end");
      const int64_t hi = literal(high, "the range's high end");
      if (lo > hi) fail("the range " + quoted(text) + " runs backwards");
      if (spacing == "x2" || spacing == "x4") {
        readGeometric(lo, hi, spacing == "x2" ? 2 : 4);
      } else {
        if (isSpacing) {
          domain_.step = literal(spacing.substr(4), "the step");
          if (domain_.step < 1) fail("the step must be at least 1");
        }
        const int64_t span = hi - lo;  // both within +-2^53: no overflow
        if (span % domain_.step != 0)
          fail("the range's high end " + std::to_string(hi) + " is not on its grid (" + std::to_string(lo) + ", " +
               std::to_string(lo + domain_.step) + ", " + std::to_string(lo + 2 * domain_.step) + ", ...)");
        tooMany(static_cast<size_t>(span / domain_.step + 1));
        for (int64_t v = lo; v <= hi; v += domain_.step) domain_.values.push_back(v);
        domain_.linear = true;
      }
      return;
    }
    if (text.find('|') != std::string_view::npos || text.find('=') != std::string_view::npos) {
      readChoices(text);
      return;
    }
    domain_.values.push_back(literal(text, "the domain"));  // one value: a list of one
  }

  void readGeometric(int64_t lo, int64_t hi, int64_t factor) {
    if (lo < 1) fail("a geometric range starts at 1 or more, not " + std::to_string(lo));
    int64_t v = lo;
    for (; v < hi && domain_.values.size() <= kMaxParamValues; v *= factor) domain_.values.push_back(v);
    if (v == hi) domain_.values.push_back(v);
    tooMany(domain_.values.size());
    if (v != hi)
      fail("the range's high end " + std::to_string(hi) + " is not on its x" + std::to_string(factor) + " grid (" +
           valuesText(valueTexts()) + ", " + std::to_string(v) + ", ...)");
  }

  void readChoices(std::string_view text) {
    std::vector<std::string_view> items;
    for (size_t start = 0;;) {
      const size_t bar = text.find('|', start);
      items.push_back(trim(text.substr(start, bar == std::string_view::npos ? text.npos : bar - start)));
      if (bar == std::string_view::npos) break;
      start = bar + 1;
    }
    tooMany(items.size());
    const bool named = items.front().find('=') != std::string_view::npos;
    for (std::string_view item : items) {
      const size_t equals = item.find('=');
      if ((equals != std::string_view::npos) != named)
        fail("choices are either all named (name=V) or all numbers, and " + quoted(item) + " is not like the first");
      if (!named) {
        const int64_t v = literal(item, "a choice");
        if (!domain_.values.empty() && v <= domain_.values.back())
          fail("numeric choices must increase: " + std::to_string(v) + " comes after " +
               std::to_string(domain_.values.back()));
        domain_.values.push_back(v);
        continue;
      }
      const std::string name(trim(item.substr(0, equals)));
      const bool nameOk =
          !name.empty() && name.size() <= kMaxNameChars && !(name[0] >= '0' && name[0] <= '9') && name[0] != '-' &&
          std::all_of(name.begin(), name.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
          });
      if (!nameOk)
        fail("choice name " + quoted(name) + " is not a name: a letter or _, then letters, digits, _ or -, at most " +
             std::to_string(kMaxNameChars));
      const int64_t v = literal(item.substr(equals + 1), "a choice's value");
      if (std::find(domain_.names.begin(), domain_.names.end(), name) != domain_.names.end())
        fail("the choice name `" + name + "` appears twice");
      if (std::find(domain_.values.begin(), domain_.values.end(), v) != domain_.values.end())
        fail("the value " + std::to_string(v) + " is given to two choices");
      domain_.names.push_back(name);
      domain_.values.push_back(v);
    }
  }

  void readAttribute(std::string_view item, UserParam& param) {
    if (item.empty()) fail("an empty attribute (two commas in a row?)");
    const size_t space = item.find_first_of(" \t");
    const std::string word(item.substr(0, space));
    const std::string_view argument = space == std::string_view::npos ? std::string_view() : trim(item.substr(space));
    const auto once = [&](bool& seen, const std::string& what) {
      if (seen) fail(what + " is given twice");
      seen = true;
    };
    const auto noArgument = [&] {
      if (!argument.empty()) fail("`" + word + "` takes no value, not " + quoted(argument));
    };
    if (word == "default") {
      once(seenDefault_, "default");
      defaultIndex_ = defaultIndexOf(argument);
    } else if (word == "unit") {
      once(seenUnit_, "unit");
      unit_ = parseText(entry_.line, "param " + entry_.name + ": unit", argument, kMaxNameChars);
    } else if (word == "label") {
      once(seenLabel_, "label");
      label_ = parseText(entry_.line, "param " + entry_.name + ": label", argument, kMaxTitleChars);
    } else if (word == "help") {
      once(seenHelp_, "help");
      help_ = parseText(entry_.line, "param " + entry_.name + ": help", argument, kMaxLineChars);
    } else if (word == "focus" || word == "sweep") {
      noArgument();
      if (seenScope_) fail("give one of focus or sweep, once");
      seenScope_ = true;
      focus_ = word == "focus";
    } else if (word == "define" || word == "template" || word == "arg") {
      if (word != "arg") noArgument();
      if (param.use != ParamUse::Expression) fail("a param has at most one role of define, template and arg");
      param.use = word == "define" ? ParamUse::Define : word == "template" ? ParamUse::Template : ParamUse::Arg;
      if (word == "arg") param.argType = parseScalarType(entry_.line, "param " + entry_.name + ": arg", argument);
    } else if (word == "step" || word == "x2" || word == "x4") {
      fail("`" + std::string(item) + "` goes right after a LO..HI range");
    } else {
      fail("unknown attribute " + quoted(word) + "; the attributes are " + kAttributes);
    }
  }

  size_t defaultIndexOf(std::string_view text) const {
    if (text.empty()) fail("default needs a value");
    if (!domain_.names.empty()) {
      const auto it = std::find(domain_.names.begin(), domain_.names.end(), text);
      if (it == domain_.names.end())
        fail("default " + std::string(text) + " is not one of " + valuesText(domain_.names));
      return static_cast<size_t>(it - domain_.names.begin());
    }
    const int64_t v = literal(text, "default");
    const auto it = std::find(domain_.values.begin(), domain_.values.end(), v);
    if (it == domain_.values.end()) fail("default " + std::string(text) + " is not one of " + valuesText(valueTexts()));
    return static_cast<size_t>(it - domain_.values.begin());
  }

  void checkArgRange(ScalarType type) const {
    int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
    if (type == ScalarType::Int) lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max();
    if (type == ScalarType::Unsigned) lo = 0, hi = std::numeric_limits<uint32_t>::max();
    if (type == ScalarType::Float) lo = -(int64_t{1} << 24), hi = int64_t{1} << 24;  // exact in a float
    for (int64_t v : domain_.values)
      if (v < lo || v > hi)
        fail("the value " + std::to_string(v) + " does not fit `arg " + scalarTypeName(type) + "` (" +
             std::to_string(lo) + ".." + std::to_string(hi) + ")");
  }

  ParamSpec specOf() const {
    const ParamRole role = focus_ ? ParamRole::Focus : ParamRole::Sweep;
    const std::string label = seenLabel_ ? label_ : entry_.name;
    const int64_t defaultValue = domain_.values[defaultIndex_];
    if (!domain_.names.empty()) {
      ParamSpec spec =
          namedChoiceParam(entry_.name, label, domain_.names, static_cast<int>(defaultIndex_), help_, role);
      spec.unit = unit_;
      return spec;
    }
    const auto fitsInt = [](int64_t v) {
      return v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max();
    };
    if (domain_.linear && fitsInt(domain_.values.front()) && fitsInt(domain_.values.back()) && fitsInt(domain_.step))
      return intParam(entry_.name, label, unit_, static_cast<int>(domain_.values.front()),
                      static_cast<int>(domain_.values.back()), static_cast<int>(domain_.step),
                      static_cast<int>(defaultValue), help_, role);
    std::vector<double> choices;
    for (int64_t v : domain_.values) choices.push_back(static_cast<double>(v));
    return choiceParam(entry_.name, label, unit_, choices, static_cast<double>(defaultValue), help_, role);
  }

  const HeaderEntry& entry_;
  Domain domain_;
  size_t defaultIndex_ = 0;
  bool seenDefault_ = false, seenUnit_ = false, seenLabel_ = false, seenHelp_ = false, seenScope_ = false;
  bool focus_ = false;
  std::string unit_, label_, help_;
};

}  // namespace

UserParam parseParam(const HeaderEntry& entry) { return ParamReader(entry).read(); }

}  // namespace warpscope::labs::user_kernel
