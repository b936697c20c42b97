#pragma once
/// \file sgemm_kernels.h
/// The SGEMM kernels of matmul-tiling and the small kernels around them (inputs, comparison).
/// Included by the kernels (.cu, C++17) and the host side. Row-major n x n floats throughout.

#include <cuda_runtime_api.h>

#include <cstdint>

#include "cuda/kernels/host_device.h"
#include "labs/matmul_tiling/sgemm_variants.h"

namespace warpscope::cuda {

/// Element i of the input matrix with this seed: a hash mapped to [-1, 1) in steps of 2^-23, so
/// the host computes exactly the floats the device wrote and needs no copy of A or B.
WS_HD inline float sgemmInput(std::uint32_t seed, std::uint32_t i) {
  std::uint32_t h = i * 0x9E3779B1u ^ seed;
  h ^= h >> 16;
  h *= 0x7FEB352Du;
  h ^= h >> 15;
  h *= 0x846CA68Bu;
  h ^= h >> 16;
  return static_cast<float>(h >> 8) * (1.0f / 8388608.0f) - 1.0f;
}

/// The kernel of a variant (for cudaFuncGetAttributes and the occupancy API), or nullptr when
/// no kernel is compiled for it (Tiled with a width outside kSgemmTileWidths).
const void* sgemmKernel(labs::SgemmVariant variant, int tileWidth);

/// Block shape of a variant's launch.
dim3 sgemmBlock(labs::SgemmVariant variant, int tileWidth);

/// Launches C = A x B with the variant (n a multiple of labs::kSgemmSizeMultiple). Returns
/// cudaGetLastError().
cudaError_t launchSgemm(labs::SgemmVariant variant, int tileWidth, const float* a, const float* b, float* c, int n);

/// Fills out[0 .. count) with sgemmInput(seed, i).
cudaError_t launchFillInputs(float* out, std::uint64_t count, std::uint32_t seed);

/// What compareMatrices found.
struct CompareResult {
  unsigned long long badCount = 0;  ///< Entries with |c - ref| > tol, or not finite (the poison).
  unsigned long long firstBad = 0;  ///< Lowest index of a bad entry (count when none).
  float maxAbsDiff = 0;             ///< Over the finite entries.
};

/// Compares c with ref entry by entry on the device (ref == nullptr: only checks every entry is
/// finite, i.e. overwrote the NaN poison). scratch: device memory for 3 x 8 bytes. Blocks until
/// done. Returns the first CUDA error.
cudaError_t compareMatrices(const float* c, const float* ref, std::uint64_t count, float tol, void* scratch,
                            CompareResult* result);

}  // namespace warpscope::cuda
