// The coalescing lab's strided copy. Check the SASS: K LDG.E (.64, .128), then K STG.E per thread,
// nothing else touching memory:
//   cuobjdump -sass -fun '<mangled stridedCopy name>' build/gpu_backend/libwarpscope_backend.a
#include "labs/coalescing/coalescing_kernels.h"

#include "cuda/kernels/fill_words.h"
#include "labs/coalescing/coalescing_shape.h"

namespace warpscope::cuda {
namespace {

/// Block b's thread t copies the elements j = (b K + k) x blockDim + t for k < K, at index
/// offset + j x stride, all K loads before any store: K x sizeof(T) = 128 bytes in flight per
/// thread, enough to reach DRAM bandwidth (latency-memory's lesson), while every warp instruction
/// still accesses 32 consecutive j at the stride: the pattern the lab is about. A block's elements
/// are contiguous in j, as a streaming copy's are, so DRAM pages stay open for it.
template <typename T, int K>
__global__ void __launch_bounds__(labs::kCoalescingThreadsPerBlock)
    stridedCopy(const T* __restrict__ in, T* __restrict__ out, unsigned stride, unsigned offset) {
  const unsigned long long first = static_cast<unsigned long long>(blockIdx.x) * K * blockDim.x + threadIdx.x;
  const T* src = in + offset + first * stride;
  T* dst = out + offset + first * stride;
  const unsigned long long step = static_cast<unsigned long long>(blockDim.x) * stride;
  T v[K];
#pragma unroll
  for (int k = 0; k < K; ++k) v[k] = src[k * step];
#pragma unroll
  for (int k = 0; k < K; ++k) dst[k * step] = v[k];
}

/// The 2D case, laid out as stridedCopy (K elements per thread, all loads before the stores): work
/// item j copies element matrixElement(M, j, side). Thread per column: a warp's lanes are 32
/// consecutive elements of a row. Thread per row: 32 consecutive rows of one column, a row pitch
/// apart.
template <labs::MatrixMapping M, int K>
__global__ void __launch_bounds__(labs::kCoalescingThreadsPerBlock)
    matrixCopy(const float* __restrict__ in, float* __restrict__ out, unsigned long long side) {
  const unsigned long long first = static_cast<unsigned long long>(blockIdx.x) * K * blockDim.x + threadIdx.x;
  float v[K];
#pragma unroll
  for (int k = 0; k < K; ++k) v[k] = in[labs::matrixElement(M, first + static_cast<unsigned long long>(k) * blockDim.x, side)];
#pragma unroll
  for (int k = 0; k < K; ++k) out[labs::matrixElement(M, first + static_cast<unsigned long long>(k) * blockDim.x, side)] = v[k];
}

__global__ void countStridedMismatches(const std::uint32_t* out, std::size_t totalWords, unsigned wordsPerElement,
                                       unsigned long long elements, unsigned stride, unsigned offset,
                                       std::uint64_t seed, unsigned long long* mismatches) {
  unsigned long long bad = 0;
  for (std::size_t w = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; w < totalWords;
       w += std::size_t{gridDim.x} * blockDim.x) {
    const unsigned long long e = w / wordsPerElement;
    const bool copied = e >= offset && (e - offset) % stride == 0 && (e - offset) / stride < elements;
    bad += out[w] != (copied ? randomWord(seed, w) : kPoisonWord);
  }
  for (int o = 16; o > 0; o /= 2) bad += __shfl_down_sync(0xFFFFFFFFu, bad, o);
  if ((threadIdx.x & 31) == 0 && bad) atomicAdd(mismatches, bad);
}

template <typename T>
void launch(unsigned long long elements, unsigned stride, unsigned offset, const void* in, void* out) {
  constexpr int kPerThread = labs::kCoalescingBytesInFlight / static_cast<int>(sizeof(T));
  const unsigned long long threads = elements / kPerThread;
  stridedCopy<T, kPerThread><<<static_cast<unsigned>(threads / labs::kCoalescingThreadsPerBlock),
                               labs::kCoalescingThreadsPerBlock>>>(static_cast<const T*>(in), static_cast<T*>(out),
                                                                   stride, offset);
}

}  // namespace

cudaError_t launchStridedCopy(int elementBytes, unsigned long long elements, unsigned stride, unsigned offset,
                              const void* in, void* out) {
  if (elements % labs::coalescingElementQuantum(elementBytes) != 0) return cudaErrorInvalidValue;
  switch (elementBytes) {
    case 4: launch<float>(elements, stride, offset, in, out); break;
    case 8: launch<float2>(elements, stride, offset, in, out); break;
    case 16: launch<float4>(elements, stride, offset, in, out); break;
    default: return cudaErrorInvalidValue;
  }
  return cudaGetLastError();
}

cudaError_t launchMatrixCopy(int mapping, unsigned side, const void* in, void* out) {
  constexpr int kPerThread = labs::kCoalescingBytesInFlight / labs::kMatrixElementBytes;
  const unsigned long long elements = static_cast<unsigned long long>(side) * side;
  if (elements == 0 || elements % labs::coalescingElementQuantum(labs::kMatrixElementBytes) != 0) return cudaErrorInvalidValue;
  const auto blocks = static_cast<unsigned>(elements / kPerThread / labs::kCoalescingThreadsPerBlock);
  const auto* src = static_cast<const float*>(in);
  auto* dst = static_cast<float*>(out);
  switch (mapping) {
    case 0:
      matrixCopy<labs::MatrixMapping::ThreadPerColumn, kPerThread><<<blocks, labs::kCoalescingThreadsPerBlock>>>(src, dst, side);
      break;
    case 1:
      matrixCopy<labs::MatrixMapping::ThreadPerRow, kPerThread><<<blocks, labs::kCoalescingThreadsPerBlock>>>(src, dst, side);
      break;
    default: return cudaErrorInvalidValue;
  }
  return cudaGetLastError();
}

cudaError_t launchCountStridedMismatches(const std::uint32_t* out, std::size_t totalWords, int elementBytes,
                                         unsigned long long elements, unsigned stride, unsigned offset,
                                         std::uint64_t seed, unsigned long long* mismatches) {
  countStridedMismatches<<<4096, 256>>>(out, totalWords, static_cast<unsigned>(elementBytes / 4), elements, stride,
                                        offset, seed, mismatches);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
