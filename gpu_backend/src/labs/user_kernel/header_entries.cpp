// The values of the header's keys other than `param`, each read on its own: kernel names with
// template arguments, launch dimensions, expressions, buffers, checks, counters, the budget and the
// argument list. What a value refers to is checked later (kernel_header.cpp), once every line is read.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "labs/user_kernel/header_parts.h"
#include "labs/user_kernel/header_syntax.h"

namespace warpscope::labs::user_kernel {
namespace {

constexpr std::size_t kMaxKernelNameChars = 128;

/// What a message calls the entry: "kernel", "reference grid", "buffer x".
std::string keyOf(const HeaderEntry& entry) { return entry.name.empty() ? entry.key : entry.key + " " + entry.name; }

void needValue(const HeaderEntry& entry) {
  if (entry.value.empty()) failAt(entry.line, "`" + keyOf(entry) + ":` has no value");
}

Expression expressionAt(const HeaderEntry& entry, std::string_view text, const std::string& what) {
  try {
    return parseExpression(text);
  } catch (const ExpressionError& e) {
    failAt(entry.line, what + ": " + e.what());
  }
}

/// A kernel's name: C++ identifiers, optionally qualified with `::`.
bool isKernelIdentifier(std::string_view name) {
  if (name.empty() || name.size() > kMaxKernelNameChars) return false;
  for (size_t start = 0;;) {
    const size_t sep = name.find("::", start);
    const std::string_view part = name.substr(start, sep == std::string_view::npos ? name.npos : sep - start);
    const bool partOk = !part.empty() && (part.front() < '0' || part.front() > '9') &&
                        std::all_of(part.begin(), part.end(), [](char c) {
                          return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
                        });
    if (!partOk) return false;
    if (sep == std::string_view::npos) return true;
    start = sep + 2;
  }
}

bool isIntegral(ScalarType type) { return type != ScalarType::Float && type != ScalarType::Double; }

/// The shortest text that reads back as `v`.
std::string numberText(double v) {
  char text[32];
  const auto [end, error] = std::to_chars(text, text + sizeof text, v);
  return error == std::errc() ? std::string(text, end) : std::to_string(v);
}

/// A buffer's initial value `v` must be representable in its element type.
void checkElementValue(const HeaderEntry& entry, ScalarType type, double v) {
  double lo = -std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::max();
  if (type == ScalarType::Float) lo = -std::numeric_limits<float>::max(), hi = std::numeric_limits<float>::max();
  if (type == ScalarType::Int) lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max();
  if (type == ScalarType::Unsigned) lo = 0, hi = std::numeric_limits<uint32_t>::max();
  if (type == ScalarType::Long) lo = -9007199254740992.0, hi = 9007199254740992.0;
  const bool whole = !isIntegral(type) || std::floor(v) == v;
  if (!whole || v < lo || v > hi)
    failAt(entry.line,
           "buffer " + entry.name + ": " + numberText(v) + " is not a value of its type " + scalarTypeName(type) +
               (isIntegral(type) ? " (a whole number in " + numberText(lo) + ".." + numberText(hi) + ")" : ""));
}

/// "random(LO, HI)" / "fill(V)": the numbers between the parentheses.
std::vector<double> callArguments(const HeaderEntry& entry, std::string_view init, std::string_view function,
                                  size_t count) {
  const std::string usage = count == 2 ? "random(LO, HI)" : "fill(V)";
  std::string_view rest = trim(init.substr(function.size()));
  if (rest.size() < 2 || rest.front() != '(' || rest.back() != ')')
    failAt(entry.line, "buffer " + entry.name + ": write " + usage + ", not " + quoted(init));
  const std::vector<std::string_view> parts = splitTopLevel(rest.substr(1, rest.size() - 2), ',');
  if (parts.size() != count)
    failAt(entry.line, "buffer " + entry.name + ": " + usage + " takes " + std::to_string(count) + " number" +
                           (count == 1 ? "" : "s"));
  std::vector<double> numbers;
  for (std::string_view part : parts) numbers.push_back(parseNumber(entry.line, "buffer " + entry.name, part));
  return numbers;
}

}  // namespace

ScalarType parseScalarType(int line, const std::string& what, std::string_view word) {
  for (ScalarType type :
       {ScalarType::Int, ScalarType::Unsigned, ScalarType::Long, ScalarType::Float, ScalarType::Double})
    if (word == scalarTypeName(type)) return type;
  failAt(line, what + ": the type " + quoted(word) + " is not one of int, unsigned, long, float, double");
}

KernelName parseKernelName(const HeaderEntry& entry) {
  needValue(entry);
  const std::string_view value = entry.value;
  KernelName kernel;
  kernel.line = entry.line;
  const size_t lt = value.find('<');
  kernel.name = std::string(trim(value.substr(0, lt)));
  if (!isKernelIdentifier(kernel.name))
    failAt(entry.line, entry.key + ": " + quoted(kernel.name) +
                           " is not a kernel's name (C++ identifiers, optionally qualified with ::)");
  if (lt == std::string_view::npos) return kernel;
  if (value.back() != '>')
    failAt(entry.line, entry.key + ": the template arguments end with `>`: NAME<EXPR, ...>, not " + quoted(value));
  const std::string_view inside = trim(value.substr(lt + 1, value.size() - lt - 2));
  if (inside.empty()) failAt(entry.line, entry.key + ": an empty template argument list");
  const std::vector<std::string_view> parts = splitTopLevel(inside, ',');
  if (parts.size() > kMaxTemplateArgs)
    failAt(entry.line, entry.key + ": " + std::to_string(parts.size()) + " template arguments; at most " +
                           std::to_string(kMaxTemplateArgs));
  for (size_t i = 0; i < parts.size(); ++i)
    kernel.templateArgs.push_back(
        expressionAt(entry, parts[i], entry.key + ": template argument " + std::to_string(i + 1)));
  return kernel;
}

std::vector<HeaderExpression> parseDimensions(const HeaderEntry& entry) {
  needValue(entry);
  const std::vector<std::string_view> parts = splitTopLevel(entry.value, ',');
  if (parts.size() > 3)
    failAt(entry.line, entry.key + ": " + std::to_string(parts.size()) + " dimensions; a launch has 1 to 3 (x, y, z)");
  std::vector<HeaderExpression> dims;
  const char* axes[] = {"x", "y", "z"};
  for (size_t i = 0; i < parts.size(); ++i)
    dims.push_back({expressionAt(entry, parts[i], entry.key + " " + axes[i]), entry.line});
  return dims;
}

HeaderExpression parseHeaderExpression(const HeaderEntry& entry) {
  needValue(entry);
  return {expressionAt(entry, entry.value, keyOf(entry)), entry.line};
}

UserBuffer parseBuffer(const HeaderEntry& entry) {
  checkDeclaredName(entry.line, "buffer", entry.name);
  needValue(entry);
  const std::string_view value = entry.value;
  const size_t lb = value.find('[');
  const size_t rb = value.find(']');
  if (lb == std::string_view::npos || rb == std::string_view::npos || rb < lb)
    failAt(entry.line,
           "buffer " + entry.name + ": expected TYPE[ELEMENTS] INIT, e.g. `float[N] zero`, not " + quoted(value));
  UserBuffer buffer;
  buffer.name = entry.name;
  buffer.line = entry.line;
  buffer.type = parseScalarType(entry.line, "buffer " + entry.name, trim(value.substr(0, lb)));
  buffer.elements = {expressionAt(entry, value.substr(lb + 1, rb - lb - 1), "buffer " + entry.name + ": elements"),
                     entry.line};
  const std::string_view init = trim(value.substr(rb + 1));
  const std::string_view word = trim(init.substr(0, init.find('(')));
  if (init == "zero") {
    buffer.init = BufferInit::Zero;
  } else if (init == "iota") {
    buffer.init = BufferInit::Iota;
  } else if (init == "output") {
    buffer.init = BufferInit::Output;
  } else if (word == "random") {
    buffer.init = BufferInit::Random;
    const std::vector<double> range = callArguments(entry, init, word, 2);
    buffer.low = range[0];
    buffer.high = range[1];
    checkElementValue(entry, buffer.type, buffer.low);
    checkElementValue(entry, buffer.type, buffer.high);
    if (buffer.low > buffer.high) failAt(entry.line, "buffer " + entry.name + ": random(LO, HI) needs LO <= HI");
  } else if (word == "fill") {
    buffer.init = BufferInit::Fill;
    buffer.fill = callArguments(entry, init, word, 1)[0];
    checkElementValue(entry, buffer.type, buffer.fill);
  } else {
    failAt(entry.line, "buffer " + entry.name + ": " +
                           (init.empty() ? std::string("no initial contents") : quoted(init)) +
                           "; a buffer starts as zero, random(LO, HI), iota, fill(V) or output");
  }
  return buffer;
}

UserCheck parseCheck(const HeaderEntry& entry) {
  needValue(entry);
  const std::vector<std::string_view> items = splitTopLevel(entry.value, ',');
  UserCheck check;
  check.line = entry.line;
  check.buffer = std::string(items.front());
  if (!isName(check.buffer)) failAt(entry.line, "check: " + quoted(check.buffer) + " is not a buffer's name");
  bool seenCompare = false, seenTolerance = false;
  for (size_t i = 1; i < items.size(); ++i) {
    const std::string_view item = items[i];
    const std::string_view word = item.substr(0, item.find_first_of(" \t"));
    if (item == "sum") {
      if (seenCompare) failAt(entry.line, "check " + check.buffer + ": `sum` is given twice");
      seenCompare = true;
      check.compare = UserCheck::Compare::Sum;
      continue;
    }
    if (item != "exact" && word != "rtol" && word != "atol")
      failAt(entry.line, "check " + check.buffer + ": " + quoted(item) + " is not sum, exact, rtol X or atol X");
    if (seenTolerance) failAt(entry.line, "check " + check.buffer + ": give one of exact, rtol X or atol X, once");
    seenTolerance = true;
    if (item == "exact") {
      check.tolerance = UserCheck::Tolerance::Exact;
      check.amount = 0;
      continue;
    }
    check.tolerance = word == "rtol" ? UserCheck::Tolerance::Relative : UserCheck::Tolerance::Absolute;
    check.amount = parseNumber(entry.line, "check " + check.buffer + ": " + std::string(word), item.substr(4));
    if (check.amount < 0) failAt(entry.line, "check " + check.buffer + ": a tolerance is not negative");
  }
  return check;
}

std::vector<std::string> parseCounters(const HeaderEntry& entry) {
  needValue(entry);
  std::vector<std::string> counters;
  for (std::string_view item : splitTopLevel(entry.value, ',')) {
    const bool ok =
        !item.empty() && item.size() <= kMaxCounterChars && std::all_of(item.begin(), item.end(), [](char c) {
          return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
        });
    if (!ok)
      failAt(entry.line, "counters: " + quoted(item) + " is not a metric's name (a-z, 0-9, _ and ., at most " +
                             std::to_string(kMaxCounterChars) + " characters)");
    if (std::find(counters.begin(), counters.end(), item) != counters.end())
      failAt(entry.line, "counters: `" + std::string(item) + "` is named twice");
    counters.emplace_back(item);
  }
  if (counters.size() > kMaxCounters)
    failAt(entry.line,
           "counters: " + std::to_string(counters.size()) + " metrics; at most " + std::to_string(kMaxCounters));
  return counters;
}

int parseBudget(const HeaderEntry& entry) {
  needValue(entry);
  std::string_view value = entry.value;
  const bool ms = value.ends_with("ms");
  const std::string_view number = trim(ms ? value.substr(0, value.size() - 2) : value);
  const bool digits =
      !number.empty() && number.size() <= 6 && number.find_first_not_of("0123456789") == std::string_view::npos;
  if (!ms || !digits)
    failAt(entry.line, "budget: write `N ms` (1 to " + std::to_string(kMaxBudgetMs) + "), not " + quoted(value));
  const int budget = std::stoi(std::string(number));
  if (budget < 1 || budget > kMaxBudgetMs)
    failAt(entry.line, "budget: " + std::to_string(budget) + " ms is not in 1.." + std::to_string(kMaxBudgetMs));
  return budget;
}

std::vector<std::string> parseArgNames(const HeaderEntry& entry) {
  needValue(entry);
  std::vector<std::string> names;
  for (std::string_view item : splitTopLevel(entry.value, ',')) {
    if (!isName(item)) failAt(entry.line, "args: " + quoted(item) + " is not a buffer's or a param's name");
    names.emplace_back(item);
  }
  if (names.size() > kMaxArgs)
    failAt(entry.line, "args: " + std::to_string(names.size()) + " arguments; at most " + std::to_string(kMaxArgs));
  return names;
}

}  // namespace warpscope::labs::user_kernel
