// The SASS reader every SASS view shares (cuda/sass_listing.h), on a listing in the form
// `cuobjdump -sass` prints for sm_90 (seen on the H200: docs/logs/issue33_device_log.txt): the
// instructions parsed without their encodings, predicates kept apart, and each opcode put in the
// class a reader tells apart (memory by space, arithmetic, across the warp, control).
#include "cuda/sass_listing.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "cuda/toolkit_program.h"

using namespace warpscope::cuda;

namespace {

const char* kListing =
    "\n\tcode for sm_90\n"
    "\t\tFunction : _Z9transposePfPKfi\n"
    "\t.headerflags\t@\"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)\"\n"
    "        /*0000*/                   LDC R1, c[0x0][0x28] ;                   /* 0x00000a00ff017b82 */\n"
    "                                                                            /* 0x000fe40000000800 */\n"
    "        /*0010*/                   S2R R0, SR_TID.X ;                       /* 0x0000000000007919 */\n"
    "        /*0020*/                   LDG.E R5, desc[UR4][R2.64] ;             /* 0x0000000402057981 */\n"
    "        /*0030*/                   STS [R7], R5 ;                           /* 0x0000000507007388 */\n"
    "        /*0040*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;            /* 0x0000000000007b1d */\n"
    "        /*0050*/              @!P0 STL [R1], R4 ;                           /* 0x0000000401008387 */\n"
    "        /*0060*/                   IMAD R4, R4, c[0x0][0x210], R0 ;         /* 0x0000840004047a24 */\n"
    "        /*0070*/                   FFMA R8, R8, R5, R9 ;                    /* 0x0000000508087223 */\n"
    "        /*0080*/                   SHFL.BFLY PT, R9, R8, 0x10, 0x1f ;       /* 0x0e001f0008097f89 */\n"
    "        /*0090*/                   EXIT ;                                   /* 0x000000000000794d */\n"
    "        /*00a0*/                   BRA 0xa0;                                /* 0xfffffffc00fc7947 */\n"
    "\t\t..........\n"
    "\t\tFunction : _Z9referencePfPKfi\n"
    "        /*0000*/                   EXIT ;                                   /* 0x000000000000794d */\n";

}  // namespace

TEST(SassListing, ReadsOneFunctionsInstructionsWithoutTheirEncodings) {
  const auto functions = splitSassFunctions(kListing);
  ASSERT_EQ(functions.size(), 2u);
  const auto instructions = parseSassInstructions(functions.at("_Z9transposePfPKfi"));
  ASSERT_EQ(instructions.size(), 11u);
  EXPECT_EQ(instructions[2].address, 0x20);
  EXPECT_EQ(instructions[2].opcode, "LDG.E");
  EXPECT_EQ(instructions[2].operands, "R5, desc[UR4][R2.64]");
  EXPECT_EQ(instructions[2].text, "/*0020*/  LDG.E R5, desc[UR4][R2.64] ;");
  EXPECT_EQ(instructions[5].predicate, "@!P0");
  EXPECT_EQ(instructions[5].opcode, "STL");
  EXPECT_EQ(instructions[5].text, "/*0050*/  @!P0 STL [R1], R4 ;");
  EXPECT_EQ(instructions[10].text, "/*00a0*/  BRA 0xa0 ;") << "a branch without a space before ';'";
  for (const SassInstruction& i : instructions) EXPECT_EQ(i.text.find("0x000"), std::string::npos) << i.text;
}

TEST(SassListing, PutsEachOpcodeInTheClassAReaderLooksFor) {
  EXPECT_EQ(sassClassOf("LDG.E.128"), SassClass::GlobalMemory);
  EXPECT_EQ(sassClassOf("STG.E"), SassClass::GlobalMemory);
  EXPECT_EQ(sassClassOf("REDG.E.ADD.STRONG.GPU"), SassClass::GlobalMemory);
  EXPECT_EQ(sassClassOf("LDS.U.128"), SassClass::SharedMemory);
  EXPECT_EQ(sassClassOf("ATOMS.POPC.INC"), SassClass::SharedMemory);
  EXPECT_EQ(sassClassOf("STL.64"), SassClass::LocalMemory) << "a spill";
  EXPECT_EQ(sassClassOf("FFMA"), SassClass::FloatMath);
  EXPECT_EQ(sassClassOf("MUFU.RSQ"), SassClass::FloatMath);
  EXPECT_EQ(sassClassOf("HMMA.16816.F32"), SassClass::FloatMath);
  EXPECT_EQ(sassClassOf("IMAD.WIDE.U32"), SassClass::IntegerMath);
  EXPECT_EQ(sassClassOf("UIADD3"), SassClass::IntegerMath) << "the uniform datapath";
  EXPECT_EQ(sassClassOf("ISETP.GE.AND"), SassClass::IntegerMath);
  EXPECT_EQ(sassClassOf("FLO.U32"), SassClass::IntegerMath) << "find leading one: integer, though it starts with F";
  EXPECT_EQ(sassClassOf("IMMA.16832.S8.S8"), SassClass::IntegerMath) << "the integer tensor-core MMA";
  EXPECT_EQ(sassClassOf("SHFL.BFLY"), SassClass::AcrossWarp);
  EXPECT_EQ(sassClassOf("BAR.SYNC.DEFER_BLOCKING"), SassClass::Control);
  EXPECT_EQ(sassClassOf("DEPBAR.LE"), SassClass::Control) << "not a double-precision op";
  EXPECT_EQ(sassClassOf("EXIT"), SassClass::Control);
  EXPECT_EQ(sassClassOf("ULDC.64"), SassClass::Other) << "a constant, not uniform integer math";
  EXPECT_EQ(sassClassOf("S2R"), SassClass::Other);
  EXPECT_EQ(sassClassOf("NOP"), SassClass::Other);
}

TEST(SassListing, EveryClassHasADistinctIdAndALabel) {
  for (int a = 0; a < kSassClassCount; ++a) {
    EXPECT_STRNE(sassClassLabel(static_cast<SassClass>(a)), "");
    for (int b = a + 1; b < kSassClassCount; ++b)
      EXPECT_STRNE(sassClassId(static_cast<SassClass>(a)), sassClassId(static_cast<SassClass>(b)));
  }
}

TEST(SassListing, WithoutCuobjdumpTheListingSaysWhyInsteadOfGuessing) {
  if (!findToolkitProgram("cuobjdump").empty()) GTEST_SKIP() << "cuobjdump is on this machine";
  const CubinSass sass = disassembleCubin({'x'}, "_Z1kv");
  EXPECT_FALSE(sass.available);
  EXPECT_NE(sass.why.find("cuobjdump"), std::string::npos) << sass.why;
}

TEST(SassListing, ABadCubinIsRefusedByCuobjdumpNotRead) {
  if (findToolkitProgram("cuobjdump").empty()) GTEST_SKIP() << "no cuobjdump on this machine (CUDA toolkit)";
  const CubinSass sass = disassembleCubin({'n', 'o', 't', ' ', 'E', 'L', 'F'}, "_Z1kv");
  EXPECT_FALSE(sass.available);
  EXPECT_FALSE(sass.why.empty());
}

TEST(ToolkitProgram, RunsWithoutAShellAndReportsTheExitStatus) {
  const ProgramOutput echo = runProgram({"/bin/echo", "a b;$(true)"}, 1024);
  ASSERT_TRUE(echo.started) << echo.why;
  EXPECT_EQ(echo.exitCode, 0);
  EXPECT_EQ(echo.out, "a b;$(true)\n") << "arguments reach the program as they are";
  const ProgramOutput cut = runProgram({"/bin/echo", "0123456789"}, 4);
  EXPECT_EQ(cut.out, "0123");
  EXPECT_TRUE(cut.cut);
  const ProgramOutput failing = runProgram({"/bin/false"}, 16);
  EXPECT_EQ(failing.exitCode, 1);
  EXPECT_FALSE(runProgram({"/no/such/program"}, 16).started);
}

TEST(ToolkitProgram, AProgramPastItsTimeoutIsKilledAndSaidToBe) {
  const auto started = std::chrono::steady_clock::now();
  const ProgramOutput hung = runProgram({"/bin/sleep", "30"}, 16, 0.3);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_TRUE(hung.timedOut);
  EXPECT_LT(s, 10.0) << "killed at its timeout, not waited for";
  EXPECT_NE(hung.why.find("was still running after"), std::string::npos) << hung.why;
}
