#pragma once
/// \file cufft_batched.h
/// cuFFT's batched 1-D complex-to-complex plan, the vendor's reference for fft-registers, when the
/// CUDA toolkit has cuFFT (lab.cmake links CUDA::cufft and defines WARPSCOPE_HAVE_CUFFT only then).

#include <memory>
#include <string>

namespace warpscope::cuda {

/// "" when cuFFT can be used (its headers were there at build time and libcufft loads now, on
/// this first call; cuda/dynamic_library.h); otherwise why not.
std::string cufftUnavailableReason();

/// One cufftPlanMany plan on the current device: `batch` contiguous transforms of `points` complex
/// floats, forward. Construct only when cufftUnavailableReason() is "".
class CufftBatched {
 public:
  /// Throws CudaError (with cuFFT's result code) when the plan cannot be made.
  CufftBatched(unsigned points, unsigned batch);
  ~CufftBatched();
  CufftBatched(const CufftBatched&) = delete;
  CufftBatched& operator=(const CufftBatched&) = delete;

  /// Enqueues the forward transform (CUFFT_FORWARD, unscaled) from in to out on the default stream
  /// (out of place: a 1-D C2C plan leaves its input as it was). Throws CudaError on a bad result.
  void forward(const void* in, void* out);

  [[nodiscard]] unsigned points() const { return points_; }
  [[nodiscard]] unsigned batch() const { return batch_; }
  /// "cuFFT 12.0.0, cufftPlanMany C2C, 32768 x 1024 points" for the notes.
  [[nodiscard]] std::string description() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  unsigned points_ = 0;
  unsigned batch_ = 0;
};

}  // namespace warpscope::cuda
