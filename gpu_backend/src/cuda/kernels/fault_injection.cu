#include "cuda/kernels/fault_injection.h"

#include <cstdint>

namespace warpscope::cuda {
namespace {

__global__ void writeOutOfBounds(unsigned* far) { *far = 0xdeadbeef; }

}  // namespace

cudaError_t launchOutOfBoundsWrite() {
  // An address no allocation has: the top of the 49-bit virtual address space.
  writeOutOfBounds<<<1, 1>>>(reinterpret_cast<unsigned*>(std::uintptr_t{0x1FFFFFFFF000}));
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
