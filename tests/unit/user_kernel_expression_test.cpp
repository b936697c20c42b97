// The integer expressions of a user kernel's header (labs/user_kernel/kernel_expression.h): C's
// precedence and division, every overflow caught, shifts and functions on their domains, and the
// parser's bounds and messages.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "labs/user_kernel/kernel_expression.h"

using namespace warpscope::labs::user_kernel;

namespace {

int64_t eval(const std::string& text, const ExpressionEnv& env = {}) { return parseExpression(text).evaluate(env); }

std::string parseError(const std::string& text) {
  try {
    (void)parseExpression(text);
  } catch (const ExpressionError& e) {
    return e.what();
  }
  return "";
}

std::string evalError(const std::string& text, const ExpressionEnv& env = {}) {
  try {
    (void)eval(text, env);
  } catch (const ExpressionError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(UserKernelExpression, FollowsCPrecedenceAndLeftAssociativity) {
  EXPECT_EQ(eval("2 + 3 * 4"), 14);
  EXPECT_EQ(eval("(2 + 3) * 4"), 20);
  EXPECT_EQ(eval("10 - 4 - 3"), 3);
  EXPECT_EQ(eval("100 / 10 / 5"), 2);
  EXPECT_EQ(eval("1 << 2 + 1"), 8) << "shifts bind looser than +";
  EXPECT_EQ(eval("1 + 2 << 3"), 24);
  EXPECT_EQ(eval("256 >> 2 >> 1"), 32);
  EXPECT_EQ(eval("7 % 4 * 2"), 6);
  EXPECT_EQ(eval("-2 * 3"), -6);
  EXPECT_EQ(eval("- -5"), 5);
  EXPECT_EQ(eval("-(2 + 3) * 2"), -10);
}

TEST(UserKernelExpression, LiteralsTakeHexAndBinarySuffixes) {
  EXPECT_EQ(eval("0x10"), 16);
  EXPECT_EQ(eval("0XfF"), 255);
  EXPECT_EQ(eval("4K"), 4096);
  EXPECT_EQ(eval("64M"), int64_t{64} << 20);
  EXPECT_EQ(eval("2G"), int64_t{2} << 30);
  EXPECT_EQ(eval("0x2K"), 2048);
  EXPECT_EQ(eval("0"), 0);
  EXPECT_EQ(eval("9223372036854775807"), std::numeric_limits<int64_t>::max());
  EXPECT_NE(parseError("9223372036854775808").find("does not fit in 64 bits"), std::string::npos);
  EXPECT_NE(parseError("8589934592G").find("does not fit in 64 bits"), std::string::npos);
  EXPECT_NE(parseError("010").find("octal"), std::string::npos) << "a leading 0 would be octal in C";
  EXPECT_NE(parseError("12abc").find("`12abc` is not a number"), std::string::npos);
  EXPECT_NE(parseError("4k").find("is not a number"), std::string::npos) << "suffixes are capitals";
  EXPECT_NE(parseError("0x").find("hex digits"), std::string::npos);
}

TEST(UserKernelExpression, DivisionAndRemainderTruncateTowardZeroAsInC) {
  EXPECT_EQ(eval("7 / 2"), 3);
  EXPECT_EQ(eval("-7 / 2"), -3);
  EXPECT_EQ(eval("7 / -2"), -3);
  EXPECT_EQ(eval("-7 / -2"), 3);
  EXPECT_EQ(eval("7 % 2"), 1);
  EXPECT_EQ(eval("-7 % 2"), -1);
  EXPECT_EQ(eval("7 % -2"), 1);
}

TEST(UserKernelExpression, DivisionByZeroNamesTheExpressionAndTheValues) {
  ExpressionEnv env;
  env.set("N", 1024);
  env.set("B", 256);
  const std::string message = evalError("N / (B - 256)", env);
  EXPECT_NE(message.find("`N / (B - 256)`"), std::string::npos) << message;
  EXPECT_NE(message.find("division by zero in 1024 / 0"), std::string::npos) << message;
  EXPECT_NE(evalError("5 % 0").find("division by zero"), std::string::npos);
  EXPECT_NE(evalError("ceil_div(5, 0)").find("division by zero in ceil_div(5, 0)"), std::string::npos);
}

TEST(UserKernelExpression, EveryOverflowIsAnErrorNotAWrappedValue) {
  EXPECT_NE(evalError("9223372036854775807 + 1").find("overflow in 9223372036854775807 + 1"), std::string::npos);
  EXPECT_NE(evalError("-9223372036854775807 - 2").find("overflow"), std::string::npos);
  EXPECT_NE(evalError("8G * 1G").find("overflow in 8589934592 * 1073741824"), std::string::npos);
  EXPECT_NE(evalError("-(-9223372036854775807 - 1)").find("overflow"), std::string::npos);
  EXPECT_NE(evalError("(-9223372036854775807 - 1) / -1").find("overflow"), std::string::npos);
  EXPECT_NE(evalError("(-9223372036854775807 - 1) % -1").find("overflow"), std::string::npos);
  EXPECT_NE(evalError("ceil_div(-9223372036854775807 - 1, -1)").find("overflow"), std::string::npos);
  EXPECT_EQ(eval("-9223372036854775807 - 1"), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(eval("4G * 1G"), int64_t{1} << 62);
}

TEST(UserKernelExpression, ShiftsAreCheckedMultiplicationsAndArithmeticRightShifts) {
  EXPECT_EQ(eval("1 << 62"), int64_t{1} << 62);
  EXPECT_EQ(eval("-1 << 63"), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(eval("-3 << 2"), -12);
  EXPECT_EQ(eval("-8 >> 1"), -4);
  EXPECT_EQ(eval("-1 >> 63"), -1);
  EXPECT_EQ(eval("5 >> 63"), 0);
  EXPECT_NE(evalError("1 << 63").find("overflow in 1 << 63"), std::string::npos);
  EXPECT_NE(evalError("3 << 62").find("overflow"), std::string::npos);
  EXPECT_NE(evalError("1 << 64").find("shift out of range in 1 << 64"), std::string::npos);
  EXPECT_NE(evalError("1 >> -1").find("shift out of range"), std::string::npos);
}

TEST(UserKernelExpression, FunctionsComputeOnTheirDomainsAndRefuseOutsideThem) {
  EXPECT_EQ(eval("min(3, -4)"), -4);
  EXPECT_EQ(eval("max(3, -4)"), 3);
  EXPECT_EQ(eval("ceil_div(7, 2)"), 4);
  EXPECT_EQ(eval("ceil_div(8, 2)"), 4);
  EXPECT_EQ(eval("ceil_div(-7, 2)"), -3);
  EXPECT_EQ(eval("ceil_div(7, -2)"), -3);
  EXPECT_EQ(eval("ceil_div(-7, -2)"), 4);
  EXPECT_EQ(eval("ceil_div(0, 5)"), 0);
  EXPECT_EQ(eval("log2(1)"), 0);
  EXPECT_EQ(eval("log2(1023)"), 9) << "floor";
  EXPECT_EQ(eval("log2(1024)"), 10);
  EXPECT_EQ(eval("log2(9223372036854775807)"), 62);
  EXPECT_EQ(eval("pow2(0)"), 1);
  EXPECT_EQ(eval("pow2(62)"), int64_t{1} << 62);
  EXPECT_EQ(eval("min(max(1, 2), pow2(log2(100)))"), 2);
  EXPECT_NE(evalError("log2(0)").find("log2(0): log2 needs a value of at least 1"), std::string::npos);
  EXPECT_NE(evalError("log2(-4)").find("log2"), std::string::npos);
  EXPECT_NE(evalError("pow2(63)").find("pow2 takes 0..62"), std::string::npos);
  EXPECT_NE(evalError("pow2(-1)").find("pow2 takes 0..62"), std::string::npos);
}

TEST(UserKernelExpression, NamesAreReadFromTheEnvironmentAndListedOnce) {
  const Expression e = parseExpression("ceil_div(N, BLOCK * ILP) + N - sms");
  EXPECT_EQ(e.names(), (std::vector<std::string>{"BLOCK", "ILP", "N", "sms"})) << "sorted, once each, no functions";
  EXPECT_TRUE(e.uses("ILP"));
  EXPECT_FALSE(e.uses("ceil_div"));
  ExpressionEnv env;
  env.set("N", 1000);
  env.set("BLOCK", 128);
  env.set("ILP", 4);
  env.set("sms", 132);
  EXPECT_EQ(e.evaluate(env), 2 + 1000 - 132);
  EXPECT_EQ(e.text(), "ceil_div(N, BLOCK * ILP) + N - sms");
  env = ExpressionEnv();
  env.set("N", 1);
  EXPECT_NE(evalError("N + M", env).find("`M` has no value here"), std::string::npos);
}

TEST(UserKernelExpression, ADefaultExpressionIsTheConstantZero) {
  const Expression e;
  EXPECT_EQ(e.evaluate({}), 0);
  EXPECT_EQ(e.text(), "0");
  EXPECT_TRUE(e.names().empty());
}

TEST(UserKernelExpression, MalformedTextSaysWhatWasExpectedWhere) {
  EXPECT_NE(parseError("").find("an empty expression"), std::string::npos);
  EXPECT_NE(parseError("   ").find("an empty expression"), std::string::npos);
  EXPECT_NE(parseError("1 +").find("expected a number, a name or `(` at the end"), std::string::npos);
  EXPECT_NE(parseError("N +* 2").find("expected a number, a name or `(` at `* 2`"), std::string::npos);
  EXPECT_NE(parseError("(1 + 2").find("expected `)`"), std::string::npos);
  EXPECT_NE(parseError("1 + 2)").find("expected an operator or the end at `)`"), std::string::npos);
  EXPECT_NE(parseError("1 2").find("expected an operator or the end"), std::string::npos);
  EXPECT_NE(parseError("min(1)").find("`min` takes 2 arguments, not 1"), std::string::npos);
  EXPECT_NE(parseError("log2(1, 2)").find("`log2` takes 1 argument, not 2"), std::string::npos);
  EXPECT_NE(parseError("foo(1)").find("unknown function `foo`; the functions are min, max, ceil_div, log2, pow2"),
            std::string::npos);
  EXPECT_NE(parseError("min + 1").find("`min` is a function"), std::string::npos);
  EXPECT_NE(parseError("a < b").find("the shifts are << and >>"), std::string::npos);
  EXPECT_NE(parseError("1 $ 2").find("unexpected character `$`"), std::string::npos);
  EXPECT_NE(parseError("1.5").find("unexpected character `.`"), std::string::npos);
  EXPECT_NE(parseError("+1").find("expected a number"), std::string::npos) << "no unary plus";
  EXPECT_EQ(parseError("N+1").find("expression `N+1`"), std::string::npos) << "valid";
}

TEST(UserKernelExpression, LengthAndNestingAreBounded) {
  std::string sum = "1";
  while (sum.size() + 4 <= kMaxExpressionChars) sum += " + 1";
  sum += "+11";
  ASSERT_EQ(sum.size(), kMaxExpressionChars);
  EXPECT_EQ(eval(sum), 1 + 63 + 11);
  EXPECT_NE(parseError(sum + "1").find("is 257 characters long; at most 256"), std::string::npos);

  const auto nested = [](int depth) { return std::string(depth, '(') + "7" + std::string(depth, ')'); };
  EXPECT_EQ(eval(nested(kMaxExpressionDepth)), 7);
  EXPECT_NE(parseError(nested(kMaxExpressionDepth + 1)).find("nests deeper than 32"), std::string::npos);
  std::string minuses;
  for (int i = 0; i < kMaxExpressionDepth + 1; ++i) minuses += "-";
  EXPECT_NE(parseError(minuses + "1").find("nests deeper than 32"), std::string::npos) << "unary minus nests too";
  std::string calls = "1";
  for (int i = 0; i < kMaxExpressionDepth + 1; ++i) calls = "log2(" + calls + ")";
  ASSERT_LE(calls.size(), kMaxExpressionChars);
  EXPECT_NE(parseError(calls).find("nests deeper than 32"), std::string::npos);
}

TEST(UserKernelExpression, IntegerLiteralsParseAloneWithAnOptionalMinus) {
  EXPECT_EQ(parseIntegerLiteral(" 256 "), 256);
  EXPECT_EQ(parseIntegerLiteral("-4"), -4);
  EXPECT_EQ(parseIntegerLiteral("64M"), int64_t{64} << 20);
  EXPECT_EQ(parseIntegerLiteral("0x100"), 256);
  EXPECT_THROW((void)parseIntegerLiteral("1.5"), ExpressionError);
  EXPECT_THROW((void)parseIntegerLiteral("1 + 1"), ExpressionError);
  EXPECT_THROW((void)parseIntegerLiteral(""), ExpressionError);
  EXPECT_THROW((void)parseIntegerLiteral("N"), ExpressionError);
}
