#include "cuda/kernels/fill_words.h"

namespace warpscope::cuda {
namespace {

__global__ void fillRandom(std::uint32_t* words, std::size_t count, std::uint64_t seed) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x)
    words[i] = randomWord(seed, i);
}

__global__ void fillWords(std::uint32_t* words, std::size_t count, std::uint32_t value) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x)
    words[i] = value;
}

/// Enough blocks of 256 to fill any current GPU several times over; the loops stride the rest.
constexpr unsigned kFillBlocks = 4096;
constexpr unsigned kFillThreads = 256;

}  // namespace

cudaError_t launchFillRandom(std::uint32_t* words, std::size_t count, std::uint64_t seed) {
  fillRandom<<<kFillBlocks, kFillThreads>>>(words, count, seed);
  return cudaGetLastError();
}

cudaError_t launchFillWords(std::uint32_t* words, std::size_t count, std::uint32_t value) {
  fillWords<<<kFillBlocks, kFillThreads>>>(words, count, value);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
