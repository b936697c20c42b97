#pragma once
/// \file rvs_bench.h
/// Measures and checks register-vs-shared configurations (Volkov part III) on one device.

#include <cstdint>
#include <vector>

#include "cuda/device_buffer.h"
#include "cuda/fma_chain_harness.h"
#include "cuda/timing.h"
#include "labs/register_vs_shared/register_vs_shared_lab.h"

namespace warpscope::cuda {

/// What the host expects global thread tid to write: its chains recomputed with std::fmaf in
/// the kernel's order (b, c from registers or from `table`'s rows, as the variant reads them),
/// then summed in the kernel's order. Bit-exact with the device (both fused, round to nearest).
/// table holds 2 x kRvsTableWords floats: the b rows, then the c rows.
float referenceRvsThreadSum(unsigned tid, const labs::RvsConfig& config, int passes, float b, float c,
                            const std::vector<float>& table);

/// The register-vs-shared kernels on the shared harness (cuda/fma_chain_harness.h), with the
/// table their shared-memory variants read; one per run.
class RvsBench {
 public:
  RvsBench(const DeviceInfo& device, std::uint64_t seed);

  /// Times one configuration (grid = blocksPerSm x SM count blocks) with a fresh random table, b
  /// and c, then checks every thread overwrote the NaN poison and a sample of threads wrote
  /// exactly the host's value. Throws BadInputError (blocks not all resident at once), CudaError,
  /// CheckFailed or Cancelled.
  labs::RvsMeasurement measure(const labs::RvsConfig& config, const TimingPolicy& policy, const CancelToken* cancel);

  /// Registers per thread ptxas gave the (variant, ilp) kernel (cudaFuncGetAttributes).
  int registersPerThread(int variant, int ilp) const;

  /// Threads whose output was compared with the host's recomputation so far.
  [[nodiscard]] long long threadsVerified() const { return harness_.threadsVerified(); }

 private:
  FmaChainHarness harness_;
  DeviceBuffer table_;
  std::vector<float> hostTable_;
};

}  // namespace warpscope::cuda
