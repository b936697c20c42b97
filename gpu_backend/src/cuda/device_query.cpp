#include "cuda/device_query.h"

#include <charconv>
#include <cstddef>

#include "cuda/cuda_check.h"
#include "cuda/dynamic_library.h"
#include "cuda/kernels/fma_chains.h"

#ifndef WARPSCOPE_CUDA_ARCHITECTURES_TEXT
#define WARPSCOPE_CUDA_ARCHITECTURES_TEXT "unknown"
#endif

namespace warpscope::cuda {

namespace {

std::string describeError(const char* call, cudaError_t code) {
  return std::string(call) + ": " + cudaGetErrorName(code) + " (" + cudaGetErrorString(code) + ")";
}

int attribute(cudaDeviceAttr attr, int ordinal) {
  int value = 0;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&value, attr, ordinal));
  return value;
}

}  // namespace

const char* builtCudaArchitectures() { return WARPSCOPE_CUDA_ARCHITECTURES_TEXT; }

std::string cudaUnavailableReason() {
  int count = 0;
  const cudaError_t code = cudaGetDeviceCount(&count);
  if (code != cudaSuccess) {
    // A failed query must not leave a sticky "last error" behind for later calls to trip on.
    (void)cudaGetLastError();
    // The runtime is linked in (cuda.cmake) and opens the driver itself: "insufficient driver" is
    // also its answer when there is no driver at all, which deserves plainer words.
    if (code == cudaErrorInsufficientDriver && !DynamicLibrary{"libcuda.so.1"}.loaded())
      return "no NVIDIA driver on this machine (libcuda.so.1 cannot be loaded; cudaGetDeviceCount: " +
             std::string(cudaGetErrorName(code)) + ")";
    if (code == cudaErrorInsufficientDriver) {
      int driver = 0;
      (void)cudaDriverGetVersion(&driver);
      (void)cudaGetLastError();
      return describeError("cudaGetDeviceCount", code) + ": the driver supports CUDA " + std::to_string(driver / 1000) +
             "." + std::to_string(driver % 1000 / 10) + ", this program's runtime is CUDA " +
             std::to_string(CUDART_VERSION / 1000) + "." + std::to_string(CUDART_VERSION % 1000 / 10);
    }
    return describeError("cudaGetDeviceCount", code);
  }
  if (count == 0) return "cudaGetDeviceCount reports 0 devices";
  std::string why;
  for (int i = 0; i < count; ++i) {
    const std::string unusable = unusableDeviceReason(i);
    if (unusable.empty()) return {};
    why += (why.empty() ? "" : "; ") + unusable;
  }
  return why;
}

std::string unusableDeviceReason(int ordinal) {
  const std::string id = "cuda:" + std::to_string(ordinal);
  cudaDeviceProp prop{};
  if (const cudaError_t code = cudaGetDeviceProperties(&prop, ordinal); code != cudaSuccess) {
    (void)cudaGetLastError();
    return id + ": " + describeError("cudaGetDeviceProperties", code);
  }
  const std::string who = id + " " + prop.name + " (cc " + std::to_string(prop.major) + "." +
                          std::to_string(prop.minor) + ")";
  int previous = 0;
  (void)cudaGetDevice(&previous);
  std::string why;
  if (const cudaError_t code = cudaSetDevice(ordinal); code != cudaSuccess) {
    why = who + ": " + describeError("cudaSetDevice", code);
  } else {
    // Any of our kernels will do: the .cu files are all built for the same architectures.
    cudaFuncAttributes attributes{};
    if (const cudaError_t probe = cudaFuncGetAttributes(&attributes, fmaChainsKernel(1)); probe != cudaSuccess) {
      why = who + ": this build has no kernels for it (WARPSCOPE_CUDA_ARCHITECTURES=" + builtCudaArchitectures() +
            "; " + describeError("cudaFuncGetAttributes", probe) + ")";
      // Nothing will run there: give back the primary context the probe created (its memory).
      (void)cudaDeviceReset();
    }
  }
  (void)cudaSetDevice(previous);
  // A failed probe is not sticky, but the next launch wrapper's cudaGetLastError() would report it.
  (void)cudaGetLastError();
  return why;
}

int fp32LanesPerSm(int major, int minor) {
  // FP32 FMA units per SM, from the CUDA C++ Programming Guide's arithmetic throughput table:
  //   3.x (Kepler) 192; 5.x (Maxwell) 128; 6.0 (P100) 64, 6.1/6.2 (GP10x, Tegra X2) 128;
  //   7.x (Volta, Turing) 64; 8.0 (A100) 64; 8.6/8.7/8.9 (GA10x, Orin, Ada) 128;
  //   9.0 (Hopper) 128; 10.x/12.x (Blackwell) 128. Newer parts are assumed to keep 128.
  if (major <= 3) return 192;
  if (major == 5) return 128;
  if (major == 6) return minor == 0 ? 64 : 128;
  if (major == 7) return 64;
  if (major == 8) return minor == 0 ? 64 : 128;
  return 128;
}

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
  // Free memory now, for the managed-memory caps (capParamsForDevice). cudaMemGetInfo answers for
  // the current device: switch to this one and back. A failure leaves 0 ("unknown": the caps then
  // use half of the total) and clears the error so no later call trips on it.
  {
    int previous = 0;
    const bool hadPrevious = cudaGetDevice(&previous) == cudaSuccess;
    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    if (cudaSetDevice(ordinal) == cudaSuccess && cudaMemGetInfo(&freeBytes, &totalBytes) == cudaSuccess)
      info.freeMemBytes = static_cast<long long>(freeBytes);
    (void)cudaGetLastError();
    if (hadPrevious) (void)cudaSetDevice(previous);
  }
  // Double data rate: two transfers per memory clock over the whole bus.
  info.dramBandwidthGBs = 2.0 * info.memClockMhz * 1e6 * (info.memBusWidthBits / 8.0) / 1e9;
  info.sources = "CUDA driver";
  return info;
}

DeviceScan scanDevices() {
  int count = 0;
  WS_CUDA_CHECK(cudaGetDeviceCount(&count));
  DeviceScan scan;
  for (int i = 0; i < count; ++i) {
    if (std::string why = unusableDeviceReason(i); !why.empty())
      scan.leftOut.push_back({"cuda:" + std::to_string(i), std::move(why)});
    else
      scan.usable.push_back(queryDevice(i));
  }
  return scan;
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
