// The calculator against CUDA's occupancy API, on the register-cap kernels (real compiled code
// with known registers and static shared memory).
#include <algorithm>
#include <sstream>

#include "cuda/cuda_check.h"
#include "labs/occupancy/occupancy_cuda.h"
#include "labs/occupancy/register_cap_kernel.h"
#include "labs/occupancy/register_cap_kernels.h"

namespace warpscope::labs {

namespace {

/// Puts a kernel's carveout preference and dynamic shared-memory limit back as they were when it
/// goes out of scope, also when a check throws halfway: the register-cap runs that follow must
/// see the kernels as a fresh process does. Errors are ignored here (a destructor must not throw;
/// a broken context is reported by the call that broke it).
class AttributeRestore {
 public:
  AttributeRestore(const void* kernel, int maxDynamicSharedBytes) : kernel_(kernel), maxDynamic_(maxDynamicSharedBytes) {}
  ~AttributeRestore() {
    (void)cudaFuncSetAttribute(kernel_, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutDefault);
    (void)cudaFuncSetAttribute(kernel_, cudaFuncAttributeMaxDynamicSharedMemorySize, maxDynamic_);
  }
  AttributeRestore(const AttributeRestore&) = delete;
  AttributeRestore& operator=(const AttributeRestore&) = delete;

 private:
  const void* kernel_;
  int maxDynamic_;
};

}  // namespace

CalculatorApiCheck checkCalculatorAgainstOccupancyApi(const DeviceInfo& device, const ParamSet& params) {
  const sim::OccupancyRules rules = architectureOccupancyRules(device.computeCapability);
  const OccupancyRequest focus = occupancyRequestFrom(params);
  CalculatorApiCheck check;
  for (int variant = 0; variant < kCapVariantCount; ++variant) {
    const void* kernel = cuda::registerCapKernel(variant);
    cudaFuncAttributes attr{};
    WS_CUDA_CHECK(cudaFuncGetAttributes(&attr, kernel));
    const int staticSmem = static_cast<int>(attr.sharedSizeBytes);
    const int maxDynamic = device.sharedMemPerBlockMaxBytes - staticSmem;
    const AttributeRestore restore(kernel, attr.maxDynamicSharedSizeBytes);
    // Opt in to the largest dynamic shared memory, as the calculator's per-block limit assumes.
    WS_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, maxDynamic));

    std::vector<int> blockSizes;
    for (int t = device.warpSize; t <= attr.maxThreadsPerBlock; t += device.warpSize) blockSizes.push_back(t);
    blockSizes.push_back(std::min(focus.threadsPerBlock, attr.maxThreadsPerBlock));
    std::vector<int> dynamicSizes = {0, 1000, 8 * 1024, 40 * 1024, 100 * 1024, maxDynamic,
                                     std::max(0, focus.sharedBytesPerBlock - staticSmem)};
    dynamicSizes.erase(std::remove_if(dynamicSizes.begin(), dynamicSizes.end(), [&](int s) { return s > maxDynamic; }),
                       dynamicSizes.end());
    for (int carveout : {-1, 0, 10, 50, 100, focus.carveoutPercent}) {
      WS_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, carveout));
      for (int threads : blockSizes)
        for (int dynamic : dynamicSizes) {
          int api = -1;
          WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&api, kernel, threads, static_cast<std::size_t>(dynamic)));
          const OccupancyResult ours =
              calculateOccupancy(device, rules, {threads, attr.numRegs, staticSmem + dynamic, carveout});
          ++check.configurations;
          if (ours.blocksPerSm != api) {
            ++check.mismatches;
            if (check.firstMismatch.empty()) {
              std::ostringstream what;
              what << "kernel min-blocks " << kCapMinBlocks[variant] << " (" << attr.numRegs << " regs, " << staticSmem
                   << " B static), " << threads << " threads, " << dynamic << " B dynamic, carveout " << carveout
                   << "%: calculator " << ours.blocksPerSm << " blocks, API " << api;
              check.firstMismatch = what.str();
            }
          }
        }
    }
  }
  return check;
}

}  // namespace warpscope::labs
