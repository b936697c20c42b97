// Issue 6 experiment (2026-11-22, H200): can cudaMemPrefetchAsync reach 0.9 of pinned cudaMemcpy
// host to device if the 64 MiB range is prefetched in pieces on several streams? Built here with
//   nvcc -O2 -arch=sm_90 -o .device-pf/pf docs/experiments/prefetch_split.cu
// and run on the GPU machine (carry .device-pf). Output: docs/experiments/prefetch_split_h200.txt.
#include <cstdio>
#include <cstring>
#include <vector>
#include <algorithm>
#include <chrono>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)
static void touch(char* p, size_t n) { for (size_t i = 0; i < n; i += 4096) p[i] = (char)i; memset(p, 1, n); }
int main() {
  const size_t bytes = 64ull << 20;
  int dev = 0; CK(cudaSetDevice(dev));
  cudaMemLocation gpu{cudaMemLocationTypeDevice, dev}, cpu{cudaMemLocationTypeHost, 0};
  char* m; CK(cudaMallocManaged(&m, bytes));
  char* d; CK(cudaMalloc(&d, bytes));
  char* h; CK(cudaMallocHost(&h, bytes)); memset(h, 1, bytes);
  cudaStream_t s[8]; for (auto& x : s) CK(cudaStreamCreateWithFlags(&x, cudaStreamNonBlocking));
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  auto med = [](std::vector<float> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; };
  std::vector<float> t;
  for (int r = 0; r < 12; ++r) { CK(cudaEventRecord(a)); CK(cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice)); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b)); float ms; cudaEventElapsedTime(&ms, a, b); if (r > 1) t.push_back(ms); }
  const float pinned = bytes / 1e6 / med(t); printf("pinned memcpy %.1f GB/s\n", pinned);
  for (int reset = 0; reset < 2; ++reset)
  for (int pieces : {1, 2, 4, 8, 16, 32}) for (int streams : {1, 2, 4, 8}) {
    if (streams > pieces) continue;
    t.clear();
    for (int r = 0; r < 8; ++r) {
      if (reset == 0) touch(m, bytes); else { CK(cudaMemPrefetchAsync(m, bytes, cpu, 0, 0)); }
      CK(cudaDeviceSynchronize());
      auto t0 = std::chrono::steady_clock::now();
      CK(cudaEventRecord(a));
      const size_t piece = bytes / pieces;
      for (int i = 0; i < pieces; ++i) CK(cudaMemPrefetchAsync(m + i * piece, piece, gpu, 0, streams == 1 ? 0 : s[i % streams]));
      for (int i = 0; i < streams && streams > 1; ++i) { cudaEvent_t e; cudaEventCreate(&e); cudaEventRecord(e, s[i]); cudaStreamWaitEvent(0, e, 0); }
      CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
      float ms; cudaEventElapsedTime(&ms, a, b); if (r > 1) t.push_back(ms);
    }
    const float g = bytes / 1e6 / med(t);
    printf("%s pieces %2d streams %d: %.1f GB/s = %.3f of pinned\n", reset ? "cpu-prefetched" : "cpu-touched  ", pieces, streams, g, g / pinned);
  }
  return 0;
}
