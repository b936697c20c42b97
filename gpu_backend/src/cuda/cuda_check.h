#pragma once
/// \file cuda_check.h
/// The one way CUDA calls are checked inside the backend: WS_CUDA_CHECK records the call text and
/// file:line and throws CudaError; run() turns that into RunError{Device} at the boundary.
/// Host-only header (includes the runtime API, never the kernels' headers).

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

namespace warpscope::cuda {

/// A failed CUDA runtime call. what() reads
/// "cudaMalloc(&p, bytes) failed at memory_runner.cpp:42: cudaErrorMemoryAllocation (out of memory)".
class CudaError : public std::runtime_error {
 public:
  CudaError(cudaError_t code, const std::string& message) : std::runtime_error(message), code_(code) {}
  [[nodiscard]] cudaError_t code() const { return code_; }

 private:
  cudaError_t code_;
};

/// Throws CudaError for code != cudaSuccess. Called by the macros; use those.
void throwIfFailed(cudaError_t code, const char* callText, const char* file, int line);

/// True for the errors after which the context is unusable until the process ends (an illegal
/// address, a kernel that trapped, ...): every later call fails with the same error.
bool isStickyError(cudaError_t code);

}  // namespace warpscope::cuda

/// Checks one CUDA runtime call: WS_CUDA_CHECK(cudaMalloc(&p, n));
#define WS_CUDA_CHECK(call) ::warpscope::cuda::throwIfFailed((call), #call, __FILE__, __LINE__)

/// After a kernel launch: a bad configuration shows up only in cudaGetLastError, not at the launch.
#define WS_CUDA_CHECK_LAUNCH(what) \
  ::warpscope::cuda::throwIfFailed(cudaGetLastError(), "launch of " what, __FILE__, __LINE__)
