#include "cuda/runtime_module.h"

#include "cuda/cuda_check.h"

namespace warpscope::cuda {

RuntimeModule::RuntimeModule(const std::vector<char>& cubin) {
  WS_CUDA_CHECK(cudaLibraryLoadData(&library_, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
}

RuntimeModule::~RuntimeModule() {
  // After a sticky error the unload fails too; nothing is left to free then.
  if (library_) (void)cudaLibraryUnload(library_);
}

const void* RuntimeModule::kernel(const std::string& loweredName) const {
  cudaKernel_t kernel = nullptr;
  WS_CUDA_CHECK(cudaLibraryGetKernel(&kernel, library_, loweredName.c_str()));
  return reinterpret_cast<const void*>(kernel);
}

KernelAttributes kernelAttributes(const void* kernel) {
  cudaFuncAttributes a{};
  WS_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
  return {a.numRegs, a.sharedSizeBytes, a.localSizeBytes, a.maxThreadsPerBlock, a.binaryVersion};
}

int activeBlocksPerSm(const void* kernel, int blockThreads, std::size_t dynamicSharedBytes) {
  int blocks = 0;
  WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, blockThreads, dynamicSharedBytes));
  return blocks;
}

}  // namespace warpscope::cuda
