// instruction-costs' SASS reader on a cuobjdump listing written out here (the form cuobjdump -sass
// prints for sm_90): the functions split by name, the outermost loop found past an inner one and a
// slow path after EXIT, the loop's control taken off by the FP32 FMA kernel's count, and kernels
// it cannot find left unknown rather than guessed.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "cuda/sass_listing.h"
#include "labs/instruction_costs/instruction_costs_sass.h"

using namespace warpscope::labs;

namespace {

std::string line(int address, const std::string& instruction) {
  char addr[16];
  std::snprintf(addr, sizeof addr, "%04x", address);
  return std::string("        /*") + addr + "*/                   " + instruction +
         " ;                                /* 0x000fe200078e00ff */\n"
         "                                                                              /* 0x000fc80000000000 */\n";
}

/// A kernel: setup, a loop of `perPass` instructions beside its counter, compare and back edge,
/// optionally an inner loop inside it, then the stores, EXIT, a self-branch and NOPs, and a slow
/// path after EXIT with a backward branch of its own.
std::string kernel(const std::string& name, int perPass, bool innerLoop = false) {
  std::ostringstream s;
  s << "\t\tFunction : " << name << "\n\t.headerflags\t@\"EF_CUDA_SM90\"\n";
  int a = 0;
  s << line(a, "LDC R1, c[0x0][0x28]");
  s << line(a += 16, "S2R R0, SR_TID.X");
  const int loop = a += 16;
  s << line(loop, "IADD3 R4, R4, -0x1, RZ");
  int inner = -1;
  for (int i = 0; i < perPass; ++i) {
    if (innerLoop && i == perPass / 2) inner = a + 16;
    s << line(a += 16, i % 2 ? "FFMA R7, R7, R5, c[0x3][0x0]" : "@!P1 FFMA R8, R8, R5, c[0x3][0x0]");
    if (innerLoop && i == perPass / 2 + 2) s << line(a += 16, "@P2 BRA 0x" + [&] {
                                               char t[16];
                                               std::snprintf(t, sizeof t, "%x", inner);
                                               return std::string(t);
                                             }());
  }
  s << line(a += 16, "ISETP.NE.AND P0, PT, R4, RZ, PT");
  char target[16];
  std::snprintf(target, sizeof target, "%x", loop);
  s << line(a += 16, std::string("@P0 BRA 0x") + target);
  s << line(a += 16, "STG.E desc[UR4][R2.64], R7");
  s << line(a += 16, "EXIT");
  const int self = a += 16;
  std::snprintf(target, sizeof target, "%x", self);
  s << line(self, std::string("BRA 0x") + target);
  s << line(a += 16, "NOP");
  s << line(a += 16, "NOP");
  s << line(a += 16, "MOV R2, R3");
  std::snprintf(target, sizeof target, "%x", loop);  // a slow path jumping back into the loop
  s << line(a += 16, std::string("BRA 0x") + target);
  s << "\t\t..........\n";
  return s.str();
}

std::string name(const char* ns, int kind) {
  return std::string("_ZN9warpscope4cuda") + ns + "17instructionChainsILNS_4labs15InstructionKindE" +
         std::to_string(kind) + "EEEvPNS1_5ChainIXT_EE1TES7_i";
}

}  // namespace

TEST(InstructionCostsSass, SplitsTheListingByFunction) {
  const auto functions = warpscope::cuda::splitSassFunctions(kernel("_Z1av", 4) + kernel("_Z1bv", 8));
  ASSERT_EQ(functions.size(), 2u);
  EXPECT_NE(functions.at("_Z1av").find("FFMA"), std::string::npos);
}

TEST(InstructionCostsSass, CountsTheOutermostLoopAndNotTheSlowPathAfterExit) {
  // Counter, 16 FFMA, compare, branch.
  EXPECT_EQ(loopBodyInstructions(kernel("k", 16)), 19);
  // An inner loop's branch is one more instruction inside the outer one.
  EXPECT_EQ(loopBodyInstructions(kernel("k", 16, true)), 20);
  EXPECT_EQ(loopBodyInstructions(line(0, "EXIT")), -1);
}

TEST(InstructionCostsSass, PerOperationLessTheFmaKernelsLoopControl) {
  constexpr int kOps = kInstructionOpsPerPass;  // the FP32 FMA kernel's body: one FFMA an operation
  const std::string listing = kernel(name("7precise", 0), kOps) + kernel(name("7precise", 3), kOps * 19) +
                              kernel(name("9fast_math", 8), kOps * 3) + kernel(name("7precise", 8), kOps * 50);
  const SassReading r = sassPerOperation(listing);
  ASSERT_TRUE(r.available);
  EXPECT_EQ(r.loopControl, 3);
  EXPECT_DOUBLE_EQ(r.perOp[0], 1.0);
  EXPECT_DOUBLE_EQ(r.perOp[3], 19.0);
  // Kind 8 (sinf with fast math) is the fast_math namespace's; the precise one of that number is
  // not it.
  EXPECT_DOUBLE_EQ(r.perOp[8], 3.0);
  EXPECT_EQ(r.perOp[1], -1) << "a kernel not in the listing stays unknown";
}

TEST(InstructionCostsSass, AnEmptyListingIsNotAvailable) {
  const SassReading r = sassPerOperation("");
  EXPECT_FALSE(r.available);
  for (double v : r.perOp) EXPECT_EQ(v, -1);
}
