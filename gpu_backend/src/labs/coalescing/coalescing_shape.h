#pragma once
/// \file coalescing_shape.h
/// The coalescing lab's kernel shape, written once for the kernels (.cu, C++17), the host checks
/// and the model: element j of a launch, offset + j x stride of an array of elementBytes elements,
/// is read from one buffer and written to the other at the same index. Dependency-free.

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
/// Bytes each thread loads before it stores any (32 floats, 16 float2 or 8 float4): with fewer, the
/// copy is latency bound at stride 1 (latency-memory: 64 bytes reach 0.898 of cudaMemcpy on the
/// H200, 128 more) and could not show the memory system's rate.
inline constexpr int kCoalescingBytesInFlight = 128;
/// Elements a launch copies come in multiples of this: whole blocks of threads, each with its share.
constexpr unsigned long long coalescingElementQuantum(int elementBytes) {
  return static_cast<unsigned long long>(kCoalescingThreadsPerBlock) * (kCoalescingBytesInFlight / elementBytes);
}

}  // namespace warpscope::labs
