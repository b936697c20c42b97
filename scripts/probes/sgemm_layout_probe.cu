// Stand-alone probe behind docs/labs/matmul-tiling.md "Reaching 0.9 of cuBLAS" (issue 31): one
// 128 x 128, 8 x 8-outputs SGEMM kernel with its thread layout, k-tile and shared buffers switched,
// timed against cuBLAS in the same process, every C compared with cuBLAS's. Not part of the build:
//   nvcc -O3 -std=c++17 -arch=sm_90 -o sgemm_layout_probe sgemm_layout_probe.cu -lcublas && ./sgemm_layout_probe
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <vector>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA %s at %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)

__device__ __forceinline__ float4 load4(const float* p) { return __ldg(reinterpret_cast<const float4*>(p)); }

// LAYOUT 0: block layout (tx = t%16, ty = t/16; rows ty*4 + {0,64}, cols tx*4 + {0,64}).
// LAYOUT 1: warp tiles 2 x 4 warps of 64 x 32; in a warp 8 x 4 threads; rows wr*64 + tr*4 + {0,32},
//           cols wc*32 + tc*4 + {0,16}.
// LAYOUT 2: warp tiles 4 x 2 warps of 32 x 64; in a warp 4 x 8 threads; rows wr*32 + tr*4 + {0,16},
//           cols wc*64 + tc*4 + {0,32}.
template <int LAYOUT>
__device__ __forceinline__ void threadPlace(int t, int& r0, int& rs, int& c0, int& cs) {
  if (LAYOUT == 0) { r0 = (t / 16) * 4; rs = 64; c0 = (t % 16) * 4; cs = 64; }
  else if (LAYOUT == 1) { const int w = t / 32, l = t % 32; r0 = (w / 4) * 64 + (l / 4) * 4; rs = 32; c0 = (w % 4) * 32 + (l % 4) * 4; cs = 16; }
  else { const int w = t / 32, l = t % 32; r0 = (w / 2) * 32 + (l / 8) * 4; rs = 16; c0 = (w % 2) * 64 + (l % 8) * 4; cs = 32; }
}

template <int BK, bool DBUF, int LAYOUT, int MINB>
__global__ void __launch_bounds__(256, MINB) sgemm128(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n) {
  constexpr int kStages = DBUF ? 2 : 1;
  constexpr int kPerThread = BK / 8;  // float4 of A and of B each thread stages per tile
  __shared__ __align__(16) float as[kStages][BK][128 + 4];
  __shared__ __align__(16) float bs[kStages][BK][128];
  const int t = threadIdx.x;
  const int rowBase = blockIdx.y * 128, colBase = blockIdx.x * 128;
  int r0, rs, c0, cs;
  threadPlace<LAYOUT>(t, r0, rs, c0, cs);
  // A tile: 128 rows x BK; thread loads rows aRow + 64*p? For BK=8: aRow = t/2, aK=(t%2)*4. BK=16: aRow=t/4 (+64), aK=(t%4)*4.
  constexpr int kQuadsPerRow = BK / 4;
  const int aRow = t / kQuadsPerRow, aK = (t % kQuadsPerRow) * 4;
  constexpr int kARowStep = 256 / kQuadsPerRow;
  const int bK = t / 32, bCol = (t % 32) * 4;
  const float* aPtr = a + static_cast<size_t>(rowBase + aRow) * n + aK;
  const float* bPtr = b + static_cast<size_t>(bK) * n + colBase + bCol;
  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;
  float4 aN[kPerThread], bN[kPerThread];
#pragma unroll
  for (int p = 0; p < kPerThread; ++p) {
    aN[p] = load4(aPtr + static_cast<size_t>(p * kARowStep) * n);
    bN[p] = load4(bPtr + static_cast<size_t>(p * 8) * n);
  }
  int stage = 0;
  auto storeTile = [&](int s) {
#pragma unroll
    for (int p = 0; p < kPerThread; ++p) {
      as[s][aK + 0][aRow + p * kARowStep] = aN[p].x;
      as[s][aK + 1][aRow + p * kARowStep] = aN[p].y;
      as[s][aK + 2][aRow + p * kARowStep] = aN[p].z;
      as[s][aK + 3][aRow + p * kARowStep] = aN[p].w;
      *reinterpret_cast<float4*>(&bs[s][bK + p * 8][bCol]) = bN[p];
    }
  };
  storeTile(0);
  __syncthreads();
  for (int k0 = 0; k0 < n; k0 += BK) {
    const bool more = k0 + BK < n;
    if (more) {
#pragma unroll
      for (int p = 0; p < kPerThread; ++p) {
        aN[p] = load4(aPtr + static_cast<size_t>(p * kARowStep) * n + k0 + BK);
        bN[p] = load4(bPtr + static_cast<size_t>(k0 + BK + p * 8) * n);
      }
    }
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      const float4 a0 = *reinterpret_cast<const float4*>(&as[stage][k][r0]);
      const float4 a1 = *reinterpret_cast<const float4*>(&as[stage][k][r0 + rs]);
      const float4 b0 = *reinterpret_cast<const float4*>(&bs[stage][k][c0]);
      const float4 b1 = *reinterpret_cast<const float4*>(&bs[stage][k][c0 + cs]);
      const float av[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float bv[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(av[i], bv[j], acc[i][j]);
    }
    if (DBUF) {
      if (more) storeTile(stage ^ 1);
      __syncthreads();
      stage ^= 1;
    } else {
      __syncthreads();
      if (more) storeTile(0);
      __syncthreads();
    }
  }
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = rowBase + r0 + (i < 4 ? i : rs + i - 4);
    float* out = c + static_cast<size_t>(row) * n + colBase;
    *reinterpret_cast<float4*>(out + c0) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(out + c0 + cs) = make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}

__global__ void fill(float* p, size_t count, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < count; i += (size_t)gridDim.x * blockDim.x) {
    unsigned x = (unsigned)i * 2654435761u ^ seed; x ^= x >> 13; x *= 0x5bd1e995u; x ^= x >> 15;
    p[i] = (float)(x & 0xffff) / 65536.0f - 0.5f;
  }
}

struct Variant { const char* name; void (*k)(const float*, const float*, float*, int); };

int main() {
  const int n = 4096;
  const size_t count = (size_t)n * n;
  float *A, *B, *C, *R;
  CK(cudaMalloc(&A, count * 4)); CK(cudaMalloc(&B, count * 4)); CK(cudaMalloc(&C, count * 4)); CK(cudaMalloc(&R, count * 4));
  fill<<<1024, 256>>>(A, count, 1); fill<<<1024, 256>>>(B, count, 2);
  cublasHandle_t h; cublasCreate(&h);
  const float one = 1, zero = 0;
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  auto timeIt = [&](auto launch) {
    for (int i = 0; i < 5; ++i) launch();
    std::vector<float> ms;
    for (int i = 0; i < 15; ++i) { cudaEventRecord(e0); launch(); cudaEventRecord(e1); cudaEventSynchronize(e1); float m; cudaEventElapsedTime(&m, e0, e1); ms.push_back(m); }
    std::sort(ms.begin(), ms.end());
    return std::make_pair(ms[ms.size() / 2], ms.back() - ms.front());
  };
  // Row-major C = A B is column-major C^T = B^T A^T: sgemm(N, N, n, n, n, B, A).
  auto cub = [&] { cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, B, n, A, n, &zero, R, n); };
  const double flops = 2.0 * n * n * (double)n;
  Variant vs[] = {
      {"bk8 single block-layout (today)", sgemm128<8, false, 0, 2>},
      {"bk8 dbuf block-layout", sgemm128<8, true, 0, 2>},
      {"bk16 dbuf block-layout", sgemm128<16, true, 0, 2>},
      {"bk8 dbuf warp 2x4", sgemm128<8, true, 1, 2>},
      {"bk16 dbuf warp 2x4", sgemm128<16, true, 1, 2>},
      {"bk8 dbuf warp 4x2", sgemm128<8, true, 2, 2>},
      {"bk16 dbuf warp 4x2", sgemm128<16, true, 2, 2>},
      {"bk16 single warp 4x2", sgemm128<16, false, 2, 2>},
      {"bk16 dbuf warp 4x2 minb1", sgemm128<16, true, 2, 1>},
  };
  for (int round = 0; round < 2; ++round) {
    auto [cm, cs] = timeIt(cub);
    CK(cudaDeviceSynchronize());
    std::vector<float> ref(count); CK(cudaMemcpy(ref.data(), R, count * 4, cudaMemcpyDeviceToHost));
    printf("round %d cuBLAS: %.3f ms (spread %.3f) %.0f GFLOP/s\n", round, cm, cs, flops / cm / 1e6);
    for (auto& v : vs) {
      cudaFuncAttributes at; cudaFuncGetAttributes(&at, v.k);
      auto launch = [&] { v.k<<<dim3(n / 128, n / 128), 256>>>(A, B, C, n); };
      auto [m, s] = timeIt(launch);
      CK(cudaDeviceSynchronize());
      std::vector<float> out(count); CK(cudaMemcpy(out.data(), C, count * 4, cudaMemcpyDeviceToHost));
      double maxd = 0; size_t bad = 0;
      for (size_t i = 0; i < count; ++i) { double d = std::abs((double)out[i] - ref[i]); if (!(d <= 1e-2)) ++bad; maxd = std::max(maxd, d); }
      printf("  %-30s regs %3d  %.3f ms (spread %.3f) %6.0f GFLOP/s  ratio %.3f  maxdiff %.2e bad %zu\n", v.name, at.numRegs, m, s,
             flops / m / 1e6, cm / m, maxd, bad);
    }
  }
  return 0;
}
