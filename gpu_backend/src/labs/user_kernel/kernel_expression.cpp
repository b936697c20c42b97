#include "labs/user_kernel/kernel_expression.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace warpscope::labs::user_kernel {
namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

struct Function {
  const char* name;
  int arity;
};
constexpr Function kFunctions[] = {{"min", 2}, {"max", 2}, {"ceil_div", 2}, {"log2", 1}, {"pow2", 1}};

const Function* findFunction(std::string_view name) {
  for (const Function& f : kFunctions)
    if (name == f.name) return &f;
  return nullptr;
}

bool isNameStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isNameChar(char c) { return isNameStart(c) || isDigit(c); }
bool isSpace(char c) { return c == ' ' || c == '\t'; }

int hexDigit(char c) {
  if (isDigit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
  return text;
}

/// Reads the literal starting at text[pos] (a digit); returns the position after it, or sets
/// `error` (the value is then meaningless).
size_t lexLiteral(std::string_view text, size_t pos, int64_t& value, std::string& error) {
  const size_t start = pos;
  value = 0;
  bool overflow = false;
  if (text.size() > pos + 1 && text[pos] == '0' && (text[pos + 1] == 'x' || text[pos + 1] == 'X')) {
    pos += 2;
    const size_t digits = pos;
    for (; pos < text.size() && hexDigit(text[pos]) >= 0; ++pos)
      overflow |= __builtin_mul_overflow(value, int64_t{16}, &value) ||
                  __builtin_add_overflow(value, int64_t{hexDigit(text[pos])}, &value);
    if (pos == digits) {
      error = "`0x` needs hex digits";
      return pos;
    }
  } else {
    for (; pos < text.size() && isDigit(text[pos]); ++pos)
      overflow |= __builtin_mul_overflow(value, int64_t{10}, &value) ||
                  __builtin_add_overflow(value, int64_t{text[pos] - '0'}, &value);
    if (pos - start > 1 && text[start] == '0') {
      error = "`" + std::string(text.substr(start, pos - start)) +
              "` starts with 0, which C reads as octal: write it without the 0 (or in 0x hex)";
      return pos;
    }
  }
  if (pos < text.size() && (text[pos] == 'K' || text[pos] == 'M' || text[pos] == 'G')) {
    const int shift = text[pos] == 'K' ? 10 : text[pos] == 'M' ? 20 : 30;
    overflow |= __builtin_mul_overflow(value, int64_t{1} << shift, &value);
    ++pos;
  }
  if (pos < text.size() && isNameChar(text[pos])) {
    size_t end = pos;
    while (end < text.size() && isNameChar(text[end])) ++end;
    error = "`" + std::string(text.substr(start, end - start)) +
            "` is not a number (decimal or 0x hex, optionally followed by K, M or G)";
    return end;
  }
  if (overflow) error = "`" + std::string(text.substr(start, pos - start)) + "` does not fit in 64 bits";
  return pos;
}

struct Token {
  enum class Kind { Number, Name, Op, End } kind = Kind::End;
  std::string text;  ///< Name; Op: "+", "<<", "(", ...
  int64_t value = 0;
  size_t pos = 0;
};

class Parser {
 public:
  Parser(std::string_view text, std::vector<Expression::Node>& nodes) : text_(text), nodes_(nodes) { lex(); }

  int parseAll() {
    const int root = parseShift();
    if (peek().kind != Token::Kind::End) fail("expected an operator or the end");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { failAt(what, peek().pos); }
  [[noreturn]] void failAt(const std::string& what, size_t pos) const {
    std::string where = pos >= text_.size() ? "at the end" : "at `" + std::string(text_.substr(pos, 24)) + "`";
    if (pos < text_.size() && text_.size() - pos > 24) where.insert(where.size() - 1, "...");
    throw ExpressionError("expression `" + std::string(text_) + "`: " + what + " " + where);
  }

  void lex() {
    size_t pos = 0;
    while (true) {
      while (pos < text_.size() && isSpace(text_[pos])) ++pos;
      Token token;
      token.pos = pos;
      if (pos >= text_.size()) {
        tokens_.push_back(token);
        return;
      }
      const char c = text_[pos];
      if (isDigit(c)) {
        std::string error;
        const size_t end = lexLiteral(text_, pos, token.value, error);
        if (!error.empty()) failAt(error, pos);
        token.kind = Token::Kind::Number;
        pos = end;
      } else if (isNameStart(c)) {
        const size_t start = pos;
        while (pos < text_.size() && isNameChar(text_[pos])) ++pos;
        token.kind = Token::Kind::Name;
        token.text = std::string(text_.substr(start, pos - start));
      } else if ((c == '<' || c == '>') && pos + 1 < text_.size() && text_[pos + 1] == c) {
        token.kind = Token::Kind::Op;
        token.text = std::string(2, c);
        pos += 2;
      } else if (std::string_view("+-*/%(),").find(c) != std::string_view::npos) {
        token.kind = Token::Kind::Op;
        token.text = std::string(1, c);
        ++pos;
      } else if (c == '<' || c == '>') {
        failAt(std::string("`") + c + "` is not an operator here (the shifts are << and >>)", pos);
      } else {
        failAt(std::string("unexpected character `") + c + "`", pos);
      }
      tokens_.push_back(std::move(token));
    }
  }

  const Token& peek() const { return tokens_[next_]; }
  bool isOp(const char* op) const { return peek().kind == Token::Kind::Op && peek().text == op; }
  void expectOp(const char* op, const std::string& what) {
    if (!isOp(op)) fail("expected " + what);
    ++next_;
  }

  int add(Expression::Node node) {
    nodes_.push_back(std::move(node));
    return static_cast<int>(nodes_.size()) - 1;
  }
  int binary(char op, int left, int right) {
    Expression::Node node;
    node.kind = Expression::Node::Kind::Binary;
    node.op = op;
    node.children = {left, right};
    return add(std::move(node));
  }

  void enter() {
    if (++depth_ > kMaxExpressionDepth)
      fail("nests deeper than " + std::to_string(kMaxExpressionDepth) + " parentheses, calls and minus signs");
  }

  int parseShift() {
    int left = parseAdditive();
    while (isOp("<<") || isOp(">>")) {
      const char op = peek().text[0];
      ++next_;
      left = binary(op, left, parseAdditive());
    }
    return left;
  }
  int parseAdditive() {
    int left = parseMultiplicative();
    while (isOp("+") || isOp("-")) {
      const char op = peek().text[0];
      ++next_;
      left = binary(op, left, parseMultiplicative());
    }
    return left;
  }
  int parseMultiplicative() {
    int left = parseUnary();
    while (isOp("*") || isOp("/") || isOp("%")) {
      const char op = peek().text[0];
      ++next_;
      left = binary(op, left, parseUnary());
    }
    return left;
  }
  int parseUnary() {
    if (!isOp("-")) return parsePrimary();
    ++next_;
    enter();
    Expression::Node node;
    node.kind = Expression::Node::Kind::Negate;
    node.children = {parseUnary()};
    --depth_;
    return add(std::move(node));
  }
  int parsePrimary() {
    const Token token = peek();
    if (token.kind == Token::Kind::Number) {
      ++next_;
      Expression::Node node;
      node.value = token.value;
      return add(std::move(node));
    }
    if (token.kind == Token::Kind::Name) {
      ++next_;
      if (isOp("(")) return parseCall(token);
      if (findFunction(token.text))
        failAt("`" + token.text + "` is a function: call it as " + token.text + "(...)", token.pos);
      Expression::Node node;
      node.kind = Expression::Node::Kind::Name;
      node.name = token.text;
      return add(std::move(node));
    }
    if (isOp("(")) {
      ++next_;
      enter();
      const int inner = parseShift();
      expectOp(")", "`)`");
      --depth_;
      return inner;
    }
    fail("expected a number, a name or `(`");
  }
  int parseCall(const Token& name) {
    const Function* function = findFunction(name.text);
    if (!function) {
      std::string known;
      for (const Function& f : kFunctions) known += (known.empty() ? "" : ", ") + std::string(f.name);
      failAt("unknown function `" + name.text + "`; the functions are " + known, name.pos);
    }
    ++next_;  // (
    enter();
    Expression::Node node;
    node.kind = Expression::Node::Kind::Call;
    node.name = name.text;
    node.children.push_back(parseShift());
    while (isOp(",")) {
      ++next_;
      node.children.push_back(parseShift());
    }
    expectOp(")", "`,` or `)`");
    --depth_;
    if (static_cast<int>(node.children.size()) != function->arity)
      failAt("`" + name.text + "` takes " + std::to_string(function->arity) + " argument" +
                 (function->arity == 1 ? "" : "s") + ", not " + std::to_string(node.children.size()),
             name.pos);
    return add(std::move(node));
  }

  std::string_view text_;
  std::vector<Expression::Node>& nodes_;
  std::vector<Token> tokens_;
  size_t next_ = 0;
  int depth_ = 0;
};

}  // namespace

const int64_t* ExpressionEnv::find(std::string_view name) const {
  const auto it = values_.find(name);
  return it == values_.end() ? nullptr : &it->second;
}

Expression::Expression() : text_("0"), nodes_(1) {}

bool Expression::uses(std::string_view name) const { return std::binary_search(names_.begin(), names_.end(), name); }

int64_t Expression::evaluate(const ExpressionEnv& env) const { return evaluateNode(root_, env); }

int64_t Expression::evaluateNode(int index, const ExpressionEnv& env) const {
  const Node& node = nodes_[static_cast<size_t>(index)];
  const auto fail = [&](const std::string& what) -> int64_t {
    throw ExpressionError("expression `" + text_ + "`: " + what);
  };
  const auto argument = [&](size_t i) { return evaluateNode(node.children[i], env); };
  switch (node.kind) {
    case Node::Kind::Literal:
      return node.value;
    case Node::Kind::Name: {
      const int64_t* value = env.find(node.name);
      return value ? *value : fail("`" + node.name + "` has no value here");
    }
    case Node::Kind::Negate: {
      const int64_t a = argument(0);
      return a == kMin ? fail("overflow in -(" + std::to_string(a) + ")") : -a;
    }
    case Node::Kind::Call: {
      const int64_t a = argument(0);
      if (node.name == "log2") {
        if (a < 1) fail("log2(" + std::to_string(a) + "): log2 needs a value of at least 1");
        return 63 - std::countl_zero(static_cast<uint64_t>(a));
      }
      if (node.name == "pow2") {
        if (a < 0 || a > 62) fail("pow2(" + std::to_string(a) + "): pow2 takes 0..62");
        return int64_t{1} << a;
      }
      const int64_t b = argument(1);
      if (node.name == "min") return std::min(a, b);
      if (node.name == "max") return std::max(a, b);
      // ceil_div: the ceiling of a / b for any signs.
      const std::string call = "ceil_div(" + std::to_string(a) + ", " + std::to_string(b) + ")";
      if (b == 0) fail("division by zero in " + call);
      if (a == kMin && b == -1) fail("overflow in " + call);
      const int64_t q = a / b;
      const int64_t r = a % b;
      return r != 0 && ((r > 0) == (b > 0)) ? q + 1 : q;
    }
    case Node::Kind::Binary:
      break;
  }
  const int64_t a = argument(0);
  const int64_t b = argument(1);
  const std::string opText = node.op == '<' ? "<<" : node.op == '>' ? ">>" : std::string(1, node.op);
  const std::string shown = std::to_string(a) + " " + opText + " " + std::to_string(b);
  int64_t result = 0;
  switch (node.op) {
    case '+':
      if (__builtin_add_overflow(a, b, &result)) fail("overflow in " + shown);
      return result;
    case '-':
      if (__builtin_sub_overflow(a, b, &result)) fail("overflow in " + shown);
      return result;
    case '*':
      if (__builtin_mul_overflow(a, b, &result)) fail("overflow in " + shown);
      return result;
    case '/':
    case '%':
      if (b == 0) fail("division by zero in " + shown);
      if (a == kMin && b == -1) fail("overflow in " + shown);
      return node.op == '/' ? a / b : a % b;
    default:
      break;
  }
  if (b < 0 || b > 63) fail("shift out of range in " + shown + " (a shift takes 0..63)");
  if (node.op == '>') return a >> b;
  // a << b is a * 2^b, and must fit.
  if (b == 63) {
    if (a != 0 && a != -1) fail("overflow in " + shown);
    return a == 0 ? 0 : kMin;
  }
  if (__builtin_mul_overflow(a, int64_t{1} << b, &result)) fail("overflow in " + shown);
  return result;
}

Expression parseExpression(std::string_view text) {
  text = trimmed(text);
  if (text.empty()) throw ExpressionError("an empty expression");
  if (text.size() > kMaxExpressionChars)
    throw ExpressionError("expression `" + std::string(text.substr(0, 40)) + "...` is " + std::to_string(text.size()) +
                          " characters long; at most " + std::to_string(kMaxExpressionChars));
  Expression expression;
  expression.text_ = std::string(text);
  expression.nodes_.clear();
  expression.root_ = Parser(text, expression.nodes_).parseAll();
  for (const Expression::Node& node : expression.nodes_)
    if (node.kind == Expression::Node::Kind::Name) expression.names_.push_back(node.name);
  std::sort(expression.names_.begin(), expression.names_.end());
  expression.names_.erase(std::unique(expression.names_.begin(), expression.names_.end()), expression.names_.end());
  return expression;
}

const std::vector<std::string>& expressionFunctions() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const Function& f : kFunctions) all.emplace_back(f.name);
    return all;
  }();
  return names;
}

int64_t parseIntegerLiteral(std::string_view text) {
  text = trimmed(text);
  const bool negative = !text.empty() && text.front() == '-';
  const std::string_view digits = negative ? trimmed(text.substr(1)) : text;
  if (digits.empty() || !isDigit(digits.front()))
    throw ExpressionError("`" + std::string(text) + "` is not an integer");
  int64_t value = 0;
  std::string error;
  const size_t end = lexLiteral(digits, 0, value, error);
  if (!error.empty()) throw ExpressionError(error);
  if (end != digits.size()) throw ExpressionError("`" + std::string(text) + "` is not an integer");
  return negative ? -value : value;
}

}  // namespace warpscope::labs::user_kernel
