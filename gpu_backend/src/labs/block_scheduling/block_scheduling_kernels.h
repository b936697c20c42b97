#pragma once
/// \file block_scheduling_kernels.h
/// The block-scheduling lab's kernel (block_scheduling_shape.h says what a block does) and its
/// launch. CUDA only.

#include <cuda_runtime_api.h>

#include <cstddef>

#include "labs/block_scheduling/block_scheduling_shape.h"

namespace warpscope::labs {

/// The kernel, for the occupancy API and cudaFuncSetAttribute.
const void* schedulingKernel();

/// Launches `blocks` blocks of threadsPerBlock threads with dynamicSharedBytes of dynamic shared
/// memory each; block b waits blockWorkNs(b, baseWorkNs, spreadPercent) and writes records[b].
/// Returns cudaGetLastError().
cudaError_t launchSchedulingKernel(unsigned blocks, unsigned threadsPerBlock, std::size_t dynamicSharedBytes,
                                   BlockRecord* records, unsigned long long baseWorkNs, unsigned spreadPercent);

}  // namespace warpscope::labs
