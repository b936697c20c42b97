#pragma once
// Filling a user kernel's buffers on the device (docs/your-kernel.md, "Buffers"): a focus move
// re-initialises them in microseconds instead of generating gigabytes on the host.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace warpscope::labs::user_kernel {

/// The element types of buffers, as the fill kernels know them (kernel_header.h's ScalarType).
enum class FillType { Int, Unsigned, Long, Float, Double };

/// What a buffer starts as: uniform random in [low, high) (integers: low..high inclusive) from
/// `seed`, the element's index, or one value everywhere. Zero and the output poison are memsets.
enum class FillKind { Random, Iota, Value };

/// Fills `elements` elements of `type` at `data`. Returns cudaGetLastError().
cudaError_t launchFill(void* data, std::size_t elements, FillType type, FillKind kind, double low, double high,
                       std::uint64_t seed);

}  // namespace warpscope::labs::user_kernel
