#include "cuda/occupancy.h"

#include "cuda/cuda_check.h"

namespace warpscope::cuda {

void prepareForForcedOccupancy(const void* kernel, const DeviceInfo& device) {
  cudaFuncAttributes attributes{};
  WS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
  const int maxDynamic = device.sharedMemPerBlockMaxBytes - static_cast<int>(attributes.sharedSizeBytes);
  WS_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, maxDynamic));
  // Without this the driver may pick a smaller carveout and fit fewer blocks than the API said.
  WS_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                     cudaSharedmemCarveoutMaxShared));
}

int residentBlocksPerSm(const void* kernel, int threadsPerBlock, std::size_t dynamicSmemBytes) {
  int blocks = 0;
  WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, threadsPerBlock, dynamicSmemBytes));
  return blocks;
}

ForcedOccupancy forceBlocksPerSm(const void* kernel, int threadsPerBlock, int planned, const DeviceInfo& device) {
  prepareForForcedOccupancy(kernel, device);
  if (planned <= 0) return {};
  const int unforced = residentBlocksPerSm(kernel, threadsPerBlock, 0);
  if (unforced < planned) return {};  // registers, threads or the block limit bind before shared memory
  if (unforced == planned) return {planned, 0};

  cudaFuncAttributes attributes{};
  WS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
  // Resident blocks fall as shared memory per block grows: binary-search the smallest size whose
  // level is <= planned, then check that level is exactly planned (not a step past it).
  std::size_t low = 0;
  std::size_t high = static_cast<std::size_t>(attributes.maxDynamicSharedSizeBytes);
  if (residentBlocksPerSm(kernel, threadsPerBlock, high) > planned) return {};
  while (high - low > 1) {
    const std::size_t mid = low + (high - low) / 2;
    if (residentBlocksPerSm(kernel, threadsPerBlock, mid) > planned) low = mid;
    else high = mid;
  }
  const int achieved = residentBlocksPerSm(kernel, threadsPerBlock, high);
  if (achieved != planned) return {};
  return {achieved, high};
}

}  // namespace warpscope::cuda
