// Kernels of Volkov part II: the copy (3 element types x 16 counts x 2 cache hints) and the
// fill/check kernels that make its result trustworthy.
#include <array>
#include <utility>

#include "labs/latency_memory/volkov_copy.h"

namespace warpscope::cuda {
namespace {

template <typename T, bool Streaming>
__device__ __forceinline__ T load(const T* p) {
  if constexpr (Streaming) return __ldcs(p);
  else return *p;
}

template <typename T, bool Streaming>
__device__ __forceinline__ void store(T* p, const T& v) {
  if constexpr (Streaming) __stcs(p, v);
  else *p = v;
}

/// One element set per thread, no grid-stride loop: occupancy alone decides how many threads
/// (and so how many bytes) are in flight, as in Volkov's experiment.
/// No __restrict__ on purpose: with it the compiler may hoist a store above later loads (it did:
/// 38 registers for 16 float4), so the thread waits on its first load before issuing the rest and
/// fewer bytes are in flight than the configuration claims. Possible aliasing keeps program order.
template <typename T, int N, bool Streaming>
__global__ void volkovCopy(T* dst, const T* src) {
  const std::size_t base = static_cast<std::size_t>(blockIdx.x) * (N * blockDim.x) + threadIdx.x;
  T v[N];  // indexed only by unrolled constants: stays in registers
#pragma unroll
  for (int i = 0; i < N; ++i) v[i] = load<T, Streaming>(src + base + i * blockDim.x);  // all loads first
#pragma unroll
  for (int i = 0; i < N; ++i) store<T, Streaming>(dst + base + i * blockDim.x, v[i]);
}

using CopyKernel = void (*)(void*, const void*);

template <typename T, int N, bool Streaming>
void launchTyped(unsigned blocks, unsigned threads, std::size_t smem, void* dst, const void* src) {
  volkovCopy<T, N, Streaming><<<blocks, threads, smem>>>(static_cast<T*>(dst), static_cast<const T*>(src));
}

template <typename T, int N, bool Streaming>
const void* kernelAddress() {
  return reinterpret_cast<const void*>(volkovCopy<T, N, Streaming>);
}

using Launcher = void (*)(unsigned, unsigned, std::size_t, void*, const void*);
struct Entry {
  const void* kernel;
  Launcher launch;
};

template <typename T, bool Streaming, std::size_t... I>
std::array<Entry, sizeof...(I)> makeRow(std::index_sequence<I...>) {
  return {Entry{kernelAddress<T, static_cast<int>(I) + 1, Streaming>(),
                &launchTyped<T, static_cast<int>(I) + 1, Streaming>}...};
}

template <bool Streaming>
const Entry* find(int elementBytes, int elements) {
  using Seq = std::make_index_sequence<kCopyMaxElements>;
  static const auto f1 = makeRow<float, Streaming>(Seq{});
  static const auto f2 = makeRow<float2, Streaming>(Seq{});
  static const auto f4 = makeRow<float4, Streaming>(Seq{});
  if (elements < 1 || elements > kCopyMaxElements) return nullptr;
  const auto i = static_cast<std::size_t>(elements - 1);
  switch (elementBytes) {
    case 4: return &f1[i];
    case 8: return &f2[i];
    case 16: return &f4[i];
    default: return nullptr;
  }
}

const Entry* find(int elementBytes, int elements, CacheHint hint) {
  return hint == CacheHint::Streaming ? find<true>(elementBytes, elements) : find<false>(elementBytes, elements);
}

__global__ void countMismatches(const std::uint32_t* dst, std::size_t covered, std::size_t total,
                                std::uint64_t seed, unsigned long long* mismatches) {
  unsigned long long bad = 0;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < total;
       i += std::size_t{gridDim.x} * blockDim.x)
    bad += dst[i] != (i < covered ? randomWord(seed, i) : kPoisonWord);
  // One atomic per warp, not per thread.
  for (int offset = 16; offset > 0; offset /= 2) bad += __shfl_down_sync(0xFFFFFFFFu, bad, offset);
  if ((threadIdx.x & 31) == 0 && bad) atomicAdd(mismatches, bad);
}

/// Enough blocks of 256 to fill any current GPU several times over; the loops stride the rest.
constexpr unsigned kUtilityBlocks = 4096;
constexpr unsigned kUtilityThreads = 256;

}  // namespace

const void* volkovCopyKernel(int elementBytes, int elements, CacheHint hint) {
  const Entry* entry = find(elementBytes, elements, hint);
  return entry ? entry->kernel : nullptr;
}

cudaError_t launchVolkovCopy(int elementBytes, int elements, CacheHint hint, unsigned blocks,
                             unsigned threadsPerBlock, std::size_t dynamicSmemBytes, void* dst,
                             const void* src) {
  const Entry* entry = find(elementBytes, elements, hint);
  if (!entry) return cudaErrorInvalidDeviceFunction;
  entry->launch(blocks, threadsPerBlock, dynamicSmemBytes, dst, src);
  return cudaGetLastError();
}

cudaError_t launchCountCopyMismatches(const std::uint32_t* dst, std::size_t coveredWords,
                                      std::size_t totalWords, std::uint64_t seed,
                                      unsigned long long* mismatches) {
  countMismatches<<<kUtilityBlocks, kUtilityThreads>>>(dst, coveredWords, totalWords, seed, mismatches);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
