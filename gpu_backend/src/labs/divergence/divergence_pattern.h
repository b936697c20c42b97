#pragma once
/// \file divergence_pattern.h
/// Which path each lane of a warp takes, for every pattern of the divergence lab. The kernels
/// (divergence_kernels.cu), the SIMT model (divergence_model.cpp) and the host-side checks all
/// compute it with these functions, so the model runs exactly the branches the GPU runs.
/// Plain C++ usable on the device: no std::, no allocation.

#include "cuda/kernels/host_device.h"

namespace warpscope::labs {

/// The lab's patterns, in the order of the `pattern` choice (its values 0..7).
enum class DivergencePattern : int {
  Uniform = 0,      ///< No branch: every lane runs the one path.
  OddEven = 1,      ///< if (lane is even) path 0 else path 1.
  FirstK = 2,       ///< if (lane < k) path 0 else path 1.
  WarpUniform = 3,  ///< if (warp index is even) path 0 else path 1: the branch never splits a warp.
  Random = 4,       ///< if (hash(warp, lane) < probability) path 0 else path 1.
  Nested = 5,       ///< depth levels of if/else; level l tests lane bit 4-l: 2^depth leaves.
  Loop = 6,         ///< while (i < trips(lane)): lane i loops 1 + i * spread / 31 times.
  Switch = 7,       ///< switch (lane % paths): one case per path.
};

inline constexpr int kDivergencePatternCount = 8;
inline constexpr int kWarpLanes = 32;
/// Paths a pattern can have per repetition at most (switch with 32 cases, a loop of 32 trips).
inline constexpr int kMaxPathsPerRep = 32;

/// Everything that decides a lane's path and a path's work. A kernel argument (plain data).
struct PatternShape {
  int pattern = 0;          ///< A DivergencePattern value.
  int k = 8;                ///< first-k: lanes 0..k-1 take path 0.
  int probabilityPct = 50;  ///< random: chance (percent) that a lane takes path 0.
  int depth = 2;            ///< nested: 1..3 levels.
  int loopSpread = 7;       ///< loop: lane i runs 1 + i * spread / 31 trips (0..31).
  int paths = 4;            ///< switch: cases 1..32.
  int workFmas = 64;        ///< Dependent FMAs every path segment runs (a multiple of kWorkUnroll).
  unsigned seed = 0x2545F491u;  ///< random: the hash's seed (fixed, so runs repeat).
};

/// FMAs the work loop runs per iteration (fully unrolled); the rest of an iteration is its loop
/// control. work_fmas is a multiple of this.
inline constexpr int kWorkUnroll = 16;

/// Path ids one repetition can produce: the segment slots per repetition of a warp's record.
WS_HD inline int pathsPerRep(const PatternShape& s) {
  switch (static_cast<DivergencePattern>(s.pattern)) {
    case DivergencePattern::Uniform: return 1;
    case DivergencePattern::Nested: return 1 << s.depth;
    case DivergencePattern::Loop: return s.loopSpread + 1;
    case DivergencePattern::Switch: return s.paths;
    default: return 2;  // the if/else patterns
  }
}

/// A 32-bit integer hash (Chris Wellons' lowbias32): independent-looking bits for random.
WS_HD inline unsigned mixBits(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

/// Trips a lane's loop runs (loop pattern; 1 for every other pattern).
WS_HD inline int laneTrips(const PatternShape& s, int lane) {
  if (static_cast<DivergencePattern>(s.pattern) != DivergencePattern::Loop) return 1;
  return 1 + lane * s.loopSpread / 31;
}

/// The path a lane takes in one repetition: 0..pathsPerRep-1. For the loop pattern every lane
/// starts with path 0 (iteration 0); later iterations are paths 1, 2, ... (laneTrips).
/// warp is the global warp index (block * warps per block + warp in block).
WS_HD inline int lanePath(const PatternShape& s, unsigned warp, int lane) {
  switch (static_cast<DivergencePattern>(s.pattern)) {
    case DivergencePattern::Uniform: return 0;
    case DivergencePattern::OddEven: return lane & 1;
    case DivergencePattern::FirstK: return lane < s.k ? 0 : 1;
    case DivergencePattern::WarpUniform: return static_cast<int>(warp & 1u);
    case DivergencePattern::Random:
      return mixBits(s.seed ^ (warp * 0x9E3779B9u) ^ (static_cast<unsigned>(lane) * 0x85EBCA6Bu)) % 100u <
                     static_cast<unsigned>(s.probabilityPct)
                 ? 0
                 : 1;
    case DivergencePattern::Nested: return lane >> (5 - s.depth);  // bits 4, 3, 2: halves, quarters, eighths
    case DivergencePattern::Loop: return 0;
    case DivergencePattern::Switch: return lane % s.paths;
  }
  return 0;
}

/// Lanes of a warp that run path `path` in one repetition.
WS_HD inline unsigned pathMask(const PatternShape& s, unsigned warp, int path) {
  unsigned mask = 0;
  for (int lane = 0; lane < kWarpLanes; ++lane) {
    const bool runs = static_cast<DivergencePattern>(s.pattern) == DivergencePattern::Loop
                          ? laneTrips(s, lane) > path
                          : lanePath(s, warp, lane) == path;
    if (runs) mask |= 1u << lane;
  }
  return mask;
}

// ---- The work and what a thread writes (kernel and host check compute the same) -------------

/// The work of path p is a chain acc = fma(acc, b, c_p) with b = 1 read at run time and
/// c_p = (p + 1) * 2^-20: every path's code differs (so the compiler cannot merge the paths into
/// one), and acc grows by exactly c_p per FMA (all values stay multiples of 2^-20 below 8, exact
/// in float), so the host can check that each thread ran its path exactly as often as it should.
/// The loop pattern's body is one piece of code: its c is c_0.
inline constexpr float kWorkB = 1.0f;
inline constexpr float kWorkUnit = 1.0f / 1048576.0f;
WS_HD constexpr float workAddend(int path) { return static_cast<float>(path + 1) * kWorkUnit; }

/// Starting value of global thread tid's accumulator: a multiple of 2^-20 below 2^-10.
WS_HD inline float workInitialValue(unsigned tid) { return static_cast<float>((tid * 7u) & 1023u) * kWorkUnit; }

/// What thread `lane` of warp `warp` (global thread tid) writes after `reps` repetitions.
WS_HD inline float expectedThreadOutput(const PatternShape& s, unsigned warp, int lane, unsigned tid, int reps) {
  const bool loop = static_cast<DivergencePattern>(s.pattern) == DivergencePattern::Loop;
  const int path = loop ? 0 : lanePath(s, warp, lane);
  const long long fmas = static_cast<long long>(reps) * s.workFmas * laneTrips(s, lane);
  // fmas * (path + 1) <= 2^21 and both terms are multiples of 2^-20 below 8: exact.
  return workInitialValue(tid) + static_cast<float>(fmas * (path + 1)) * kWorkUnit;
}

}  // namespace warpscope::labs
