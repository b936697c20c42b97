#pragma once
/// \file fill_words.h
/// Filling device buffers with words a host can recompute (splitmix64 of the index) and with a
/// poison: what every memory lab fills its sources with and poisons its destinations with.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "cuda/kernels/host_device.h"

namespace warpscope::cuda {

/// The value word `index` of a buffer filled with `seed` holds (splitmix64, low 32 bits).
WS_HD inline std::uint32_t randomWord(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + (index + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return static_cast<std::uint32_t>(z ^ (z >> 31));
}

/// The poison written to a destination before a copy: a NaN pattern no copy produces by accident
/// (a random word equals it once in 2^32).
inline constexpr std::uint32_t kPoisonWord = 0xFFFFFFFFu;

/// words[i] = randomWord(seed, i). Returns cudaGetLastError().
cudaError_t launchFillRandom(std::uint32_t* words, std::size_t count, std::uint64_t seed);

/// words[i] = value. Returns cudaGetLastError().
cudaError_t launchFillWords(std::uint32_t* words, std::size_t count, std::uint32_t value);

}  // namespace warpscope::cuda
