#include "labs/user_kernel/header_syntax.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "labs/user_kernel/kernel_expression.h"
#include "labs/user_kernel/kernel_header.h"

namespace warpscope::labs::user_kernel {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t'; }

constexpr const char* kCxxKeywords[] = {
    "alignas",     "alignof",   "and",        "and_eq",    "asm",      "auto",         "bitand",
    "bitor",       "bool",      "break",      "case",      "catch",    "char",         "char8_t",
    "char16_t",    "char32_t",  "class",      "compl",     "concept",  "const",        "consteval",
    "constexpr",   "constinit", "const_cast", "continue",  "co_await", "co_return",    "co_yield",
    "decltype",    "default",   "delete",     "do",        "double",   "dynamic_cast", "else",
    "enum",        "explicit",  "export",     "extern",    "false",    "float",        "for",
    "friend",      "goto",      "if",         "inline",    "int",      "long",         "mutable",
    "namespace",   "new",       "noexcept",   "not",       "not_eq",   "nullptr",      "operator",
    "or",          "or_eq",     "private",    "protected", "public",   "register",     "reinterpret_cast",
    "requires",    "return",    "short",      "signed",    "sizeof",   "static",       "static_assert",
    "static_cast", "struct",    "switch",     "template",  "this",     "thread_local", "throw",
    "true",        "try",       "typedef",    "typeid",    "typename", "union",        "unsigned",
    "using",       "virtual",   "void",       "volatile",  "wchar_t",  "while",        "xor",
    "xor_eq"};
constexpr const char* kCudaBuiltins[] = {"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"};

}  // namespace

void failAt(int line, const std::string& what) { throw KernelHeaderError(line, what); }

std::string_view trim(std::string_view text) {
  while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
  return text;
}

std::vector<std::string_view> splitTopLevel(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  int depth = 0;
  bool inQuotes = false;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') inQuotes = !inQuotes;
    if (inQuotes) continue;
    if (c == '(') ++depth;
    if (c == ')' && depth > 0) --depth;
    if (c == separator && depth == 0) {
      parts.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  parts.push_back(trim(text.substr(start)));
  return parts;
}

std::string quoted(std::string_view text) {
  if (utf8Chars(text) <= 60) return "`" + std::string(text) + "`";
  size_t cut = 0;
  for (size_t chars = 0; cut < text.size(); ++cut) {
    if ((static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) continue;
    if (chars++ == 57) break;
  }
  return "`" + std::string(text.substr(0, cut)) + "...`";
}

bool isName(std::string_view text) {
  if (text.empty() || text.size() > kMaxNameChars) return false;
  const auto start = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!start(text.front())) return false;
  return std::all_of(text.begin(), text.end(), [&](char c) { return start(c) || (c >= '0' && c <= '9'); });
}

bool isReservedName(std::string_view name) {
  const auto in = [&](const std::vector<std::string>& names) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  if (in(deviceValueNames()) || in(launchValueNames()) || in(expressionFunctions())) return true;
  for (const char* keyword : kCxxKeywords)
    if (name == keyword) return true;
  for (const char* builtin : kCudaBuiltins)
    if (name == builtin) return true;
  return name.starts_with("__") || (name.size() > 1 && name[0] == '_' && name[1] >= 'A' && name[1] <= 'Z');
}

void checkDeclaredName(int line, std::string_view what, std::string_view name) {
  if (!isName(name))
    failAt(line, std::string(what) + " name " + quoted(name) +
                     " is not a name: a letter or _, then letters, digits or _, at most " +
                     std::to_string(kMaxNameChars) + " in all");
  if (isReservedName(name))
    failAt(line, std::string(what) + " name `" + std::string(name) +
                     "` is reserved (a device value, a function, a C++ keyword or a CUDA built-in)");
}

double parseNumber(int line, const std::string& what, std::string_view text) {
  text = trim(text);
  try {
    return static_cast<double>(parseIntegerLiteral(text));
  } catch (const ExpressionError&) {
    // Not an integer literal: maybe a decimal number.
  }
  double value = 0;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  const bool digitsOnly = std::all_of(begin, end, [](char c) {
    return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+';
  });
  const auto [stop, error] = std::from_chars(begin, end, value, std::chars_format::general);
  if (text.empty() || !digitsOnly || error != std::errc() || stop != end || !std::isfinite(value))
    failAt(line, what + ": " + quoted(text) + " is not a number");
  return value;
}

std::string parseText(int line, const std::string& what, std::string_view text, std::size_t maxChars) {
  text = trim(text);
  if (!text.empty() && text.front() == '"') {
    if (text.size() < 2 || text.back() != '"' || text.substr(1, text.size() - 2).find('"') != std::string_view::npos)
      failAt(line, what + ": a quoted text is one \"...\" with no \" inside");
    text = trim(text.substr(1, text.size() - 2));
  } else if (text.find('"') != std::string_view::npos) {
    failAt(line, what + ": a text with a \" must be quoted as a whole: \"...\"");
  }
  if (text.empty()) failAt(line, what + " is empty");
  if (utf8Chars(text) > maxChars)
    failAt(line,
           what + " is " + std::to_string(utf8Chars(text)) + " characters long; at most " + std::to_string(maxChars));
  return std::string(text);
}

std::size_t utf8Chars(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string valuesText(const std::vector<std::string>& values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i) {
    if (values.size() > 4 && i >= 2 && i + 1 < values.size()) {
      if (i == 2) text += ", ...";
      continue;
    }
    text += (i == 0 ? "" : (values.size() > 4 && i + 1 == values.size()) ? " " : ", ") + values[i];
  }
  return text;
}

}  // namespace warpscope::labs::user_kernel
