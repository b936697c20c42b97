#pragma once
/// \file occupancy_probe.h
/// A kernel that observes how many of its blocks are resident on each SM at once: the hardware's
/// answer to "did forcing occupancy with shared memory work?", beside the occupancy API's.

#include <cuda_runtime_api.h>

#include <cstddef>

namespace warpscope::cuda {

/// Slots for %smid values (SM ids can be sparse: an H100 with 132 SMs numbers them below 144).
inline constexpr int kProbeMaxSmIds = 1024;

/// The probe kernel, for occupancy queries and cudaFuncSetAttribute.
const void* occupancyProbeKernel();

/// Each block counts itself in on its SM (residentNow[smid]), records the highest count seen
/// (residentMax[smid]), holds the SM for about holdCycles clock cycles, then counts itself out.
/// Both arrays hold kProbeMaxSmIds zeroed counters. Returns cudaGetLastError().
cudaError_t launchOccupancyProbe(unsigned blocks, unsigned threadsPerBlock, std::size_t dynamicSmemBytes,
                                 unsigned* residentNow, unsigned* residentMax, long long holdCycles);

}  // namespace warpscope::cuda
