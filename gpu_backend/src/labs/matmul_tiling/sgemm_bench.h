#pragma once
/// \file sgemm_bench.h
/// Measures and checks the SGEMM variants (and cuBLAS) on one device: the device state of
/// matmul-tiling, kept between runs (context.labState<SgemmBench>()) so a rerun neither
/// reallocates 4 x 64 MiB nor recreates the cuBLAS handle.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/timing.h"
#include "labs/matmul_tiling/matmul_tiling_lab.h"

namespace warpscope::cuda {

class CublasSgemm;

/// One sampled entry of C with the host's double-precision value and its error bound.
struct SgemmSample {
  int row = 0;
  int col = 0;
  double reference = 0;  ///< sum_k A(row,k) B(k,col) in double.
  double bound = 0;      ///< gamma_n x sum_k |A(row,k)| |B(k,col)|, gamma_n = n u / (1 - n u), u = 2^-24.
};

/// The host's reference for a sample of entries: rows and columns spread over the matrix (the
/// first and last included), every pair of them. Inputs from sgemmInput(seedA|seedB, index).
std::vector<SgemmSample> sgemmReferenceSample(int n, std::uint32_t seedA, std::uint32_t seedB, int rows, int cols);

/// Absolute tolerance of the full-matrix comparison against cuBLAS: n^1.5 x 2^-24. Typical |c|
/// grows as sqrt(n/3) and rounding error as sqrt(n) u |c|, so this leaves a wide margin, while
/// one missed tile (several products of size ~1/3) is far outside it.
float sgemmFullCompareTolerance(int n);

class SgemmBench : public LabState {
 public:
  SgemmBench();
  ~SgemmBench() override;

  /// Allocates for n (when it changed), fills A and B with fresh seeds and computes the host
  /// sample. Throws CudaError.
  void prepare(const DeviceInfo& device, int n, std::uint64_t seed);

  /// Times cuBLAS and checks it against the host sample; its C becomes the reference for the
  /// full comparisons that follow. Empty (with the reason in cublasAbsentReason()) when this build
  /// has no cuBLAS.
  std::optional<labs::SgemmRecord> measureCublas(const TimingPolicy& policy, const CancelToken* cancel);

  /// Poisons C, times the variant, checks every entry (against cuBLAS's C when measured, else
  /// that it overwrote the poison) and the host sample; reads registers and occupancy. Throws
  /// CudaError, CheckFailed or Cancelled.
  labs::SgemmRecord measure(labs::SgemmVariant variant, int tileWidth, const TimingPolicy& policy,
                            const CancelToken* cancel);

  /// The launches the counters read: poisonC() (outside the counted region: a memset may run as a
  /// kernel of its own), every variant once untimed, then checkCountedC() checks C (the last
  /// variant's) as measure() does. Throws CudaError or CheckFailed.
  void poisonC();
  void launchEveryVariantUntimed(int tileWidth);
  void checkCountedC(int tileWidth);

  [[nodiscard]] const std::string& cublasAbsentReason() const { return cublasAbsentReason_; }
  [[nodiscard]] std::string cublasDescription() const;
  [[nodiscard]] long long sampledEntriesChecked() const { return sampledChecked_; }
  [[nodiscard]] long long fullEntriesChecked() const { return fullChecked_; }
  [[nodiscard]] bool comparedWithCublas() const { return haveCublasC_; }
  [[nodiscard]] double worstSampleErrorOverBound() const { return worstRatio_; }

 private:
  void checkSample(const std::string& what, const float* c);
  void checkFull(const std::string& what, const float* c);

  DeviceInfo device_;
  int n_ = 0;
  DeviceBuffer a_, b_, c_, cublasC_, scratch_;
  std::unique_ptr<CublasSgemm> cublas_;
  std::string cublasAbsentReason_;
  bool haveCublasC_ = false;
  std::vector<SgemmSample> sample_;
  std::vector<float> rowScratch_;
  long long sampledChecked_ = 0;
  long long fullChecked_ = 0;
  double worstRatio_ = 0;
};

}  // namespace warpscope::cuda
