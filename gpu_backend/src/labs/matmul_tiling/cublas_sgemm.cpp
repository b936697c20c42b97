#include "labs/matmul_tiling/cublas_sgemm.h"

#include <string>

#include "cuda/cuda_check.h"
#include "cuda/dynamic_library.h"

#if WARPSCOPE_HAVE_CUBLAS
#include <cublas_v2.h>
#endif

namespace warpscope::cuda {

#if WARPSCOPE_HAVE_CUBLAS

namespace {

/// cuBLAS's functions this lab calls, from libcublas opened on first use (its exported names:
/// cublas_v2.h maps cublasCreate to cublasCreate_v2 and so on).
struct CublasApi {
  // The soname of the cuBLAS the build's headers describe (libcublas.so.13 for CUDA 13).
  DynamicLibrary library{("libcublas.so." + std::to_string(CUBLAS_VER_MAJOR)).c_str()};
  decltype(&cublasCreate_v2) create = library.function<decltype(cublasCreate_v2)>("cublasCreate_v2");
  decltype(&cublasDestroy_v2) destroy = library.function<decltype(cublasDestroy_v2)>("cublasDestroy_v2");
  decltype(&cublasSetMathMode) setMathMode = library.function<decltype(cublasSetMathMode)>("cublasSetMathMode");
  decltype(&cublasSgemm_v2) sgemm = library.function<decltype(cublasSgemm_v2)>("cublasSgemm_v2");
  decltype(&cublasGetVersion_v2) getVersion = library.function<decltype(cublasGetVersion_v2)>("cublasGetVersion_v2");
  decltype(&cublasGetStatusName) statusName = library.function<decltype(cublasGetStatusName)>("cublasGetStatusName");
  decltype(&cublasGetStatusString) statusString =
      library.function<decltype(cublasGetStatusString)>("cublasGetStatusString");
  [[nodiscard]] bool complete() const {
    return create && destroy && setMathMode && sgemm && getVersion && statusName && statusString;
  }
};

CublasApi& api() {
  static CublasApi loaded;  // opened once, on the first lab run that asks (thread-safe)
  return loaded;
}

/// A failed cuBLAS call as a CudaError (cuBLAS has its own status type; the runtime code says
/// only that a library call failed).
void throwIfCublasFailed(cublasStatus_t status, const char* call) {
  if (status == CUBLAS_STATUS_SUCCESS) return;
  throw CudaError(cudaErrorUnknown, std::string(call) + " failed: " + api().statusName(status) + " (" +
                                        api().statusString(status) + ")");
}

}  // namespace

struct CublasSgemm::Impl {
  cublasHandle_t handle = nullptr;
};

std::string cublasUnavailableReason() {
  CublasApi& a = api();
  return a.complete() ? std::string() : "cuBLAS could not be loaded (" + a.library.error() + ")";
}

CublasSgemm::CublasSgemm() : impl_(std::make_unique<Impl>()) {
  if (const std::string why = cublasUnavailableReason(); !why.empty()) throw CudaError(cudaErrorNotSupported, why);
  throwIfCublasFailed(api().create(&impl_->handle), "cublasCreate");
  // Said explicitly: the default mode computes SGEMM in FP32; TF32 tensor cores only with
  // CUBLAS_TF32_TENSOR_OP_MATH (or NVIDIA_TF32_OVERRIDE=1 in the environment).
  throwIfCublasFailed(api().setMathMode(impl_->handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
}

CublasSgemm::~CublasSgemm() {
  if (impl_ && impl_->handle) (void)api().destroy(impl_->handle);
}

void CublasSgemm::multiply(const float* a, const float* b, float* c, int n) {
  // cuBLAS is column-major: a row-major matrix is its transpose, and C^T = B^T A^T, so
  // multiplying B by A column-major writes the row-major C.
  const float one = 1.0f;
  const float zero = 0.0f;
  throwIfCublasFailed(api().sgemm(impl_->handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b, n, a, n, &zero, c, n),
                      "cublasSgemm");
}

std::string CublasSgemm::description() const {
  int version = 0;
  (void)api().getVersion(impl_->handle, &version);
  return "cuBLAS " + std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
         std::to_string(version % 100) + " (" + api().library.name() +
         ", loaded on first use), cublasSgemm in the default math mode (FP32, no TF32)";
}

#else  // the toolkit has no cuBLAS headers

struct CublasSgemm::Impl {};

std::string cublasUnavailableReason() { return "cuBLAS not in this toolkit (the build found no cublas_v2.h)"; }

CublasSgemm::CublasSgemm() { throw CudaError(cudaErrorNotSupported, cublasUnavailableReason()); }
CublasSgemm::~CublasSgemm() = default;
void CublasSgemm::multiply(const float*, const float*, float*, int) {}
std::string CublasSgemm::description() const { return cublasUnavailableReason(); }

#endif

}  // namespace warpscope::cuda
