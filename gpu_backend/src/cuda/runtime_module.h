#pragma once
/// \file runtime_module.h
/// A cubin compiled at run time (nvrtc_compiler.h) loaded into the current device's context, and
/// what the runtime says about its kernels: the resources the compiler gave them and how many of
/// their blocks an SM holds (the occupancy API, the answer the GPU's own rules give).

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>
#include <vector>

namespace warpscope::cuda {

/// What the runtime reports for one loaded kernel (cudaFuncGetAttributes).
struct KernelAttributes {
  int registers = 0;
  std::size_t staticSharedBytes = 0;
  std::size_t localBytes = 0;  ///< Per thread: spills and stack.
  int maxThreadsPerBlock = 0;  ///< The most this kernel can launch with (registers may limit it).
  int binaryVersion = 0;       ///< 90 for an sm_90 cubin.
};

class RuntimeModule {
 public:
  /// Loads `cubin` into the current device's context. Throws CudaError (a cubin for another
  /// architecture: cudaErrorNoKernelImageForDevice).
  explicit RuntimeModule(const std::vector<char>& cubin);
  ~RuntimeModule();
  RuntimeModule(const RuntimeModule&) = delete;
  RuntimeModule& operator=(const RuntimeModule&) = delete;

  /// The kernel with this mangled name (NvrtcOutput::loweredNames), as the runtime's launch and
  /// attribute calls take it (a cudaKernel_t passed as const void*). Throws CudaError.
  [[nodiscard]] const void* kernel(const std::string& loweredName) const;

 private:
  cudaLibrary_t library_ = nullptr;
};

KernelAttributes kernelAttributes(const void* kernel);

/// Blocks of `blockThreads` threads with `dynamicSharedBytes` each that one SM holds at once.
int activeBlocksPerSm(const void* kernel, int blockThreads, std::size_t dynamicSharedBytes);

}  // namespace warpscope::cuda
