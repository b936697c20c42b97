#pragma once
// The integer expressions of a user kernel's header (docs/your-kernel.md, "Expressions"): launch
// dimensions, sizes, template arguments. Parsed once to a small tree by recursive descent, then
// evaluated as often as a sweep needs with an environment of param and device values. Every
// operation is 64-bit signed and checked: an overflow, a division by zero or a shift out of range
// is an ExpressionError naming the expression, never a wrong number.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "warpscope/params.h"

namespace warpscope::labs::user_kernel {

/// A malformed expression (parseExpression) or one that cannot be evaluated (evaluate). The
/// message quotes the expression; the header parser prefixes the line.
class ExpressionError : public BadInputError {
 public:
  using BadInputError::BadInputError;
};

/// The longest expression text, in characters, and the deepest nesting of parentheses, calls and
/// unary minus.
inline constexpr std::size_t kMaxExpressionChars = 256;
inline constexpr int kMaxExpressionDepth = 32;

/// The names an expression may read and their values.
class ExpressionEnv {
 public:
  void set(std::string name, int64_t value) { values_[std::move(name)] = value; }
  /// The value of `name`, or nullptr when it has none here.
  [[nodiscard]] const int64_t* find(std::string_view name) const;

 private:
  std::map<std::string, int64_t, std::less<>> values_;
};

/// A parsed expression. Copyable; the default is the constant 0.
class Expression {
 public:
  Expression();

  /// The text it was parsed from, trimmed.
  [[nodiscard]] const std::string& text() const { return text_; }
  /// The identifiers it reads (not the functions it calls), sorted, each once.
  [[nodiscard]] const std::vector<std::string>& names() const { return names_; }
  [[nodiscard]] bool uses(std::string_view name) const;
  /// Its value in `env`. Throws ExpressionError for a name without a value, a division or
  /// remainder by zero, an overflow of any operation, a shift by less than 0 or more than 63, and
  /// a function's argument out of its domain (log2 of a value below 1, pow2 outside 0..62).
  [[nodiscard]] int64_t evaluate(const ExpressionEnv& env) const;

  /// One node of the tree; children are indices into nodes_.
  struct Node {
    enum class Kind { Literal, Name, Negate, Binary, Call } kind = Kind::Literal;
    int64_t value = 0;  ///< Literal.
    std::string name;   ///< Name: the identifier; Call: the function.
    char op = 0;        ///< Binary: + - * / % and '<' for <<, '>' for >>.
    std::vector<int> children;
  };

 private:
  friend Expression parseExpression(std::string_view text);
  [[nodiscard]] int64_t evaluateNode(int index, const ExpressionEnv& env) const;

  std::string text_;
  std::vector<Node> nodes_;
  int root_ = 0;
  std::vector<std::string> names_;
};

/// Parses `text` (docs/your-kernel.md: 64-bit integer literals in decimal or 0x hex with an
/// optional K, M or G suffix; identifiers; + - * / % << >>, unary -, parentheses; min, max,
/// ceil_div, log2, pow2). Throws ExpressionError naming the text and what was expected where.
Expression parseExpression(std::string_view text);

/// The functions an expression may call, in the order the docs list them.
const std::vector<std::string>& expressionFunctions();

/// Parses one integer literal as the expressions write it ("256", "0x100", "64M", "-4"), with an
/// optional leading minus. Throws ExpressionError when `text` is not exactly one literal or its
/// value does not fit in 64 bits.
int64_t parseIntegerLiteral(std::string_view text);

}  // namespace warpscope::labs::user_kernel
