#include "labs/limiter_common/limiter_bench.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

#include "cuda/ceilings.h"
#include "cuda/cuda_check.h"
#include "cuda/occupancy.h"
#include "labs/limiter_common/limiter_kernels.h"

namespace warpscope::cuda {

using labs::LimiterVariant;

namespace {

constexpr std::uint32_t kPoison = 0xFFFFFFFFu;  // a NaN no chain or input produces
/// Elements the host recomputes per check: a run at a random offset and the last ones.
constexpr std::size_t kSampleRun = 1024;

const char* variantName(LimiterVariant v) {
  switch (v) {
    case LimiterVariant::Full: return "full";
    case LimiterVariant::MemoryOnly: return "memory-only";
    case LimiterVariant::MathOnly: return "math-only";
    case LimiterVariant::StoreOnly: return "store-only";
  }
  return "?";
}

}  // namespace

float referenceLimiterChain(float x, int fmasPerElement, float b) {
  for (int k = 0; k < fmasPerElement; ++k) x = std::fmaf(x, b, labs::kLimiterAddend);
  return x;
}

LimiterBench::LimiterBench(const DeviceInfo& device, std::uint64_t seed)
    : device_(device),
      in_(labs::kLimiterTargetElements * sizeof(float)),
      out_(labs::kLimiterTargetElements * sizeof(float)),
      counter_(sizeof(unsigned long long)),
      rng_(seed) {
  refillInput();
}

void LimiterBench::refillInput() {
  inputSeed_ = rng_();
  WS_CUDA_CHECK(launchLimiterFill(in_.as<float>(), labs::kLimiterTargetElements, inputSeed_));
}

std::size_t LimiterBench::forcedPadding(LimiterVariant variant, int fmasPerElement, int blocksPerSm) {
  const void* kernel = limiterKernel(variant, fmasPerElement);
  if (!kernel)
    throw BadInputError("fmas_per_element = " + std::to_string(fmasPerElement) + " has no compiled kernel");
  const auto key = std::make_pair(kernel, blocksPerSm);
  auto it = forced_.find(key);
  if (it == forced_.end()) {
    const ForcedOccupancy forced = forceBlocksPerSm(kernel, labs::kLimiterThreadsPerBlock, blocksPerSm, device_);
    if (forced.blocksPerSm != blocksPerSm)
      throw BadInputError("occupancy_pct: " + std::to_string(blocksPerSm) + " blocks per SM cannot be resident for the " +
                          variantName(variant) + " kernel on " + device_.name +
                          " (cudaOccupancyMaxActiveBlocksPerMultiprocessor)");
    it = forced_.emplace(key, forced.dynamicSmemBytes).first;
  }
  padding_[variantName(variant)] = it->second;
  return it->second;
}

int LimiterBench::maxBlocksPerSm() {
  int most = device_.maxBlocksPerSm;
  for (LimiterVariant v :
       {LimiterVariant::Full, LimiterVariant::MemoryOnly, LimiterVariant::MathOnly, LimiterVariant::StoreOnly})
    for (int k : {1, 2, 4, 8, 16, 32}) {  // every unroll the kernels are compiled for
      const void* kernel = limiterKernel(v, k);
      prepareForForcedOccupancy(kernel, device_);
      most = std::min(most, residentBlocksPerSm(kernel, labs::kLimiterThreadsPerBlock, 0));
    }
  return most;
}

std::function<void()> LimiterBench::prepare(LimiterVariant variant, int fmasPerElement, int blocksPerSm, float* b) {
  const std::size_t smem = forcedPadding(variant, fmasPerElement, blocksPerSm);
  const std::size_t n = elements(blocksPerSm);
  const unsigned blocks = static_cast<unsigned>(blocksPerSm) * static_cast<unsigned>(device_.smCount);
  // Fresh b per measurement; near 1 so every chain stays bounded and positive (it tends to
  // c / (1 - b), 2500 at most), which is also why math-only's guard never matches.
  *b = std::uniform_real_distribution<float>(0.999f, 0.9999f)(rng_);
  WS_CUDA_CHECK(cudaMemset(out_.get(), 0xFF, n * sizeof(float)));
  return [this, variant, fmasPerElement, blocks, smem, n, bv = *b] {
    WS_CUDA_CHECK(launchLimiter(variant, fmasPerElement, blocks, smem, in_.as<float>(), out_.as<float>(), n, bv,
                                labs::kLimiterNeverValue));
  };
}

labs::VariantTime LimiterBench::measure(LimiterVariant variant, int fmasPerElement, int blocksPerSm,
                                        const TimingPolicy& policy, const CancelToken* cancel) {
  float b = 0;
  const std::function<void()> launch = prepare(variant, fmasPerElement, blocksPerSm, &b);
  const TimingStats t = timeLaunches(launch, policy, cancel);
  check(variant, fmasPerElement, elements(blocksPerSm), b);
  return {t.medianMs, t.minMs, t.maxMs};
}

CounterReading LimiterBench::count(DeviceContext& context, LimiterVariant variant, int fmasPerElement,
                                   int blocksPerSm, const std::vector<std::string>& metrics) {
  float b = 0;
  const std::function<void()> launch = prepare(variant, fmasPerElement, blocksPerSm, &b);
  // Relaunched once per pass: every launch writes the same output (same input, same b).
  CounterReading reading = readCounters(context, metrics, launch);
  if (!reading.ok()) launch();  // no counters: still one launch, so the check below checks one
  check(variant, fmasPerElement, elements(blocksPerSm), b);
  return reading;
}

unsigned long long LimiterBench::countOnDevice(bool poisonWords, std::size_t n) {
  WS_CUDA_CHECK(cudaMemset(counter_.get(), 0, sizeof(unsigned long long)));
  auto* counter = counter_.as<unsigned long long>();
  if (poisonWords)
    WS_CUDA_CHECK(launchCountWordsEqual(out_.as<std::uint32_t>(), n, kPoison, counter));
  else
    WS_CUDA_CHECK(launchCountWordsDiffering(out_.as<std::uint32_t>(), in_.as<std::uint32_t>(), n, counter));
  unsigned long long count = 0;
  WS_CUDA_CHECK(cudaMemcpy(&count, counter, sizeof count, cudaMemcpyDeviceToHost));
  return count;
}

void LimiterBench::check(LimiterVariant variant, int fmasPerElement, std::size_t n, float b) {
  std::ostringstream where;
  where << "limiter check failed (" << variantName(variant) << " kernel, K = " << fmasPerElement << ", " << n
        << " elements): ";
  switch (variant) {
    case LimiterVariant::MemoryOnly: {
      if (const auto wrong = countOnDevice(false, n); wrong != 0)
        throw CheckFailed(where.str() + std::to_string(wrong) + " elements differ from their input");
      checkedOnDevice_ += static_cast<long long>(n);
      return;
    }
    case LimiterVariant::MathOnly: {
      // The stores sit behind acc == -1, which no chain reaches: every word must still be poison.
      if (const auto poisoned = countOnDevice(true, n); poisoned != n)
        throw CheckFailed(where.str() + std::to_string(n - poisoned) +
                          " elements were stored: the never-true guard was taken (or something else wrote)");
      checkedOnDevice_ += static_cast<long long>(n);
      return;
    }
    case LimiterVariant::StoreOnly: {
      WS_CUDA_CHECK(cudaMemset(counter_.get(), 0, sizeof(unsigned long long)));
      WS_CUDA_CHECK(launchCountStoreOnlyWrong(out_.as<float>(), n, counter_.as<unsigned long long>()));
      unsigned long long wrong = 0;
      WS_CUDA_CHECK(cudaMemcpy(&wrong, counter_.get(), sizeof wrong, cudaMemcpyDeviceToHost));
      if (wrong != 0)
        throw CheckFailed(where.str() + std::to_string(wrong) + " elements differ from the index's value");
      checkedOnDevice_ += static_cast<long long>(n);
      return;
    }
    case LimiterVariant::Full: break;
  }
  if (const auto poisoned = countOnDevice(true, n); poisoned != 0)
    throw CheckFailed(where.str() + std::to_string(poisoned) + " elements were never written (still poison)");
  checkedOnDevice_ += static_cast<long long>(n);
  const std::size_t randomStart = std::uniform_int_distribution<std::size_t>(0, n - kSampleRun)(rng_);
  std::vector<float> got(kSampleRun);
  for (std::size_t start : {randomStart, n - kSampleRun}) {
    WS_CUDA_CHECK(cudaMemcpy(got.data(), out_.as<float>() + start, kSampleRun * sizeof(float), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < kSampleRun; ++i) {
      const float x = labs::limiterInputValue(inputSeed_, start + i);
      const float expected = referenceLimiterChain(x, fmasPerElement, b);
      if (std::memcmp(&expected, &got[i], sizeof(float)) != 0) {
        std::ostringstream what;
        what.precision(9);
        what << where.str() << "element " << start + i << " (input " << x << ", b = " << b << ") is " << got[i]
             << ", the host's std::fmaf recomputation gives " << expected;
        throw CheckFailed(what.str());
      }
    }
    recomputedOnHost_ += static_cast<long long>(kSampleRun);
  }
}

LimiterBench& limiterBenchFor(DeviceContext& context, labs::LimiterCeilings* ceilings, const CancelToken* cancel) {
  LimiterState& state = context.labState<LimiterState>();
  if (!state.bench) {
    std::size_t freeBytes = 0, totalBytes = 0;
    WS_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    if (2 * labs::kLimiterTargetElements * sizeof(float) > freeBytes / 10 * 9)
      throw BadInputError("the limiter kernels need 512 MiB of device memory; " + context.info.name + " has " +
                          std::to_string(freeBytes >> 20) + " MiB free");
    state.bench = std::make_unique<LimiterBench>(context.info, std::random_device{}());
  } else {
    state.bench->refillInput();
  }
  LimiterBench& bench = *state.bench;
  if (ceilings) {
    const BandwidthCeiling& bw = memcpyCeiling(context, bench.output(), bench.input(), bench.arrayBytes(), cancel);
    if (state.fmaPeak.gflops <= 0) state.fmaPeak = measureFmaPeak(context.info, cancel);
    std::ostringstream bwSource, fmaSource;
    bwSource.precision(4);
    bwSource << "cudaMemcpy device-to-device of " << (bench.arrayBytes() >> 20) << " MiB, read + write, median of "
             << bw.reps << " (" << bw.gbpsMin << ".." << bw.gbpsMax << " GB/s), measured once this session";
    fmaSource << "the latency-arith FMA kernel at its best (ILP " << state.fmaPeak.ilp << ", "
              << state.fmaPeak.threadsPerSm << " threads per SM), measured once this session";
    ceilings->bandwidthGBs = bw.gbpsMedian;
    ceilings->fmaGflops = state.fmaPeak.gflops;
    ceilings->bandwidthSource = bwSource.str();
    ceilings->fmaSource = fmaSource.str();
  }
  return bench;
}

}  // namespace warpscope::cuda
