// warpscope-kernel 1
// title: Sum of N floats
// summary: Each block sums a grid-stride slice of the array, ILP float4 loads in flight per
// summary: thread, then reduces with warp shuffles and writes one partial sum; the host adds the
// summary: partials. Compare the curves: how much do more loads in flight add once each load
// summary: already moves 16 bytes, and at which block sizes?
//
// # The knobs: block size is compiled in (-DBLOCK), ILP is a template argument.
// param BLOCK: 64..1024, x2, default 256, unit threads, label Threads per block, focus, define
// param ILP: 1|2|4|8, default 4, unit float4 loads, label Loads in flight per thread, focus, template
// param N: 1M..256M, x4, default 64M, unit floats, label Elements, help "The array's length, in floats; 4 bytes each", arg long
//
// kernel: reduce_sum<ILP>
// # One wave of resident blocks, or fewer when the array is small.
// grid: min(ceil_div(N, BLOCK * 4 * ILP), sms * (max_threads_per_sm / BLOCK))
// block: BLOCK
// buffer x: float[N] random(0, 1)
// buffer partial: float[grid_x] output
// args: x, partial, N
// bytes: 4 * N
// flops: N
//
// reference: reduce_reference
// check: partial, sum, rtol 1e-4
// counters: dram__bytes_read.sum, sm__warps_active.avg.pct_of_peak_sustained_active
// budget: 1000 ms

#ifndef BLOCK
#define BLOCK 256
#endif

__device__ __forceinline__ float warpSum(float v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

/// The block's sum of `v` (one per thread), valid in thread 0.
__device__ __forceinline__ float blockSum(float v) {
  __shared__ float warpSums[BLOCK / 32];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  v = warpSum(v);
  if (lane == 0) warpSums[warp] = v;
  __syncthreads();
  v = 0.0f;
  if (warp == 0) {
    if (lane < BLOCK / 32) v = warpSums[lane];
    v = warpSum(v);
  }
  return v;
}

/// partial[block] = the sum of this block's grid-stride slice of x[0..n). Each thread keeps ILP
/// independent float4 loads in flight per iteration, each with its own accumulator.
template <int ILP>
__global__ void __launch_bounds__(BLOCK) reduce_sum(const float* __restrict__ x, float* __restrict__ partial, long n) {
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const long n4 = n / 4;
  const long stride = static_cast<long>(gridDim.x) * BLOCK;
  long i = static_cast<long>(blockIdx.x) * BLOCK + threadIdx.x;
  float acc[ILP];
#pragma unroll
  for (int k = 0; k < ILP; ++k) acc[k] = 0.0f;
  for (; i + (ILP - 1) * stride < n4; i += ILP * stride) {
    float4 v[ILP];
#pragma unroll
    for (int k = 0; k < ILP; ++k) v[k] = __ldg(x4 + i + k * stride);
#pragma unroll
    for (int k = 0; k < ILP; ++k) acc[k] += (v[k].x + v[k].y) + (v[k].z + v[k].w);
  }
  for (; i < n4; i += stride) {
    const float4 v = __ldg(x4 + i);
    acc[0] += (v.x + v.y) + (v.z + v.w);
  }
  float sum = 0.0f;
#pragma unroll
  for (int k = 0; k < ILP; ++k) sum += acc[k];
  // The last n % 4 floats: block 0's first threads.
  if (blockIdx.x == 0 && threadIdx.x < (n & 3)) sum += x[n4 * 4 + threadIdx.x];
  sum = blockSum(sum);
  if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}

/// The reference: the same partial sums, one element per load, added in double.
__global__ void reduce_reference(const float* x, float* partial, long n) {
  __shared__ double sums[1024];
  double acc = 0.0;
  for (long i = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<long>(gridDim.x) * blockDim.x)
    acc += x[i];
  sums[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = static_cast<float>(sums[0]);
}
