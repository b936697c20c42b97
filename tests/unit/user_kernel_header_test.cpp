// The header of a user's own kernel (labs/user_kernel/kernel_header.h, docs/your-kernel.md): every
// key read into plain data, in each form the format allows. Its refusals, each with its line:
// user_kernel_header_refusal_test.cpp; its variants and launch: user_kernel_variants_test.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "labs/user_kernel/kernel_header.h"
#include "user_kernel_headers.h"

using namespace warpscope;
using namespace warpscope::labs::user_kernel;
using namespace warpscope::test;

TEST(UserKernelHeader, EveryKeyIsReadIntoTheHeader) {
  const std::string source =
      "// Some licence text above, then a blank line.\n"
      "\n"
      "  // warpscope-kernel 1\n"
      "// title: Everything at once\n"
      "// summary: A first line,\n"
      "// summary: and a second.\n"
      "//\n"
      "// # a comment line\n"
      "// param BLOCK: 64..512, x2, default 256, unit threads, label Threads per block, help \"Block size, in "
      "threads\", focus, define\n"
      "// param ILP: 1|2|4|8, default 4, label ILP, focus, template\n"
      "// param N: 1M..256M, x4, default 16M, unit floats, arg long\n"
      "// param pad: none=0|one=1|two=2, default one, template\n"
      "// param WAVES: 1..9 step 2, default 3, sweep\n"
      "// param scale: -4..4, arg float\n"
      "// kernel: ns::sum<ILP, pad * 2>\n"
      "// grid: min(ceil_div(N, BLOCK * ILP), sms * WAVES), 1, 1\n"
      "// block: BLOCK, 1\n"
      "// shared: 4 * block_x + pad\n"
      "// buffer x: float[N] random(-1.5, 2.5)\n"
      "// buffer partial: double[grid_x] output\n"
      "// buffer index: int[N / 2] iota\n"
      "// buffer count: unsigned[1] fill(7)\n"
      "// buffer big: long[16] zero\n"
      "// args: x, partial, index, count, big, N, scale\n"
      "// bytes: 4 * N\n"
      "// flops: 2 * N\n"
      "// reference: sum_reference<ILP>\n"
      "// reference grid: 64\n"
      "// reference block: 256\n"
      "// check: partial, sum, rtol 1e-4\n"
      "// check: index, exact\n"
      "// check: count, atol 0.5\n"
      "// counters: dram__bytes_read.sum, sm__throughput.avg.pct_of_peak_sustained_elapsed\n"
      "// budget: 500 ms\n"
      "#define X 1\n"
      "// a comment after the header is code's\n";
  const KernelHeader h = parseKernelHeader(source);
  EXPECT_EQ(h.headerLines.first, 3);
  EXPECT_EQ(h.headerLines.last, 34);
  EXPECT_EQ(h.title, "Everything at once");
  EXPECT_EQ(h.summary, "A first line, and a second.");

  ASSERT_EQ(h.params.size(), 6u);
  const UserParam& block = h.params[0];
  EXPECT_EQ(block.name, "BLOCK");
  EXPECT_EQ(block.use, ParamUse::Define);
  EXPECT_EQ(block.line, 9);
  EXPECT_EQ(block.values, (std::vector<int64_t>{64, 128, 256, 512}));
  EXPECT_EQ(block.spec.id, "BLOCK");
  EXPECT_EQ(block.spec.label, "Threads per block");
  EXPECT_EQ(block.spec.unit, "threads");
  EXPECT_EQ(block.spec.help, "Block size, in threads");
  EXPECT_EQ(block.spec.role, ParamRole::Focus);
  EXPECT_EQ(block.spec.choices, (std::vector<double>{64, 128, 256, 512})) << "geometric: choices";
  EXPECT_EQ(block.spec.defaultValue, 256);
  const UserParam& ilp = h.params[1];
  EXPECT_EQ(ilp.use, ParamUse::Template);
  EXPECT_EQ(ilp.spec.choices, (std::vector<double>{1, 2, 4, 8}));
  EXPECT_EQ(ilp.spec.defaultValue, 4);
  const UserParam& n = h.params[2];
  EXPECT_EQ(n.use, ParamUse::Arg);
  EXPECT_EQ(n.argType, ScalarType::Long);
  EXPECT_EQ(n.values.size(), 5u);
  EXPECT_EQ(n.spec.defaultValue, 16 << 20);
  EXPECT_EQ(n.spec.label, "N") << "no label: the name";
  EXPECT_EQ(n.spec.role, ParamRole::Sweep) << "neither focus nor sweep: sweep";
  const UserParam& pad = h.params[3];
  EXPECT_EQ(pad.spec.choiceNames, (std::vector<std::string>{"none", "one", "two"}));
  EXPECT_EQ(pad.spec.defaultValue, 1) << "a named choice's ParamSet value is its index";
  EXPECT_EQ(pad.values, (std::vector<int64_t>{0, 1, 2}));
  const UserParam& waves = h.params[4];
  EXPECT_EQ(waves.use, ParamUse::Expression);
  EXPECT_EQ(waves.spec.min, 1);
  EXPECT_EQ(waves.spec.max, 9);
  EXPECT_EQ(waves.spec.step, 2);
  EXPECT_TRUE(waves.spec.choices.empty()) << "a step range stays a range";
  EXPECT_EQ(waves.spec.defaultValue, 3);
  const UserParam& scale = h.params[5];
  EXPECT_EQ(scale.argType, ScalarType::Float);
  EXPECT_EQ(scale.spec.min, -4);
  EXPECT_EQ(scale.spec.defaultValue, -4) << "no default: the first value";

  EXPECT_EQ(h.kernel.kernel.name, "ns::sum");
  ASSERT_EQ(h.kernel.kernel.templateArgs.size(), 2u);
  EXPECT_EQ(h.kernel.kernel.templateArgs[1].text(), "pad * 2");
  EXPECT_EQ(h.kernel.grid.size(), 3u);
  EXPECT_EQ(h.kernel.block.size(), 2u);
  EXPECT_EQ(h.kernel.grid[0].line, 16);
  EXPECT_EQ(h.shared.expression.text(), "4 * block_x + pad");

  ASSERT_EQ(h.buffers.size(), 5u);
  EXPECT_EQ(h.buffers[0].type, ScalarType::Float);
  EXPECT_EQ(h.buffers[0].init, BufferInit::Random);
  EXPECT_EQ(h.buffers[0].low, -1.5);
  EXPECT_EQ(h.buffers[0].high, 2.5);
  EXPECT_EQ(h.buffers[1].type, ScalarType::Double);
  EXPECT_EQ(h.buffers[1].init, BufferInit::Output);
  EXPECT_EQ(h.buffers[1].elements.expression.text(), "grid_x");
  EXPECT_EQ(h.buffers[2].init, BufferInit::Iota);
  EXPECT_EQ(h.buffers[3].type, ScalarType::Unsigned);
  EXPECT_EQ(h.buffers[3].init, BufferInit::Fill);
  EXPECT_EQ(h.buffers[3].fill, 7);
  EXPECT_EQ(h.buffers[4].type, ScalarType::Long);
  EXPECT_EQ(h.buffers[4].init, BufferInit::Zero);

  ASSERT_EQ(h.args.size(), 7u);
  EXPECT_TRUE(h.args[0].isBuffer);
  EXPECT_EQ(h.args[5].name, "N");
  EXPECT_FALSE(h.args[5].isBuffer);
  ASSERT_TRUE(h.bytes && h.flops);
  EXPECT_EQ(h.bytes->expression.text(), "4 * N");
  EXPECT_EQ(h.flops->line, 26);

  ASSERT_TRUE(h.reference);
  EXPECT_EQ(h.reference->kernel.name, "sum_reference");
  EXPECT_EQ(h.reference->grid.size(), 1u);
  EXPECT_EQ(h.reference->grid[0].expression.text(), "64");
  ASSERT_EQ(h.checks.size(), 3u);
  EXPECT_EQ(h.checks[0].compare, UserCheck::Compare::Sum);
  EXPECT_EQ(h.checks[0].tolerance, UserCheck::Tolerance::Relative);
  EXPECT_EQ(h.checks[0].amount, 1e-4);
  EXPECT_EQ(h.checks[1].compare, UserCheck::Compare::Elements);
  EXPECT_EQ(h.checks[1].tolerance, UserCheck::Tolerance::Exact);
  EXPECT_EQ(h.checks[2].tolerance, UserCheck::Tolerance::Absolute);
  EXPECT_EQ(h.checks[2].amount, 0.5);
  EXPECT_EQ(h.counters,
            (std::vector<std::string>{"dram__bytes_read.sum", "sm__throughput.avg.pct_of_peak_sustained_elapsed"}));
  EXPECT_EQ(h.budgetMs, 500);
}

TEST(UserKernelHeader, OptionalKeysTakeTheirDefaults) {
  const KernelHeader h = parseKernelHeader(sourceOf(baseHeader()));
  EXPECT_EQ(h.headerLines.first, 1);
  EXPECT_EQ(h.headerLines.last, 12);
  EXPECT_TRUE(h.summary.empty());
  EXPECT_EQ(h.shared.expression.evaluate({}), 0);
  EXPECT_FALSE(h.bytes);
  EXPECT_FALSE(h.flops);
  EXPECT_TRUE(h.counters.empty());
  EXPECT_EQ(h.budgetMs, 2000);
  ASSERT_TRUE(h.reference);
  EXPECT_EQ(h.reference->grid[0].expression.text(), "ceil_div(N, BLOCK)") << "the kernel's grid";
  EXPECT_EQ(h.reference->block[0].expression.text(), "BLOCK") << "the kernel's block";
  EXPECT_EQ(h.checks[0].tolerance, UserCheck::Tolerance::Exact);
  const KernelHeader noTolerance = parseKernelHeader(sourceOf(with(baseHeader(), 12, "// check: out")));
  EXPECT_EQ(noTolerance.checks[0].tolerance, UserCheck::Tolerance::Relative);
  EXPECT_EQ(noTolerance.checks[0].amount, 1e-5) << "default rtol 1e-5";
  EXPECT_EQ(
      parseKernelHeader(sourceOf(with(baseHeader(), 4, "// param BLOCK: 64..256, x2, define"))).params[1].spec.role,
      ParamRole::Sweep);
}

TEST(UserKernelHeader, CrLfLinesIndentedCommentsAndSpacingAreAccepted) {
  std::string source;
  for (const std::string& line : baseHeader()) source += "   " + line + "\r\n";
  source += "__global__ void copy() {}\r\n";
  const KernelHeader h = parseKernelHeader(source);
  EXPECT_EQ(h.title, "Copy");
  EXPECT_EQ(h.headerLines.last, 12);
  const KernelHeader spaced =
      parseKernelHeader(sourceOf(with(with(baseHeader(), 1, "//warpscope-kernel   1"), 6, "//grid:ceil_div(N,BLOCK)")));
  EXPECT_EQ(spaced.kernel.grid[0].expression.text(), "ceil_div(N,BLOCK)");
}

TEST(UserKernelHeader, TheHeaderEndsAtTheFirstLineThatIsNotAComment) {
  std::vector<std::string> lines = baseHeader();
  lines.insert(lines.begin() + 11, "");  // a blank line before `check:` ends the header there
  const Failure f = failureOf(lines);
  EXPECT_EQ(f.line, -1) << "parses: " << f.message;
  const KernelHeader h = parseKernelHeader(sourceOf(lines));
  EXPECT_TRUE(h.checks.empty()) << "the check after the blank line is code's comment";
  EXPECT_EQ(h.headerLines.last, 11);
}

TEST(UserKernelHeader, ARangesSpacingIsItsSecondItemOrFollowsItAfterASpace) {
  const auto valuesOf = [](const std::string& domain) {
    return parseKernelHeader(sourceOf(with(baseHeader(), 4, "// param BLOCK: " + domain + ", define")))
        .params[1]
        .values;
  };
  EXPECT_EQ(valuesOf("64..256, x2"), (std::vector<int64_t>{64, 128, 256}));
  EXPECT_EQ(valuesOf("64..256 x2"), (std::vector<int64_t>{64, 128, 256}));
  EXPECT_EQ(valuesOf("4..256, x4"), (std::vector<int64_t>{4, 16, 64, 256}));
  EXPECT_EQ(valuesOf("1..7, step 3"), (std::vector<int64_t>{1, 4, 7}));
  EXPECT_EQ(valuesOf("1..7 step 3"), (std::vector<int64_t>{1, 4, 7}));
  EXPECT_EQ(valuesOf("-2..2"), (std::vector<int64_t>{-2, -1, 0, 1, 2})) << "step 1 by default";
  EXPECT_EQ(valuesOf("0x10..0x20, step 0x8"), (std::vector<int64_t>{16, 24, 32}));
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 64..256 x3, define"), 4,
                "after the range comes x2, x4 or step S, not `x3`");
  expectFailure(with(baseHeader(), 4, "// param BLOCK: 1..4, x3, define"), 4, "unknown attribute `x3`");
}

TEST(UserKernelHeader, TextMayBeQuotedToHoldCommas) {
  const KernelHeader h = parseKernelHeader(sourceOf(
      with(baseHeader(), 3, "// param N: 1K..4K, x2, arg int, help \"Elements, in floats\", label \"N, the size\"")));
  EXPECT_EQ(h.params[0].spec.help, "Elements, in floats");
  EXPECT_EQ(h.params[0].spec.label, "N, the size");
  expectFailure(with(baseHeader(), 3, "// param N: 1K..4K, x2, arg int, help say \"hi\""), 3,
                "must be quoted as a whole");
}

TEST(UserKernelHeader, KernelValuesMapNamedChoicesToTheirValues) {
  const KernelHeader h = parseKernelHeader(sourceOf(
      plus(with(baseHeader(), 5, "// kernel: copy<V>"), "// param V: small=4|large=16, default large, template")));
  const UserParam& v = h.params[2];
  ParamSet params = defaultParams(h.paramSpecs());
  EXPECT_EQ(params.get("V"), 1) << "the ParamSet holds the index";
  EXPECT_EQ(v.kernelValue(params), 16);
  params.set("V", 0);
  EXPECT_EQ(v.kernelValue(params), 4);
  params.set("V", 2);
  EXPECT_THROW((void)v.kernelValue(params), BadInputError);
  params.set("BLOCK", 96);
  EXPECT_THROW((void)h.params[1].kernelValue(params), BadInputError);
  params.set("BLOCK", 128.00000001);
  ASSERT_TRUE(h.params[1].spec.accepts(128.00000001)) << "within validation's tolerance";
  EXPECT_EQ(h.params[1].kernelValue(params), 128) << "maps to the value validation accepted it as";
}
