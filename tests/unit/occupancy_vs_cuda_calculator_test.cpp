// Issue 7's target "the calculator agrees with CUDA's own calculator semantics for every device
// profile": ours against cuda_occupancy.h (the toolkit's header-only calculator, the same rules
// cudaOccupancyMaxActiveBlocksPerMultiprocessor follows) on a grid of block sizes, registers,
// shared memory and carveouts, for every shipped profile it knows (compute capability >= 3.0).
#include <gtest/gtest.h>

#include <sstream>

#include "mechanisms/occupancy_calculator.h"
#include "mechanisms/device_profile.h"

#if WARPSCOPE_HAVE_CUDA_OCCUPANCY_H
#include <cuda_occupancy.h>
#endif

namespace warpscope::labs {
namespace {

#if WARPSCOPE_HAVE_CUDA_OCCUPANCY_H

cudaOccDeviceProp occProps(const DeviceInfo& d) {
  cudaOccDeviceProp p;
  std::sscanf(d.computeCapability.c_str(), "%d.%d", &p.computeMajor, &p.computeMinor);
  p.maxThreadsPerBlock = d.maxThreadsPerBlock;
  p.maxThreadsPerMultiprocessor = d.maxThreadsPerSm;
  p.regsPerBlock = d.registersPerSm;
  p.regsPerMultiprocessor = d.registersPerSm;
  p.warpSize = d.warpSize;
  // The default per-block limit is 48 KiB; above it a kernel opts in (as the lab's kernels do).
  p.sharedMemPerBlock = std::min(d.sharedMemPerBlockMaxBytes, 48 * 1024);
  p.sharedMemPerMultiprocessor = d.sharedMemPerSmBytes;
  p.numSms = d.smCount;
  p.sharedMemPerBlockOptin = d.sharedMemPerBlockMaxBytes;
  p.reservedSharedMemPerBlock = d.reservedSharedMemPerBlockBytes;
  return p;
}

/// Before Volta there is no carveout: the lab's percentage picks the cache configuration whose
/// shared memory it rounds up to (16, 32 or 48 KiB on Kepler).
cudaOccCacheConfig keplerCacheConfig(const DeviceInfo& d, int carveout) {
  if (carveout < 0) return CACHE_PREFER_NONE;
  const int shared = preferredSharedMemPerSm(d, carveout);
  if (shared <= 16 * 1024) return CACHE_PREFER_L1;
  if (shared <= 32 * 1024) return CACHE_PREFER_EQUAL;
  return CACHE_PREFER_SHARED;
}

TEST(OccupancyVsCudaCalculator, AgreesWithCudaOccupancyHOnEveryProfileItKnows) {
  int compared = 0;
  int profilesCompared = 0;
  for (const sim::DeviceProfile& profile : sim::loadEmbeddedProfiles()) {
    const DeviceInfo& d = profile.info;
    cudaOccDeviceProp props = occProps(d);
    if (props.computeMajor < 3) continue;  // cuda_occupancy.h knows compute capability 3.0 and later
    ++profilesCompared;
    for (int carveout : {-1, 0, 10, 25, 50, 75, 100})
      for (int threads = 32; threads <= d.maxThreadsPerBlock; threads += 32)
        for (int regs : {1, 16, 32, 33, 40, 64, 72, 100, 128, 168, 255})
          for (int smem : {0, 1, 1024, 3000, 8 * 1024, 20000, 48 * 1024, 64 * 1024, 100 * 1024, 200 * 1024}) {
            if (smem > d.sharedMemPerBlockMaxBytes) continue;
            cudaOccFuncAttributes attr;
            attr.maxThreadsPerBlock = d.maxThreadsPerBlock;
            attr.numRegs = regs;
            attr.sharedSizeBytes = 0;
            attr.partitionedGCConfig = PARTITIONED_GC_OFF;
            attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
            attr.maxDynamicSharedSizeBytes = d.sharedMemPerBlockMaxBytes;
            cudaOccDeviceState state;
            state.carveoutConfig = carveout;
            if (props.computeMajor < 7) state.cacheConfig = keplerCacheConfig(d, carveout);
            cudaOccResult cuda;
            ASSERT_EQ(cudaOccMaxActiveBlocksPerMultiprocessor(&cuda, &props, &attr, &state, threads, smem), CUDA_OCC_SUCCESS)
                << profile.fileName;
            const OccupancyResult ours = calculateOccupancy(d, profile.occupancy, {threads, regs, smem, carveout});
            ++compared;
            ASSERT_EQ(ours.blocksPerSm, cuda.activeBlocksPerMultiprocessor)
                << profile.fileName << ": " << threads << " threads, " << regs << " registers, " << smem
                << " B shared, carveout " << carveout << "%";
          }
  }
  EXPECT_GE(profilesCompared, 5) << "k40, v100, a100, h100, h200";
  std::cout << "[ INFO ] compared " << compared << " configurations over " << profilesCompared << " profiles\n";
}

#else

TEST(OccupancyVsCudaCalculator, AgreesWithCudaOccupancyHOnEveryProfileItKnows) {
  GTEST_SKIP() << "built without the CUDA toolkit: its cuda_occupancy.h, the reference, is not available";
}

#endif

}  // namespace
}  // namespace warpscope::labs
