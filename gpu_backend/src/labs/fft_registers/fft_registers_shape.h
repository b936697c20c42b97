#pragma once
/// \file fft_registers_shape.h
/// The fft-registers lab's work, written once for the kernels (.cu, C++17), the host's emulation
/// and checks, and the model: a batch of complex single-precision FFTs of N points (256, 512 or
/// 1024), each held in the registers of T = N / P threads, P points per thread. Every pass does
/// radix-P butterflies in registers (the last one radix N / P^k when P does not divide out), and
/// between passes the threads of a transform exchange their points through shared memory
/// (Stockham's self-sorting order, so the output is in natural order, like cuFFT's). Only C++17
/// and WS_HD.

#include <cstdint>

#include "cuda/kernels/host_device.h"

namespace warpscope::labs {

/// Points of one launch, whatever N: 2^25 complex floats, 256 MiB read and 256 MiB written,
/// several times the 50-60 MiB L2 of the GPUs the lab models (so every pass over the data is a
/// pass over DRAM), and about 0.13 ms a launch on an H200: long past launch overhead.
inline constexpr unsigned kFftTotalPoints = 1u << 25;
/// The smallest block: several transforms share a block when T is smaller, so that tiny blocks
/// (16 threads for 256 points at 16 per thread) do not run into the 32-blocks-per-SM limit.
inline constexpr unsigned kFftMinBlockThreads = 128;
inline constexpr unsigned kFftMaxPoints = 1024;
inline constexpr unsigned kFftMaxPointsPerThread = 16;

/// Bytes one point moves through DRAM: a complex float read and one written.
inline constexpr double kFftBytesPerPoint = 16;

/// Threads that hold one transform.
WS_HD constexpr unsigned fftThreadsPerTransform(unsigned points, unsigned pointsPerThread) {
  return points / pointsPerThread;
}
/// Transforms one block holds: enough for kFftMinBlockThreads threads.
WS_HD constexpr unsigned fftTransformsPerBlock(unsigned points, unsigned pointsPerThread) {
  return fftThreadsPerTransform(points, pointsPerThread) >= kFftMinBlockThreads
             ? 1u
             : kFftMinBlockThreads / fftThreadsPerTransform(points, pointsPerThread);
}
WS_HD constexpr unsigned fftBlockThreads(unsigned points, unsigned pointsPerThread) {
  return fftTransformsPerBlock(points, pointsPerThread) * fftThreadsPerTransform(points, pointsPerThread);
}

/// Shared memory: one float array for the real parts and one for the imaginary parts (4-byte
/// words, one bank each), a word skipped after every 32 (index a is stored at a + a / 32), so
/// that the first passes' strided stores (thread j writes j x R + r) fall in different banks.
WS_HD constexpr unsigned fftPadded(unsigned index) { return index + (index >> 5); }
/// Floats per transform in each of the two arrays.
WS_HD constexpr unsigned fftSharedStride(unsigned points) { return points + points / 32; }
WS_HD constexpr unsigned fftSharedBytesPerBlock(unsigned points, unsigned pointsPerThread) {
  return 2u * 4u * fftTransformsPerBlock(points, pointsPerThread) * fftSharedStride(points);
}

/// The radix of the pass that starts with `doneSpan` points already combined (1, P, P^2, ...):
/// P, or what is left of N when that is smaller (1024 at 16 per thread: 16, 16, 4).
WS_HD constexpr unsigned fftPassRadix(unsigned points, unsigned pointsPerThread, unsigned doneSpan) {
  return points / doneSpan < pointsPerThread ? points / doneSpan : pointsPerThread;
}
/// Passes of one transform (log_P N rounded up); exchanges through shared memory are one fewer.
WS_HD constexpr unsigned fftPassCount(unsigned points, unsigned pointsPerThread) {
  unsigned passes = 0;
  for (unsigned span = 1; span < points; span *= fftPassRadix(points, pointsPerThread, span)) ++passes;
  return passes;
}

/// Thread j of a transform holds, before every pass, points j + m T (m = 0 .. P-1): coalesced in
/// global memory on the first load, and the index it reads back from shared memory after every
/// exchange.
WS_HD constexpr unsigned fftHeldIndex(unsigned points, unsigned pointsPerThread, unsigned thread, unsigned m) {
  return thread + m * fftThreadsPerTransform(points, pointsPerThread);
}

/// Where a pass's output r of butterfly s (s = 0 .. P/R - 1) of thread j goes (Stockham): the
/// butterfly's index jj = j + s T in the pass, k = jj mod span, stored at
/// (jj / span) x span x R + k + r x span. After the last pass (span x R = N) this is
/// fftHeldIndex(j, s + r P/R): the output is stored where it was loaded from, in natural order.
WS_HD constexpr unsigned fftPassOutputIndex(unsigned points, unsigned pointsPerThread, unsigned doneSpan,
                                            unsigned thread, unsigned s, unsigned r) {
  const unsigned radix = fftPassRadix(points, pointsPerThread, doneSpan);
  const unsigned jj = thread + s * fftThreadsPerTransform(points, pointsPerThread);
  return (jj / doneSpan) * doneSpan * radix + (jj & (doneSpan - 1)) + r * doneSpan;
}

/// The lab's input: element i (real and imaginary parts counted separately, 2 per point) of the
/// run's pattern `seed`, uniform in [-1, 1) on a grid of 2^-23 (a murmur-style mix). Filled on the
/// GPU and recomputed by the host's reference of sampled transforms.
WS_HD inline float fftInputValue(std::uint32_t seed, std::uint64_t element) {
  std::uint32_t x = static_cast<std::uint32_t>(element) ^ (static_cast<std::uint32_t>(element >> 32) * 0x27d4eb2du);
  x = (x ^ seed) * 0x9E3779B1u;
  x ^= x >> 15;
  x *= 0x85EBCA77u;
  x ^= x >> 13;
  x *= 0xC2B2AE3Du;
  x ^= x >> 16;
  return static_cast<float>(static_cast<int>(x >> 8) - (1 << 23)) * (1.0f / static_cast<float>(1 << 23));
}

}  // namespace warpscope::labs
