#pragma once
/// \file occupancy.h
/// Forces a kernel's blocks per SM with dynamic shared memory, and confirms the level with
/// cudaOccupancyMaxActiveBlocksPerMultiprocessor (Volkov: "allocate shared memory dynamically to
/// control occupancy").

#include <cstddef>

#include "warpscope/device.h"

namespace warpscope::cuda {

/// The outcome of forcing: blocksPerSm is what the occupancy API confirms for the chosen shared
/// memory, or 0 when the planned level cannot be resident (registers or threads run out first,
/// or no shared-memory size gives exactly that level).
struct ForcedOccupancy {
  int blocksPerSm = 0;
  std::size_t dynamicSmemBytes = 0;
};

/// Raises the kernel's dynamic shared-memory limit to the per-block opt-in maximum and asks for
/// the shared-memory carveout that gives blocks the most (the copy needs no L1). Idempotent.
void prepareForForcedOccupancy(const void* kernel, const DeviceInfo& device);

/// Blocks of threadsPerBlock resident per SM with dynamicSmemBytes each (the occupancy API).
int residentBlocksPerSm(const void* kernel, int threadsPerBlock, std::size_t dynamicSmemBytes);

/// The smallest dynamic shared memory per block that leaves exactly `planned` blocks of
/// threadsPerBlock resident on an SM. Calls prepareForForcedOccupancy first. Throws CudaError.
ForcedOccupancy forceBlocksPerSm(const void* kernel, int threadsPerBlock, int planned, const DeviceInfo& device);

}  // namespace warpscope::cuda
