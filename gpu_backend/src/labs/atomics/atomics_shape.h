#pragma once
/// \file atomics_shape.h
/// The atomics lab's work, written once for the kernels (.cu, C++17), the host checks and the
/// model: kAtomicThreads threads in blocks of kAtomicBlockThreads each add `increment` to one of
/// `addresses` words `iterations` times; at iteration i thread t's word is (t + i) mod addresses
/// (t: in global memory the grid's thread index, in shared memory the block's, each block with its
/// own array). So a warp's 32 lanes share min(addresses, 32) words, 32 / addresses lanes on each
/// below 32, and every word receives the same number of updates. Only C++17 and WS_HD.

#include <cstdint>

#include "cuda/kernels/host_device.h"

namespace warpscope::labs {

/// Threads of one launch: 2^20, so that one address per thread is 4 MiB of words, inside the L2
/// of every GPU the lab models (50-60 MiB on the H100 and H200): it measures the atomic units,
/// not DRAM.
inline constexpr unsigned kAtomicThreads = 1u << 20;
inline constexpr unsigned kAtomicBlockThreads = 1024;
inline constexpr unsigned kAtomicBlocks = kAtomicThreads / kAtomicBlockThreads;
/// Distinct addresses: 1 to one per thread (global), 1 to one per thread of a block (shared).
inline constexpr unsigned kAtomicMaxGlobalAddresses = kAtomicThreads;
inline constexpr unsigned kAtomicMaxSharedAddresses = kAtomicBlockThreads;

/// Where the words live and whether a warp first adds up its lanes that share a word.
enum class AtomicVariant { Global = 0, GlobalAggregated = 1, Shared = 2, SharedAggregated = 3 };
inline constexpr int kAtomicVariantCount = 4;
constexpr bool atomicVariantIsShared(AtomicVariant v) {
  return v == AtomicVariant::Shared || v == AtomicVariant::SharedAggregated;
}
constexpr bool atomicVariantIsAggregated(AtomicVariant v) {
  return v == AtomicVariant::GlobalAggregated || v == AtomicVariant::SharedAggregated;
}

/// Iterations over which a warp's requests take every alignment to 32-byte sectors: word
/// (t + i) mod N shifts by one 4-byte word per iteration, and a sector holds 8. The model's rule
/// averages over them and the counted launches run exactly them.
inline constexpr unsigned kAtomicAlignmentIterations = 8;

/// The value added: 32-bit unsigned integer or single-precision float.
enum class AtomicValueType { Int = 0, Float = 1 };

/// The word a thread updates at iteration i: (its index + i) mod addresses (a power of two), its
/// index grid-wide for global, in its block for shared.
WS_HD constexpr unsigned atomicWordOf(unsigned threadIndexPlusIteration, unsigned addresses) {
  return threadIndexPlusIteration & (addresses - 1);
}

/// The histogram: kHistogramElements bytes into kHistogramBins bins, each thread 4 bytes a step.
inline constexpr unsigned kHistogramBins = 256;
inline constexpr unsigned kHistogramElements = 1u << 24;
/// The histogram's uniform input: byte i is a hash of i (a murmur-style mix), filled on the GPU
/// and recomputed by the host's check and by the model's sample of warp requests.
WS_HD inline std::uint8_t histogramInputByte(unsigned index) {
  std::uint32_t x = index * 0x9E3779B9u;
  x ^= x >> 16;
  x *= 0x85EBCA6Bu;
  x ^= x >> 13;
  return static_cast<std::uint8_t>(x >> 24);
}
/// The byte of the "one value" input.
inline constexpr int kHistogramOneValue = 7;

/// The race (seed 002, "What's the value of result[0]?"): every thread adds x[tid] to result[0],
/// once without atomics (result[0] += x[tid]: a load, an add and a store) and once with
/// atomicAdd. x repeats the slide's {3, 5, 2, 1}, so 4 threads are the slide's example and the
/// true sum is 11 per 4 threads (2^20 threads: 2,883,584, far below 2^32: the unsigned sums are
/// exact).
inline constexpr unsigned kRaceThreadChoices[] = {4, 32, 1024, 32768, 1u << 20};
inline constexpr unsigned kRaceDefaultThreads = 1u << 20;
/// Threads per block of the race's launches (fewer threads: one block of them all).
inline constexpr unsigned kRaceBlockThreads = 256;
WS_HD constexpr unsigned raceInput(unsigned index) {
  const unsigned i = index & 3u;
  return i == 0 ? 3u : i == 1 ? 5u : i == 2 ? 2u : 1u;
}

}  // namespace warpscope::labs
