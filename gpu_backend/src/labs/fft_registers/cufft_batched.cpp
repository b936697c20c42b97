#include "labs/fft_registers/cufft_batched.h"

#include <string>

#include "cuda/cuda_check.h"
#include "cuda/dynamic_library.h"

#if WARPSCOPE_HAVE_CUFFT
#include <cufft.h>
#endif

namespace warpscope::cuda {

#if WARPSCOPE_HAVE_CUFFT

namespace {

/// cuFFT's functions the lab calls, from libcufft opened on first use.
struct CufftApi {
  // The soname of the cuFFT the build's headers describe (libcufft.so.12 for CUDA 13).
  DynamicLibrary library{("libcufft.so." + std::to_string(CUFFT_VER_MAJOR)).c_str()};
  decltype(&cufftPlanMany) planMany = library.function<decltype(cufftPlanMany)>("cufftPlanMany");
  decltype(&cufftDestroy) destroy = library.function<decltype(cufftDestroy)>("cufftDestroy");
  decltype(&cufftExecC2C) execC2C = library.function<decltype(cufftExecC2C)>("cufftExecC2C");
  decltype(&cufftGetVersion) getVersion = library.function<decltype(cufftGetVersion)>("cufftGetVersion");
  [[nodiscard]] bool complete() const { return planMany && destroy && execC2C && getVersion; }
};

CufftApi& api() {
  static CufftApi loaded;  // opened once, on the first run that asks (thread-safe)
  return loaded;
}

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

std::string cufftUnavailableReason() {
  CufftApi& a = api();
  return a.complete() ? std::string() : "cuFFT could not be loaded (" + a.library.error() + ")";
}

CufftBatched::CufftBatched(unsigned points, unsigned batch)
    : impl_(std::make_unique<Impl>()), points_(points), batch_(batch) {
  if (const std::string why = cufftUnavailableReason(); !why.empty()) throw CudaError(cudaErrorNotSupported, why);
  int n = static_cast<int>(points);
  // Contiguous transforms: stride 1 within one, N between them (inembed/onembed null: the plain layout).
  throwIfCufftFailed(api().planMany(&impl_->plan, 1, &n, nullptr, 1, n, nullptr, 1, n, CUFFT_C2C, static_cast<int>(batch)),
                     "cufftPlanMany");
  impl_->made = true;
}

CufftBatched::~CufftBatched() {
  if (impl_ && impl_->made) (void)api().destroy(impl_->plan);
}

void CufftBatched::forward(const void* in, void* out) {
  // cufftExecC2C takes a non-const input; an out-of-place 1-D C2C transform does not write it.
  throwIfCufftFailed(api().execC2C(impl_->plan, static_cast<cufftComplex*>(const_cast<void*>(in)),
                                  static_cast<cufftComplex*>(out), CUFFT_FORWARD),
                     "cufftExecC2C");
}

std::string CufftBatched::description() const {
  int version = 0;
  (void)api().getVersion(&version);
  // CUFFT_VERSION: major x 1000 + minor x 100 + patch (12000 is cuFFT 12.0.0).
  return "cuFFT " + std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 100) + "." +
         std::to_string(version % 100) + " (" + api().library.name() + ", loaded on first use), cufftPlanMany C2C forward, " + std::to_string(batch_) + " x " +
         std::to_string(points_) + " points, out of place";
}

#else  // the toolkit has no cuFFT

struct CufftBatched::Impl {};

std::string cufftUnavailableReason() { return "cuFFT not in this toolkit (the build found no cufft.h)"; }

CufftBatched::CufftBatched(unsigned points, unsigned batch) : points_(points), batch_(batch) {
  throw CudaError(cudaErrorNotSupported, cufftUnavailableReason());
}
CufftBatched::~CufftBatched() = default;
void CufftBatched::forward(const void*, void*) {}
std::string CufftBatched::description() const { return cufftUnavailableReason(); }

#endif

}  // namespace warpscope::cuda
