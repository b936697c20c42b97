#pragma once
/// \file device_query.h
/// Reads a CUDA device's properties into the backend-neutral DeviceInfo.

#include <string>
#include <vector>

#include "warpscope/device.h"

namespace warpscope::cuda {

/// "" when at least one CUDA device answers; otherwise why not, e.g.
/// "cudaGetDeviceCount: cudaErrorNoDevice (no CUDA-capable device is detected)". Never throws:
/// device tests print it when they skip, makeCudaBackend() returns nullptr when it is not empty.
std::string cudaUnavailableReason();

/// FP32 FMA lanes per SM for a compute capability (not queryable from the runtime).
int fp32LanesPerSm(int major, int minor);

/// Everything DeviceInfo holds for device `ordinal`, id "cuda:<ordinal>". Throws CudaError.
DeviceInfo queryDevice(int ordinal);

/// Every device the runtime lists, in ordinal order. Throws CudaError.
std::vector<DeviceInfo> queryAllDevices();

/// The ordinal of "cuda:N", or -1 if id is not of that form.
int ordinalFromId(const std::string& id);

}  // namespace warpscope::cuda
