#include "cuda/kernels/occupancy_probe.h"

namespace warpscope::cuda {
namespace {

__device__ unsigned smId() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

__global__ void occupancyProbe(unsigned* residentNow, unsigned* residentMax, long long holdCycles) {
  const unsigned sm = smId() % kProbeMaxSmIds;
  if (threadIdx.x == 0) {
    const unsigned count = atomicAdd(&residentNow[sm], 1u) + 1u;
    atomicMax(&residentMax[sm], count);
    // Hold the SM long enough that every block that can be co-resident arrives meanwhile.
    const long long start = clock64();
    while (clock64() - start < holdCycles) {
    }
    atomicSub(&residentNow[sm], 1u);
  }
  __syncthreads();  // the whole block stays resident until thread 0 leaves
}

}  // namespace

const void* occupancyProbeKernel() { return reinterpret_cast<const void*>(occupancyProbe); }

cudaError_t launchOccupancyProbe(unsigned blocks, unsigned threadsPerBlock, std::size_t dynamicSmemBytes,
                                 unsigned* residentNow, unsigned* residentMax, long long holdCycles) {
  occupancyProbe<<<blocks, threadsPerBlock, dynamicSmemBytes>>>(residentNow, residentMax, holdCycles);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
