#pragma once
/// \file cublas_sgemm.h
/// cuBLAS SGEMM, the vendor's reference for matmul-tiling, when the CUDA toolkit has cuBLAS
/// (lab.cmake defines WARPSCOPE_HAVE_CUBLAS only then). libcublas is opened on first use
/// (cuda/dynamic_library.h), never at program start. Row-major C = A x B, true FP32: the handle
/// keeps cuBLAS's default math mode (no TF32 tensor cores).

#include <memory>
#include <string>

namespace warpscope::cuda {

/// "" when cuBLAS can be used (its headers were there at build time and libcublas loads now);
/// otherwise why not. The first call opens the library.
std::string cublasUnavailableReason();

/// One cuBLAS handle on the current device. Construct only when cublasUnavailableReason() is "".
class CublasSgemm {
 public:
  /// Throws CudaError (with cuBLAS's status name) when the handle cannot be created.
  CublasSgemm();
  ~CublasSgemm();
  CublasSgemm(const CublasSgemm&) = delete;
  CublasSgemm& operator=(const CublasSgemm&) = delete;

  /// Enqueues C = A x B (row-major n x n) on the default stream. Throws CudaError on a bad status.
  void multiply(const float* a, const float* b, float* c, int n);

  /// "cuBLAS 13.0.0, default math mode (FP32)" for the notes.
  [[nodiscard]] std::string description() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace warpscope::cuda
