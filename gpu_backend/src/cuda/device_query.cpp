#include "cuda/device_query.h"

#include <charconv>

#include "cuda/cuda_check.h"

namespace warpscope::cuda {

std::string cudaUnavailableReason() {
  int count = 0;
  const cudaError_t code = cudaGetDeviceCount(&count);
  if (code != cudaSuccess) {
    // A failed query must not leave a sticky "last error" behind for later calls to trip on.
    (void)cudaGetLastError();
    return std::string("cudaGetDeviceCount: ") + cudaGetErrorName(code) + " (" + cudaGetErrorString(code) + ")";
  }
  if (count == 0) return "cudaGetDeviceCount reports 0 devices";
  return {};
}

int fp32LanesPerSm(int major, int minor) {
  // FP32 FMA units per SM, from the CUDA C++ Programming Guide's throughput table:
  //   7.x (Volta, Turing) 64; 8.0 (A100) 64; 8.6/8.7/8.9 (GA10x, Orin, Ada) 128;
  //   9.0 (Hopper) 128; 10.x/12.x (Blackwell) 128. Newer parts are assumed to keep 128.
  if (major <= 7) return 64;
  if (major == 8) return minor == 0 ? 64 : 128;
  return 128;
}

namespace {

int attribute(cudaDeviceAttr attr, int ordinal) {
  int value = 0;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&value, attr, ordinal));
  return value;
}

}  // namespace

DeviceInfo queryDevice(int ordinal) {
  cudaDeviceProp prop{};
  WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, ordinal));

  DeviceInfo info;
  info.id = "cuda:" + std::to_string(ordinal);
  info.name = prop.name;
  info.kind = DeviceKind::Cuda;
  info.computeCapability = std::to_string(prop.major) + "." + std::to_string(prop.minor);
  info.smCount = prop.multiProcessorCount;
  info.fp32LanesPerSm = fp32LanesPerSm(prop.major, prop.minor);
  info.schedulersPerSm = 4;  // Every architecture since Maxwell splits an SM into 4 sub-partitions.
  info.registersPerSm = prop.regsPerMultiprocessor;
  info.sharedMemPerSmBytes = static_cast<int>(prop.sharedMemPerMultiprocessor);
  info.sharedMemPerBlockMaxBytes = static_cast<int>(prop.sharedMemPerBlockOptin);
  info.reservedSharedMemPerBlockBytes = static_cast<int>(prop.reservedSharedMemPerBlock);
  info.maxThreadsPerSm = prop.maxThreadsPerMultiProcessor;
  info.maxBlocksPerSm = attribute(cudaDevAttrMaxBlocksPerMultiprocessor, ordinal);
  info.maxThreadsPerBlock = prop.maxThreadsPerBlock;
  info.warpSize = prop.warpSize;
  // CUDA 13 dropped clockRate and memoryClockRate from cudaDeviceProp; the attributes remain (kHz).
  info.smClockMhz = attribute(cudaDevAttrClockRate, ordinal) / 1000.0;
  info.memClockMhz = attribute(cudaDevAttrMemoryClockRate, ordinal) / 1000.0;
  info.memBusWidthBits = prop.memoryBusWidth;
  info.l2Bytes = prop.l2CacheSize;
  info.globalMemBytes = static_cast<long long>(prop.totalGlobalMem);
  // Double data rate: two transfers per memory clock over the whole bus.
  info.dramBandwidthGBs = 2.0 * info.memClockMhz * 1e6 * (info.memBusWidthBits / 8.0) / 1e9;
  info.sources = "CUDA driver";
  return info;
}

std::vector<DeviceInfo> queryAllDevices() {
  int count = 0;
  WS_CUDA_CHECK(cudaGetDeviceCount(&count));
  std::vector<DeviceInfo> devices;
  for (int i = 0; i < count; ++i) devices.push_back(queryDevice(i));
  return devices;
}

int ordinalFromId(const std::string& id) {
  constexpr std::string_view prefix = "cuda:";
  if (id.size() <= prefix.size() || id.compare(0, prefix.size(), prefix) != 0) return -1;
  int ordinal = -1;
  const char* first = id.data() + prefix.size();
  const char* last = id.data() + id.size();
  const auto [end, ec] = std::from_chars(first, last, ordinal);
  if (ec != std::errc() || end != last || ordinal < 0) return -1;
  return ordinal;
}

}  // namespace warpscope::cuda
