#pragma once
// What a run of a user's kernel found at each point, on a GPU or by compiling only, and the
// views and scalars made of it. Plain data: the CUDA measurement and the compile-only run fill it.

#include <optional>
#include <string>
#include <vector>

#include "labs/user_kernel/kernel_header.h"
#include "labs/user_kernel/user_kernel_plan.h"
#include "warpscope/lab.h"

namespace warpscope::labs::user_kernel {

/// A compiled variant's resources and the occupancy they allow at a point's block size.
struct VariantResources {
  int registers = 0;
  long long staticSharedBytes = 0;
  long long dynamicSharedBytes = 0;
  long long localBytesPerThread = 0;  ///< Spills and stack.
  int threadsPerBlock = 0;
  /// The occupancy calculator's answer (mechanisms/occupancy_calculator.h, the device's rules).
  int blocksPerSm = 0;
  double occupancyPct = 0;
  std::string limiter;  ///< "registers", "shared memory", ...
  /// The CUDA occupancy API's answer on a GPU (cudaOccupancyMaxActiveBlocksPerMultiprocessor);
  /// -1 without a GPU.
  int blocksPerSmOnGpu = -1;
};

struct PointOutcome {
  PlannedPoint point;
  std::string variant;  ///< variantLabel(): "BLOCK 256, ILP 4".
  VariantResources resources;
  bool timed = false;  ///< False without a GPU: compiled only.
  double medianUs = 0, minUs = 0, maxUs = 0;
  std::optional<double> bytes, flops;  ///< Per launch, from the header's expressions.
};

/// The ceilings a GPU run reads its throughput against (0: not measured).
struct UserKernelCeilings {
  double memcpyGbps = 0;
  double fp32Gflops = 0;
};

/// The declared views of a header's lab: time and throughput (GB/s when the header says its
/// bytes, else GFLOP/s when it says its flops), the roofline point (both), occupancy and
/// registers per variant.
std::vector<ViewSpec> userKernelViews(const KernelHeader& header);

/// The result's views, scalars and notes from the points (the focus point's scalars).
void addUserKernelViews(RunResult& result, const KernelHeader& header, const UserKernelPlan& plan,
                        const std::vector<PointOutcome>& points, const UserKernelCeilings& ceilings);

}  // namespace warpscope::labs::user_kernel
