// A user's kernel header read as hostile input (labs/user_kernel/kernel_header.h,
// docs/your-kernel.md): each malformed header refused, naming its line and what is wrong. What a
// valid header reads into: user_kernel_header_test.cpp; random headers: user_kernel_header_fuzz_test.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "labs/user_kernel/kernel_header.h"
#include "user_kernel_headers.h"

using namespace warpscope;
using namespace warpscope::labs::user_kernel;
using namespace warpscope::test;

TEST(UserKernelHeader, AMissingOrForeignVersionLineIsRefusedClearly) {
  const Failure none = failureOf(std::string("// just a comment\n__global__ void k() {}\n"));
  EXPECT_EQ(none.line, 0);
  EXPECT_EQ(none.message.rfind("no `// warpscope-kernel 1` header", 0), 0u) << none.message;
  expectFailure(with(baseHeader(), 1, "// warpscope-kernel 2"), 1,
                "this file's header is version 2; this Warpscope reads version 1");
  expectFailure(with(baseHeader(), 1, "// warpscope-kernel"), 1, "needs its version as a number");
  expectFailure(with(baseHeader(), 1, "// warpscope-kernel one"), 1, "needs its version as a number");
  std::vector<std::string> afterComment = baseHeader();
  afterComment.insert(afterComment.begin(), "// licence");
  expectFailure(afterComment, 2, "must begin its comment block, and line 1 is a comment too");
}

TEST(UserKernelHeader, AnUnknownKeyIsNamedWithTheKnownOnes) {
  expectFailure(plus(baseHeader(), "// colour: red"), 13,
                "unknown key `colour`; the keys are title, summary, param NAME, kernel, grid, block, shared, buffer "
                "NAME, args, bytes, flops, reference, reference grid, reference block, check, counters, budget");
  expectFailure(plus(baseHeader(), "// no colon here"), 13, "expected `key: value`");
  expectFailure(plus(baseHeader(), "// : no key"), 13, "expected `key: value`");
  expectFailure(plus(baseHeader(), "// param: 1..2"), 13, "`param` needs a name");
  expectFailure(plus(baseHeader(), "// param A B: 1..2"), 13, "`param` takes one name");
  expectFailure(plus(baseHeader(), "// grid: 1"), 13, "`grid:` is given twice (first on line 6)");
}

TEST(UserKernelHeader, RequiredKeysAreNamedAtTheHeadersFirstLine) {
  for (const auto& [line, key] : std::vector<std::pair<size_t, std::string>>{
           {2, "title"}, {5, "kernel"}, {6, "grid"}, {7, "block"}, {10, "args"}}) {
    const Failure f = failureOf(without(baseHeader(), line));
    EXPECT_EQ(f.line, 1) << f.message;
    EXPECT_NE(f.message.find("has no `" + key + ":` line, which is required"), std::string::npos) << f.message;
  }
  std::vector<std::string> noParams = {
      "// warpscope-kernel 1",     "// title: t", "// kernel: k", "// grid: 1", "// block: 32", "// args: x",
      "// buffer x: float[4] zero"};
  expectFailure(noParams, 1, "declares no param");
}

TEST(UserKernelHeader, BadParamNamesAreRefused) {
  expectFailure(with(baseHeader(), 4, "// param 2BLOCK: 64..256, x2, define"), 4, "param name `2BLOCK` is not a name");
  expectFailure(with(baseHeader(), 4, "// param " + std::string(33, 'B') + ": 64..256, x2, define"), 4,
                "is not a name");
  expectFailure(with(baseHeader(), 4, "// param sms: 64..256, x2, define"), 4, "param name `sms` is reserved");
  expectFailure(with(baseHeader(), 4, "// param min: 64..256, x2, define"), 4, "is reserved");
  expectFailure(with(baseHeader(), 4, "// param grid_x: 64..256, x2, define"), 4, "is reserved");
  expectFailure(with(baseHeader(), 4, "// param int: 64..256, x2, define"), 4, "is reserved");
  expectFailure(with(baseHeader(), 4, "// param __X: 64..256, x2, define"), 4, "is reserved");
  expectFailure(with(baseHeader(), 4, "// param N: 64..256, x2, define"), 4,
                "the name `N` is already a param's (line 3)");
  expectFailure(with(baseHeader(), 9, "// buffer N: float[4] output"), 9, "the name `N` is already a param's");
}

TEST(UserKernelHeader, ADefaultOffTheGridNamesTheValidValues) {
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 32..1024, x2, default 300, define"), 4,
                "param BLOCK: default 300 is not one of 32, 64, ... 1024");
  EXPECT_EQ(failureOf(with(baseHeader(), 4, "// param BLOCK: 32..1024, x2, default 300, define")).message,
            "line 4: param BLOCK: default 300 is not one of 32, 64, ... 1024");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 64|128, default 96, define"), 4,
                "default 96 is not one of 64, 128");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: a=1|b=2, default c, define"), 4, "default c is not one of a, b");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 0..100 step 10, default 15, define"), 4,
                "default 15 is not one of 0, 10, ... 100");
}

TEST(UserKernelHeader, DomainsMustBeWellFormedAndOnTheirGrid) {
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 32..1000, x2, define"), 4,
                "the range's high end 1000 is not on its x2 grid (32, 64, ... 512, 1024, ...)");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 0..100 step 7, define"), 4,
                "the range's high end 100 is not on its grid (0, 7, 14, ...)");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 0..8 step 0, define"), 4, "the step must be at least 1");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 0..64, x2, define"), 4, "a geometric range starts at 1");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 9..1, define"), 4, "runs backwards");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 64|32, define"), 4, "numeric choices must increase");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: a=1|2, define"), 4, "either all named");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: a=1|a=2, define"), 4, "the choice name `a` appears twice");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: a=1|b=1, define"), 4, "the value 1 is given to two choices");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 1..4, define, x2"), 4, "goes right after a LO..HI range");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 1..4, define, colour red"), 4, "unknown attribute `colour`");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 1..4, focus, sweep"), 4, "give one of focus or sweep, once");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 1..4, define, template"), 4, "at most one role");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 1..4, unit a, unit b"), 4, "unit is given twice");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 0..9007199254740993"), 4, "beyond +-2^53");
  expectFailure(with(baseHeader(), 4, "// param BLOCK:"), 4, "needs a domain");
  EXPECT_EQ(parseKernelHeader(sourceOf(with(baseHeader(), 4, "// param BLOCK: 128, define"))).params[1].values,
            (std::vector<int64_t>{128}))
      << "a single value is a list of one";
}

TEST(UserKernelHeader, TooManyValuesParamsFocusParamsOrVariantsAreRefused) {
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 1..65, define"), 4, "65 values; a param may have at most 64");
  EXPECT_EQ(failureOf(with(baseHeader(), 4, "// param BLOCK: 1..64, define")).line, -1) << "64 values are fine";
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 1..1G, define"), 4,
                "1073741824 values; a param may have at most 64");
  std::vector<std::string> many = baseHeader();
  for (int i = 0; i < 7; ++i) many = plus(many, "// param P" + std::to_string(i) + ": 1..2");
  expectFailure(many, 19, "at most 8 params");
  expectFailure(plus(plus(baseHeader(), "// param A: 1..2, focus"), "// param B: 1..2, focus"), 14,
                "at most 2 focus params");
  std::vector<std::string> variants = plus(with(baseHeader(), 5, "// kernel: copy<T>"), "// param T: 1..16, template");
  EXPECT_EQ(failureOf(variants).line, -1) << "48 variants are fine";
  expectFailure(plus(variants, "// param D: 1..2, define"), 14,
                "param D: 96 compiled variants (define and template params: BLOCK 3 x T 16 x D 2); at most 64");
}

TEST(UserKernelHeader, ExpressionsReadOnlyKnownNames) {
  expectFailure(with(baseHeader(), 6, "// grid: ceil_div(M, BLOCK)"), 6,
                "grid: unknown name `M` in `ceil_div(M, BLOCK)`; the params are N, BLOCK; the device values are sms, "
                "warp_size, max_threads_per_sm, max_threads_per_block, shared_per_block");
  expectFailure(with(baseHeader(), 6, "// grid: ceil_div(N, block_x)"), 6,
                "grid: `block_x` in `ceil_div(N, block_x)` is not known yet here");
  expectFailure(with(baseHeader(), 7, "// block: grid_x"), 7, "block: `grid_x` in `grid_x` is not known yet here");
  expectFailure(plus(baseHeader(), "// reference grid: grid_y"), 13, "reference grid: `grid_y`");
  expectFailure(with(baseHeader(), 9, "// buffer out: float[N + Q] output"), 9, "buffer out: unknown name `Q`");
  expectFailure(plus(baseHeader(), "// bytes: 4 * size"), 13, "bytes: unknown name `size`");
  expectFailure(with(baseHeader(), 6, "// grid: ceil_div(N, BLOCK"), 6, "grid x: expression `ceil_div(N, BLOCK`");
  expectFailure(with(baseHeader(), 6, "// grid: 1, 2, 3, 4"), 6, "4 dimensions; a launch has 1 to 3");
  const KernelHeader h = parseKernelHeader(sourceOf(plus(baseHeader(), "// shared: 4 * block_x * block_y + sms")));
  EXPECT_EQ(h.shared.line, 13) << "launch values are fine in sizes";
}

TEST(UserKernelHeader, TemplateArgumentsReadOnlyCompiledInParams) {
  expectFailure(with(baseHeader(), 5, "// kernel: copy<N>"), 5, "kernel: `N` in `N` is not a define or template param");
  expectFailure(with(baseHeader(), 5, "// kernel: copy<sms>"), 5, "`sms` in `sms` is not a define or template param");
  EXPECT_EQ(parseKernelHeader(sourceOf(with(baseHeader(), 5, "// kernel: copy<BLOCK / 32>")))
                .kernel.kernel.templateArgs.size(),
            1u)
      << "a define param may be read too";
  expectFailure(plus(baseHeader(), "// param T: 1|2, template"), 13,
                "param T has the role template, but no template argument of `kernel:` or `reference:` reads it");
  expectFailure(with(baseHeader(), 5, "// kernel: copy<"), 5, "the template arguments end with `>`");
  expectFailure(with(baseHeader(), 5, "// kernel: copy<>"), 5, "an empty template argument list");
  expectFailure(with(baseHeader(), 5, "// kernel: 9copy"), 5, "is not a kernel's name");
  expectFailure(with(baseHeader(), 5, "// kernel: copy<256 / (BLOCK - 64)>"), 5,
                "kernel: template argument 1: expression `256 / (BLOCK - 64)`: division by zero in 256 / 0 (with "
                "BLOCK=64)");
}

TEST(UserKernelHeader, ArgsNameOnlyBuffersAndArgParams) {
  expectFailure(with(baseHeader(), 10, "// args: in, output, N"), 10,
                "args: unknown name `output`; the buffers and arg params are in, out, N");
  expectFailure(with(baseHeader(), 10, "// args: in, out, N, BLOCK"), 10, "args: param `BLOCK` has no role `arg TYPE`");
  expectFailure(with(baseHeader(), 10, "// args: in, N"), 9, "buffer out is not in `args:` (line 10)");
  expectFailure(with(baseHeader(), 10, "// args: in, out"), 3, "param N has the role arg but is not in `args:`");
  expectFailure(with(baseHeader(), 10, "// args: in, out, N + 1"), 10,
                "args: `N + 1` is not a buffer's or a param's name");
  EXPECT_EQ(parseKernelHeader(sourceOf(with(baseHeader(), 10, "// args: in, out, N, out"))).args.size(), 4u)
      << "an argument may repeat";
}

TEST(UserKernelHeader, ChecksNeedAReferenceAndAKnownBuffer) {
  expectFailure(without(baseHeader(), 11), 11, "check out needs a `reference:` kernel");
  expectFailure(with(baseHeader(), 12, "// check: result"), 12,
                "check: unknown buffer `result`; the buffers are in, out");
  expectFailure(plus(baseHeader(), "// check: out, sum"), 13, "buffer out is checked twice (first on line 12)");
  expectFailure(with(baseHeader(), 12, "// check: out, exact, rtol 1e-3"), 12, "give one of exact, rtol X or atol X");
  expectFailure(with(baseHeader(), 12, "// check: out, sum, sum"), 12, "`sum` is given twice");
  expectFailure(with(baseHeader(), 12, "// check: out, rtol -1"), 12, "a tolerance is not negative");
  expectFailure(with(baseHeader(), 12, "// check: out, rtol abc"), 12, "is not a number");
  expectFailure(with(baseHeader(), 12, "// check: out, close"), 12, "is not sum, exact, rtol X or atol X");
  expectFailure(plus(without(baseHeader(), 11), "// reference grid: 1"), 12, "`reference grid:` without `reference:`");
}

TEST(UserKernelHeader, BuffersDeclareATypeALengthAndTheirContents) {
  expectFailure(with(baseHeader(), 9, "// buffer out: half[N] output"), 9, "the type `half` is not one of int");
  expectFailure(with(baseHeader(), 9, "// buffer out: float N output"), 9, "expected TYPE[ELEMENTS] INIT");
  expectFailure(with(baseHeader(), 9, "// buffer out: float[N]"), 9, "no initial contents");
  expectFailure(with(baseHeader(), 9, "// buffer out: float[N] ones"), 9, "`ones`; a buffer starts as zero");
  expectFailure(with(baseHeader(), 9, "// buffer out: float[N] random(1)"), 9, "random(LO, HI) takes 2 numbers");
  expectFailure(with(baseHeader(), 9, "// buffer out: float[N] random(2, 1)"), 9, "needs LO <= HI");
  expectFailure(with(baseHeader(), 9, "// buffer out: int[N] fill(1.5)"), 9, "1.5 is not a value of its type int");
  expectFailure(with(baseHeader(), 9, "// buffer out: unsigned[N] fill(-1)"), 9, "is not a value of its type unsigned");
  expectFailure(with(baseHeader(), 9, "// buffer out: float[N] fill(1e39)"), 9, "is not a value of its type float");
  expectFailure(with(baseHeader(), 9, "// buffer out: float[N] fill(nan)"), 9, "is not a number");
  std::vector<std::string> nine = baseHeader();
  for (int i = 0; i < 7; ++i) nine = plus(nine, "// buffer b" + std::to_string(i) + ": float[1] zero");
  expectFailure(nine, 19, "at most 8 buffers");
}

TEST(UserKernelHeader, TitleSummaryCountersAndBudgetAreBounded) {
  expectFailure(with(baseHeader(), 2, "// title: " + std::string(81, 't')), 2,
                "the title is 81 characters long; at most 80");
  EXPECT_EQ(parseKernelHeader(sourceOf(with(baseHeader(), 2, "// title: Copy, \"fast\" (or not): a test"))).title,
            "Copy, \"fast\" (or not): a test")
      << "a title is the rest of its line";
  expectFailure(with(baseHeader(), 2, "// title:"), 2, "`title:` has no text");
  EXPECT_EQ(failureOf(with(baseHeader(), 2, "// title: " + std::string(80, 't'))).line, -1);
  std::vector<std::string> summary = baseHeader();
  for (int i = 0; i < 4; ++i) summary = plus(summary, "// summary: " + std::string(160, 's'));
  expectFailure(summary, 16, "the summary is longer than 600 characters");
  expectFailure(plus(baseHeader(), "// counters: Dram"), 13, "is not a metric's name");
  expectFailure(plus(baseHeader(), "// counters: a, a"), 13, "`a` is named twice");
  expectFailure(plus(baseHeader(), "// counters: a, b, c, d, e, f, g, h, i"), 13, "9 metrics; at most 8");
  expectFailure(plus(baseHeader(), "// budget: 0 ms"), 13, "0 ms is not in 1..60000");
  expectFailure(plus(baseHeader(), "// budget: 60001 ms"), 13, "is not in 1..60000");
  expectFailure(plus(baseHeader(), "// budget: 5 s"), 13, "write `N ms`");
  EXPECT_EQ(parseKernelHeader(sourceOf(plus(baseHeader(), "// budget: 60000ms"))).budgetMs, 60000);
}

TEST(UserKernelHeader, ArgParamsMustFitTheirType) {
  expectFailure(with(baseHeader(), 3, "// param N: 1K..4G, x2, arg int"), 3,
                "the value 2147483648 does not fit `arg int` (-2147483648..2147483647)");
  expectFailure(with(baseHeader(), 3, "// param N: -1..4, arg unsigned"), 3, "does not fit `arg unsigned`");
  expectFailure(with(baseHeader(), 3, "// param N: 1K..4K, x2, arg short"), 3, "the type `short` is not one of");
  EXPECT_EQ(parseKernelHeader(sourceOf(with(baseHeader(), 3, "// param N: 1K..4G, x2, arg long"))).params[0].argType,
            ScalarType::Long);
}

TEST(UserKernelHeader, HostileBytesAndLengthsAreRefusedByLine) {
  expectFailure(with(baseHeader(), 2, "// title: " + std::string(391, 't')), 2,
                "the line is 401 characters long; a header line may have at most 400");
  std::string withNul = sourceOf(baseHeader());
  withNul.insert(withNul.find("Copy"), 1, '\0');
  const Failure nul = failureOf(withNul);
  EXPECT_EQ(nul.line, 2);
  EXPECT_EQ(nul.message, "line 2: a NUL byte: a kernel file is text");
  std::string nulInCode = sourceOf(baseHeader()) + "int x;\n" + std::string(1, '\0');
  EXPECT_EQ(failureOf(nulInCode).line, 16) << "a NUL byte anywhere: NVRTC reads the source as a C string";
  expectFailure(with(baseHeader(), 2, "// title: a\x1b[31mred"), 2, "a control character (0x1B)");
  expectFailure(with(baseHeader(), 2, "// title: caf\xc3"), 2, "not valid UTF-8");
  expectFailure(with(baseHeader(), 2, "// title: \xed\xa0\x80"), 2, "not valid UTF-8");  // a surrogate
  EXPECT_EQ(parseKernelHeader(sourceOf(with(baseHeader(), 2, "// title: caf\xc3\xa9\tau lait"))).title,
            "caf\xc3\xa9\tau lait");
  std::vector<std::string> longHeader = baseHeader();
  while (longHeader.size() < 201) longHeader.push_back("//");
  expectFailure(longHeader, 201, "the header is longer than 200 lines");
  longHeader.pop_back();
  EXPECT_EQ(failureOf(longHeader).line, -1) << "200 lines are fine";
  const std::string huge = sourceOf(baseHeader()) + std::string(256 * 1024, ' ');
  const Failure big = failureOf(huge);
  EXPECT_EQ(big.line, 0);
  EXPECT_NE(big.message.find("a kernel file may have at most 262144"), std::string::npos) << big.message;
}

TEST(UserKernelHeader, ErrorsAreBadInputErrorsCarryingTheirLine) {
  try {
    (void)parseKernelHeader(sourceOf(plus(baseHeader(), "// colour: red")));
    FAIL() << "parsed";
  } catch (const BadInputError& e) {
    const auto* header = dynamic_cast<const KernelHeaderError*>(&e);
    ASSERT_NE(header, nullptr);
    EXPECT_EQ(header->line(), 13);
  }
}
