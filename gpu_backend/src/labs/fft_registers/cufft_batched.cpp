#include "labs/fft_registers/cufft_batched.h"

#include <string>

#include "cuda/cuda_check.h"

#if WARPSCOPE_HAVE_CUFFT
#include <cufft.h>
#endif

namespace warpscope::cuda {

#if WARPSCOPE_HAVE_CUFFT

namespace {

/// A failed cuFFT call as a CudaError (cuFFT has its own result type; the runtime code says only
/// that a library call failed).
void throwIfCufftFailed(cufftResult result, const char* call) {
  if (result == CUFFT_SUCCESS) return;
  throw CudaError(cudaErrorUnknown, std::string(call) + " failed: cufftResult " + std::to_string(static_cast<int>(result)));
}

}  // namespace

struct CufftBatched::Impl {
  cufftHandle plan = 0;
  bool made = false;
};

bool cufftInThisBuild() { return true; }

CufftBatched::CufftBatched(unsigned points, unsigned batch)
    : impl_(std::make_unique<Impl>()), points_(points), batch_(batch) {
  int n = static_cast<int>(points);
  // Contiguous transforms: stride 1 within one, N between them (inembed/onembed null: the plain layout).
  throwIfCufftFailed(cufftPlanMany(&impl_->plan, 1, &n, nullptr, 1, n, nullptr, 1, n, CUFFT_C2C, static_cast<int>(batch)),
                     "cufftPlanMany");
  impl_->made = true;
}

CufftBatched::~CufftBatched() {
  if (impl_ && impl_->made) (void)cufftDestroy(impl_->plan);
}

void CufftBatched::forward(const void* in, void* out) {
  // cufftExecC2C takes a non-const input; an out-of-place 1-D C2C transform does not write it.
  throwIfCufftFailed(cufftExecC2C(impl_->plan, static_cast<cufftComplex*>(const_cast<void*>(in)),
                                  static_cast<cufftComplex*>(out), CUFFT_FORWARD),
                     "cufftExecC2C");
}

std::string CufftBatched::description() const {
  int version = 0;
  (void)cufftGetVersion(&version);
  // CUFFT_VERSION: major x 1000 + minor x 100 + patch (12000 is cuFFT 12.0.0).
  return "cuFFT " + std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 100) + "." +
         std::to_string(version % 100) + ", cufftPlanMany C2C forward, " + std::to_string(batch_) + " x " +
         std::to_string(points_) + " points, out of place";
}

#else  // the toolkit has no cuFFT

struct CufftBatched::Impl {};

bool cufftInThisBuild() { return false; }

CufftBatched::CufftBatched(unsigned points, unsigned batch) : points_(points), batch_(batch) {
  throw CudaError(cudaErrorNotSupported, "cuFFT not in this toolkit");
}
CufftBatched::~CufftBatched() = default;
void CufftBatched::forward(const void*, void*) {}
std::string CufftBatched::description() const { return "cuFFT not in this toolkit"; }

#endif

}  // namespace warpscope::cuda
