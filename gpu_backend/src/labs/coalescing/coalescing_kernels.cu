// The coalescing lab's strided copy. Check the SASS: K LDG.E (.64, .128), then K STG.E per thread,
// nothing else touching memory:
//   cuobjdump -sass -fun '<mangled stridedCopy name>' build/gpu_backend/libwarpscope_backend.a
#include "labs/coalescing/coalescing_kernels.h"

#include "cuda/kernels/fill_words.h"
#include "labs/coalescing/coalescing_shape.h"

namespace warpscope::cuda {
namespace {

/// Thread t of T copies the elements offset + (t + k T) x stride for k < K, all K loads before any
/// store: K x sizeof(T) = 64 bytes in flight per thread, enough to reach DRAM bandwidth at full
/// occupancy (latency-memory's lesson), while each warp instruction still accesses 32 lanes at the
/// stride: the pattern the lab is about.
template <typename T, int K>
__global__ void __launch_bounds__(labs::kCoalescingThreadsPerBlock)
    stridedCopy(const T* __restrict__ in, T* __restrict__ out, unsigned long long threadsTotal, unsigned stride,
                unsigned offset) {
  const unsigned long long t = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
  T v[K];
#pragma unroll
  for (int k = 0; k < K; ++k) v[k] = in[offset + (t + k * threadsTotal) * stride];
#pragma unroll
  for (int k = 0; k < K; ++k) out[offset + (t + k * threadsTotal) * stride] = v[k];
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
                                                                   threads, stride, offset);
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

cudaError_t launchCountStridedMismatches(const std::uint32_t* out, std::size_t totalWords, int elementBytes,
                                         unsigned long long elements, unsigned stride, unsigned offset,
                                         std::uint64_t seed, unsigned long long* mismatches) {
  countStridedMismatches<<<4096, 256>>>(out, totalWords, static_cast<unsigned>(elementBytes / 4), elements, stride,
                                        offset, seed, mismatches);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
