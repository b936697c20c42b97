#pragma once
/// \file fault_injection.h
/// A kernel fault on purpose, for the tests that check a fault ends only the GPU worker. The CUDA
/// backend launches it before a run when WARPSCOPE_TEST_KERNEL_FAULT says so: `out-of-bounds`
/// before every run, `out-of-bounds:LABID` before the runs of lab LABID only; any other value,
/// nothing (parsed strictly: cuda/kernel_fault_setting.h).
#include <cuda_runtime_api.h>

namespace warpscope::cuda {

/// One thread writes far outside any allocation: the next synchronisation fails with
/// cudaErrorIllegalAddress, a sticky error. Returns cudaGetLastError().
cudaError_t launchOutOfBoundsWrite();

}  // namespace warpscope::cuda
