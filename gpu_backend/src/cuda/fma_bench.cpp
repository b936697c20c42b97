#include "cuda/fma_bench.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

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

ArithBench::ArithBench(const DeviceInfo& device, std::uint64_t seed)
    : device_(device),
      out_(sizeof(float) * static_cast<std::size_t>(device.maxThreadsPerSm) * static_cast<std::size_t>(device.smCount)),
      rng_(seed) {}

labs::ArithMeasurement ArithBench::measure(const labs::ArithConfig& config, const TimingPolicy& policy,
                                           const CancelToken* cancel) {
  if (!fmaChainsCompiledFor(config.ilp))
    throw BadInputError("ilp = " + std::to_string(config.ilp) + " has no compiled kernel (1, 2, 3, 4, 6, 8)");
  const unsigned blocks = static_cast<unsigned>(config.blocksPerSm) * static_cast<unsigned>(device_.smCount);
  const unsigned threads = blocks * static_cast<unsigned>(config.threadsPerBlock);
  if (threads * sizeof(float) > out_.bytes())
    throw BadInputError("threads_per_block x blocks_per_sm exceeds the " + std::to_string(device_.maxThreadsPerSm) +
                        " threads an SM holds");
  // Fresh operands per configuration: b near 1 keeps every chain bounded (it converges to
  // c / (1 - b), at most 5000 in magnitude) so the result stays finite and comparable.
  std::uniform_real_distribution<float> bDist(0.999f, 0.9999f);
  std::uniform_real_distribution<float> cDist(-0.5f, 0.5f);
  const float b = bDist(rng_);
  const float c = cDist(rng_);
  const int passes = fmaPasses(config.ilp, labs::kArithFmasPerThread);

  // Poison: 0xFF bytes are a NaN, which no chain produces; a thread that never wrote shows up.
  WS_CUDA_CHECK(cudaMemset(out_.get(), 0xFF, threads * sizeof(float)));
  WS_CUDA_CHECK(setFmaAddend(c));
  const TimingStats t = timeLaunches(
      [&] {
        WS_CUDA_CHECK(launchFmaChains(config.ilp, blocks, static_cast<unsigned>(config.threadsPerBlock),
                                      out_.as<float>(), b, passes));
      },
      policy, cancel);
  check(config, threads, passes, b, c);

  const double fmasPerThread = static_cast<double>(fmaExecutedPerThread(config.ilp, labs::kArithFmasPerThread));
  const RateStats gflops = ratesFrom(t, 2.0 * fmasPerThread * threads / 1e9);  // GFLOP per launch
  labs::ArithMeasurement m;
  m.config = config;
  m.gflopsMedian = gflops.median;
  m.gflopsMin = gflops.min;
  m.gflopsMax = gflops.max;
  return m;
}

void ArithBench::check(const labs::ArithConfig& config, unsigned threads, int passes, float b, float c) {
  host_.resize(threads);
  WS_CUDA_CHECK(cudaMemcpy(host_.data(), out_.get(), threads * sizeof(float), cudaMemcpyDeviceToHost));
  for (unsigned tid = 0; tid < threads; ++tid) {
    if (!std::isfinite(host_[tid])) {
      std::ostringstream what;
      what << "FMA chains check failed (ILP " << config.ilp << ", " << config.threadsPerBlock << " x "
           << config.blocksPerSm << " blocks/SM): thread " << tid << " of " << threads << " wrote "
           << host_[tid] << (std::isnan(host_[tid]) ? " (the poison: it never wrote)" : "");
      throw CheckFailed(what.str());
    }
  }
  // The first and last thread, and two drawn at random.
  std::uniform_int_distribution<unsigned> pick(0, threads - 1);
  for (unsigned tid : {0u, threads - 1, pick(rng_), pick(rng_)}) {
    const float expected = referenceFmaThreadSum(tid, config.ilp, passes, b, c);
    if (std::memcmp(&expected, &host_[tid], sizeof(float)) != 0) {
      std::ostringstream what;
      what.precision(9);
      what << "FMA chains check failed (ILP " << config.ilp << ", " << config.threadsPerBlock << " x "
           << config.blocksPerSm << " blocks/SM, b = " << b << ", c = " << c << "): thread " << tid << " wrote "
           << host_[tid] << ", the host's std::fmaf recomputation gives " << expected;
      throw CheckFailed(what.str());
    }
    ++threadsVerified_;
  }
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
