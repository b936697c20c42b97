#include "labs/matmul_tiling/sgemm_bench.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "cuda/cuda_check.h"
#include "labs/matmul_tiling/cublas_sgemm.h"
#include "labs/matmul_tiling/sgemm_kernels.h"

namespace warpscope::cuda {

using labs::SgemmRecord;
using labs::SgemmVariant;

namespace {

/// count indices spread evenly over 0 .. n-1, the first and the last included.
std::vector<int> spread(int n, int count) {
  std::vector<int> out;
  for (int i = 0; i < count; ++i) out.push_back(static_cast<int>(static_cast<long long>(n - 1) * i / (count - 1)));
  return out;
}

constexpr int kSampleRows = 12;
constexpr int kSampleCols = 12;

}  // namespace

std::vector<SgemmSample> sgemmReferenceSample(int n, std::uint32_t seedA, std::uint32_t seedB, int rows, int cols) {
  const double u = std::ldexp(1.0, -24);
  const double gamma = n * u / (1.0 - n * u);
  std::vector<SgemmSample> sample;
  const std::vector<int> colIds = spread(n, cols);
  std::vector<std::vector<double>> bColumns;
  for (int c : colIds) {
    std::vector<double> column(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) column[static_cast<std::size_t>(k)] = sgemmInput(seedB, static_cast<std::uint32_t>(k * n + c));
    bColumns.push_back(std::move(column));
  }
  std::vector<double> aRow(static_cast<std::size_t>(n));
  for (int r : spread(n, rows)) {  // row by row: the check copies one row of C per sampled row
    for (int k = 0; k < n; ++k) aRow[static_cast<std::size_t>(k)] = sgemmInput(seedA, static_cast<std::uint32_t>(r * n + k));
    for (std::size_t ci = 0; ci < colIds.size(); ++ci) {
      double sum = 0;
      double sumAbs = 0;
      for (int k = 0; k < n; ++k) {
        const double p = aRow[static_cast<std::size_t>(k)] * bColumns[ci][static_cast<std::size_t>(k)];  // exact in double
        sum += p;
        sumAbs += std::fabs(p);
      }
      sample.push_back({r, colIds[ci], sum, gamma * sumAbs});
    }
  }
  return sample;
}

float sgemmFullCompareTolerance(int n) {
  return static_cast<float>(std::pow(static_cast<double>(n), 1.5) * std::ldexp(1.0, -24));
}

SgemmBench::SgemmBench() = default;
SgemmBench::~SgemmBench() = default;

void SgemmBench::prepare(const DeviceInfo& device, int n, std::uint64_t seed) {
  device_ = device;
  const std::size_t bytes = sizeof(float) * static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  if (n != n_) {
    // Free before allocating: four n x n matrices of the old size plus the new would be wasteful.
    // n_ is 0 until every buffer of the new size exists, so an allocation that throws leaves no
    // state a later run could mistake for prepared buffers.
    n_ = 0;
    a_ = DeviceBuffer();
    b_ = DeviceBuffer();
    c_ = DeviceBuffer();
    cublasC_ = DeviceBuffer();
    a_ = DeviceBuffer(bytes);
    b_ = DeviceBuffer(bytes);
    c_ = DeviceBuffer(bytes);
    if (cublasUnavailableReason().empty()) cublasC_ = DeviceBuffer(bytes);
    if (!scratch_.get()) scratch_ = DeviceBuffer(64);
    n_ = n;
  }
  const auto seedA = static_cast<std::uint32_t>(seed);
  const auto seedB = static_cast<std::uint32_t>(seed >> 32) ^ 0x5bd1e995u;
  const std::uint64_t count = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  WS_CUDA_CHECK(launchFillInputs(a_.as<float>(), count, seedA));
  WS_CUDA_CHECK(launchFillInputs(b_.as<float>(), count, seedB));
  haveCublasC_ = false;
  sample_ = sgemmReferenceSample(n, seedA, seedB, kSampleRows, kSampleCols);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
}

std::string SgemmBench::cublasDescription() const {
  return cublas_ ? cublas_->description() : cublasAbsentReason_;
}

std::optional<SgemmRecord> SgemmBench::measureCublas(const TimingPolicy& policy, const CancelToken* cancel) {
  if (const std::string why = cublasUnavailableReason(); !why.empty()) {
    cublasAbsentReason_ = why + ".";
    return std::nullopt;
  }
  if (!cublas_) cublas_ = std::make_unique<CublasSgemm>();
  const std::size_t bytes = cublasC_.bytes();
  WS_CUDA_CHECK(cudaMemset(cublasC_.get(), 0xFF, bytes));  // poison: NaN
  const float* a = a_.as<float>();
  const float* b = b_.as<float>();
  float* c = cublasC_.as<float>();
  const int n = n_;
  const TimingStats t = timeLaunches([&] { cublas_->multiply(a, b, c, n); }, policy, cancel);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  checkFull("cuBLAS SGEMM", c);  // no reference yet: every entry overwrote the poison
  checkSample("cuBLAS SGEMM", c);
  haveCublasC_ = true;
  const RateStats gflops = ratesFrom(t, labs::sgemmFlops(n) / 1e9);
  SgemmRecord r;
  r.gflopsMedian = gflops.median;
  r.gflopsMin = gflops.min;
  r.gflopsMax = gflops.max;
  return r;
}

SgemmRecord SgemmBench::measure(SgemmVariant variant, int tileWidth, const TimingPolicy& policy,
                                const CancelToken* cancel) {
  const void* kernel = sgemmKernel(variant, tileWidth);
  if (!kernel)
    throw BadInputError("tile_width = " + std::to_string(tileWidth) + " has no compiled kernel (8, 16, 32)");
  const labs::SgemmTiling tiling = labs::sgemmTiling(variant, tileWidth);
  SgemmRecord r;
  r.variant = variant;
  cudaFuncAttributes attributes{};
  WS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
  r.registersPerThread = attributes.numRegs;
  r.spillBytes = static_cast<int>(attributes.localSizeBytes);
  WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&r.blocksPerSm, kernel, tiling.threadsPerBlock, 0));
  const int warpsPerBlock = (tiling.threadsPerBlock + device_.warpSize - 1) / device_.warpSize;
  r.occupancyPct = 100.0 * r.blocksPerSm * warpsPerBlock / (device_.maxThreadsPerSm / device_.warpSize);

  float* c = c_.as<float>();
  WS_CUDA_CHECK(cudaMemset(c, 0xFF, c_.bytes()));  // poison: NaN, which no product of finite inputs gives
  const float* a = a_.as<float>();
  const float* b = b_.as<float>();
  const int n = n_;
  const TimingStats t = timeLaunches([&] { WS_CUDA_CHECK(launchSgemm(variant, tileWidth, a, b, c, n)); }, policy, cancel);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  const std::string what = labs::sgemmVariantLabel(variant, tileWidth);
  checkFull(what, c);
  checkSample(what, c);
  const RateStats gflops = ratesFrom(t, labs::sgemmFlops(n) / 1e9);
  r.gflopsMedian = gflops.median;
  r.gflopsMin = gflops.min;
  r.gflopsMax = gflops.max;
  return r;
}

void SgemmBench::poisonC() { WS_CUDA_CHECK(cudaMemset(c_.get(), 0xFF, c_.bytes())); }

void SgemmBench::launchEveryVariantUntimed(int tileWidth) {
  for (SgemmVariant v : labs::kSgemmVariants)
    WS_CUDA_CHECK(launchSgemm(v, tileWidth, a_.as<float>(), b_.as<float>(), c_.as<float>(), n_));
}

void SgemmBench::checkCountedC(int tileWidth) {
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  const std::string what =
      labs::sgemmVariantLabel(labs::kSgemmVariants[labs::kSgemmVariantCount - 1], tileWidth) + " (counted launch)";
  checkFull(what, c_.as<float>());
  checkSample(what, c_.as<float>());
}

void SgemmBench::checkFull(const std::string& what, const float* c) {
  const std::uint64_t count = static_cast<std::uint64_t>(n_) * static_cast<std::uint64_t>(n_);
  const float tol = sgemmFullCompareTolerance(n_);
  CompareResult cmp;
  WS_CUDA_CHECK(compareMatrices(c, haveCublasC_ ? cublasC_.as<float>() : nullptr, count, tol, scratch_.get(), &cmp));
  if (cmp.badCount > 0) {
    const auto row = static_cast<long long>(cmp.firstBad / static_cast<std::uint64_t>(n_));
    const auto col = static_cast<long long>(cmp.firstBad % static_cast<std::uint64_t>(n_));
    std::ostringstream text;
    text << "matmul-tiling check failed (" << what << ", N = " << n_ << "): " << cmp.badCount << " of " << count
         << " entries "
         << (haveCublasC_ ? "differ from cuBLAS's C by more than " + std::to_string(tol) + " or are not finite"
                          : std::string("are not finite (the NaN poison was not overwritten)"))
         << "; the first at row " << row << ", column " << col;
    throw CheckFailed(text.str());
  }
  fullChecked_ += static_cast<long long>(count);
}

void SgemmBench::checkSample(const std::string& what, const float* c) {
  rowScratch_.resize(static_cast<std::size_t>(n_));
  int loadedRow = -1;
  for (const SgemmSample& s : sample_) {
    if (s.row != loadedRow) {
      WS_CUDA_CHECK(cudaMemcpy(rowScratch_.data(), c + static_cast<std::size_t>(s.row) * static_cast<std::size_t>(n_),
                               sizeof(float) * static_cast<std::size_t>(n_), cudaMemcpyDeviceToHost));
      loadedRow = s.row;
    }
    const double got = rowScratch_[static_cast<std::size_t>(s.col)];
    const double error = std::fabs(got - s.reference);
    // The bound is for the float rounding of the products' sum; the last rounding of C adds u|c|.
    const double allowed = s.bound + std::ldexp(std::fabs(s.reference), -24);
    if (!(error <= allowed)) {
      std::ostringstream text;
      text.precision(9);
      text << "matmul-tiling check failed (" << what << ", N = " << n_ << "): C(" << s.row << ", " << s.col
           << ") = " << got << ", the host's double-precision value is " << s.reference << " (error " << error
           << " > bound " << allowed << ")";
      throw CheckFailed(text.str());
    }
    if (allowed > 0) worstRatio_ = std::max(worstRatio_, error / allowed);
    ++sampledChecked_;
  }
}

}  // namespace warpscope::cuda
