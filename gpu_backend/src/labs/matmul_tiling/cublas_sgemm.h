#pragma once
/// \file cublas_sgemm.h
/// cuBLAS SGEMM, the vendor's reference for matmul-tiling, when the CUDA toolkit has cuBLAS
/// (lab.cmake links CUDA::cublas and defines WARPSCOPE_HAVE_CUBLAS only then). Row-major
/// C = A x B, true FP32: the handle keeps cuBLAS's default math mode (no TF32 tensor cores).

#include <memory>
#include <string>

namespace warpscope::cuda {

/// True when this build links cuBLAS.
bool cublasInThisBuild();

/// One cuBLAS handle on the current device. Construct only when cublasInThisBuild().
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
