#include "labs/instruction_costs/instruction_costs_kinds.h"

namespace warpscope::labs {

const char* const kKindTableSource =
    "the lab's kernels compiled by nvcc 13.0 for sm_90 (-O3; the fast-math kinds with -use_fast_math), their "
    "cubins' instructions decoded by opcode, 2026-11-28; per operation as cuobjdump -sass read them on an H100 "
    "machine (2026-11-28) with 64 operations a pass: each loop body holds the 64 operations of one pass, 3 loop "
    "instructions and the few a kind hoists out of its operations (hence the fractions)";

namespace {

using K = InstructionKind;

// Executed mix per operation (fp32, fp64, int add/logic, int mad, MUFU, cvt32, cvt64, control):
//   FMA kinds, x * 0.347f + q: one FFMA, DFMA or IMAD.
//   p / a + q, integer: I2F.U32.RP, MUFU.RCP, F2I.U32.TRUNC, then IMAD.HI and IMADs to correct the
//     quotient (6.5) and IADD3, ISETP, LOP3 (10): 19.5 decoded. % is the same less one correction.
//   p / a + q, IEEE: MUFU.RCP, FCHK (counted as integer: it only tests the operands), 4 FFMA of
//     Newton refinement and the add, 3 integer, and BSSY, BSYNC and the branch around the slow path.
//   sinf fast path: FMUL by 2/pi, F2I and I2F for the quadrant, 3 FFMA of Cody-Waite reduction, the
//     polynomial's FFMAs, quadrant selection (integer) and the branch to the Payne-Hanek reduction
//     (about 60 integer instructions more, never taken here): about 27 of the 88 decoded.
//   expf: FFMA.SAT, FFMA.RM, FADD, 2 FFMA, SHF, MUFU.EX2, FMUL: 8 decoded.
//   rsqrtf: FSETP and 2 FMUL for denormal inputs around MUFU.RSQ, and the add: 5 decoded.
//   fast math: __fdividef = MUFU.RCP + FFMA; __sinf, __expf = FMUL + MUFU + FADD; rsqrt (ftz) = MUFU.RSQ + FADD.
//   x * 0.347 + q: F2F.F64.F32, DFMA, F2F.F32.F64.
const std::array<KindInfo, kInstructionKindCount> kKinds = {{
    {K::Fp32Fma, "fp32_fma", "FP32 FMA", "FP32 FMA", "a = fmaf(a, p, q)", 1, {.fp32 = 1}},
    {K::Fp64Fma, "fp64_fma", "FP64 FMA", "FP64 FMA", "a = fma(a, p, q) (double)", 1, {.fp64 = 1}},
    {K::IntMad, "int_mad", "INT32 mul-add", "INT32 mul-add", "a = a * p + q (unsigned)", 1, {.int32Mad = 1}},
    {K::IntDiv, "int_div", "INT32 divide", "INT32 divide", "a = p / a + q (unsigned)", 19.46875,
     {.int32Add = 10, .int32Mad = 6.5, .specialFunction = 1, .conversion32 = 2}},
    {K::IntMod, "int_mod", "INT32 modulo", "INT32 modulo", "a = p % a + q (unsigned)", 18.21875,
     {.int32Add = 8.25, .int32Mad = 6.75, .specialFunction = 1, .conversion32 = 2}},
    {K::Fp32Div, "fp32_div", "FP32 divide", "FP32 divide", "a = p / a + q (IEEE, -prec-div=true)", 15.984375,
     {.fp32 = 6, .int32Add = 4, .int32Mad = 0.5, .specialFunction = 1, .control = 4}},
    {K::Fp32DivFast, "fp32_div_fast", "FP32 divide, fast math", "FP32 divide, fast",
     "a = p / a + q (-use_fast_math)", 2,
     {.fp32 = 1, .specialFunction = 1}},
    {K::Sinf, "sinf", "sinf", "sinf", "a = sinf(a) + q", 88.0625,
     {.fp32 = 14, .int32Add = 6, .int32Mad = 2, .conversion32 = 2, .control = 3}},
    {K::SinfFast, "sinf_fast", "sinf, fast math (__sinf)", "__sinf", "a = sinf(a) + q (-use_fast_math)", 3,
     {.fp32 = 2, .specialFunction = 1}},
    {K::Expf, "expf", "expf", "expf", "a = expf(-a) + q", 8.03125, {.fp32 = 6, .int32Add = 1, .specialFunction = 1}},
    {K::ExpfFast, "expf_fast", "expf, fast math (__expf)", "__expf", "a = expf(-a) + q (-use_fast_math)", 3,
     {.fp32 = 2, .specialFunction = 1}},
    {K::Rsqrtf, "rsqrtf", "rsqrtf", "rsqrtf", "a = rsqrtf(a) + q", 5, {.fp32 = 4, .specialFunction = 1}},
    {K::RsqrtfFast, "rsqrtf_fast", "rsqrtf, fast math", "rsqrtf, fast", "a = rsqrtf(a) + q (-use_fast_math)", 2,
     {.fp32 = 1, .specialFunction = 1}},
    {K::LiteralFp64, "literal_fp64", "x * 0.347 (FP64 literal)", "x * 0.347", "a = a * 0.347 + q", 3.03125,
     {.fp64 = 1, .conversion64 = 2}},
    {K::LiteralFp32, "literal_fp32", "x * 0.347f", "x * 0.347f", "a = a * 0.347f + q", 1, {.fp32 = 1}},
}};

}  // namespace

const std::array<KindInfo, kInstructionKindCount>& instructionKinds() { return kKinds; }

const KindInfo& kindInfo(InstructionKind kind) { return kKinds[static_cast<std::size_t>(kind)]; }

}  // namespace warpscope::labs
