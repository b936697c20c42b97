// The bank-conflicts lab's kernel (work in progress). Check the SASS: one LDS (.64, .128) per
// repetition in the loop, nothing hoisted.
#include "labs/bank_conflicts/bank_conflicts_kernels.h"

namespace warpscope::cuda {
namespace {

template <typename T>
__device__ float firstOf(const T& v) { return v.x; }
template <>
__device__ float firstOf<float>(const float& v) { return v; }

template <typename T>
__device__ void setAll(T& v, float x);
template <>
__device__ void setAll<float>(float& v, float x) { v = x; }
template <>
__device__ void setAll<float2>(float2& v, float x) { v = make_float2(x, x); }
template <>
__device__ void setAll<float4>(float4& v, float x) { v = make_float4(x, x, x, x); }

template <typename T>
__global__ void sharedStridedRead(unsigned stride, unsigned reps, float* out) {
  __shared__ T tile[kBankTileWords];
  for (unsigned i = threadIdx.x; i < kBankTileWords; i += blockDim.x) setAll(tile[i], static_cast<float>(i));
  __syncthreads();
  const unsigned lane = threadIdx.x & 31u;
  float sum = 0;
  for (unsigned r = 0; r < reps; ++r) sum += firstOf(tile[(lane * stride + 32u * r) % kBankTileWords]);
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

}  // namespace

float sharedStridedReadExpected(unsigned lane, unsigned stride, unsigned reps) {
  float sum = 0;
  for (unsigned r = 0; r < reps; ++r) sum += static_cast<float>((lane * stride + 32u * r) % kBankTileWords);
  return sum;
}

cudaError_t launchSharedStridedRead(int wordBytes, unsigned blocks, unsigned threadsPerBlock, unsigned stride,
                                    unsigned reps, float* out) {
  switch (wordBytes) {
    case 4: sharedStridedRead<float><<<blocks, threadsPerBlock>>>(stride, reps, out); break;
    case 8: sharedStridedRead<float2><<<blocks, threadsPerBlock>>>(stride, reps, out); break;
    case 16: sharedStridedRead<float4><<<blocks, threadsPerBlock>>>(stride, reps, out); break;
    default: return cudaErrorInvalidValue;
  }
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
