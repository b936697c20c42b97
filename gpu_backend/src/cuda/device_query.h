#pragma once
/// \file device_query.h
/// Reads a CUDA device's properties into the backend-neutral DeviceInfo.

#include <string>
#include <vector>

#include "warpscope/device.h"

namespace warpscope::cuda {

/// "" when at least one CUDA device answers and this build has kernels for it; otherwise why not,
/// e.g. "cudaGetDeviceCount: cudaErrorNoDevice (no CUDA-capable device is detected)" or, per
/// device, what unusableDeviceReason says. Never throws: device tests print it when they skip,
/// makeCudaBackend() returns nullptr when it is not empty.
std::string cudaUnavailableReason();

/// "" when this build's kernels run on device `ordinal`; otherwise why not, e.g. "cuda:1 NVIDIA
/// Tesla V100 (cc 7.0): this build has no kernels for it (WARPSCOPE_CUDA_ARCHITECTURES=...)".
/// A GPU without SASS or PTX for its architecture still answers every query, so it would be
/// listed and fail every run with "no kernel image"; asking for one kernel's attributes finds
/// out up front. Keeps the current device and clears the error it provokes. Never throws.
std::string unusableDeviceReason(int ordinal);

/// The architectures this build has kernels for, as WARPSCOPE_CUDA_ARCHITECTURES lists them.
const char* builtCudaArchitectures();

/// FP32 FMA lanes per SM for a compute capability (not queryable from the runtime).
int fp32LanesPerSm(int major, int minor);

/// Everything DeviceInfo holds for device `ordinal`, id "cuda:<ordinal>". Throws CudaError.
DeviceInfo queryDevice(int ordinal);

/// A device the runtime lists that the backend leaves out, and why (unusableDeviceReason()).
struct LeftOutDevice {
  std::string id;  ///< "cuda:N"
  std::string reason;
};

/// The devices the runtime lists, split by whether this build's kernels run on them.
struct DeviceScan {
  std::vector<DeviceInfo> usable;  ///< In ordinal order; ids keep their ordinal ("cuda:N").
  std::vector<LeftOutDevice> leftOut;
};

/// Every device the runtime lists, in ordinal order, sorted into usable and left out. Throws
/// CudaError.
DeviceScan scanDevices();

/// The ordinal of "cuda:N", or -1 if id is not of that form.
int ordinalFromId(const std::string& id);

}  // namespace warpscope::cuda
