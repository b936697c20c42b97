// The fft-registers lab's kernels. Read their registers and spills:
//   nvcc -arch=sm_90 -Xptxas -v (or cuobjdump -res-usage build/gpu_backend/libwarpscope_backend.a)
// Every kernel keeps its points in registers (no stack frame); the arithmetic and the indices are
// fft_registers_radix.h's, which tests/unit/fft_registers_algorithm_test.cpp runs on the host.
#include "labs/fft_registers/fft_registers_kernels.h"

#include <cstring>

#include "labs/fft_registers/fft_registers_radix.h"
#include "labs/fft_registers/fft_registers_shape.h"

namespace warpscope::cuda {
namespace {

using labs::FftComplex;

/// The passes from the one that starts with `Span` points combined: butterflies in registers,
/// then (all but the last pass) the exchange through shared memory. A barrier before each store
/// (all threads have read the previous exchange) and one before each load (all have stored).
template <unsigned N, unsigned P, unsigned Span>
__device__ __forceinline__ void runPasses(FftComplex (&v)[P], unsigned j, float* re, float* im) {
  constexpr unsigned R = labs::fftPassRadix(N, P, Span);
  labs::fftPassButterflies<N, P, Span>(v, j);
  if constexpr (Span * R < N) {
    if constexpr (Span > 1) __syncthreads();
    labs::fftPassStore<N, P, Span>(v, j, re, im);
    __syncthreads();
    labs::fftExchangeLoad<N, P>(v, j, re, im);
    runPasses<N, P, Span * R>(v, j, re, im);
  }
}

/// One transform per N / P threads, several per block when that is under 128 threads: each thread
/// loads points j + m N/P (coalesced), runs the passes, and stores the same indices.
template <unsigned N, unsigned P>
__global__ void __launch_bounds__(labs::fftBlockThreads(N, P))
    fftRegisters(const FftComplex* __restrict__ in, FftComplex* __restrict__ out) {
  constexpr unsigned T = labs::fftThreadsPerTransform(N, P);
  constexpr unsigned perBlock = labs::fftTransformsPerBlock(N, P);
  constexpr unsigned stride = labs::fftSharedStride(N);
  __shared__ float re[perBlock * stride];
  __shared__ float im[perBlock * stride];
  const unsigned local = threadIdx.x / T;
  const unsigned j = threadIdx.x % T;
  const std::size_t first = (static_cast<std::size_t>(blockIdx.x) * perBlock + local) * N;
  FftComplex v[P];
#pragma unroll
  for (unsigned m = 0; m < P; ++m) v[m] = in[first + labs::fftHeldIndex(N, P, j, m)];
  runPasses<N, P, 1>(v, j, re + local * stride, im + local * stride);
#pragma unroll
  for (unsigned m = 0; m < P; ++m) out[first + labs::fftHeldIndex(N, P, j, m)] = v[m];
}

template <unsigned N, unsigned P>
FftKernelShape shapeOf() {
  return {reinterpret_cast<const void*>(&fftRegisters<N, P>), labs::fftBlockThreads(N, P),
          labs::fftTransformsPerBlock(N, P)};
}

template <unsigned N>
FftKernelShape shapeForPoints(unsigned pointsPerThread) {
  switch (pointsPerThread) {
    case 2: return shapeOf<N, 2>();
    case 4: return shapeOf<N, 4>();
    case 8: return shapeOf<N, 8>();
    case 16: return shapeOf<N, 16>();
    default: return {};
  }
}

template <unsigned N, unsigned P>
void launchTyped(const void* in, void* out, unsigned batch) {
  fftRegisters<N, P><<<batch / labs::fftTransformsPerBlock(N, P), labs::fftBlockThreads(N, P)>>>(
      static_cast<const FftComplex*>(in), static_cast<FftComplex*>(out));
}

template <unsigned N>
bool launchForPoints(unsigned pointsPerThread, const void* in, void* out, unsigned batch) {
  switch (pointsPerThread) {
    case 2: launchTyped<N, 2>(in, out, batch); return true;
    case 4: launchTyped<N, 4>(in, out, batch); return true;
    case 8: launchTyped<N, 8>(in, out, batch); return true;
    case 16: launchTyped<N, 16>(in, out, batch); return true;
    default: return false;
  }
}

__global__ void fillInput(float* data, std::size_t floats, std::uint32_t seed) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < floats;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    data[i] = labs::fftInputValue(seed, i);
}

/// One warp per transform: the rms of the reference and the largest error, then lane 0 records
/// the ratio. Non-negative floats order like their bits, so atomicMax on the bits keeps the
/// largest; a NaN ratio (the poison, or a NaN output) counts as over the tolerance.
__global__ void compareOutputs(const float2* got, const float2* reference, unsigned points, unsigned batch,
                               float tolerance, unsigned* worstBits, unsigned* over, unsigned* firstOver) {
  const unsigned warpsPerBlock = blockDim.x / 32;
  const unsigned transform = blockIdx.x * warpsPerBlock + threadIdx.x / 32;
  const unsigned lane = threadIdx.x % 32;
  if (transform >= batch) return;
  const std::size_t base = static_cast<std::size_t>(transform) * points;
  float sumSquares = 0;
  float worst = 0;
  bool nan = false;
  for (unsigned k = lane; k < points; k += 32) {
    const float2 r = reference[base + k];
    const float2 g = got[base + k];
    sumSquares += r.x * r.x + r.y * r.y;
    const float error = hypotf(g.x - r.x, g.y - r.y);
    nan = nan || isnan(error);
    worst = fmaxf(worst, error);
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    sumSquares += __shfl_xor_sync(0xFFFFFFFFu, sumSquares, offset);
    worst = fmaxf(worst, __shfl_xor_sync(0xFFFFFFFFu, worst, offset));
  }
  nan = __any_sync(0xFFFFFFFFu, nan);
  if (lane != 0) return;
  const float ratio = worst / sqrtf(sumSquares / static_cast<float>(points));
  if (nan || !(ratio <= tolerance)) {
    atomicAdd(over, 1u);
    atomicMin(firstOver, transform);
  }
  atomicMax(worstBits, nan || isnan(ratio) ? 0x7F800000u : __float_as_uint(ratio));  // NaN reported as infinity
}

}  // namespace

FftKernelShape fftKernelShape(unsigned points, unsigned pointsPerThread) {
  switch (points) {
    case 256: return shapeForPoints<256>(pointsPerThread);
    case 512: return shapeForPoints<512>(pointsPerThread);
    case 1024: return shapeForPoints<1024>(pointsPerThread);
    default: return {};
  }
}

cudaError_t launchFftRegisters(unsigned points, unsigned pointsPerThread, const void* in, void* out, unsigned batch) {
  const FftKernelShape shape = fftKernelShape(points, pointsPerThread);
  if (!shape.function || batch == 0 || batch % shape.transformsPerBlock != 0) return cudaErrorInvalidValue;
  bool launched = false;
  switch (points) {
    case 256: launched = launchForPoints<256>(pointsPerThread, in, out, batch); break;
    case 512: launched = launchForPoints<512>(pointsPerThread, in, out, batch); break;
    case 1024: launched = launchForPoints<1024>(pointsPerThread, in, out, batch); break;
    default: break;
  }
  return launched ? cudaGetLastError() : cudaErrorInvalidValue;
}

cudaError_t launchFillFftInput(float* data, std::size_t floats, std::uint32_t seed) {
  fillInput<<<1024, 256>>>(data, floats, seed);
  return cudaGetLastError();
}

cudaError_t compareFftOutputs(const void* got, const void* reference, unsigned points, unsigned batch, float tolerance,
                              void* scratch, FftComparison* result) {
  unsigned init[3] = {0u, 0u, 0xFFFFFFFFu};
  auto* words = static_cast<unsigned*>(scratch);
  cudaError_t e = cudaMemcpy(words, init, sizeof init, cudaMemcpyHostToDevice);
  if (e != cudaSuccess) return e;
  constexpr unsigned kThreads = 256;
  const unsigned blocks = (batch + kThreads / 32 - 1) / (kThreads / 32);
  compareOutputs<<<blocks, kThreads>>>(static_cast<const float2*>(got), static_cast<const float2*>(reference), points,
                                       batch, tolerance, words, words + 1, words + 2);
  if ((e = cudaGetLastError()) != cudaSuccess) return e;
  unsigned back[3] = {};
  if ((e = cudaMemcpy(back, words, sizeof back, cudaMemcpyDeviceToHost)) != cudaSuccess) return e;
  float worst = 0;
  static_assert(sizeof(float) == sizeof(unsigned), "float bits");
  std::memcpy(&worst, &back[0], sizeof worst);
  result->worstErrorOverRms = worst;
  result->transformsOver = back[1];
  result->firstOver = back[2];
  return cudaSuccess;
}

}  // namespace warpscope::cuda
