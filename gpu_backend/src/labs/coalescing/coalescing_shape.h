#pragma once
/// \file coalescing_shape.h
/// The coalescing lab's kernel shape, written once for the kernels (.cu, C++17), the host checks
/// and the model: each thread t copies element offset + t x stride of an array of elementBytes
/// elements (read from one buffer, written to the other at the same index). Dependency-free.

namespace warpscope::labs {

/// Element sizes: float, float2, float4 (one 32-, 64- or 128-bit load and store per thread).
inline constexpr int kCoalescingElementBytes[] = {4, 8, 16};
/// The seed's non-coalesced example, x[tid*100]: a stride of its own beyond the slider's 1..64.
inline constexpr int kSeedStride = 100;
/// The strides a sweep visits (the slider offers every stride 1..64 and the seed's 100).
inline constexpr int kCoalescingSweepStrides[] = {1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32, 48, 64, kSeedStride};
inline constexpr int kCoalescingSweepCount = sizeof(kCoalescingSweepStrides) / sizeof(kCoalescingSweepStrides[0]);
/// Threads per block of the copy: whole warps, and enough blocks to fill every SM many times.
inline constexpr int kCoalescingThreadsPerBlock = 256;

}  // namespace warpscope::labs
