// um-multi-gpu's kernels (see um_multi_gpu_kernels.h).
#include "labs/um_multi_gpu/um_multi_gpu_kernels.h"

namespace warpscope::labs {
namespace {

__global__ void sumWords(const uint4* data, std::uint64_t beginVec, std::uint64_t endVec, unsigned long long* sum) {
  unsigned long long acc = 0;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = beginVec + blockIdx.x * blockDim.x + threadIdx.x; i < endVec; i += stride) {
    const uint4 v = data[i];
    acc += static_cast<unsigned long long>(v.x) + v.y + v.z + v.w;
  }
  for (int offset = 16; offset > 0; offset /= 2) acc += __shfl_down_sync(0xFFFFFFFFu, acc, offset);
  if ((threadIdx.x & 31u) == 0) atomicAdd(sum, acc);
}

__global__ void fillWords(unsigned* data, std::uint64_t count, std::uint64_t seed) {
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride) data[i] = multiGpuWordValue(i, seed);
}

}  // namespace

cudaError_t launchSumWords(const unsigned* data, std::uint64_t begin, std::uint64_t end, unsigned long long* sum,
                           unsigned blocks, unsigned threadsPerBlock, cudaStream_t stream) {
  sumWords<<<blocks, threadsPerBlock, 0, stream>>>(reinterpret_cast<const uint4*>(data), begin / 4, end / 4, sum);
  return cudaGetLastError();
}

cudaError_t launchFillWords(unsigned* data, std::uint64_t count, std::uint64_t seed, unsigned blocks,
                            unsigned threadsPerBlock, cudaStream_t stream) {
  fillWords<<<blocks, threadsPerBlock, 0, stream>>>(data, count, seed);
  return cudaGetLastError();
}

}  // namespace warpscope::labs
