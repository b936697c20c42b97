// The instruction-costs lab on the GPU: every kind's kernel, on a small grid, matches the host's
// recomputation at every thread and chain (within the kind's stated tolerance); the lab's own
// measurement (which checks sampled chains of every kind before it reports) runs a full sweep; and
// the SASS counts read with cuobjdump from this binary are what the lab's model table says for
// the kinds compiled to one instruction per operation, and near the model's table for the rest.
// The kernel tests skip, saying why, without a GPU; the SASS test without cuobjdump.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cuda/cuda_backend.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_query.h"
#include "labs/instruction_costs/instruction_costs_kernels.h"
#include "labs/instruction_costs/instruction_costs_kinds.h"
#include "labs/instruction_costs/instruction_costs_lab.h"
#include "labs/instruction_costs/instruction_costs_reference.h"
#include "labs/instruction_costs/instruction_costs_sass.h"
#include "resolved_run.h"

namespace warpscope {
namespace {

using labs::InstructionKind;

class InstructionCostsOnGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

double valueAt(const std::vector<unsigned char>& bytes, InstructionKind kind, std::size_t i) {
  if (labs::chainTypeOf(kind) == labs::ChainType::F64) {
    double v;
    std::memcpy(&v, bytes.data() + i * 8, 8);
    return v;
  }
  if (labs::chainTypeOf(kind) == labs::ChainType::U32) {
    std::uint32_t v;
    std::memcpy(&v, bytes.data() + i * 4, 4);
    return v;
  }
  float v;
  std::memcpy(&v, bytes.data() + i * 4, 4);
  return v;
}

TEST_F(InstructionCostsOnGpu, EveryKindsEveryChainMatchesTheHostsRecomputation) {
  constexpr unsigned kBlocks = 3, kThreads = 96;
  constexpr int kPasses = 50;  // 200 operations per chain: the float chains reach their fixed points
  const std::size_t values = static_cast<std::size_t>(kBlocks) * kThreads * labs::kInstructionChains;
  cuda::DeviceBuffer out(values * 8);
  std::vector<unsigned char> host(values * 8);
  for (const labs::KindInfo& k : labs::instructionKinds()) {
    SCOPED_TRACE(k.key);
    const std::size_t bytes = values * (labs::chainTypeOf(k.kind) == labs::ChainType::F64 ? 8 : 4);
    WS_CUDA_CHECK(cudaMemset(out.get(), 0xff, bytes));
    WS_CUDA_CHECK(cuda::setInstructionOperand(k.kind));
    WS_CUDA_CHECK(cuda::launchInstructionChains(k.kind, out.get(), kBlocks, kThreads, kPasses));
    WS_CUDA_CHECK(cudaMemcpy(host.data(), out.get(), bytes, cudaMemcpyDeviceToHost));
    int wrong = 0;
    double worst = 0;
    for (unsigned t = 0; t < kBlocks * kThreads; ++t)
      for (int c = 0; c < labs::kInstructionChains; ++c) {
        const double device = valueAt(host, k.kind, static_cast<std::size_t>(t) * labs::kInstructionChains + c);
        const double reference =
            labs::referenceChainValue(k.kind, t, c, static_cast<long long>(kPasses) * labs::kInstructionUnroll);
        worst = std::max(worst, std::fabs(device - reference));
        if (!labs::chainValueMatches(k.kind, device, reference) && ++wrong <= 3)
          ADD_FAILURE() << "thread " << t << ", chain " << c << ": device " << device << ", host " << reference;
      }
    std::cout << "  " << k.key << ": largest difference " << worst << " (tolerance "
              << labs::chainTolerance(k.kind).absolute << ")\n";
    EXPECT_EQ(wrong, 0);
  }
}

TEST_F(InstructionCostsOnGpu, TheLabsSweepChecksEveryKindAndReportsItsThroughput) {
  cuda::CudaBackend backend;
  const RunRequest request{labs::kInstructionCostsId, "cuda:0", defaultParams(labs::instructionCostsSpec().params),
                           RunScope::FullSweep};
  CancelToken cancel;
  const RunOutcome outcome = test::runResolved(backend, request, {}, cancel);  // CheckFailed -> not ok
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const RunResult& r = outcome.result();
  for (const labs::KindInfo& k : labs::instructionKinds()) {
    const Scalar* ops = r.findScalar(std::string("ops_per_clk.") + k.key);
    ASSERT_NE(ops, nullptr) << k.key;
    const Scalar* sass = r.findScalar(std::string("sass_per_op.") + k.key);
    std::cout << "  " << k.label << ": " << ops->value << " ops/clk/SM, "
              << r.findScalar(std::string("gops.") + k.key)->value << " Gop/s, "
              << (sass ? std::to_string(sass->value) : std::string("?")) << " SASS/op\n";
    EXPECT_GT(ops->value, 0) << k.key;
  }
  for (const std::string& note : r.notes) std::cout << "  note: " << note << "\n";
  // The FMA kinds saturate their pipes: 85% of the FP32 lanes at least.
  EXPECT_GE(r.findScalar("ops_per_clk.fp32_fma")->value, 0.85 * cuda::queryDevice(0).fp32LanesPerSm);
}

// Needs no GPU, only the toolkit's cuobjdump: a CI machine with the toolkit checks here that the
// model's table (instruction_costs_kinds.cpp) still matches what nvcc compiles.
TEST(InstructionCostsOwnSass, OneInstructionKindsCountOneAndTheModelsTableIsCurrent) {
  const labs::SassReading r = labs::readOwnSass("sm_90");
  if (!r.available) GTEST_SKIP() << r.source;
  std::cout << "  " << r.source << "; loop control " << r.loopControl << " instructions\n";
  for (const labs::KindInfo& k : labs::instructionKinds())
    std::cout << "  " << k.key << ": " << r.perOp[static_cast<std::size_t>(k.kind)] << " SASS per operation (model table "
              << k.staticSassPerOp << ")\n";
  using K = InstructionKind;
  const auto at = [&](K k) { return r.perOp[static_cast<std::size_t>(k)]; };
  EXPECT_EQ(r.loopControl, 3);
  EXPECT_DOUBLE_EQ(at(K::Fp32Fma), 1);
  EXPECT_DOUBLE_EQ(at(K::Fp64Fma), 1);
  EXPECT_DOUBLE_EQ(at(K::IntMad), 1);
  EXPECT_DOUBLE_EQ(at(K::LiteralFp32), 1);
  EXPECT_NEAR(at(K::LiteralFp64), 3, 0.1) << "F2F, DFMA, F2F (and one instruction a pass hoisted)";
  EXPECT_GE(at(K::IntDiv), 10);
  EXPECT_GE(at(K::Sinf), 5 * at(K::SinfFast));
  for (const labs::KindInfo& k : labs::instructionKinds())
    EXPECT_NEAR(at(k.kind), k.staticSassPerOp, 0.15 * k.staticSassPerOp + 0.2) << k.key << ": the model's table is stale";
}

}  // namespace
}  // namespace warpscope
