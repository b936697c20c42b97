#include "labs/limiter/limiter_sync_bench.h"

#include <algorithm>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cuda/cuda_check.h"
#include "cuda/occupancy.h"
#include "labs/limiter/limiter_sync_kernels.h"
#include "labs/limiter_common/limiter_kernels.h"

namespace warpscope::cuda {

namespace {

using labs::SyncKernel;

constexpr std::uint32_t kPoison = 0xFFFFFFFFu;
constexpr std::size_t kSampleRun = 1024;

const char* kernelName(SyncKernel k) {
  switch (k) {
    case SyncKernel::Full: return "full";
    case SyncKernel::MemoryOnly: return "memory-only";
    case SyncKernel::MathOnly: return "math-only";
  }
  return "?";
}

unsigned long long readCount(const DeviceBuffer& counter) {
  unsigned long long n = 0;
  WS_CUDA_CHECK(cudaMemcpy(&n, counter.get(), sizeof n, cudaMemcpyDeviceToHost));
  return n;
}

struct Run {
  SyncKernel kernel;
  int blocksPerSm;
  unsigned threads;
};

void check(LimiterBench& bench, const Run& run, std::size_t n, int k, float b, std::mt19937_64& rng,
           DeviceBuffer& counter, LimiterSyncChecked& lastChecked) {
  std::ostringstream where;
  where << "__syncthreads() check failed (" << kernelName(run.kernel) << ", " << run.blocksPerSm << " x "
        << run.threads << " threads per SM, K = " << k << "): ";
  const auto* out = static_cast<const float*>(bench.output());
  const auto* in = static_cast<const float*>(bench.input());
  WS_CUDA_CHECK(cudaMemset(counter.get(), 0, sizeof(unsigned long long)));
  if (run.kernel == SyncKernel::MemoryOnly) {
    WS_CUDA_CHECK(launchCountSyncMirrorWrong(out, in, n, run.threads, counter.as<unsigned long long>()));
    if (const auto wrong = readCount(counter); wrong != 0)
      throw CheckFailed(where.str() + std::to_string(wrong) + " elements differ from their mirror's input");
    lastChecked.onDevice += static_cast<long long>(n);
    return;
  }
  WS_CUDA_CHECK(launchCountWordsEqual(static_cast<const std::uint32_t*>(bench.output()), n, kPoison,
                                      counter.as<unsigned long long>()));
  const auto poisoned = readCount(counter);
  lastChecked.onDevice += static_cast<long long>(n);
  if (run.kernel == SyncKernel::MathOnly) {
    if (poisoned != n)
      throw CheckFailed(where.str() + std::to_string(n - poisoned) + " elements were stored past the never-true guard");
    return;
  }
  if (poisoned != 0) throw CheckFailed(where.str() + std::to_string(poisoned) + " elements left poisoned");
  const std::size_t randomStart = std::uniform_int_distribution<std::size_t>(0, n - kSampleRun)(rng);
  std::vector<float> got(kSampleRun);
  for (std::size_t start : {randomStart, n - kSampleRun}) {
    WS_CUDA_CHECK(cudaMemcpy(got.data(), out + start, kSampleRun * sizeof(float), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < kSampleRun; ++i) {
      const std::uint64_t src = labs::syncSourceIndex(start + i, run.threads);
      const float expected = referenceLimiterChain(labs::limiterInputValue(bench.inputSeed(), src), k, b);
      if (std::memcmp(&expected, &got[i], sizeof(float)) != 0) {
        std::ostringstream what;
        what.precision(9);
        what << where.str() << "element " << start + i << " is " << got[i] << ", the host's chain of element " << src
             << " gives " << expected;
        throw CheckFailed(what.str());
      }
    }
    lastChecked.onHost += static_cast<long long>(kSampleRun);
  }
}

}  // namespace

labs::LimiterSyncTimes measureLimiterSync(LimiterBench& bench, const DeviceInfo& device, int fmasPerElement,
                                          const TimingPolicy& policy, const CancelToken* cancel,
                                          LimiterSyncChecked* checked) {
  LimiterSyncChecked lastChecked;
  const std::size_t n = labs::limiterSyncElements(device);
  if (n * sizeof(float) > bench.arrayBytes())
    throw BadInputError("the __syncthreads() kernel needs more than the limiter arrays on " + device.name);
  std::mt19937_64 rng{std::random_device{}()};
  DeviceBuffer counter(sizeof(unsigned long long));
  const int half = labs::kSyncThreadsPerSm / 2;
  const Run runs[] = {{SyncKernel::MemoryOnly, 1, labs::kSyncThreadsPerSm},
                      {SyncKernel::MathOnly, 1, labs::kSyncThreadsPerSm},
                      {SyncKernel::Full, 1, labs::kSyncThreadsPerSm},
                      {SyncKernel::Full, 2, static_cast<unsigned>(half)}};
  labs::LimiterSyncTimes times;
  times.present = true;
  times.fmasPerElement = fmasPerElement;
  labs::VariantTime* into[] = {&times.memoryOnly, &times.mathOnly, &times.oneBlock, &times.twoBlocks};
  for (int r = 0; r < 4; ++r) {
    const Run& run = runs[r];
    const void* kernel = limiterSyncKernel(run.kernel);
    const ForcedOccupancy forced = forceBlocksPerSm(kernel, static_cast<int>(run.threads), run.blocksPerSm, device);
    const std::size_t smem = std::max<std::size_t>(forced.dynamicSmemBytes, run.threads * 2 * 16);
    if (forced.blocksPerSm != run.blocksPerSm ||
        residentBlocksPerSm(kernel, static_cast<int>(run.threads), smem) != run.blocksPerSm)
      throw BadInputError("__syncthreads() experiment: " + std::to_string(run.blocksPerSm) + " blocks of " +
                          std::to_string(run.threads) + " threads of the __syncthreads() kernel cannot be the only "
                          "ones resident per SM on " + device.name);
    const unsigned blocks = static_cast<unsigned>(run.blocksPerSm * device.smCount);
    const float b = std::uniform_real_distribution<float>(0.999f, 0.9999f)(rng);
    WS_CUDA_CHECK(cudaMemset(bench.output(), 0xFF, n * sizeof(float)));
    const TimingStats t = timeLaunches(
        [&] {
          WS_CUDA_CHECK(launchLimiterSync(run.kernel, blocks, run.threads, smem,
                                          static_cast<const float*>(bench.input()),
                                          static_cast<float*>(bench.output()), n, fmasPerElement, b,
                                          labs::kLimiterNeverValue));
        },
        policy, cancel);
    check(bench, run, n, fmasPerElement, b, rng, counter, lastChecked);
    *into[r] = {t.medianMs, t.minMs, t.maxMs};
  }
  if (checked) *checked = lastChecked;
  return times;
}

}  // namespace warpscope::cuda
