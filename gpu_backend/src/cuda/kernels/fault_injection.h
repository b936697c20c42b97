#pragma once
/// \file fault_injection.h
/// A kernel fault on purpose, for the tests that check a fault ends only the GPU worker
/// (WARPSCOPE_TEST_KERNEL_FAULT=out-of-bounds, read by the CUDA backend).
#include <cuda_runtime_api.h>

namespace warpscope::cuda {

/// One thread writes far outside any allocation: the next synchronisation fails with
/// cudaErrorIllegalAddress, a sticky error. Returns cudaGetLastError().
cudaError_t launchOutOfBoundsWrite();

}  // namespace warpscope::cuda
