#pragma once
/// \file fft_registers_kernels.h
/// The fft-registers lab's kernels (labs/fft_registers/fft_registers_shape.h says what they do):
/// one kernel per size and points per thread, the input fill, and the on-GPU comparison of every
/// output with a reference. Host-callable launch wrappers; no C++20 here.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace warpscope::cuda {

/// The kernel of (points, pointsPerThread) for cudaFuncGetAttributes and the occupancy API, and
/// its block: nullptr for a pair the lab does not have.
struct FftKernelShape {
  const void* function = nullptr;
  unsigned blockThreads = 0;
  unsigned transformsPerBlock = 0;
};
FftKernelShape fftKernelShape(unsigned points, unsigned pointsPerThread);

/// `batch` forward transforms (CUFFT_FORWARD, unscaled, natural order) of `points` complex floats
/// (float2), from in to out (out of place; batch a multiple of the kernel's transforms per
/// block). Returns cudaGetLastError(), or cudaErrorInvalidValue for a pair or batch it lacks.
cudaError_t launchFftRegisters(unsigned points, unsigned pointsPerThread, const void* in, void* out, unsigned batch);

/// Fills `floats` floats with labs::fftInputValue(seed, i).
cudaError_t launchFillFftInput(float* data, std::size_t floats, std::uint32_t seed);

/// What the comparison found, over every transform: the largest of (largest |got - ref| of a
/// transform / the rms of its reference), how many transforms exceed `tolerance` (a NaN counts),
/// and the first such transform.
struct FftComparison {
  float worstErrorOverRms = 0;
  unsigned transformsOver = 0;
  unsigned firstOver = 0xFFFFFFFFu;
};
/// Compares every output of `batch` transforms (one warp per transform); `scratch` holds 3 words
/// of device memory. Synchronous: returns after copying the result back.
cudaError_t compareFftOutputs(const void* got, const void* reference, unsigned points, unsigned batch, float tolerance,
                              void* scratch, FftComparison* result);

}  // namespace warpscope::cuda
