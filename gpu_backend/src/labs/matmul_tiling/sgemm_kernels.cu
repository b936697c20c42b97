// The SGEMM kernels of matmul-tiling, from seed 002's tiled kernel to Volkov's "more outputs per
// thread" (Part IV), 4 x 4 / 8 x 8 register-blocked kernels with float4 loads and the 8 x 8 in
// warp tiles. Check the SASS with  cuobjdump --dump-sass --function '*sgemm*' libwarpscope_backend.a
// (FFMA runs, LDS.128 in the blocked kernels, no LDL/STL: ptxas warns about spills,
// gpu_backend/src/cuda/CMakeLists.txt).
#include "labs/matmul_tiling/sgemm_kernels.h"

#include <cstddef>
#include <cstring>

namespace warpscope::cuda {
namespace {

using labs::SgemmVariant;

/// One output per thread, both operands from global memory (L1 caches the reuse it can).
__global__ void __launch_bounds__(labs::kNaiveBlockSide* labs::kNaiveBlockSide)
    sgemmNaive(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n) {
  const int col = blockIdx.x * labs::kNaiveBlockSide + threadIdx.x;
  const int row = blockIdx.y * labs::kNaiveBlockSide + threadIdx.y;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) acc = fmaf(a[static_cast<std::size_t>(row) * n + k], b[static_cast<std::size_t>(k) * n + col], acc);
  c[static_cast<std::size_t>(row) * n + col] = acc;
}

/// Seed 002's kernel: each block copies a W x W tile of A and of B into shared memory, one
/// element per thread, then every thread runs W FMAs from shared memory.
template <int W>
__global__ void __launch_bounds__(W* W)
    sgemmTiled(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n) {
  __shared__ float mds[W][W];
  __shared__ float nds[W][W];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int row = blockIdx.y * W + ty;
  const int col = blockIdx.x * W + tx;
  float p = 0.0f;
  for (int m = 0; m < n / W; ++m) {
    mds[ty][tx] = a[static_cast<std::size_t>(row) * n + m * W + tx];
    nds[ty][tx] = b[static_cast<std::size_t>(m * W + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < W; ++k) p = fmaf(mds[ty][k], nds[k][tx], p);
    __syncthreads();
  }
  c[static_cast<std::size_t>(row) * n + col] = p;
}

/// Volkov Part IV: 32 x 32 tiles and 32 x (32 / R) threads; each thread computes a column strip
/// of R outputs, R rows apart by 32 / R. One B value from shared memory serves all R FMAs.
template <int R>
__global__ void __launch_bounds__(32 * 32 / R)
    sgemmColumn(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n) {
  constexpr int kStride = 32 / R;
  __shared__ float as[32][32];
  __shared__ float bs[32][32];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int row0 = blockIdx.y * 32;
  const int col0 = blockIdx.x * 32;
  float acc[R];
#pragma unroll
  for (int i = 0; i < R; ++i) acc[i] = 0.0f;
  for (int k0 = 0; k0 < n; k0 += 32) {
#pragma unroll
    for (int i = 0; i < R; ++i) {
      const int r = ty + i * kStride;
      as[r][tx] = a[static_cast<std::size_t>(row0 + r) * n + k0 + tx];
      bs[r][tx] = b[static_cast<std::size_t>(k0 + r) * n + col0 + tx];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 32; ++k) {
      const float bv = bs[k][tx];
#pragma unroll
      for (int i = 0; i < R; ++i) acc[i] = fmaf(as[ty + i * kStride][k], bv, acc[i]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < R; ++i) c[static_cast<std::size_t>(row0 + ty + i * kStride) * n + col0 + tx] = acc[i];
}

__device__ __forceinline__ float4 load4(const float* p) { return *reinterpret_cast<const float4*>(p); }

/// 16 outputs per thread: a 64 x 64 block tile, 16 x 16 threads with 4 x 4 outputs each, BK = 16.
/// A is stored transposed in shared memory so a thread's 4 A values are one float4; the next
/// tile's global loads are issued before the current tile's FMAs (staged in registers).
__global__ void __launch_bounds__(256)
    sgemmBlock4x4(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n) {
  constexpr int kBk = 16;
  __shared__ __align__(16) float as[kBk][64 + 4];  // +4: fewer bank conflicts on the transposed stores
  __shared__ __align__(16) float bs[kBk][64];
  const int t = threadIdx.x;
  const int tx = t % 16;
  const int ty = t / 16;
  const int rowBase = blockIdx.y * 64;
  const int colBase = blockIdx.x * 64;
  const int aRow = t / 4;        // the A tile: 64 rows x 16 k, one float4 per thread
  const int aK = (t % 4) * 4;
  const int bK = t / 16;         // the B tile: 16 k x 64 columns, one float4 per thread
  const int bCol = (t % 16) * 4;
  const float* aPtr = a + static_cast<std::size_t>(rowBase + aRow) * n + aK;
  const float* bPtr = b + static_cast<std::size_t>(bK) * n + colBase + bCol;

  float acc[4][4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;

  float4 aNext = load4(aPtr);
  float4 bNext = load4(bPtr);
  for (int k0 = 0; k0 < n; k0 += kBk) {
    as[aK + 0][aRow] = aNext.x;
    as[aK + 1][aRow] = aNext.y;
    as[aK + 2][aRow] = aNext.z;
    as[aK + 3][aRow] = aNext.w;
    *reinterpret_cast<float4*>(&bs[bK][bCol]) = bNext;
    __syncthreads();
    if (k0 + kBk < n) {  // the next tile's loads fly while this tile's FMAs run
      aNext = load4(aPtr + k0 + kBk);
      bNext = load4(bPtr + static_cast<std::size_t>(k0 + kBk) * n);
    }
#pragma unroll
    for (int k = 0; k < kBk; ++k) {
      const float4 av4 = *reinterpret_cast<const float4*>(&as[k][ty * 4]);
      const float4 bv4 = *reinterpret_cast<const float4*>(&bs[k][tx * 4]);
      const float av[4] = {av4.x, av4.y, av4.z, av4.w};
      const float bv[4] = {bv4.x, bv4.y, bv4.z, bv4.w};
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(av[i], bv[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
    *reinterpret_cast<float4*>(&c[static_cast<std::size_t>(rowBase + ty * 4 + i) * n + colBase + tx * 4]) =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
}

/// 64 outputs per thread: a 128 x 128 block tile, 16 x 16 threads with 8 x 8 outputs each, BK = 8.
/// A thread's rows are ty*4..+3 and 64+ty*4..+3 (columns likewise), so every float4 read of a
/// half-warp covers 256 contiguous bytes of shared memory: no bank conflicts.
__global__ void __launch_bounds__(256, 2)
    sgemmBlock8x8(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n) {
  constexpr int kBk = 8;
  __shared__ __align__(16) float as[kBk][128 + 4];
  __shared__ __align__(16) float bs[kBk][128];
  const int t = threadIdx.x;
  const int tx = t % 16;
  const int ty = t / 16;
  const int rowBase = blockIdx.y * 128;
  const int colBase = blockIdx.x * 128;
  const int aRow = t / 2;  // the A tile: 128 rows x 8 k, one float4 per thread
  const int aK = (t % 2) * 4;
  const int bK = t / 32;   // the B tile: 8 k x 128 columns, one float4 per thread
  const int bCol = (t % 32) * 4;
  const float* aPtr = a + static_cast<std::size_t>(rowBase + aRow) * n + aK;
  const float* bPtr = b + static_cast<std::size_t>(bK) * n + colBase + bCol;

  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

  float4 aNext = load4(aPtr);
  float4 bNext = load4(bPtr);
  for (int k0 = 0; k0 < n; k0 += kBk) {
    as[aK + 0][aRow] = aNext.x;
    as[aK + 1][aRow] = aNext.y;
    as[aK + 2][aRow] = aNext.z;
    as[aK + 3][aRow] = aNext.w;
    *reinterpret_cast<float4*>(&bs[bK][bCol]) = bNext;
    __syncthreads();
    if (k0 + kBk < n) {
      aNext = load4(aPtr + k0 + kBk);
      bNext = load4(bPtr + static_cast<std::size_t>(k0 + kBk) * n);
    }
#pragma unroll
    for (int k = 0; k < kBk; ++k) {
      const float4 a0 = *reinterpret_cast<const float4*>(&as[k][ty * 4]);
      const float4 a1 = *reinterpret_cast<const float4*>(&as[k][64 + ty * 4]);
      const float4 b0 = *reinterpret_cast<const float4*>(&bs[k][tx * 4]);
      const float4 b1 = *reinterpret_cast<const float4*>(&bs[k][64 + tx * 4]);
      const float av[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float bv[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(av[i], bv[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = rowBase + (i < 4 ? ty * 4 + i : 64 + ty * 4 + i - 4);
    float* out = c + static_cast<std::size_t>(row) * n + colBase;
    *reinterpret_cast<float4*>(out + tx * 4) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(out + 64 + tx * 4) = make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}

/// 64 outputs per thread in warp tiles. The 128 x 128 block tile is cut into 4 x 2 warp tiles of
/// 32 x 64; a warp's threads sit 4 x 8, each with 8 x 8 outputs in two 4-row groups 16 apart and
/// two 4-column groups 32 apart (float4 reads, conflict-free as in sgemmBlock8x8). Against the
/// 8 x 8 kernel a warp reads 32 A and 64 B values per k instead of 16 and 128 (384 unique bytes,
/// not 576), and BK = 16 halves the barriers and tile copies per flop. Measured on an H200
/// (docs/labs/matmul-tiling.md): the warp tiles alone, or BK = 16 alone, gain little; together
/// with one shared buffer (a second one to overlap the copy was slower) they reach 0.94 of cuBLAS.
__global__ void __launch_bounds__(256, 2)
    sgemmWarp8x8(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n) {
  constexpr int kBk = 16;
  __shared__ __align__(16) float as[kBk][128 + 4];
  __shared__ __align__(16) float bs[kBk][128];
  const int t = threadIdx.x;
  const int warp = t / 32;
  const int lane = t % 32;
  const int r0 = (warp / 2) * 32 + (lane / 8) * 4;  // rows r0..r0+3 and r0+16..r0+19
  const int c0 = (warp % 2) * 64 + (lane % 8) * 4;  // columns c0..c0+3 and c0+32..c0+35
  const int rowBase = blockIdx.y * 128;
  const int colBase = blockIdx.x * 128;
  const int aRow = t / 4;  // the A tile: 128 rows x 16 k, rows aRow and aRow + 64, one float4 each
  const int aK = (t % 4) * 4;
  const int bK = t / 32;  // the B tile: 16 k x 128 columns, k rows bK and bK + 8, one float4 each
  const int bCol = (t % 32) * 4;
  const float* aPtr = a + static_cast<std::size_t>(rowBase + aRow) * n + aK;
  const float* bPtr = b + static_cast<std::size_t>(bK) * n + colBase + bCol;
  const std::size_t aHalf = static_cast<std::size_t>(64) * n;
  const std::size_t bHalf = static_cast<std::size_t>(8) * n;

  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

  float4 aNext[2] = {load4(aPtr), load4(aPtr + aHalf)};
  float4 bNext[2] = {load4(bPtr), load4(bPtr + bHalf)};
  for (int k0 = 0; k0 < n; k0 += kBk) {
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      as[aK + 0][aRow + 64 * h] = aNext[h].x;
      as[aK + 1][aRow + 64 * h] = aNext[h].y;
      as[aK + 2][aRow + 64 * h] = aNext[h].z;
      as[aK + 3][aRow + 64 * h] = aNext[h].w;
      *reinterpret_cast<float4*>(&bs[bK + 8 * h][bCol]) = bNext[h];
    }
    __syncthreads();
    if (k0 + kBk < n) {
      const std::size_t bStep = static_cast<std::size_t>(k0 + kBk) * n;
      aNext[0] = load4(aPtr + k0 + kBk);
      aNext[1] = load4(aPtr + aHalf + k0 + kBk);
      bNext[0] = load4(bPtr + bStep);
      bNext[1] = load4(bPtr + bHalf + bStep);
    }
#pragma unroll
    for (int k = 0; k < kBk; ++k) {
      const float4 a0 = *reinterpret_cast<const float4*>(&as[k][r0]);
      const float4 a1 = *reinterpret_cast<const float4*>(&as[k][r0 + 16]);
      const float4 b0 = *reinterpret_cast<const float4*>(&bs[k][c0]);
      const float4 b1 = *reinterpret_cast<const float4*>(&bs[k][c0 + 32]);
      const float av[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float bv[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(av[i], bv[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = rowBase + r0 + (i < 4 ? i : 16 + i - 4);
    float* out = c + static_cast<std::size_t>(row) * n + colBase;
    *reinterpret_cast<float4*>(out + c0) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(out + c0 + 32) = make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}

using SgemmFn = void (*)(const float*, const float*, float*, int);

SgemmFn kernelFor(SgemmVariant variant, int tileWidth) {
  switch (variant) {
    case SgemmVariant::Naive: return sgemmNaive;
    case SgemmVariant::Tiled:
      return tileWidth == 8 ? sgemmTiled<8> : tileWidth == 16 ? sgemmTiled<16> : tileWidth == 32 ? sgemmTiled<32> : nullptr;
    case SgemmVariant::Column1: return sgemmColumn<1>;
    case SgemmVariant::Column2: return sgemmColumn<2>;
    case SgemmVariant::Column4: return sgemmColumn<4>;
    case SgemmVariant::Column8: return sgemmColumn<8>;
    case SgemmVariant::Block4x4: return sgemmBlock4x4;
    case SgemmVariant::Block8x8: return sgemmBlock8x8;
    case SgemmVariant::Warp8x8: return sgemmWarp8x8;
  }
  return nullptr;
}

__global__ void fillInputs(float* out, std::uint64_t count, std::uint32_t seed) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)
    out[i] = sgemmInput(seed, static_cast<std::uint32_t>(i));
}

/// scratch[0]: bad count, scratch[1]: first bad index, scratch[2]: max |diff| as float bits
/// (non-negative floats order like their bit patterns).
__global__ void compareKernel(const float* c, const float* ref, std::uint64_t count, float tol,
                              unsigned long long* scratch) {
  unsigned long long bad = 0;
  unsigned long long first = count;
  float maxDiff = 0.0f;
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    const float v = c[i];
    const float diff = ref ? fabsf(v - ref[i]) : 0.0f;
    const bool ok = isfinite(v) && diff <= tol;
    if (!ok) {
      ++bad;
      if (i < first) first = i;
    } else if (diff > maxDiff) {
      maxDiff = diff;
    }
  }
  if (bad) {
    atomicAdd(&scratch[0], bad);
    atomicMin(&scratch[1], first);
  }
  atomicMax(reinterpret_cast<unsigned int*>(&scratch[2]), __float_as_uint(maxDiff));
}

}  // namespace

const void* sgemmKernel(SgemmVariant variant, int tileWidth) {
  return reinterpret_cast<const void*>(kernelFor(variant, tileWidth));
}

dim3 sgemmBlock(SgemmVariant variant, int tileWidth) {
  switch (variant) {
    case SgemmVariant::Naive: return dim3(labs::kNaiveBlockSide, labs::kNaiveBlockSide);
    case SgemmVariant::Tiled: return dim3(tileWidth, tileWidth);
    case SgemmVariant::Column1: return dim3(32, 32);
    case SgemmVariant::Column2: return dim3(32, 16);
    case SgemmVariant::Column4: return dim3(32, 8);
    case SgemmVariant::Column8: return dim3(32, 4);
    case SgemmVariant::Block4x4:
    case SgemmVariant::Block8x8:
    case SgemmVariant::Warp8x8: return dim3(256);
  }
  return dim3(1);
}

cudaError_t launchSgemm(SgemmVariant variant, int tileWidth, const float* a, const float* b, float* c, int n) {
  const SgemmFn kernel = kernelFor(variant, tileWidth);
  if (!kernel || n % labs::kSgemmSizeMultiple != 0) return cudaErrorInvalidValue;
  const labs::SgemmTiling tiling = labs::sgemmTiling(variant, tileWidth);
  const dim3 grid(static_cast<unsigned>(n / tiling.blockCols), static_cast<unsigned>(n / tiling.blockRows));
  kernel<<<grid, sgemmBlock(variant, tileWidth)>>>(a, b, c, n);
  return cudaGetLastError();
}

cudaError_t launchFillInputs(float* out, std::uint64_t count, std::uint32_t seed) {
  fillInputs<<<1024, 256>>>(out, count, seed);
  return cudaGetLastError();
}

cudaError_t compareMatrices(const float* c, const float* ref, std::uint64_t count, float tol, void* scratch,
                            CompareResult* result) {
  auto* s = static_cast<unsigned long long*>(scratch);
  const unsigned long long init[3] = {0, count, 0};
  cudaError_t err = cudaMemcpy(s, init, sizeof init, cudaMemcpyHostToDevice);
  if (err != cudaSuccess) return err;
  compareKernel<<<1024, 256>>>(c, ref, count, tol, s);
  if ((err = cudaGetLastError()) != cudaSuccess) return err;
  unsigned long long out[3] = {};
  if ((err = cudaMemcpy(out, s, sizeof out, cudaMemcpyDeviceToHost)) != cudaSuccess) return err;
  result->badCount = out[0];
  result->firstBad = out[1];
  const auto bits = static_cast<unsigned int>(out[2]);
  float maxDiff = 0.0f;
  static_assert(sizeof maxDiff == sizeof bits, "float is 32 bits");
  std::memcpy(&maxDiff, &bits, sizeof maxDiff);
  result->maxAbsDiff = maxDiff;
  return cudaSuccess;
}

}  // namespace warpscope::cuda
