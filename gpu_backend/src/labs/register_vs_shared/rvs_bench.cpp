#include "labs/register_vs_shared/rvs_bench.h"

#include <cmath>
#include <cstring>
#include <sstream>

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
    : device_(device),
      out_(sizeof(float) * static_cast<std::size_t>(device.maxThreadsPerSm) * static_cast<std::size_t>(device.smCount)),
      table_(sizeof(float) * 2 * kRvsTableWords),
      hostTable_(2 * kRvsTableWords),
      rng_(seed) {}

int RvsBench::registersPerThread(int variant, int ilp) const {
  cudaFuncAttributes attributes{};
  WS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, rvsKernel(variant, ilp)));
  return attributes.numRegs;
}

labs::RvsMeasurement RvsBench::measure(const labs::RvsConfig& config, const TimingPolicy& policy,
                                       const CancelToken* cancel) {
  if (!rvsKernelCompiledFor(config.variant, config.ilp))
    throw BadInputError("ilp = " + std::to_string(config.ilp) + " has no compiled kernel (1, 2, 4, 8)");
  const unsigned blocks = static_cast<unsigned>(config.blocksPerSm) * static_cast<unsigned>(device_.smCount);
  const unsigned threads = blocks * static_cast<unsigned>(config.threadsPerBlock);
  if (threads * sizeof(float) > out_.bytes())
    throw BadInputError("threads_per_block x blocks_per_sm exceeds the " + std::to_string(device_.maxThreadsPerSm) +
                        " threads an SM holds");
  // Threads per SM is the x axis: every block of the grid must be resident at once.
  int resident = 0;
  WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, rvsKernel(config.variant, config.ilp),
                                                              config.threadsPerBlock, 0));
  if (resident < config.blocksPerSm)
    throw BadInputError("blocks_per_sm = " + std::to_string(config.blocksPerSm) + ": only " + std::to_string(resident) +
                        " blocks of " + std::to_string(config.threadsPerBlock) + " threads of this kernel fit on an SM");

  // Fresh operands per configuration: b near 1 keeps every chain bounded (it converges to
  // c / (1 - b), at most 5000 in magnitude), so results stay finite and comparable.
  std::uniform_real_distribution<float> bDist(0.999f, 0.9999f);
  std::uniform_real_distribution<float> cDist(-0.5f, 0.5f);
  for (int i = 0; i < kRvsTableWords; ++i) {
    hostTable_[i] = bDist(rng_);
    hostTable_[kRvsTableWords + i] = cDist(rng_);
  }
  const float b = bDist(rng_);
  const float c = cDist(rng_);
  const int passes = labs::rvsPasses(config.variant);

  WS_CUDA_CHECK(cudaMemcpy(table_.get(), hostTable_.data(), table_.bytes(), cudaMemcpyHostToDevice));
  // Poison: 0xFF bytes are a NaN, which no chain produces; a thread that never wrote shows up.
  WS_CUDA_CHECK(cudaMemset(out_.get(), 0xFF, threads * sizeof(float)));
  WS_CUDA_CHECK(setRvsAddend(c));
  const TimingStats t = timeLaunches(
      [&] {
        WS_CUDA_CHECK(launchRvs(config.variant, config.ilp, blocks, static_cast<unsigned>(config.threadsPerBlock),
                                table_.as<float>(), out_.as<float>(), b, passes));
      },
      policy, cancel);
  check(config, threads, passes, b, c);

  const double fmasPerThread = static_cast<double>(passes) * labs::rvsBodyPerPass(config.variant);
  const RateStats gflops = ratesFrom(t, 2.0 * fmasPerThread * threads / 1e9);  // GFLOP per launch
  labs::RvsMeasurement m;
  m.config = config;
  m.gflopsMedian = gflops.median;
  m.gflopsMin = gflops.min;
  m.gflopsMax = gflops.max;
  return m;
}

void RvsBench::check(const labs::RvsConfig& config, unsigned threads, int passes, float b, float c) {
  host_.resize(threads);
  WS_CUDA_CHECK(cudaMemcpy(host_.data(), out_.get(), threads * sizeof(float), cudaMemcpyDeviceToHost));
  auto where = [&] {
    std::ostringstream w;
    w << "register-vs-shared check failed (" << labs::rvsVariantName(config.variant) << ", ILP " << config.ilp << ", "
      << config.threadsPerBlock << " x " << config.blocksPerSm << " blocks/SM): ";
    return w.str();
  };
  for (unsigned tid = 0; tid < threads; ++tid) {
    if (!std::isfinite(host_[tid])) {
      std::ostringstream what;
      what << where() << "thread " << tid << " of " << threads << " wrote " << host_[tid]
           << (std::isnan(host_[tid]) ? " (the poison: it never wrote)" : "");
      throw CheckFailed(what.str());
    }
  }
  // The first and last thread, and two drawn at random.
  std::uniform_int_distribution<unsigned> pick(0, threads - 1);
  for (unsigned tid : {0u, threads - 1, pick(rng_), pick(rng_)}) {
    const float expected = referenceRvsThreadSum(tid, config, passes, b, c, hostTable_);
    if (std::memcmp(&expected, &host_[tid], sizeof(float)) != 0) {
      std::ostringstream what;
      what.precision(9);
      what << where() << "thread " << tid << " wrote " << host_[tid] << ", the host's std::fmaf recomputation gives "
           << expected;
      throw CheckFailed(what.str());
    }
    ++threadsVerified_;
  }
}

}  // namespace warpscope::cuda
