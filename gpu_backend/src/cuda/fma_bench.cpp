#include "cuda/fma_bench.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <random>

#include "cuda/ceilings.h"
#include "cuda/cuda_check.h"
#include "cuda/kernels/fma_chains.h"

namespace warpscope::cuda {

float referenceFmaThreadSum(unsigned tid, int ilp, int passes, float b, float c) {
  const long long perChain = static_cast<long long>(passes) * fmaPerChainPerPass(ilp);
  float sum = 0;
  for (int k = 0; k < ilp; ++k) {
    float a = fmaInitialValue(tid, k);
    for (long long i = 0; i < perChain; ++i) a = std::fmaf(a, b, c);
    sum = k == 0 ? a : sum + a;  // the kernel starts from acc[0], then adds acc[1..]
  }
  return sum;
}

ArithBench::ArithBench(const DeviceInfo& device, std::uint64_t seed) : harness_(device, seed) {}

labs::ArithMeasurement ArithBench::measure(const labs::ArithConfig& config, const TimingPolicy& policy,
                                           const CancelToken* cancel) {
  if (!fmaChainsCompiledFor(config.ilp))
    throw BadInputError("ilp = " + std::to_string(config.ilp) + " has no compiled kernel (1, 2, 3, 4, 6, 8)");
  const FmaChainHarness::Grid grid = harness_.grid(config.threadsPerBlock, config.blocksPerSm);
  const float b = harness_.drawMultiplier();
  const float c = harness_.drawAddend();
  const int passes = fmaPasses(config.ilp, labs::kArithFmasPerThread);

  harness_.poison(grid.threads);
  WS_CUDA_CHECK(setFmaAddend(c));
  const TimingStats t = timeLaunches(
      [&] {
        WS_CUDA_CHECK(launchFmaChains(config.ilp, grid.blocks, static_cast<unsigned>(config.threadsPerBlock),
                                      harness_.output(), b, passes));
      },
      policy, cancel);
  harness_.check(
      grid.threads, [&](unsigned tid) { return referenceFmaThreadSum(tid, config.ilp, passes, b, c); },
      [&](std::ostream& what, bool mismatch) {
        what << "FMA chains check failed (ILP " << config.ilp << ", " << config.threadsPerBlock << " x "
             << config.blocksPerSm << " blocks/SM";
        if (mismatch) what << ", b = " << b << ", c = " << c;
        what << "): ";
      });

  const double fmasPerThread = static_cast<double>(fmaExecutedPerThread(config.ilp, labs::kArithFmasPerThread));
  const RateStats gflops = fmaGflops(t, fmasPerThread, grid.threads);
  return {config, gflops.median, gflops.min, gflops.max};
}

FmaPeak measureFmaPeak(const DeviceInfo& device, const CancelToken* cancel) {
  ArithBench bench(device, std::random_device{}());
  const int threads = 256;
  const int blocks = std::min(device.maxThreadsPerSm / threads, device.maxBlocksPerSm);
  FmaPeak best;
  for (int ilp : {4, 8}) {
    const labs::ArithMeasurement m = bench.measure({ilp, threads, blocks}, ceilingTimingPolicy(), cancel);
    if (m.gflopsMedian > best.gflops) best = {m.gflopsMedian, ilp, threads * blocks};
  }
  return best;
}

}  // namespace warpscope::cuda
