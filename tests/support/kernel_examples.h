#pragma once
// The example kernels shipped in resources/kernels/, for tests: read from the source tree, or from
// $WARPSCOPE_SOURCE_DIR/resources/kernels where the tests run from a copy of it (the GPU machine's
// bundle runs in a copy of the repository).
#include <cstdlib>
#include <string>

#include "warpscope/kernel_source.h"

namespace warpscope::test {

inline std::string kernelExamplesDir() {
  if (const char* dir = std::getenv("WARPSCOPE_SOURCE_DIR"); dir && *dir)
    return std::string(dir) + "/resources/kernels";
  return WARPSCOPE_KERNEL_EXAMPLES_DIR;
}

/// reduction.cu, transpose.cu or stencil.cu.
inline KernelSource kernelExample(const std::string& fileName) {
  return readKernelSource(kernelExamplesDir() + "/" + fileName);
}

/// A kernel given as text (a test's own, e.g. one that faults), named fileName.
inline KernelSource kernelText(std::string fileName, std::string text) {
  return {std::move(fileName), std::move(text)};
}

}  // namespace warpscope::test
