#pragma once
/// \file limiter_shape.h
/// The shape of the limiter kernel family, shared by the kernels (.cu, C++17), their host-side
/// checks and the model: dependency-free, so the .cu files need no public header.

#include <cstdint>

#include "cuda/kernels/host_device.h"

namespace warpscope::labs {

/// The kernels of the limiter method (seed 001): the full kernel; memory-only, its loads and
/// stores with the math removed; math-only, its math with the loads removed and the stores behind
/// a condition that is never true at run time but that the compiler cannot decide; store-only
/// (the seed's "Source Modification": memory-only with the loads removed too), which stores a
/// value formed from the index, so it moves half the bytes, all of them writes.
enum class LimiterVariant { Full = 0, MemoryOnly = 1, MathOnly = 2, StoreOnly = 3 };
inline constexpr int kLimiterVariantCount = 4;

/// Threads per block of every limiter kernel (occupancy is set with blocks per SM).
inline constexpr int kLimiterThreadsPerBlock = 256;
/// Elements each thread handles per loop iteration: 2 coalesced 16-byte loads first (32 bytes in
/// flight per thread), then 8 independent FMA chains (ILP 8), then 2 16-byte stores.
inline constexpr int kLimiterElementsPerThread = 8;
/// Bytes of DRAM traffic per element of the full and memory-only kernels: a 4-byte load and a
/// 4-byte store.
inline constexpr int kLimiterBytesPerElement = 8;
/// FMAs per element the intensity slider offers: each element runs a chain of K dependent FMAs.
inline constexpr int kLimiterFmaValues[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
inline constexpr int kLimiterFmaCount = static_cast<int>(sizeof(kLimiterFmaValues) / sizeof(int));
/// c of acc = acc * b + c. A literal: ptxas puts it in the FFMA's immediate, so acc and b are the
/// only register operands (no register bank conflict), and nothing can fold since b is an argument.
inline constexpr float kLimiterAddend = 0.25f;
/// The value the math-only kernel compares each result with before its (never taken) store. Every
/// chain stays positive (acc >= 0, b > 0, c > 0), so it never matches; the compiler cannot know.
inline constexpr float kLimiterNeverValue = -1.0f;

/// Input element i of a buffer filled with seed: a splitmix64 word's top 24 bits / 2^24, in
/// [0, 1) and exact in float, so the host recomputes it bit for bit.
WS_HD inline float limiterInputValue(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + (index + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<float>(static_cast<std::uint32_t>(z) >> 8) * (1.0f / 16777216.0f);
}

/// The math-only kernel's operand for element i (no load): cheap to form (AND + convert), exact,
/// in [0, 1).
WS_HD inline float limiterMathOnlyValue(std::uint64_t index) {
  return static_cast<float>(static_cast<unsigned>(index) & 1023u) * (1.0f / 1024.0f);
}

/// DRAM bytes per element each variant moves: a 4-byte load and store (full, memory-only), a
/// 4-byte store (store-only), none (math-only: its stores are never taken).
constexpr int limiterDramBytesPerElement(LimiterVariant v) {
  return v == LimiterVariant::MathOnly ? 0 : v == LimiterVariant::StoreOnly ? 4 : kLimiterBytesPerElement;
}

/// FMAs of one chain per trip of the kernels' K loop: the largest power of two <= K, at most 32.
constexpr int limiterUnroll(int fmasPerElement) {
  int step = 1;
  while (step < 32 && step * 2 <= fmasPerElement) step *= 2;
  return step;
}

/// Warp instructions one warp executes per loop iteration (kLimiterElementsPerThread elements per
/// thread) of `variant` at K: the 8K FMAs, 3 per trip of the K loop (add, compare, branch), and per
/// iteration what the variant does besides, as the counters of an H100 80GB HBM3 read them
/// (smsp__inst_executed.sum over 2^18 warp iterations, 2026-11-28, docs/logs/issue31_device_log.txt
/// run 9): full 21 (address and load 2 float4, address and store them, the loop: 34.4 at K = 1, 545
/// at K = 64), memory-only 14 (13.6), math-only 76 (87.4 and 604: forming the 8 operands and the 8
/// guarded stores' compares take 30 more than the PTX's 46 suggested), store-only 42 (41.7).
constexpr double limiterInstructionsPerIteration(LimiterVariant v, int fmasPerElement) {
  const double chains = 8.0 * fmasPerElement + 3.0 * fmasPerElement / limiterUnroll(fmasPerElement);
  switch (v) {
    case LimiterVariant::Full: return 21 + chains;
    case LimiterVariant::MemoryOnly: return 14;
    case LimiterVariant::MathOnly: return 76 + chains;
    case LimiterVariant::StoreOnly: return 42;
  }
  return 0;
}

/// FLOPs per element at K FMAs per element (an FMA is 2 flops).
constexpr double limiterFlopsPerElement(int fmasPerElement) { return 2.0 * fmasPerElement; }
/// The family's arithmetic intensity: flops per DRAM byte (2K / 8).
constexpr double limiterIntensity(int fmasPerElement) {
  return limiterFlopsPerElement(fmasPerElement) / kLimiterBytesPerElement;
}

}  // namespace warpscope::labs
