#pragma once
/// \file device.h
/// What a device is, whether a real CUDA GPU or a simulator profile.

#include <string>

namespace warpscope {

/// A real GPU, a simulator profile, or a real GPU's recorded runs (rec:h200).
enum class DeviceKind { Cuda, Simulator, Recording };

/// The properties every lab and the occupancy calculator need. For a CUDA device they are read
/// from the driver; for a simulator profile they come from resources/profiles/<id>.json.
struct DeviceInfo {
  std::string id;                 ///< "cuda:0" or "sim:h100": what --device takes.
  std::string name;               ///< "NVIDIA H200" or "H100 SXM5 (model)".
  DeviceKind kind = DeviceKind::Simulator;
  std::string computeCapability;  ///< "9.0".
  int smCount = 0;
  int fp32LanesPerSm = 0;         ///< FP32 FMA lanes per SM (128 on Hopper).
  int schedulersPerSm = 0;        ///< Warp schedulers (SM sub-partitions) per SM.
  int registersPerSm = 0;
  int sharedMemPerSmBytes = 0;    ///< Usable by blocks (what the occupancy limit uses).
  int sharedMemPerBlockMaxBytes = 0;
  int reservedSharedMemPerBlockBytes = 0;  ///< Shared memory the runtime keeps per block (1 KiB on sm_80+).
  int maxThreadsPerSm = 0;
  int maxBlocksPerSm = 0;
  int maxThreadsPerBlock = 0;
  int warpSize = 32;
  double smClockMhz = 0;          ///< The clock the theoretical FP32 peak is computed with.
  double memClockMhz = 0;
  int memBusWidthBits = 0;
  long long l2Bytes = 0;
  long long globalMemBytes = 0;
  /// Free device memory when the device was enumerated (cudaMemGetInfo); globalMemBytes for a
  /// simulator profile. Caps managed-memory sizes on real GPUs (ParamSpec::memoryUnitBytes).
  long long freeMemBytes = 0;
  double dramBandwidthGBs = 0;    ///< Theoretical: 2 x memory clock x bus width / 8.
  std::string sources;            ///< Where the numbers come from (profiles) or "CUDA driver".

  /// SMs x FP32 lanes x 2 flops per FMA x clock, in GFLOP/s.
  [[nodiscard]] double theoreticalFp32Gflops() const {
    return smCount * fp32LanesPerSm * 2.0 * smClockMhz * 1e-3;
  }
};

}  // namespace warpscope
