// Issue 6 experiment 3 (2026-11-22, two H200s): what are the srcId/dstId of CUPTI's unified-memory
// counter records in the all-devices scope? um-multi-gpu mapped them as CUDA ordinals, and its
// first-touch run then put every migration on one GPU. Here GPU 0 reads the first half of a
// CPU-resident managed buffer and then GPU 1 the second half, one after the other, so every HtoD
// record of the first half belongs to ordinal 0 and of the second to ordinal 1. The program prints
// CUPTI's device records (id, UUID) beside the CUDA ordinals' UUIDs, and per half the ids the
// HtoD and GPU-fault records carried. Built here with
//   nvcc -O2 -std=c++17 -arch=sm_90 -o .device-ids/ids docs/experiments/cupti_two_gpu_ids.cu -lcupti
// and run on the two-GPU machine (carry .device-ids). Output: docs/experiments/cupti_two_gpu_ids_h200x2.txt.
#include <cuda_runtime.h>
#include <cupti.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#define CK(x) do { auto e = (x); if (e != 0) { std::printf("%s failed: %d\n", #x, static_cast<int>(e)); std::exit(1); } } while (0)

namespace {
std::mutex gLock;
std::vector<CUpti_ActivityUnifiedMemoryCounter3> gUm;
std::vector<std::pair<uint32_t, CUuuid>> gDevices;

void CUPTIAPI requested(uint8_t** buffer, size_t* size, size_t* maxRecords) {
  *size = 8 << 20;
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, *size));
  *maxRecords = 0;
}

void CUPTIAPI completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid) {
  CUpti_Activity* r = nullptr;
  std::lock_guard<std::mutex> hold(gLock);
  while (cuptiActivityGetNextRecord(buffer, valid, &r) == CUPTI_SUCCESS) {
    if (r->kind == CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER)
      gUm.push_back(*reinterpret_cast<CUpti_ActivityUnifiedMemoryCounter3*>(r));
    else if (r->kind == CUPTI_ACTIVITY_KIND_DEVICE) {
      const auto* d = reinterpret_cast<CUpti_ActivityDevice5*>(r);
      gDevices.emplace_back(d->id, d->uuid);
    }
  }
  std::free(buffer);
}

__global__ void readAll(const unsigned* p, size_t n, unsigned long long* sum) {
  unsigned long long s = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) s += p[i];
  atomicAdd(sum, s);
}

void printUuid(const char* what, const CUuuid& u) {
  std::printf("%s", what);
  for (int i = 0; i < 16; ++i) std::printf("%02x", static_cast<unsigned char>(u.bytes[i]));
  std::printf("\n");
}
}  // namespace

int main() {
  int n = 0;
  CK(cudaGetDeviceCount(&n));
  if (n < 2) { std::printf("needs two GPUs, found %d\n", n); return 0; }
  for (int d = 0; d < 2; ++d) {
    cudaDeviceProp prop{};
    CK(cudaGetDeviceProperties(&prop, d));
    char what[64];
    std::snprintf(what, sizeof what, "CUDA ordinal %d (%s) uuid ", d, prop.name);
    CUuuid u;
    std::memcpy(u.bytes, prop.uuid.bytes, 16);
    printUuid(what, u);
  }
  CK(cudaSetDevice(0));
  CK(cudaFree(nullptr));
  CK(cudaSetDevice(1));
  CK(cudaFree(nullptr));
  CK(cudaSetDevice(0));
  const CUpti_ActivityUnifiedMemoryCounterKind kinds[] = {CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD,
                                                          CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_GPU_PAGE_FAULT};
  std::vector<CUpti_ActivityUnifiedMemoryCounterConfig> config;
  for (auto k : kinds) {
    CUpti_ActivityUnifiedMemoryCounterConfig c{};
    c.scope = CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_SCOPE_PROCESS_ALL_DEVICES;
    c.kind = k;
    c.deviceId = 0;
    c.enable = 1;
    config.push_back(c);
  }
  CK(cuptiActivityRegisterCallbacks(requested, completed));
  CK(cuptiActivityConfigureUnifiedMemoryCounter(config.data(), static_cast<uint32_t>(config.size())));
  CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_DEVICE));
  CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER));

  const size_t bytes = 64ull << 20, words = bytes / 4, half = words / 2;
  unsigned* m = nullptr;
  CK(cudaMallocManaged(&m, bytes));
  unsigned long long expect[2] = {0, 0};
  for (size_t i = 0; i < words; ++i) { m[i] = unsigned(i * 2654435761u); expect[i >= half] += m[i]; }
  unsigned long long* sums[2];
  for (int d = 0; d < 2; ++d) {
    CK(cudaSetDevice(d));
    CK(cudaMalloc(&sums[d], sizeof(unsigned long long)));
    CK(cudaMemset(sums[d], 0, sizeof(unsigned long long)));
    readAll<<<264, 256>>>(m + d * half, half, sums[d]);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    unsigned long long got = 0;
    CK(cudaMemcpy(&got, sums[d], sizeof got, cudaMemcpyDeviceToHost));
    std::printf("ordinal %d read half %d: sum %s\n", d, d, got == expect[d] ? "matches the host's" : "WRONG");
  }
  CK(cuptiActivityFlushAll(1));

  const auto base = reinterpret_cast<uint64_t>(m);
  std::lock_guard<std::mutex> hold(gLock);
  for (const auto& [id, uuid] : gDevices) {
    char what[64];
    std::snprintf(what, sizeof what, "CUPTI device record id %u uuid ", id);
    printUuid(what, uuid);
  }
  // (half, kind, srcId, dstId) -> records, bytes
  std::map<std::tuple<int, int, uint32_t, uint32_t>, std::pair<size_t, uint64_t>> seen;
  for (const auto& r : gUm) {
    if (r.address < base || r.address >= base + bytes) continue;
    const int h = r.address - base >= bytes / 2 ? 1 : 0;
    auto& s = seen[{h, static_cast<int>(r.counterKind), r.srcId, r.dstId}];
    ++s.first;
    s.second += r.value;
  }
  for (const auto& [key, s] : seen) {
    const auto& [h, kind, src, dst] = key;
    std::printf("half %d (read by ordinal %d): %s srcId %u dstId %u: %zu records, value sum %llu\n", h, h,
                kind == CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD ? "HtoD" : "GPU fault", src, dst,
                s.first, static_cast<unsigned long long>(s.second));
  }
  std::printf("%zu unified-memory records in all\n", gUm.size());
  return 0;
}
