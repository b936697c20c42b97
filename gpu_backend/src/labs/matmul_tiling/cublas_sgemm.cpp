#include "labs/matmul_tiling/cublas_sgemm.h"

#include <string>

#include "cuda/cuda_check.h"

#if WARPSCOPE_HAVE_CUBLAS
#include <cublas_v2.h>
#endif

namespace warpscope::cuda {

#if WARPSCOPE_HAVE_CUBLAS

namespace {

/// A failed cuBLAS call as a CudaError (cuBLAS has its own status type; the runtime code says
/// only that a library call failed).
void throwIfCublasFailed(cublasStatus_t status, const char* call) {
  if (status == CUBLAS_STATUS_SUCCESS) return;
  throw CudaError(cudaErrorUnknown, std::string(call) + " failed: " + cublasGetStatusName(status) + " (" +
                                        cublasGetStatusString(status) + ")");
}

}  // namespace

struct CublasSgemm::Impl {
  cublasHandle_t handle = nullptr;
};

bool cublasInThisBuild() { return true; }

CublasSgemm::CublasSgemm() : impl_(std::make_unique<Impl>()) {
  throwIfCublasFailed(cublasCreate(&impl_->handle), "cublasCreate");
  // Said explicitly: the default mode computes SGEMM in FP32; TF32 tensor cores only with
  // CUBLAS_TF32_TENSOR_OP_MATH (or NVIDIA_TF32_OVERRIDE=1 in the environment).
  throwIfCublasFailed(cublasSetMathMode(impl_->handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
}

CublasSgemm::~CublasSgemm() {
  if (impl_ && impl_->handle) (void)cublasDestroy(impl_->handle);
}

void CublasSgemm::multiply(const float* a, const float* b, float* c, int n) {
  // cuBLAS is column-major: a row-major matrix is its transpose, and C^T = B^T A^T, so
  // multiplying B by A column-major writes the row-major C.
  const float one = 1.0f;
  const float zero = 0.0f;
  throwIfCublasFailed(cublasSgemm(impl_->handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b, n, a, n, &zero, c, n),
                      "cublasSgemm");
}

std::string CublasSgemm::description() const {
  int version = 0;
  (void)cublasGetVersion(impl_->handle, &version);
  return "cuBLAS " + std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
         std::to_string(version % 100) + ", cublasSgemm in the default math mode (FP32, no TF32)";
}

#else  // the toolkit has no cuBLAS

struct CublasSgemm::Impl {};

bool cublasInThisBuild() { return false; }

CublasSgemm::CublasSgemm() { throw CudaError(cudaErrorNotSupported, "cuBLAS not in this toolkit"); }
CublasSgemm::~CublasSgemm() = default;
void CublasSgemm::multiply(const float*, const float*, float*, int) {}
std::string CublasSgemm::description() const { return "cuBLAS not in this toolkit"; }

#endif

}  // namespace warpscope::cuda
