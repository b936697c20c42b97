// warpscope-kernel 1
// title: 2D five-point stencil
// summary: out(y, x) = 0.5 in(y, x) + 0.125 (its four neighbours) on an N x N float grid, zero
// summary: outside. Each block covers 32 x (BLOCK / 32) points, reading its neighbours straight
// summary: from global memory (the caches catch the reuse) or from a shared-memory tile with a
// summary: one-point halo. Both move 8 bytes per point from DRAM at best.
//
// param BLOCK: 32..1024, x2, default 256, unit threads, label Threads per block, focus, define
// param source: global=0|shared=1, default shared, label Neighbours from, focus, template
// param N: 1K..16K, x2, default 8K, unit points, label Grid side, arg int
//
// kernel: stencil5<source>
// grid: ceil_div(N, 32), ceil_div(N, BLOCK / 32)
// block: 32, BLOCK / 32
// # The tile with its halo: (32 + 2) x (BLOCK / 32 + 2) floats, only when the kernel stages.
// shared: source * 4 * (block_x + 2) * (block_y + 2)
// # Inputs in 1..2 keep every output near 1: a relative tolerance means something there.
// buffer in: float[N * N] random(1, 2)
// buffer out: float[N * N] output
// args: in, out, N
// bytes: 2 * 4 * N * N
// flops: 6 * N * N
//
// reference: stencil5_reference
// reference grid: ceil_div(N, 16), ceil_div(N, 16)
// reference block: 16, 16
// check: out, rtol 1e-6

#ifndef BLOCK
#define BLOCK 256
#endif
#define BX 32
#define BY (BLOCK / BX)

__device__ __forceinline__ float at(const float* __restrict__ in, int n, int y, int x) {
  return (x >= 0 && x < n && y >= 0 && y < n) ? __ldg(in + static_cast<size_t>(y) * n + x) : 0.0f;
}

__device__ __forceinline__ float point(float c, float w, float e, float s, float nb) {
  return 0.5f * c + 0.125f * ((w + e) + (s + nb));
}

/// FROM_SHARED 0: every neighbour from global memory; 1: a (BY + 2) x (BX + 2) tile in dynamic
/// shared memory, loaded once per block with its halo.
template <int FROM_SHARED>
__global__ void __launch_bounds__(BLOCK) stencil5(const float* __restrict__ in, float* __restrict__ out, int n) {
  const int x = blockIdx.x * BX + threadIdx.x;
  const int y = blockIdx.y * BY + threadIdx.y;
  if constexpr (FROM_SHARED == 0) {
    if (x < n && y < n)
      out[static_cast<size_t>(y) * n + x] =
          point(at(in, n, y, x), at(in, n, y, x - 1), at(in, n, y, x + 1), at(in, n, y - 1, x), at(in, n, y + 1, x));
  } else {
    extern __shared__ float tile[];
    const int w = BX + 2;
    const int tx = threadIdx.x + 1;
    const int ty = threadIdx.y + 1;
    tile[ty * w + tx] = at(in, n, y, x);
    if (threadIdx.x == 0) tile[ty * w] = at(in, n, y, x - 1);
    if (threadIdx.x == BX - 1) tile[ty * w + BX + 1] = at(in, n, y, x + 1);
    if (threadIdx.y == 0) tile[tx] = at(in, n, y - 1, x);
    if (threadIdx.y == BY - 1) tile[(BY + 1) * w + tx] = at(in, n, y + 1, x);
    __syncthreads();
    if (x < n && y < n)
      out[static_cast<size_t>(y) * n + x] = point(tile[ty * w + tx], tile[ty * w + tx - 1], tile[ty * w + tx + 1],
                                                   tile[(ty - 1) * w + tx], tile[(ty + 1) * w + tx]);
  }
}

/// The reference: one point per thread, every neighbour from global memory.
__global__ void stencil5_reference(const float* in, float* out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= n || y >= n) return;
  const auto value = [&](int yy, int xx) {
    return (xx >= 0 && xx < n && yy >= 0 && yy < n) ? in[static_cast<size_t>(yy) * n + xx] : 0.0f;
  };
  out[static_cast<size_t>(y) * n + x] =
      point(value(y, x), value(y, x - 1), value(y, x + 1), value(y - 1, x), value(y + 1, x));
}
