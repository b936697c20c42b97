#pragma once
/// \file limiter_family_model.h
/// The simulator's model of the limiter family: one warp's iteration (load 8 elements, run 8
/// chains of K dependent FMAs, store 8 elements) repeated by every resident warp, and the device's
/// rate of such iterations bounded three ways - by issue (the FP32 lanes), by DRAM bandwidth, and
/// by latency (Little's law: resident warps / the time one iteration takes alone, with the loaded
/// DRAM latency). Each variant is the same model with its parts removed: memory-only has no FMAs,
/// math-only no DRAM traffic or latency, store-only no FMAs, no loads and half the bytes.
/// docs/labs/limiter.md derives it.
/// Shared by the limiter and roofline labs.

#include <cstddef>

#include "labs/limiter_common/limiter_family.h"
#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The limiter kernels as compiled (profile mechanism "limiter_kernel").
struct LimiterKernelParams {
  int registersPerThread = 32;          ///< ptxas's count for the three kernels.
  double overheadIssuePerElement = 10;  ///< Non-FMA issue slots per element (operand, compare, store, addresses, loop).
};

/// Reads and range-checks the profile's limiter_kernel mechanism (BadInputError naming the field).
LimiterKernelParams limiterKernelParams(const sim::DeviceProfile& profile);

/// The model's ceilings: bandwidth = cudaMemcpy's (memcpy_fraction_of_dram x DRAM theory), FP32 =
/// theoretical peak x the latency-arith model's best fraction (ILP 4 or 8 at full occupancy).
LimiterCeilings limiterModelCeilings(const sim::DeviceProfile& profile);

/// The most blocks of 256 threads of the limiter kernels an SM holds, per the occupancy calculator
/// at the profile's registers per thread and no shared memory (100% of occupancy_pct).
int limiterModelMaxBlocksPerSm(const sim::DeviceProfile& profile);

/// Throws BadInputError when blocksPerSm blocks of the limiter kernels (registers from the profile,
/// padding shared memory as the GPU run forces it) cannot be resident, per the occupancy calculator.
void checkLimiterModelOccupancy(const sim::DeviceProfile& profile, int blocksPerSm);

/// The three bounds on one variant, for tests and notes.
struct LimiterModelBreakdown {
  double ms = 0;                 ///< Time per launch, launch overhead included.
  double issueBoundMs = 0;       ///< If only instruction issue limited it.
  double bandwidthBoundMs = 0;   ///< If only DRAM bandwidth limited it (0: no DRAM traffic).
  double latencyBoundMs = 0;     ///< If only latency with this many warps limited it.
  double loadedLatencyNs = 0;    ///< DRAM latency at the solved utilisation (0: no loads).
};

/// Models one variant at K FMAs per element with blocksPerSm resident blocks of 256 threads on
/// every SM, streaming `elements` elements.
LimiterModelBreakdown limiterModel(const sim::DeviceProfile& profile, LimiterVariant variant, int fmasPerElement,
                                   int blocksPerSm, std::size_t elements);

/// The three times at each K of the plan.
std::vector<LimiterPoint> limiterModelPoints(const sim::DeviceProfile& profile, const LimiterPlan& plan,
                                             std::size_t elements, RunMonitor* monitor);

}  // namespace warpscope::labs
