#pragma once
/// \file register_cap_kernels.h
/// Launch side of the register-cap kernels (register_cap_kernels.cu): one compiled kernel per
/// entry of kCapMinBlocks, for cudaFuncGetAttributes, the occupancy API and timing.

#include <cuda_runtime_api.h>

namespace warpscope::cuda {

/// The kernel of variant i (index into labs::kCapMinBlocks), or nullptr when out of range.
const void* registerCapKernel(int variant);

/// Launches variant i on blocks x kCapThreadsPerBlock threads: each reads seeds[tid] and writes
/// out[tid]. Returns cudaGetLastError().
cudaError_t launchRegisterCapKernel(int variant, unsigned blocks, const float* seeds, float* out, int iterations);

}  // namespace warpscope::cuda
