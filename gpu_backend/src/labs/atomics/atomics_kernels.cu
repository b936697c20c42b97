// The atomics lab's kernels. Read what they compile to:
//   cuobjdump -sass build/gpu_backend/libwarpscope_backend.a | grep -E 'Function|ATOM|RED|MATCH|REDUX'
// tests/device/atomics_sass_test.cpp checks the plain kernels stay plain and the aggregated ones
// aggregate.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "labs/atomics/atomics_kernels.h"

namespace cg = cooperative_groups;

namespace warpscope::cuda {
namespace {

using labs::AtomicValueType;
using labs::AtomicVariant;
using labs::kAtomicBlocks;
using labs::kAtomicBlockThreads;
using labs::kHistogramBins;

template <typename T>
__device__ T fromBits(std::uint32_t bits) {
  if constexpr (sizeof(T) == 4 && T(0.5) != T(0)) return __uint_as_float(bits);
  else return bits;
}

/// Plain: one atomicAdd per thread and iteration; the increment is a kernel argument, so the
/// compiler cannot turn a lane count into the value (no POPC).
template <typename T>
__global__ void __launch_bounds__(kAtomicBlockThreads) globalAdds(T* words, unsigned mask, unsigned iterations,
                                                                  std::uint32_t incrementBits) {
  const T increment = fromBits<T>(incrementBits);
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned i = 0; i < iterations; ++i) atomicAdd(&words[labs::atomicWordOf(t + i, mask + 1)], increment);
}

/// Warp-aggregated: the lanes that share a word this iteration form a group (MATCH), sum their
/// increments, and the group's first lane adds the sum: one update per word and warp.
template <typename T>
__device__ void aggregatedAdd(T* word, unsigned key, T increment) {
  const cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  const cg::coalesced_group sharers = cg::labeled_partition(warp, key);
  const T sum = cg::reduce(sharers, increment, cg::plus<T>());
  if (sharers.thread_rank() == 0) atomicAdd(word, sum);
}

template <typename T>
__global__ void __launch_bounds__(kAtomicBlockThreads) globalAggregatedAdds(T* words, unsigned mask,
                                                                            unsigned iterations,
                                                                            std::uint32_t incrementBits) {
  const T increment = fromBits<T>(incrementBits);
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned i = 0; i < iterations; ++i) {
    const unsigned w = labs::atomicWordOf(t + i, mask + 1);
    aggregatedAdd(&words[w], w, increment);
  }
}

template <typename T, bool Aggregated>
__global__ void __launch_bounds__(kAtomicBlockThreads) sharedAdds(T* blockWords, unsigned addresses,
                                                                  unsigned iterations, std::uint32_t incrementBits) {
  extern __shared__ unsigned char raw[];
  T* words = reinterpret_cast<T*>(raw);
  for (unsigned i = threadIdx.x; i < addresses; i += blockDim.x) words[i] = T(0);
  __syncthreads();
  const T increment = fromBits<T>(incrementBits);
  for (unsigned i = 0; i < iterations; ++i) {
    const unsigned w = labs::atomicWordOf(threadIdx.x + i, addresses);
    if constexpr (Aggregated) aggregatedAdd(&words[w], w, increment);
    else atomicAdd(&words[w], increment);
  }
  __syncthreads();
  for (unsigned i = threadIdx.x; i < addresses; i += blockDim.x) blockWords[blockIdx.x * addresses + i] = words[i];
}

template <typename T>
cudaError_t launchTyped(AtomicVariant variant, unsigned addresses, unsigned iterations, std::uint32_t bits, T* words) {
  const unsigned mask = addresses - 1;
  const std::size_t sharedBytes = addresses * sizeof(T);
  switch (variant) {
    case AtomicVariant::Global:
      globalAdds<T><<<kAtomicBlocks, kAtomicBlockThreads>>>(words, mask, iterations, bits);
      break;
    case AtomicVariant::GlobalAggregated:
      globalAggregatedAdds<T><<<kAtomicBlocks, kAtomicBlockThreads>>>(words, mask, iterations, bits);
      break;
    case AtomicVariant::Shared:
      sharedAdds<T, false><<<kAtomicBlocks, kAtomicBlockThreads, sharedBytes>>>(words, addresses, iterations, bits);
      break;
    case AtomicVariant::SharedAggregated:
      sharedAdds<T, true><<<kAtomicBlocks, kAtomicBlockThreads, sharedBytes>>>(words, addresses, iterations, bits);
      break;
  }
  return cudaGetLastError();
}

/// Every thread's share of the input, `passes` times, each byte one atomicAdd to its bin in
/// `bins` (the global histogram, or a block's shared copy). Inlined, so that the compiler sees
/// which memory bins is in (RED to global, ATOMS to shared, not a generic ATOM).
__device__ __forceinline__ void countBytes(const uchar4* data, unsigned quads, unsigned passes,
                                           std::uint32_t increment, std::uint32_t* bins) {
  for (unsigned pass = 0; pass < passes; ++pass)
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < quads; i += gridDim.x * blockDim.x) {
      const uchar4 v = data[i];
      atomicAdd(&bins[v.x], increment);
      atomicAdd(&bins[v.y], increment);
      atomicAdd(&bins[v.z], increment);
      atomicAdd(&bins[v.w], increment);
    }
}

__global__ void histogramGlobal(const uchar4* data, unsigned quads, unsigned passes, std::uint32_t increment,
                                std::uint32_t* hist) {
  countBytes(data, quads, passes, increment, hist);
}

/// The privatised histogram: each block counts into its own shared copy, then merges it into the
/// global histogram with one atomic per bin.
__global__ void histogramPrivatised(const uchar4* data, unsigned quads, unsigned passes, std::uint32_t increment,
                                    std::uint32_t* hist) {
  __shared__ std::uint32_t local[kHistogramBins];
  for (unsigned b = threadIdx.x; b < kHistogramBins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  countBytes(data, quads, passes, increment, local);
  __syncthreads();
  for (unsigned b = threadIdx.x; b < kHistogramBins; b += blockDim.x)
    if (local[b] != 0) atomicAdd(&hist[b], local[b]);
}

/// The slide's kernel, as written: no atomics. Every lane loads result[0], adds its x and stores;
/// what the word ends up holding depends on the order the warps' loads and stores reach it.
__global__ void racySum(const std::uint32_t* x, std::uint32_t* result) {
  const unsigned tid = threadIdx.x + blockDim.x * blockIdx.x;
  result[0] += x[tid];
}

/// The slide's fix: atomicAdd applies every update.
__global__ void atomicSum(const std::uint32_t* x, std::uint32_t* result) {
  const unsigned tid = threadIdx.x + blockDim.x * blockIdx.x;
  atomicAdd(&result[0], x[tid]);
}

__global__ void fillRaceInput(std::uint32_t* x, unsigned count) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x) x[i] = labs::raceInput(i);
}

__global__ void fillHistogramInput(std::uint8_t* data, unsigned bytes, int value) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < bytes; i += gridDim.x * blockDim.x)
    data[i] = value < 0 ? labs::histogramInputByte(i) : static_cast<std::uint8_t>(value);
}

}  // namespace

cudaError_t launchAtomicAdds(AtomicVariant variant, AtomicValueType type, unsigned addresses, unsigned iterations,
                             std::uint32_t incrementBits, void* words) {
  if (addresses == 0 || (addresses & (addresses - 1)) != 0) return cudaErrorInvalidValue;
  if (labs::atomicVariantIsShared(variant) && addresses > labs::kAtomicMaxSharedAddresses) return cudaErrorInvalidValue;
  if (type == AtomicValueType::Float)
    return launchTyped(variant, addresses, iterations, incrementBits, static_cast<float*>(words));
  return launchTyped(variant, addresses, iterations, incrementBits, static_cast<unsigned*>(words));
}

cudaError_t launchHistogram(bool privatised, const std::uint8_t* data, unsigned bytes, unsigned passes, unsigned blocks,
                            std::uint32_t increment, std::uint32_t* hist) {
  if (bytes % 4 != 0 || passes == 0) return cudaErrorInvalidValue;
  const auto* quads = reinterpret_cast<const uchar4*>(data);
  if (privatised) histogramPrivatised<<<blocks, kAtomicBlockThreads>>>(quads, bytes / 4, passes, increment, hist);
  else histogramGlobal<<<blocks, kAtomicBlockThreads>>>(quads, bytes / 4, passes, increment, hist);
  return cudaGetLastError();
}

cudaError_t launchRaceSum(bool atomic, const std::uint32_t* x, unsigned threads, std::uint32_t* result) {
  const unsigned block = threads < labs::kRaceBlockThreads ? threads : labs::kRaceBlockThreads;
  if (threads == 0 || threads % block != 0) return cudaErrorInvalidValue;
  if (atomic) atomicSum<<<threads / block, block>>>(x, result);
  else racySum<<<threads / block, block>>>(x, result);
  return cudaGetLastError();
}

cudaError_t launchFillRaceInput(std::uint32_t* x, unsigned count) {
  fillRaceInput<<<256, 256>>>(x, count);
  return cudaGetLastError();
}

cudaError_t launchFillHistogramInput(std::uint8_t* data, unsigned bytes, int value) {
  fillHistogramInput<<<1024, 256>>>(data, bytes, value);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
