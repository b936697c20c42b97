#include "cuda/fma_chain_harness.h"

#include <cmath>
#include <cstring>
#include <sstream>
#include <string>

#include "cuda/cuda_check.h"

namespace warpscope::cuda {

FmaChainHarness::FmaChainHarness(const DeviceInfo& device, std::uint64_t seed)
    : device_(device),
      out_(sizeof(float) * static_cast<std::size_t>(device.maxThreadsPerSm) * static_cast<std::size_t>(device.smCount)),
      rng_(seed) {}

FmaChainHarness::Grid FmaChainHarness::grid(int threadsPerBlock, int blocksPerSm) const {
  Grid g;
  g.blocks = static_cast<unsigned>(blocksPerSm) * static_cast<unsigned>(device_.smCount);
  g.threads = g.blocks * static_cast<unsigned>(threadsPerBlock);
  if (g.threads * sizeof(float) > out_.bytes())
    throw BadInputError("threads_per_block x blocks_per_sm exceeds the " + std::to_string(device_.maxThreadsPerSm) +
                        " threads an SM holds");
  return g;
}

float FmaChainHarness::drawMultiplier() { return std::uniform_real_distribution<float>(0.999f, 0.9999f)(rng_); }

float FmaChainHarness::drawAddend() { return std::uniform_real_distribution<float>(-0.5f, 0.5f)(rng_); }

void FmaChainHarness::poison(unsigned threads) {
  WS_CUDA_CHECK(cudaMemset(out_.get(), 0xFF, threads * sizeof(float)));
}

void FmaChainHarness::check(unsigned threads, const std::function<float(unsigned tid)>& expected, const Where& where) {
  host_.resize(threads);
  WS_CUDA_CHECK(cudaMemcpy(host_.data(), out_.get(), threads * sizeof(float), cudaMemcpyDeviceToHost));
  for (unsigned tid = 0; tid < threads; ++tid) {
    if (!std::isfinite(host_[tid])) {
      std::ostringstream what;
      where(what, false);
      what << "thread " << tid << " of " << threads << " wrote " << host_[tid]
           << (std::isnan(host_[tid]) ? " (the poison: it never wrote)" : "");
      throw CheckFailed(what.str());
    }
  }
  // The first and last thread, and two drawn at random.
  std::uniform_int_distribution<unsigned> pick(0, threads - 1);
  for (unsigned tid : {0u, threads - 1, pick(rng_), pick(rng_)}) {
    const float want = expected(tid);
    if (std::memcmp(&want, &host_[tid], sizeof(float)) != 0) {
      std::ostringstream what;
      what.precision(9);
      where(what, true);
      what << "thread " << tid << " wrote " << host_[tid] << ", the host's std::fmaf recomputation gives " << want;
      throw CheckFailed(what.str());
    }
    ++threadsVerified_;
  }
}

RateStats fmaGflops(const TimingStats& t, double fmasPerThread, unsigned threads) {
  return ratesFrom(t, 2.0 * fmasPerThread * threads / 1e9);  // GFLOP per launch
}

}  // namespace warpscope::cuda
