#pragma once
/// \file limiter_sync.h
/// The __syncthreads() experiment of the limiter lab (seed 001, "Simplified View of Latency and
/// Syncs"): a kernel whose barrier separates a load phase from a compute phase, timed as one
/// block of 512 threads per SM and as two of 256 (the same threads per SM), beside its
/// memory-only and math-only versions. Its times (either backend) and the model's.

#include <cstddef>

#include "labs/limiter/limiter_sync_shape.h"
#include "labs/limiter_common/limiter_family.h"
#include "mechanisms/device_profile.h"
#include "warpscope/device.h"

namespace warpscope::labs {

/// The experiment's four times at the focus K.
struct LimiterSyncTimes {
  bool present = false;
  int fmasPerElement = 0;
  VariantTime memoryOnly;  ///< Memory-only version, one block of 512 per SM.
  VariantTime mathOnly;    ///< Math-only version, one block of 512 per SM.
  VariantTime oneBlock;    ///< Full kernel, one block of 512 per SM.
  VariantTime twoBlocks;   ///< Full kernel, two blocks of 256 per SM.
};

/// Elements one launch covers: kLimiterTargetElements rounded down to whole tiles of every SM's
/// 512 threads (the same for both configurations).
std::size_t limiterSyncElements(const DeviceInfo& device);

/// The model's phases of one tile, for notes and tests (SM view, ns).
struct LimiterSyncModel {
  LimiterSyncTimes times;
  double loadPhase512Ns = 0;     ///< One block of 512: loaded latency + its tile's bytes at the SM's share.
  double computePhase512Ns = 0;  ///< One block of 512 alone on the FMA units.
  double loadPhase256Ns = 0;
  double computePhase256Ns = 0;
  double tilesPerBlock = 0;
};

/// The physical model: per tile, a block's load phase takes the loaded DRAM latency (dram_system.h,
/// at the utilization its own rate causes) plus its tile's bytes (loaded and stored) at the SM's
/// share of the copy kernel's ceiling; its compute phase takes its warps' issue slots on the SM's
/// schedulers (fp32 lanes: fma_pipeline.h; 3 loop instructions per 8 FMAs), or one warp's chain
/// latency if longer. One block per SM: every warp waits at the barrier, so a tile takes load +
/// compute. Two blocks: while one computes the other loads, so a tile takes the longest of one
/// block's load + compute, both blocks' compute (they share the FMA units) and both tiles' bytes
/// at the SM's share. Barriers themselves cost nothing here.
LimiterSyncModel limiterSyncModel(const sim::DeviceProfile& profile, int fmasPerElement);

}  // namespace warpscope::labs
