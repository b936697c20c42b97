#include "labs/user_kernel/user_kernel_fill.h"

namespace warpscope::labs::user_kernel {
namespace {

/// splitmix64 of the index: a counter-based generator, so every thread draws its own element.
__device__ std::uint64_t mix(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + (index + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

template <typename T, bool kInteger>
__global__ void fill(T* data, std::size_t n, FillKind kind, double low, double high, std::uint64_t seed) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    if (kind == FillKind::Iota) {
      data[i] = static_cast<T>(i);
    } else if (kind == FillKind::Value) {
      data[i] = static_cast<T>(low);
    } else if (kInteger) {
      // low..high inclusive.
      const std::uint64_t span = static_cast<std::uint64_t>(high - low) + 1;
      data[i] = static_cast<T>(static_cast<long long>(low) + static_cast<long long>(mix(seed, i) % span));
    } else {
      // [low, high): 53 random bits as a fraction.
      const double unit = static_cast<double>(mix(seed, i) >> 11) * (1.0 / 9007199254740992.0);
      T value = static_cast<T>(low + unit * (high - low));
      if (!(value < static_cast<T>(high))) value = static_cast<T>(low);  // rounding up to high in float
      data[i] = value;
    }
  }
}

template <typename T, bool kInteger>
cudaError_t launch(void* data, std::size_t n, FillKind kind, double low, double high, std::uint64_t seed) {
  const int threads = 256;
  const std::size_t wanted = (n + threads - 1) / threads;
  const unsigned blocks = static_cast<unsigned>(wanted < 65536 ? (wanted > 0 ? wanted : 1) : 65536);
  fill<T, kInteger><<<blocks, threads>>>(static_cast<T*>(data), n, kind, low, high, seed);
  return cudaGetLastError();
}

}  // namespace

cudaError_t launchFill(void* data, std::size_t elements, FillType type, FillKind kind, double low, double high,
                       std::uint64_t seed) {
  switch (type) {
    case FillType::Int:
      return launch<int, true>(data, elements, kind, low, high, seed);
    case FillType::Unsigned:
      return launch<unsigned, true>(data, elements, kind, low, high, seed);
    case FillType::Long:
      return launch<long long, true>(data, elements, kind, low, high, seed);
    case FillType::Float:
      return launch<float, false>(data, elements, kind, low, high, seed);
    case FillType::Double:
      return launch<double, false>(data, elements, kind, low, high, seed);
  }
  return cudaErrorInvalidValue;
}

}  // namespace warpscope::labs::user_kernel
