#pragma once
/// \file register_cap_kernel.h
/// The occupancy lab's register-cap experiment: one kernel that keeps kCapLiveValues floats live
/// in every thread, compiled several times with __launch_bounds__(kCapThreadsPerBlock, minBlocks)
/// so that ptxas must fit it into 65536 / (256 x minBlocks) registers and spill the rest to local
/// memory. Shared by the kernels (.cu, C++17), the CUDA host side (the check) and the model (the
/// work it counts): no dependencies beyond host_device.h.

#include "cuda/kernels/host_device.h"

namespace warpscope::labs {

/// Values every thread keeps live across the whole loop (each iteration reads all of them).
inline constexpr int kCapLiveValues = 64;
/// The block size the caps are computed for.
inline constexpr int kCapThreadsPerBlock = 256;
/// Loop iterations per thread: ~1 ms per launch for the uncapped kernel on an H200.
inline constexpr int kCapIterations = 1024;
/// FMAs per value per iteration (v = a*v + (b*next + s)).
inline constexpr int kCapFmasPerValue = 2;
/// The variants: minimum blocks per SM asked of ptxas; 0 = no __launch_bounds__ at all.
inline constexpr int kCapMinBlocks[] = {0, 2, 4, 6, 8};
inline constexpr int kCapVariantCount = 5;
/// The two multipliers: the recurrence contracts (0.5 + 0.25 < 1) so values stay near 4 x seed.
inline constexpr float kCapA = 0.5f;
inline constexpr float kCapB = 0.25f;

/// The seed of global thread tid: exact in float, in [1, 2).
WS_HD inline float capSeed(unsigned tid) { return 1.0f + static_cast<float>(tid & 1023u) * 0.0009765625f; }

/// What thread `tid` writes, computed the way the kernel does (one FMA order, no reassociation):
/// the host recomputes it with fmaf, bit for bit.
template <typename Fma>
WS_HD inline float capThreadResult(float seed, int iterations, Fma fma) {
  float v[kCapLiveValues];
  for (int j = 0; j < kCapLiveValues; ++j) v[j] = seed + static_cast<float>(j) * 0.0625f;
  for (int it = 0; it < iterations; ++it)
    for (int j = 0; j < kCapLiveValues; ++j) v[j] = fma(v[j], kCapA, fma(v[(j + 1) % kCapLiveValues], kCapB, seed));
  float sum = 0.0f;
  for (int j = 0; j < kCapLiveValues; ++j) sum += v[j];
  return sum;
}

}  // namespace warpscope::labs
