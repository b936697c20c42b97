// The limiter family (seed 001, "the limiter method"). Check the SASS with
//   cuobjdump --dump-sass --function '*limiter*' libwarpscope_backend.a
// full: 2 LDG.128, then runs of FFMA, then 2 STG.128; memory-only: 2 LDG.128, 2 STG.128, no FFMA; math-only:
// the FFMA runs, no LDG, 8 FSETP + predicated STG; store-only: 2 STG.128, no LDG, no FFMA.
#include "labs/limiter_common/limiter_kernels.h"

namespace warpscope::cuda {
namespace {

using labs::kLimiterAddend;
using labs::kLimiterElementsPerThread;
using labs::LimiterVariant;
constexpr int kU = kLimiterElementsPerThread;

/// K dependent FMAs on each of the kU chains, interleaved so a warp has kU independent FMAs to
/// issue back to back. K is a run-time argument (a multiple of Step), so the loop stays a loop.
template <int Step>
__device__ __forceinline__ void runChains(float (&acc)[kU], int fmasPerElement, float b) {
#pragma unroll 1
  for (int k = 0; k < fmasPerElement; k += Step) {
#pragma unroll
    for (int s = 0; s < Step; ++s) {
#pragma unroll
      for (int j = 0; j < kU; ++j) acc[j] = __fmaf_rn(acc[j], b, kLimiterAddend);
    }
  }
}

// In iteration `it` block b owns the contiguous span [it * chunk + b * span, + span) of span =
// blockDim.x * kU elements, moved as kU / 4 float4 per thread: thread t takes float4 number
// t + q * blockDim.x of the span (q < kU / 4), so a warp's loads are coalesced 512-byte runs, all
// of a thread's loads are issued before the first FMA needs one (32 bytes in flight per thread),
// and each block streams one contiguous 8 KiB span. Element j of a thread's acc[] is component
// j % 4 of its float4 j / 4. (Spreading a thread's elements a whole grid apart - 1 MiB on an H200
// - measured 0.82 of cudaMemcpy there; scalar loads of one span per block 0.86.)
static_assert(kU % 4 == 0, "whole float4 per thread");
constexpr int kVectors = kU / 4;

/// The float4 index of vector q of this thread in iteration it.
__device__ __forceinline__ unsigned vectorIndex(unsigned it, int q) {
  const unsigned spanVectors = blockDim.x * kVectors;
  return it * gridDim.x * spanVectors + blockIdx.x * spanVectors + q * blockDim.x + threadIdx.x;
}

/// The element index of acc[j] (what the host checks and the math-only values are keyed by).
__device__ __forceinline__ unsigned elementIndex(unsigned it, int j) { return 4 * vectorIndex(it, j / 4) + j % 4; }

__device__ __forceinline__ void loadElements(const float* __restrict__ in, unsigned it, float (&acc)[kU]) {
  const float4* in4 = reinterpret_cast<const float4*>(in);
  float4 v[kVectors];
#pragma unroll
  for (int q = 0; q < kVectors; ++q) v[q] = in4[vectorIndex(it, q)];
#pragma unroll
  for (int q = 0; q < kVectors; ++q) {
    acc[4 * q] = v[q].x;
    acc[4 * q + 1] = v[q].y;
    acc[4 * q + 2] = v[q].z;
    acc[4 * q + 3] = v[q].w;
  }
}

__device__ __forceinline__ void storeElements(float* __restrict__ out, unsigned it, const float (&acc)[kU]) {
  float4* out4 = reinterpret_cast<float4*>(out);
#pragma unroll
  for (int q = 0; q < kVectors; ++q)
    out4[vectorIndex(it, q)] = make_float4(acc[4 * q], acc[4 * q + 1], acc[4 * q + 2], acc[4 * q + 3]);
}

template <int Step>
__global__ void limiterFull(const float* __restrict__ in, float* __restrict__ out, unsigned iterations,
                            int fmasPerElement, float b) {
  for (unsigned it = 0; it < iterations; ++it) {
    float acc[kU];
    loadElements(in, it, acc);
    runChains<Step>(acc, fmasPerElement, b);
    storeElements(out, it, acc);
  }
}

/// The full kernel with the math removed: the same loads and stores.
__global__ void limiterMemoryOnly(const float* __restrict__ in, float* __restrict__ out, unsigned iterations) {
  // Not unrolled, like the other two: unrolled, ptxas gave this one 42 registers (ptxas -v, sm_90,
  // CUDA 13.0), more than the full kernel's 32, which would lower its occupancy limit; rolled it
  // takes 24, and the padding shared memory sets the same blocks per SM for all three.
#pragma unroll 1
  for (unsigned it = 0; it < iterations; ++it) {
    float acc[kU];
    loadElements(in, it, acc);
    storeElements(out, it, acc);
  }
}

/// The full kernel with the loads removed. The store depends on the value about to be stored and
/// on `never`, which only the host knows never matches: the compiler must keep every FMA.
template <int Step>
__global__ void limiterMathOnly(float* __restrict__ out, unsigned iterations, int fmasPerElement, float b,
                                float never) {
  for (unsigned it = 0; it < iterations; ++it) {
    float acc[kU];
#pragma unroll
    for (int j = 0; j < kU; ++j) acc[j] = labs::limiterMathOnlyValue(elementIndex(it, j));
    runChains<Step>(acc, fmasPerElement, b);
#pragma unroll
    for (int j = 0; j < kU; ++j)
      if (acc[j] == never) out[elementIndex(it, j)] = acc[j];
  }
}

/// Memory-only with the loads removed too (the seed's store-only): each element gets the value
/// math-only would start its chain from, formed from its index, so the host knows every word.
__global__ void limiterStoreOnly(float* __restrict__ out, unsigned iterations) {
#pragma unroll 1
  for (unsigned it = 0; it < iterations; ++it) {
    float acc[kU];
#pragma unroll
    for (int j = 0; j < kU; ++j) acc[j] = labs::limiterMathOnlyValue(elementIndex(it, j));
    storeElements(out, it, acc);
  }
}

using FullKernel = void (*)(const float*, float*, unsigned, int, float);
using MathKernel = void (*)(float*, unsigned, int, float, float);

FullKernel fullKernel(int step) {
  switch (step) {
    case 1: return limiterFull<1>;
    case 2: return limiterFull<2>;
    case 4: return limiterFull<4>;
    case 8: return limiterFull<8>;
    case 16: return limiterFull<16>;
    case 32: return limiterFull<32>;
    default: return nullptr;
  }
}

MathKernel mathKernel(int step) {
  switch (step) {
    case 1: return limiterMathOnly<1>;
    case 2: return limiterMathOnly<2>;
    case 4: return limiterMathOnly<4>;
    case 8: return limiterMathOnly<8>;
    case 16: return limiterMathOnly<16>;
    case 32: return limiterMathOnly<32>;
    default: return nullptr;
  }
}

__global__ void fillInput(float* in, std::size_t elements, std::uint64_t seed) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < elements;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    in[i] = labs::limiterInputValue(seed, i);
}

__global__ void countEqual(const std::uint32_t* words, std::size_t count, std::uint32_t value,
                           unsigned long long* out) {
  unsigned long long mine = 0;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    mine += words[i] == value ? 1 : 0;
  if (mine) atomicAdd(out, mine);
}

__global__ void countDiffering(const std::uint32_t* a, const std::uint32_t* b, std::size_t count,
                               unsigned long long* out) {
  unsigned long long mine = 0;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    mine += a[i] != b[i] ? 1 : 0;
  if (mine) atomicAdd(out, mine);
}

__global__ void countStoreOnlyWrong(const float* out, std::size_t count, unsigned long long* wrongOut) {
  unsigned long long mine = 0;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    mine += __float_as_uint(out[i]) != __float_as_uint(labs::limiterMathOnlyValue(i)) ? 1 : 0;
  if (mine) atomicAdd(wrongOut, mine);
}

constexpr unsigned kUtilityBlocks = 1024;
constexpr unsigned kUtilityThreads = 256;

bool validK(int fmasPerElement) {
  const int step = limiterUnrollFor(fmasPerElement);
  return fmasPerElement > 0 && fmasPerElement % step == 0;
}

}  // namespace

int limiterUnrollFor(int fmasPerElement) { return labs::limiterUnroll(fmasPerElement); }

const void* limiterKernel(LimiterVariant variant, int fmasPerElement) {
  switch (variant) {
    case LimiterVariant::MemoryOnly: return reinterpret_cast<const void*>(limiterMemoryOnly);
    case LimiterVariant::StoreOnly: return reinterpret_cast<const void*>(limiterStoreOnly);
    case LimiterVariant::Full:
      return validK(fmasPerElement) ? reinterpret_cast<const void*>(fullKernel(limiterUnrollFor(fmasPerElement)))
                                    : nullptr;
    case LimiterVariant::MathOnly:
      return validK(fmasPerElement) ? reinterpret_cast<const void*>(mathKernel(limiterUnrollFor(fmasPerElement)))
                                    : nullptr;
  }
  return nullptr;
}

std::size_t limiterChunkElements(unsigned blocks) {
  return static_cast<std::size_t>(blocks) * labs::kLimiterThreadsPerBlock * kU;
}

cudaError_t launchLimiter(LimiterVariant variant, int fmasPerElement, unsigned blocks, std::size_t dynamicSmemBytes,
                          const float* in, float* out, std::size_t elements, float b, float never) {
  const std::size_t chunk = limiterChunkElements(blocks);
  if (blocks == 0 || elements == 0 || elements % chunk != 0 || elements > 0xFFFFFFFFull) return cudaErrorInvalidValue;
  const bool usesK = variant == LimiterVariant::Full || variant == LimiterVariant::MathOnly;
  if (usesK && !validK(fmasPerElement)) return cudaErrorInvalidValue;
  const unsigned iterations = static_cast<unsigned>(elements / chunk);
  const unsigned threads = labs::kLimiterThreadsPerBlock;
  const int step = limiterUnrollFor(fmasPerElement);
  switch (variant) {
    case LimiterVariant::Full:
      fullKernel(step)<<<blocks, threads, dynamicSmemBytes>>>(in, out, iterations, fmasPerElement, b);
      break;
    case LimiterVariant::MemoryOnly:
      limiterMemoryOnly<<<blocks, threads, dynamicSmemBytes>>>(in, out, iterations);
      break;
    case LimiterVariant::MathOnly:
      mathKernel(step)<<<blocks, threads, dynamicSmemBytes>>>(out, iterations, fmasPerElement, b, never);
      break;
    case LimiterVariant::StoreOnly:
      limiterStoreOnly<<<blocks, threads, dynamicSmemBytes>>>(out, iterations);
      break;
  }
  return cudaGetLastError();
}

cudaError_t launchLimiterFill(float* in, std::size_t elements, std::uint64_t seed) {
  fillInput<<<kUtilityBlocks, kUtilityThreads>>>(in, elements, seed);
  return cudaGetLastError();
}

cudaError_t launchCountWordsEqual(const std::uint32_t* words, std::size_t count, std::uint32_t value,
                                  unsigned long long* countOut) {
  countEqual<<<kUtilityBlocks, kUtilityThreads>>>(words, count, value, countOut);
  return cudaGetLastError();
}

cudaError_t launchCountStoreOnlyWrong(const float* out, std::size_t count, unsigned long long* wrongOut) {
  countStoreOnlyWrong<<<kUtilityBlocks, kUtilityThreads>>>(out, count, wrongOut);
  return cudaGetLastError();
}

cudaError_t launchCountWordsDiffering(const std::uint32_t* a, const std::uint32_t* b, std::size_t count,
                                      unsigned long long* countOut) {
  countDiffering<<<kUtilityBlocks, kUtilityThreads>>>(a, b, count, countOut);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
