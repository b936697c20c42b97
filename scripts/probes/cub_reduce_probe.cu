// cub's device reduction on the GPU, the yardstick of the user-kernel lab's reduction example
// (issue 33: its best variant within 10% of cub). Sums N floats (default 64 Mi, the example's
// default) with cub::DeviceReduce::Sum, timed with CUDA events after warm-up, median of 20, and
// checks the sum against a double-precision host sum. Build and run (docs/logs/issue33_device_log.txt):
//   nvcc -O2 -std=c++17 -arch=sm_90 scripts/probes/cub_reduce_probe.cu -o cub_reduce_probe
//   ./cub_reduce_probe [N]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cub/device/device_reduce.cuh>
#include <random>
#include <vector>

#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t e = (call);                                                  \
    if (e != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(e)); \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)

int main(int argc, char** argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 64L << 20;
  std::vector<float> host(n);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
  double expected = 0;
  for (long i = 0; i < n; ++i) expected += host[i] = uniform(rng);
  float *in = nullptr, *out = nullptr;
  CHECK(cudaMalloc(&in, n * sizeof(float)));
  CHECK(cudaMalloc(&out, sizeof(float)));
  CHECK(cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  std::size_t tempBytes = 0;
  CHECK(cub::DeviceReduce::Sum(nullptr, tempBytes, in, out, n));
  void* temp = nullptr;
  CHECK(cudaMalloc(&temp, tempBytes));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int i = 0; i < 3; ++i) CHECK(cub::DeviceReduce::Sum(temp, tempBytes, in, out, n));
  std::vector<float> ms;
  for (int i = 0; i < 20; ++i) {
    CHECK(cudaEventRecord(start));
    CHECK(cub::DeviceReduce::Sum(temp, tempBytes, in, out, n));
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float t = 0;
    CHECK(cudaEventElapsedTime(&t, start, stop));
    ms.push_back(t);
  }
  float sum = 0;
  CHECK(cudaMemcpy(&sum, out, sizeof(float), cudaMemcpyDeviceToHost));
  std::sort(ms.begin(), ms.end());
  const double median = (ms[9] + ms[10]) / 2;
  const double gbps = n * 4.0 / (median * 1e-3) / 1e9;
  const bool ok = std::abs(sum - expected) <= 1e-4 * std::abs(expected);
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf(
      "%s: cub::DeviceReduce::Sum of %ld floats: median %.4f ms (min %.4f, max %.4f), %.1f GB/s; sum %s (%.6g vs "
      "%.6g)\n",
      prop.name, n, median, ms.front(), ms.back(), gbps, ok ? "checked" : "WRONG", sum, expected);
  return ok ? 0 : 2;
}
