// Issue 6 experiment 2 (2026-11-22, H200): does cudaMemPrefetchAsync reach 0.9 of pinned cudaMemcpy
// host to device when the range is prefetched by several host threads at once, each on its own
// stream? (Experiment 1, prefetch_split.cu, split it on streams from one host thread: best 0.893.)
// The driver migrates a 2 MiB VA block at a time inside the calling thread's ioctl; several
// threads run several ioctls, so the per-block CPU work of one can overlap another's copies.
// Also: pinned cudaMemcpy in 2 MiB calls (is the per-block cost a DMA cost?), PreferredLocation GPU
// set before the prefetch, and a larger range. Built here with
//   nvcc -O2 -std=c++17 -arch=sm_90 -o .device-pf/pt docs/experiments/prefetch_threads.cu
// and run on the GPU machine (carry .device-pf); `pt sizes` runs only the single call and the pinned
// reference over 64 MiB .. 2 GiB, twice. Output: docs/experiments/prefetch_threads_h200.txt.
// Both sides are timed by the wall clock (steady_clock) from the first call to the last stream's
// completion, so one clock measures the threaded and the single-call variants alike; the single
// call is also timed with CUDA events, as the lab times it.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); std::exit(1); } } while (0)

using Clock = std::chrono::steady_clock;
static double msSince(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }
static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
static void cpuTouch(char* p, size_t n) { std::memset(p, int(n & 0xff) | 1, n); }

int main(int argc, char** argv) {
  const bool sizesOnly = argc > 1 && std::strcmp(argv[1], "sizes") == 0;
  const int dev = 0;
  CK(cudaSetDevice(dev));
  const cudaMemLocation gpu{cudaMemLocationTypeDevice, dev};
  cudaStream_t streams[8];
  for (auto& s : streams) CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  const int reps = 7, warm = 2;

  std::vector<size_t> sizes = {64, 512};
  if (sizesOnly) sizes = {64, 128, 256, 512, 1024, 2048, 64, 128, 256, 512, 1024, 2048};
  for (size_t mib : sizes) {
    const size_t bytes = mib << 20;
    char* managed; CK(cudaMallocManaged(&managed, bytes));
    char* device; CK(cudaMalloc(&device, bytes));
    char* pinned; CK(cudaMallocHost(&pinned, bytes)); std::memset(pinned, 1, bytes);

    // Pinned reference: one call (wall and events), then 2 MiB calls on one stream.
    std::vector<double> wall, ev, chunked;
    for (int r = 0; r < warm + reps; ++r) {
      CK(cudaDeviceSynchronize());
      auto t0 = Clock::now();
      CK(cudaEventRecord(a, streams[0]));
      CK(cudaMemcpyAsync(device, pinned, bytes, cudaMemcpyHostToDevice, streams[0]));
      CK(cudaEventRecord(b, streams[0]));
      CK(cudaStreamSynchronize(streams[0]));
      double w = msSince(t0); float evMs; CK(cudaEventElapsedTime(&evMs, a, b));
      if (r >= warm) { wall.push_back(w); ev.push_back(evMs); }
      t0 = Clock::now();
      for (size_t off = 0; off < bytes; off += 2 << 20)
        CK(cudaMemcpyAsync(device + off, pinned + off, 2 << 20, cudaMemcpyHostToDevice, streams[0]));
      CK(cudaStreamSynchronize(streams[0]));
      if (r >= warm) chunked.push_back(msSince(t0));
    }
    const double pinnedWall = bytes / 1e6 / median(wall), pinnedEv = bytes / 1e6 / median(ev);
    printf("%zu MiB pinned memcpy: %.1f GB/s (wall), %.1f GB/s (events); in 2 MiB calls %.1f GB/s (wall)\n",
           mib, pinnedWall, pinnedEv, bytes / 1e6 / median(chunked));

    // Single prefetch call, timed both ways.
    for (int advise = 0; advise < (sizesOnly ? 1 : 2); ++advise) {
      if (advise) CK(cudaMemAdvise(managed, bytes, cudaMemAdviseSetPreferredLocation, gpu));
      wall.clear(); ev.clear();
      for (int r = 0; r < warm + reps; ++r) {
        if (advise) CK(cudaMemPrefetchAsync(managed, bytes, cudaMemLocation{cudaMemLocationTypeHost, 0}, 0, streams[0]));
        CK(cudaDeviceSynchronize());
        cpuTouch(managed, bytes);
        auto t0 = Clock::now();
        CK(cudaEventRecord(a, streams[0]));
        CK(cudaMemPrefetchAsync(managed, bytes, gpu, 0, streams[0]));
        CK(cudaEventRecord(b, streams[0]));
        CK(cudaStreamSynchronize(streams[0]));
        double w = msSince(t0); float evMs; CK(cudaEventElapsedTime(&evMs, a, b));
        if (r >= warm) { wall.push_back(w); ev.push_back(evMs); }
      }
      const double gw = bytes / 1e6 / median(wall), ge = bytes / 1e6 / median(ev);
      printf("%zu MiB prefetch, 1 call%s: %.1f GB/s (wall) = %.3f of pinned; %.1f GB/s (events) = %.3f of pinned\n", mib,
             advise ? ", PreferredLocation GPU" : "", gw, gw / pinnedWall, ge, ge / pinnedEv);
      if (advise) CK(cudaMemAdvise(managed, bytes, cudaMemAdviseUnsetPreferredLocation, gpu));
    }

    // T host threads, each prefetching a contiguous 1/T of the range on its own stream.
    for (int threads : {2, 4, 8}) {
      if (sizesOnly) break;
      wall.clear();
      for (int r = 0; r < warm + reps; ++r) {
        CK(cudaDeviceSynchronize());
        cpuTouch(managed, bytes);
        std::atomic<int> ready{0};
        std::atomic<bool> go{false};
        std::vector<std::thread> pool;
        const size_t piece = bytes / threads;
        for (int t = 0; t < threads; ++t)
          pool.emplace_back([&, t] {
            CK(cudaSetDevice(dev));
            ready.fetch_add(1);
            while (!go.load()) {}
            CK(cudaMemPrefetchAsync(managed + t * piece, piece, gpu, 0, streams[t]));
            CK(cudaStreamSynchronize(streams[t]));
          });
        while (ready.load() < threads) {}
        auto t0 = Clock::now();
        go.store(true);
        for (auto& th : pool) th.join();
        if (r >= warm) wall.push_back(msSince(t0));
      }
      const double g = bytes / 1e6 / median(wall);
      printf("%zu MiB prefetch, %d host threads x 1 stream each: %.1f GB/s (wall) = %.3f of pinned (spread %.1f..%.1f GB/s)\n",
             mib, threads, g, g / pinnedWall, bytes / 1e6 / *std::max_element(wall.begin(), wall.end()),
             bytes / 1e6 / *std::min_element(wall.begin(), wall.end()));
    }

    // Correctness of what moved: the GPU reads the prefetched bytes back into the device buffer.
    CK(cudaMemcpy(device, managed, bytes, cudaMemcpyDefault));
    std::vector<char> back(bytes);
    CK(cudaMemcpy(back.data(), device, bytes, cudaMemcpyDeviceToHost));
    const char want = char(int(bytes & 0xff) | 1);
    size_t bad = 0; for (char c : back) bad += c != want;
    printf("%zu MiB check: %zu bytes differ from what the CPU wrote\n", mib, bad);
    CK(cudaFree(managed)); CK(cudaFree(device)); CK(cudaFreeHost(pinned));
  }
  return 0;
}
