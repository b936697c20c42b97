// parseKernelHeader: the header's entries read key by key (header_block.cpp, header_param.cpp,
// header_entries.cpp), then what they refer to checked once every line is known: required keys,
// names in expressions, template arguments, args, checks, and the counts of focus params and
// compiled variants.
#include "labs/user_kernel/kernel_header.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "labs/user_kernel/header_parts.h"
#include "labs/user_kernel/header_syntax.h"
#include "labs/user_kernel/kernel_variants.h"

namespace warpscope::labs::user_kernel {
namespace {

constexpr const char* kKeys =
    "title, summary, param NAME, kernel, grid, block, shared, buffer NAME, args, bytes, flops, reference, "
    "reference grid, reference block, check, counters, budget";

/// The keys that may appear once.
constexpr const char* kOnceKeys[] = {"title", "kernel", "grid",      "block",          "shared",          "args",
                                     "bytes", "flops",  "reference", "reference grid", "reference block", "counters",
                                     "budget"};

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

/// Where an expression is written, and so which names it may read.
enum class Context {
  Launch,    ///< grid, block: params and device values.
  Sizes,     ///< shared, buffers, bytes, flops: also grid_x..block_z.
  Template,  ///< template arguments: define and template params only.
};

class Assembler {
 public:
  explicit Assembler(const HeaderBlock& block) : block_(block) { header_.headerLines = block.lines; }

  KernelHeader run() {
    for (const HeaderEntry& entry : block_.entries) read(entry);
    requireKeys();
    checkParams();
    checkExpressions();
    checkArgs();
    checkChecks();
    (void)variantsOf(header_);  // every template argument evaluates for every variant
    return std::move(header_);
  }

 private:
  void once(const HeaderEntry& entry) {
    const auto [it, inserted] = seen_.emplace(entry.key, entry.line);
    if (!inserted)
      failAt(entry.line, "`" + entry.key + ":` is given twice (first on line " + std::to_string(it->second) + ")");
  }

  void declareName(const HeaderEntry& entry) {
    for (const UserParam& param : header_.params)
      if (param.name == entry.name)
        failAt(entry.line,
               "the name `" + entry.name + "` is already a param's (line " + std::to_string(param.line) + ")");
    for (const UserBuffer& buffer : header_.buffers)
      if (buffer.name == entry.name)
        failAt(entry.line,
               "the name `" + entry.name + "` is already a buffer's (line " + std::to_string(buffer.line) + ")");
  }

  void read(const HeaderEntry& entry) {
    const std::string& key = entry.key;
    if (std::find(std::begin(kOnceKeys), std::end(kOnceKeys), key) != std::end(kOnceKeys)) once(entry);
    if (key == "title") {
      if (entry.value.empty()) failAt(entry.line, "`title:` has no text");
      if (utf8Chars(entry.value) > kMaxTitleChars)
        failAt(entry.line, "the title is " + std::to_string(utf8Chars(entry.value)) + " characters long; at most " +
                               std::to_string(kMaxTitleChars));
      header_.title = entry.value;
    } else if (key == "summary") {
      if (entry.value.empty()) failAt(entry.line, "`summary:` has no text");
      header_.summary += (header_.summary.empty() ? "" : " ") + entry.value;
      if (utf8Chars(header_.summary) > kMaxSummaryChars)
        failAt(entry.line, "the summary is longer than " + std::to_string(kMaxSummaryChars) + " characters");
    } else if (key == "param") {
      if (header_.params.size() == kMaxParams)
        failAt(entry.line, "a header declares at most " + std::to_string(kMaxParams) + " params");
      declareName(entry);
      header_.params.push_back(parseParam(entry));
    } else if (key == "buffer") {
      if (header_.buffers.size() == kMaxBuffers)
        failAt(entry.line, "a header declares at most " + std::to_string(kMaxBuffers) + " buffers");
      declareName(entry);
      header_.buffers.push_back(parseBuffer(entry));
    } else if (key == "kernel") {
      header_.kernel.kernel = parseKernelName(entry);
    } else if (key == "grid") {
      header_.kernel.grid = parseDimensions(entry);
    } else if (key == "block") {
      header_.kernel.block = parseDimensions(entry);
    } else if (key == "shared") {
      header_.shared = parseHeaderExpression(entry);
    } else if (key == "args") {
      argNames_ = parseArgNames(entry);
    } else if (key == "bytes") {
      header_.bytes = parseHeaderExpression(entry);
    } else if (key == "flops") {
      header_.flops = parseHeaderExpression(entry);
    } else if (key == "reference") {
      reference_.kernel = parseKernelName(entry);
    } else if (key == "reference grid") {
      reference_.grid = parseDimensions(entry);
    } else if (key == "reference block") {
      reference_.block = parseDimensions(entry);
    } else if (key == "check") {
      if (header_.checks.size() == kMaxChecks)
        failAt(entry.line, "a header has at most " + std::to_string(kMaxChecks) + " checks");
      header_.checks.push_back(parseCheck(entry));
    } else if (key == "counters") {
      header_.counters = parseCounters(entry);
    } else if (key == "budget") {
      header_.budgetMs = parseBudget(entry);
    } else {
      failAt(entry.line, "unknown key " + quoted(key) + "; the keys are " + kKeys);
    }
  }

  void requireKeys() {
    const int first = header_.headerLines.first;
    for (const char* key : {"title", "kernel", "grid", "block", "args"})
      if (!seen_.count(key))
        failAt(first, "the header that starts here has no `" + std::string(key) + ":` line, which is required");
    if (header_.params.empty())
      failAt(first, "the header that starts here declares no param: a kernel has 1 to " + std::to_string(kMaxParams));
    for (const char* key : {"reference grid", "reference block"})
      if (seen_.count(key) && !seen_.count("reference"))
        failAt(seen_.at(key), "`" + std::string(key) + ":` without `reference:`");
    if (seen_.count("reference")) {
      if (reference_.grid.empty()) reference_.grid = header_.kernel.grid;
      if (reference_.block.empty()) reference_.block = header_.kernel.block;
      header_.reference = reference_;
    }
  }

  void checkParams() {
    size_t focus = 0;
    std::size_t variants = 1;
    std::string factors;
    for (const UserParam& param : header_.params) {
      if (param.spec.role == ParamRole::Focus && ++focus > kMaxFocusParams)
        failAt(param.line, "param " + param.name + ": a header has at most " + std::to_string(kMaxFocusParams) +
                               " focus params (the chart's x axis and its curves)");
      if (param.use != ParamUse::Define && param.use != ParamUse::Template) continue;
      variants *= param.values.size();
      factors += (factors.empty() ? "" : " x ") + param.name + " " + std::to_string(param.values.size());
      if (variants > kMaxVariants)
        failAt(param.line, "param " + param.name + ": " + std::to_string(variants) +
                               " compiled variants (define and template params: " + factors + "); at most " +
                               std::to_string(kMaxVariants));
    }
    for (const UserParam& param : header_.params) {
      if (param.use != ParamUse::Template) continue;
      const auto readsIt = [&](const KernelName& kernel) {
        return std::any_of(kernel.templateArgs.begin(), kernel.templateArgs.end(),
                           [&](const Expression& e) { return e.uses(param.name); });
      };
      if (!readsIt(header_.kernel.kernel) && !(header_.reference && readsIt(header_.reference->kernel)))
        failAt(param.line,
               "param " + param.name +
                   " has the role template, but no template argument of `kernel:` or `reference:` reads it");
    }
  }

  void checkNames(const Expression& expression, int line, const std::string& where, Context context) const {
    const std::vector<std::string>& device = deviceValueNames();
    const std::vector<std::string>& launch = launchValueNames();
    const auto in = [](const std::vector<std::string>& names, const std::string& name) {
      return std::find(names.begin(), names.end(), name) != names.end();
    };
    for (const std::string& name : expression.names()) {
      const UserParam* param = header_.findParam(name);
      if (context == Context::Template) {
        if (param && (param->use == ParamUse::Define || param->use == ParamUse::Template)) continue;
        failAt(line, where + ": `" + name + "` in " + quoted(expression.text()) +
                         " is not a define or template param: a template argument is fixed when the kernel compiles");
      }
      if (param || in(device, name)) continue;
      if (in(launch, name)) {
        if (context == Context::Sizes) continue;
        failAt(line, where + ": `" + name + "` in " + quoted(expression.text()) +
                         " is not known yet here: grid_x..block_z may be read by buffer, shared, bytes and flops");
      }
      std::vector<std::string> params;
      for (const UserParam& p : header_.params) params.push_back(p.name);
      failAt(line, where + ": unknown name `" + name + "` in " + quoted(expression.text()) + "; the params are " +
                       joined(params) + "; the device values are " + joined(device) +
                       (context == Context::Sizes ? "; and " + joined(launch) : ""));
    }
  }

  void checkLaunch(const KernelLaunch& launch, const std::string& prefix) const {
    for (const Expression& e : launch.kernel.templateArgs)
      checkNames(e, launch.kernel.line, prefix.empty() ? "kernel" : "reference", Context::Template);
    for (const HeaderExpression& e : launch.grid) checkNames(e.expression, e.line, prefix + "grid", Context::Launch);
    for (const HeaderExpression& e : launch.block) checkNames(e.expression, e.line, prefix + "block", Context::Launch);
  }

  void checkExpressions() const {
    checkLaunch(header_.kernel, "");
    if (header_.reference) checkLaunch(*header_.reference, "reference ");
    checkNames(header_.shared.expression, header_.shared.line, "shared", Context::Sizes);
    for (const UserBuffer& buffer : header_.buffers)
      checkNames(buffer.elements.expression, buffer.line, "buffer " + buffer.name, Context::Sizes);
    if (header_.bytes) checkNames(header_.bytes->expression, header_.bytes->line, "bytes", Context::Sizes);
    if (header_.flops) checkNames(header_.flops->expression, header_.flops->line, "flops", Context::Sizes);
  }

  void checkArgs() {
    const int line = seen_.at("args");
    std::vector<std::string> passable;
    for (const UserBuffer& buffer : header_.buffers) passable.push_back(buffer.name);
    for (const UserParam& param : header_.params)
      if (param.use == ParamUse::Arg) passable.push_back(param.name);
    for (const std::string& name : argNames_) {
      const UserParam* param = header_.findParam(name);
      if (param && param->use != ParamUse::Arg)
        failAt(line, "args: param `" + name + "` has no role `arg TYPE`, so it is not passed to the kernel");
      if (!param && !header_.findBuffer(name))
        failAt(line, "args: unknown name `" + name + "`; the buffers and arg params are " +
                         (passable.empty() ? std::string("none") : joined(passable)));
      header_.args.push_back({name, param == nullptr});
    }
    const auto passed = [&](const std::string& name) {
      return std::find(argNames_.begin(), argNames_.end(), name) != argNames_.end();
    };
    for (const UserBuffer& buffer : header_.buffers)
      if (!passed(buffer.name))
        failAt(buffer.line, "buffer " + buffer.name + " is not in `args:` (line " + std::to_string(line) + ")");
    for (const UserParam& param : header_.params)
      if (param.use == ParamUse::Arg && !passed(param.name))
        failAt(param.line,
               "param " + param.name + " has the role arg but is not in `args:` (line " + std::to_string(line) + ")");
  }

  void checkChecks() const {
    for (size_t i = 0; i < header_.checks.size(); ++i) {
      const UserCheck& check = header_.checks[i];
      if (!header_.reference)
        failAt(check.line, "check " + check.buffer + " needs a `reference:` kernel to compare with");
      if (!header_.findBuffer(check.buffer)) {
        std::vector<std::string> buffers;
        for (const UserBuffer& buffer : header_.buffers) buffers.push_back(buffer.name);
        failAt(check.line, "check: unknown buffer `" + check.buffer + "`; the buffers are " +
                               (buffers.empty() ? std::string("none") : joined(buffers)));
      }
      for (size_t j = 0; j < i; ++j)
        if (header_.checks[j].buffer == check.buffer)
          failAt(check.line, "buffer " + check.buffer + " is checked twice (first on line " +
                                 std::to_string(header_.checks[j].line) + ")");
    }
  }

  const HeaderBlock& block_;
  KernelHeader header_;
  KernelLaunch reference_;
  std::vector<std::string> argNames_;
  std::map<std::string, int> seen_;  ///< The line of each once-only key.
};

}  // namespace

KernelHeaderError::KernelHeaderError(int line, const std::string& message)
    : BadInputError(line > 0 ? "line " + std::to_string(line) + ": " + message : message), line_(line) {}

const char* scalarTypeName(ScalarType type) {
  switch (type) {
    case ScalarType::Int:
      return "int";
    case ScalarType::Unsigned:
      return "unsigned";
    case ScalarType::Long:
      return "long";
    case ScalarType::Float:
      return "float";
    case ScalarType::Double:
      return "double";
  }
  return "int";
}

int scalarTypeBytes(ScalarType type) { return type == ScalarType::Long || type == ScalarType::Double ? 8 : 4; }

int64_t UserParam::kernelValue(const ParamSet& params) const {
  const double value = params.get(name);
  // The tolerance ParamSpec::accepts allows: a value validateParams let through maps to its value.
  const double tolerance = 1e-9 * std::max(1.0, std::abs(value));
  if (spec.isNamedChoice()) {
    const double index = std::round(value);
    if (std::abs(index - value) <= tolerance && index >= 0 && index < static_cast<double>(values.size()))
      return values[static_cast<size_t>(index)];
  } else {
    for (int64_t v : values)
      if (std::abs(static_cast<double>(v) - value) <= tolerance) return v;
  }
  throw BadInputError("param " + name + ": " + spec.valueText(value) + " is not " + spec.validRangeText());
}

std::vector<ParamSpec> KernelHeader::paramSpecs() const {
  std::vector<ParamSpec> specs;
  for (const UserParam& param : params) specs.push_back(param.spec);
  return specs;
}

const UserParam* KernelHeader::findParam(std::string_view name) const {
  for (const UserParam& param : params)
    if (param.name == name) return &param;
  return nullptr;
}

const UserBuffer* KernelHeader::findBuffer(std::string_view name) const {
  for (const UserBuffer& buffer : buffers)
    if (buffer.name == name) return &buffer;
  return nullptr;
}

const std::vector<std::string>& deviceValueNames() {
  static const std::vector<std::string> names = {"sms", "warp_size", "max_threads_per_sm", "max_threads_per_block",
                                                 "shared_per_block"};
  return names;
}

const std::vector<std::string>& launchValueNames() {
  static const std::vector<std::string> names = {"grid_x", "grid_y", "grid_z", "block_x", "block_y", "block_z"};
  return names;
}

KernelHeader parseKernelHeader(std::string_view source) { return Assembler(readHeaderBlock(source)).run(); }

}  // namespace warpscope::labs::user_kernel
