#pragma once
/// \file coalescing_shape.h
/// The coalescing lab's kernel shape, written once for the kernels (.cu, C++17), the host checks
/// and the model: element j of a launch, offset + j x stride of an array of elementBytes elements,
/// is read from one buffer and written to the other at the same index. The 2D case copies a whole
/// square row-major matrix of floats the same way, element j at matrixElement(mapping, j, side).
/// Only C++17 and WS_HD.

#include "cuda/kernels/host_device.h"

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

/// The 2D case (seed 002, "One thread per row or one thread per column?"): a square matrix of
/// floats, row-major (row r starts at r x side), copied element by element by threads laid out as
/// the strided copy's (kCoalescingBytesInFlight bytes per thread). The sides the slider offers: the
/// matrix is 16 to 1024 MiB, from under the L2 of the GPUs modelled to many times it.
inline constexpr int kMatrixSides[] = {2048, 4096, 8192, 16384};
inline constexpr int kMatrixDefaultSide = 8192;
inline constexpr int kMatrixElementBytes = 4;

/// What a thread's index is mapped to. ThreadPerColumn: consecutive threads take consecutive
/// columns of one row, so a warp's 32 lanes read 128 consecutive bytes (the slide's B, coalesced).
/// ThreadPerRow: consecutive threads take consecutive rows of one column, so the lanes are a row
/// pitch apart (the slide's A: lanes walk down a column, not coalesced).
enum class MatrixMapping { ThreadPerColumn = 0, ThreadPerRow = 1 };
inline constexpr int kMatrixMappingCount = 2;

/// The element (row x side + column) that work item j of the launch copies. ThreadPerColumn walks
/// the matrix in its own row-major order; ThreadPerRow walks it column by column, j mod side being
/// the row, so that the whole matrix is still copied exactly once.
WS_HD constexpr unsigned long long matrixElement(MatrixMapping mapping, unsigned long long j, unsigned long long side) {
  return mapping == MatrixMapping::ThreadPerColumn ? j : (j % side) * side + j / side;
}

}  // namespace warpscope::labs
