#include "labs/instruction_costs/instruction_costs_presets.h"

#include <string>

namespace warpscope::labs {

namespace {

constexpr const char* kTuning2 = "seed 001, Performance Tuning (2), PMPP 2015/16: ";

std::string tuning2Slide(const char* slide) { return std::string(kTuning2) + slide; }

}  // namespace

std::vector<PresetSpec> instructionCostsPresets() {
  return {
      {.id = "tuning2-instruction-throughput-varies",
       .title = "Instruction throughput varies by type",
       .claim = "Theoretical instruction throughput varies by instruction type (CUDA Programming Guide): Tesla "
                "M2090 theory is 665 GInstr/s for fp32 instructions, half that for fp64.",
       .lookAt = "FP32 FMA reaches the SM's 128 lanes per clock on Hopper, FP64 FMA half of it; sinf, the divisions "
                 "and the special functions reach a small fraction: each bar is the same loop of one operation.",
       .source = tuning2Slide("slide 'Things to Know About Your GPU' (theoretical instruction throughput; fp64 "
                              "half of fp32)"),
       .settings = {"threads_per_block=256", "blocks_per_sm=6"},
       .view = "throughput",
       // Half (or less) for FP64, and a transcendental far below an FMA: the slide's 'varies by type'.
       .checks = {"scalar:ratio.fp64_over_fp32 <= 0.55",
                  "scalar:ops_per_clk.sinf < 0.25 x scalar:ops_per_clk.fp32_fma"},
       .question = "A loop of FP64 FMAs against the same loop of FP32 FMAs: how many operations per clock per SM?",
       .answers = {{.text = "The same: an FMA is an FMA", .checks = {"scalar:ratio.fp64_over_fp32 >= 0.9"}},
                   {.text = "Half or less: the SM has fewer FP64 units", .ifClaimHolds = true},
                   {.text = "Slightly fewer: doubles are wider in the registers"}},
       .notes = "Ask first how the Programming Guide's throughput table reads: results per clock per SM, per "
                "instruction class. Then point at sinf and the divisions: one source line, a fraction of an FMA's "
                "rate. Consumer GPUs (the GTX 480 profile) cap FP64 far lower."},
      {.id = "tuning2-one-line-many-instructions",
       .title = "One line of source, many instructions",
       .claim = "Algorithmic analysis undercounts instructions: it assumed 1 instruction, the actual code contains "
                "17; check the machine-language assembly (cuobjdump on the compiled code).",
       .lookAt = "An integer multiply-add is one SASS instruction; an integer division of the same two words about "
                 "19, an IEEE float division about 15; sinf compiles to almost 90, most of them a reduction for "
                 "huge arguments that never runs here.",
       .source = tuning2Slide("slide 'Notes on Instruction Counts'"),
       .settings = {"threads_per_block=256", "blocks_per_sm=6"},
       .view = "sass",
       // Many instructions for one operator: ten times the multiply-add's one at least.
       .checks = {"scalar:sass_per_op.int_div >= 10 x scalar:sass_per_op.int_mad",
                  "scalar:sass_per_op.fp32_div >= 5 x scalar:sass_per_op.fp32_fma"},
       .question = "a * p + q compiles to one instruction (IMAD). How many does p / a + q, on the same unsigned words?",
       .answers = {{.text = "One: the GPU has a divide instruction",
                    .checks = {"scalar:sass_per_op.int_div < 2 x scalar:sass_per_op.int_mad"}},
                   {.text = "A few: a divide and a correction"},
                   {.text = "About 20: a reciprocal estimate, multiplies and corrections", .ifClaimHolds = true}},
       .notes = "GPUs have no integer divide unit: the quotient comes from a float reciprocal (MUFU.RCP), a "
                "conversion and integer multiplies that correct it. Ask where the seed's 17 instructions came from "
                "(address arithmetic, loads, the loop), then show the throughput bars: the count is the cost."},
      {.id = "tuning2-intrinsics-faster",
       .title = "Intrinsics: one instruction, higher throughput",
       .claim = "Use intrinsics where possible (__sinf(), __expf()): 2-3 bits lower precision, much higher "
                "throughput; often a single instruction, whereas a non-intrinsic is a software sequence.",
       .lookAt = "sinf compiled with fast math (__sinf) is a multiply and one MUFU.SIN and runs several times "
                 "faster than sinf's polynomial. expf and rsqrtf barely change: their precise versions already use "
                 "the special-function unit and a few FMAs.",
       .source = tuning2Slide("slide 'Instruction Throughput: Optimization' (intrinsics)"),
       .settings = {"threads_per_block=256", "blocks_per_sm=6"},
       .view = "throughput",
       // 'Much higher throughput': at least twice; and a software sequence against a few instructions.
       .checks = {"scalar:speedup.sinf_fast >= 2",
                  "scalar:sass_per_op.sinf >= 5 x scalar:sass_per_op.sinf_fast"},
       .question = "sinf against __sinf (the same line compiled with -use_fast_math): how much faster is __sinf?",
       .answers = {{.text = "Not faster: both end on the same hardware", .checks = {"scalar:speedup.sinf_fast < 1.2"}},
                   {.text = "A little, 10-50%"},
                   {.text = "Twice or more: one MUFU instead of a polynomial", .ifClaimHolds = true}},
       .notes = "Show expf beside sinf: fast math changes little there, since expf is already MUFU.EX2 with a few "
                "FMAs around it. The price of __sinf is accuracy: 2^-21.4 absolute in [-pi, pi], and worse outside."},
      {.id = "tuning2-fast-division",
       .title = "-prec-div=false: faster division",
       .claim = "Additional compiler flags help (GT200-level precision): -prec-div=false gives a faster fp "
                "division instruction sequence (some precision loss).",
       .lookAt = "IEEE division (p / a, the default) is a reciprocal, Newton steps and a check for a slow path; with "
                 "fast math (which sets -prec-div=false) it is MUFU.RCP and one multiply, and about twice as "
                 "fast on Hopper.",
       .source = tuning2Slide("slide 'Instruction Throughput: Optimization' (compiler flags)"),
       .settings = {"threads_per_block=256", "blocks_per_sm=6"},
       .view = "throughput",
       // 'Faster': a clear margin over the spread of repeated launches.
       .checks = {"scalar:speedup.div_fast >= 1.25",
                  "scalar:sass_per_op.fp32_div >= 4 x scalar:sass_per_op.fp32_div_fast"},
       .question = "p / a in float, IEEE-rounded against -prec-div=false: how do they compare?",
       .answers = {{.text = "The same: division is one instruction either way",
                    .checks = {"scalar:speedup.div_fast < 1.1"}},
                   {.text = "Faster with -prec-div=false: a reciprocal and a multiply", .ifClaimHolds = true},
                   {.text = "Slower with -prec-div=false: it adds a correction step",
                    .checks = {"scalar:speedup.div_fast < 0.9"}}},
       .notes = "The precise division is IEEE round-to-nearest, bit for bit like the CPU's (the lab checks it "
                "exactly); the fast one is within 2 ulps. -use_fast_math also flushes denormals (-ftz=true)."},
      {.id = "tuning2-fp64-literal",
       .title = "A literal without f: FP64 by accident",
       .claim = "Make sure you do fp64 arithmetic only where you mean it: fp64 throughput is lower than fp32, and fp "
                "literals without an f suffix (34.7) are interpreted as fp64 per the C standard.",
       .lookAt = "x * 0.347 converts the float to a double, does a DFMA and converts back: three instructions, two "
                 "of them conversions at 16 per clock per SM on Hopper, against one FFMA at 128 for x * 0.347f: "
                 "an order of magnitude slower.",
       .source = tuning2Slide("slide 'Instruction Throughput: Optimization' (fp64 only where you mean it; the "
                              "literal 34.7)"),
       .settings = {"threads_per_block=256", "blocks_per_sm=6"},
       .view = "throughput",
       // fp64 lower than fp32: at least twice slower, and more instructions.
       .checks = {"scalar:slowdown.literal_fp64 >= 2",
                  "scalar:sass_per_op.literal_fp64 > 2 x scalar:sass_per_op.literal_fp32"},
       .question = "float a; a = a * 0.347 + q against a * 0.347f + q: how much slower is the version without f?",
       .answers = {{.text = "Not slower: the compiler sees the result is a float",
                    .checks = {"scalar:slowdown.literal_fp64 < 1.2"}},
                   {.text = "About 2x: FP64 runs at half rate"},
                   {.text = "Much more than 2x: two conversions and a DFMA for each operation", .ifClaimHolds = true}},
       .notes = "The slide's literal is 34.7; the lab uses 0.347 so the chain stays bounded. Ask what the compiler "
                "may do: C's rules promote the float to double, and it must honour them. On Hopper the conversions, "
                "not the DFMA, set the pace (16 per clock per SM)."},
  };
}

}  // namespace warpscope::labs
