#include "labs/register_vs_shared/rvs_bench.h"

#include <cmath>
#include <ostream>

#include "cuda/cuda_check.h"
#include "labs/register_vs_shared/rvs_kernels.h"

namespace warpscope::cuda {

using labs::kRvsTableWords;

float referenceRvsThreadSum(unsigned tid, const labs::RvsConfig& config, int passes, float b, float c,
                            const std::vector<float>& table) {
  const int ilp = config.ilp;
  const int perChain = labs::rvsBodyPerPass(config.variant) / ilp;
  const unsigned lane = tid & 31u;
  std::vector<float> acc(static_cast<std::size_t>(ilp));
  for (int k = 0; k < ilp; ++k) acc[k] = rvsInitialValue(tid, k);
  for (int pass = 0; pass < passes; ++pass)
    for (int u = 0; u < perChain; ++u)
      for (int k = 0; k < ilp; ++k) {
        const std::size_t word = static_cast<std::size_t>(rvsTableRow(u * ilp + k)) * 32 + lane;
        const float bk = config.variant == labs::kRvsRegisters ? b : table[word];
        const float ck = config.variant == labs::kRvsShared2 ? table[kRvsTableWords + word] : c;
        acc[k] = std::fmaf(acc[k], bk, ck);
      }
  float sum = acc[0];  // the kernel starts from acc[0], then adds acc[1..]
  for (int k = 1; k < ilp; ++k) sum += acc[k];
  return sum;
}

RvsBench::RvsBench(const DeviceInfo& device, std::uint64_t seed)
    : harness_(device, seed), table_(sizeof(float) * 2 * kRvsTableWords), hostTable_(2 * kRvsTableWords) {}

int RvsBench::registersPerThread(int variant, int ilp) const {
  cudaFuncAttributes attributes{};
  WS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, rvsKernel(variant, ilp)));
  return attributes.numRegs;
}

labs::RvsMeasurement RvsBench::measure(const labs::RvsConfig& config, const TimingPolicy& policy,
                                       const CancelToken* cancel) {
  if (!rvsKernelCompiledFor(config.variant, config.ilp))
    throw BadInputError("ilp = " + std::to_string(config.ilp) + " has no compiled kernel (1, 2, 4, 8)");
  const FmaChainHarness::Grid grid = harness_.grid(config.threadsPerBlock, config.blocksPerSm);
  // Threads per SM is the x axis: every block of the grid must be resident at once.
  int resident = 0;
  WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, rvsKernel(config.variant, config.ilp),
                                                              config.threadsPerBlock, 0));
  if (resident < config.blocksPerSm)
    throw BadInputError("blocks_per_sm = " + std::to_string(config.blocksPerSm) + ": only " + std::to_string(resident) +
                        " blocks of " + std::to_string(config.threadsPerBlock) + " threads of this kernel fit on an SM");

  // Fresh operands per configuration, the table's rows too (drawn like b and c).
  for (int i = 0; i < kRvsTableWords; ++i) {
    hostTable_[i] = harness_.drawMultiplier();
    hostTable_[kRvsTableWords + i] = harness_.drawAddend();
  }
  const float b = harness_.drawMultiplier();
  const float c = harness_.drawAddend();
  const int passes = labs::rvsPasses(config.variant);

  WS_CUDA_CHECK(cudaMemcpy(table_.get(), hostTable_.data(), table_.bytes(), cudaMemcpyHostToDevice));
  harness_.poison(grid.threads);
  WS_CUDA_CHECK(setRvsAddend(c));
  const TimingStats t = timeLaunches(
      [&] {
        WS_CUDA_CHECK(launchRvs(config.variant, config.ilp, grid.blocks, static_cast<unsigned>(config.threadsPerBlock),
                                table_.as<float>(), harness_.output(), b, passes));
      },
      policy, cancel);
  harness_.check(
      grid.threads, [&](unsigned tid) { return referenceRvsThreadSum(tid, config, passes, b, c, hostTable_); },
      [&](std::ostream& what, bool) {
        what << "register-vs-shared check failed (" << labs::rvsVariantName(config.variant) << ", ILP " << config.ilp
             << ", " << config.threadsPerBlock << " x " << config.blocksPerSm << " blocks/SM): ";
      });

  const double fmasPerThread = static_cast<double>(passes) * labs::rvsBodyPerPass(config.variant);
  const RateStats gflops = fmaGflops(t, fmasPerThread, grid.threads);
  return {config, gflops.median, gflops.min, gflops.max};
}

}  // namespace warpscope::cuda
