#include "labs/latency_memory/copy_bench.h"

#include <limits>
#include <sstream>

#include "cuda/cuda_check.h"
#include "cuda/occupancy.h"

namespace warpscope::cuda {

CopyBench::CopyBench(const DeviceInfo& device, std::size_t bufferBytes, std::uint64_t seed, CacheHint hint)
    : device_(device),
      hint_(hint),
      src_(bufferBytes),
      dst_(bufferBytes),
      mismatches_(sizeof(unsigned long long)),
      rng_(seed) {}

void CopyBench::fillSourceRandom() {
  sourceSeed_ = rng_();
  WS_CUDA_CHECK(launchFillRandom(src_.as<std::uint32_t>(), src_.bytes() / 4, sourceSeed_));
}

labs::MemMeasurement CopyBench::measure(const labs::MemPlanEntry& entry, const TimingPolicy& policy,
                                        const CancelToken* cancel) {
  const labs::MemConfig& c = entry.config;
  const void* kernel = volkovCopyKernel(c.elementBytes, c.elementsPerThread, hint_);
  if (!kernel)
    throw BadInputError("no copy kernel for " + std::to_string(c.elementsPerThread) + " elements of " +
                        std::to_string(c.elementBytes) + " bytes (1..16 elements of 4, 8 or 16 bytes)");
  labs::MemMeasurement m;
  m.entry = entry;
  const ForcedOccupancy forced = forceBlocksPerSm(kernel, c.threadsPerBlock, c.blocksPerSm, device_);
  m.achievedBlocksPerSm = forced.blocksPerSm;
  lastSmem_ = forced.dynamicSmemBytes;
  if (forced.blocksPerSm == 0) return m;

  // Whole blocks only: every thread copies exactly its element set, as in Volkov's kernel.
  const std::size_t bytesPerBlock = static_cast<std::size_t>(c.threadsPerBlock) * static_cast<std::size_t>(c.bytesPerThread());
  const std::size_t blocks = src_.bytes() / bytesPerBlock;
  if (blocks == 0 || blocks > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw BadInputError("buffer_mib does not give a whole number of copy blocks between 1 and 2^31 - 1");
  const std::size_t coveredBytes = blocks * bytesPerBlock;

  fillSourceRandom();
  WS_CUDA_CHECK(launchFillWords(dst_.as<std::uint32_t>(), dst_.bytes() / 4, kPoisonWord));
  const TimingStats t = timeLaunches(
      [&] {
        WS_CUDA_CHECK(launchVolkovCopy(c.elementBytes, c.elementsPerThread, hint_, static_cast<unsigned>(blocks),
                                       static_cast<unsigned>(c.threadsPerBlock), forced.dynamicSmemBytes,
                                       dst_.get(), src_.get()));
      },
      policy, cancel);

  checkDestination(c, forced.blocksPerSm, coveredBytes);

  const RateStats gbps = ratesFrom(t, 2.0 * static_cast<double>(coveredBytes) / 1e9);  // GB read + written
  m.gbpsMedian = gbps.median;
  m.gbpsMin = gbps.min;
  m.gbpsMax = gbps.max;
  return m;
}

void CopyBench::checkDestination(const labs::MemConfig& c, int blocksPerSm, std::size_t coveredBytes) {
  WS_CUDA_CHECK(cudaMemset(mismatches_.get(), 0, sizeof(unsigned long long)));
  WS_CUDA_CHECK(launchCountCopyMismatches(dst_.as<std::uint32_t>(), coveredBytes / 4, dst_.bytes() / 4, sourceSeed_,
                                          mismatches_.as<unsigned long long>()));
  unsigned long long wrong = 0;
  WS_CUDA_CHECK(cudaMemcpy(&wrong, mismatches_.get(), sizeof wrong, cudaMemcpyDeviceToHost));
  if (wrong != 0) {
    std::ostringstream what;
    what << "latency-memory check failed: the copy of " << c.elementsPerThread << " x " << c.elementBytes
         << " B per thread (" << c.threadsPerBlock << " threads x " << blocksPerSm << " blocks/SM) left "
         << wrong << " of " << dst_.bytes() / 4 << " destination words wrong (the first " << coveredBytes / 4
         << " must equal the source, the rest must keep the poison)";
    throw CheckFailed(what.str());
  }
  wordsVerified_ += static_cast<long long>(dst_.bytes() / 4);
}

std::size_t CopyBench::countedCopy(const labs::MemPlanEntry& entry,
                                   const std::function<void(const std::function<void()>&)>& count) {
  const labs::MemConfig& c = entry.config;
  const void* kernel = volkovCopyKernel(c.elementBytes, c.elementsPerThread, hint_);
  if (!kernel) throw BadInputError("no copy kernel for this configuration");
  const ForcedOccupancy forced = forceBlocksPerSm(kernel, c.threadsPerBlock, c.blocksPerSm, device_);
  if (forced.blocksPerSm == 0) return 0;
  const std::size_t bytesPerBlock = static_cast<std::size_t>(c.threadsPerBlock) * static_cast<std::size_t>(c.bytesPerThread());
  const std::size_t blocks = src_.bytes() / bytesPerBlock;
  const std::size_t coveredBytes = blocks * bytesPerBlock;
  fillSourceRandom();
  WS_CUDA_CHECK(launchFillWords(dst_.as<std::uint32_t>(), dst_.bytes() / 4, kPoisonWord));
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  bool ran = false;
  count([&] {
    ran = true;
    WS_CUDA_CHECK(launchVolkovCopy(c.elementBytes, c.elementsPerThread, hint_, static_cast<unsigned>(blocks),
                                   static_cast<unsigned>(c.threadsPerBlock), forced.dynamicSmemBytes, dst_.get(),
                                   src_.get()));
  });
  if (ran) checkDestination(c, forced.blocksPerSm, coveredBytes);
  return coveredBytes;
}

}  // namespace warpscope::cuda
