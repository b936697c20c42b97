// Guards fft-registers' kernels on the GPU: every size and points per thread must transform every
// element of a fresh input within the stated tolerance of cuFFT's batched plan (when the build has
// cuFFT) and of the host's double-precision DFT of sampled transforms, leaving no poison behind; the
// lab's own measurement (which checks the same before it times) runs end to end.
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cuda/cuda_backend.h"
#include "cuda/device_buffer.h"
#include "cuda/device_query.h"
#include "labs/fft_registers/cufft_batched.h"
#include "labs/fft_registers/fft_registers_kernels.h"
#include "labs/fft_registers/fft_registers_lab.h"
#include "labs/fft_registers/fft_registers_reference.h"
#include "resolved_run.h"

namespace warpscope {
namespace {

using labs::FftComplex;

/// 4096 transforms: a multiple of every kernel's transforms per block, 32 MiB at 1024 points.
constexpr unsigned kBatch = 4096;

class FftRegistersKernels : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

/// The largest error / rms of `transforms` of `output` against the host's DFT of the input.
double worstAgainstHost(const cuda::DeviceBuffer& output, std::uint32_t seed, unsigned points,
                        const std::vector<std::uint64_t>& transforms) {
  double worst = 0;
  std::vector<FftComplex> got(points);
  for (std::uint64_t t : transforms) {
    WS_CUDA_CHECK(cudaMemcpy(got.data(), output.as<FftComplex>() + t * points, points * sizeof(FftComplex),
                             cudaMemcpyDeviceToHost));
    const double error = labs::fftMaxErrorOverRms(got.data(), labs::fftReferenceDft(labs::fftInputTransform(seed, points, t)));
    EXPECT_TRUE(labs::fftWithinTolerance(error, points)) << "transform " << t << ": " << error;
    worst = std::max(worst, error);
  }
  return worst;
}

TEST_F(FftRegistersKernels, EveryOutputOfEverySizeAndPointsPerThreadMatchesCufftAndTheHost) {
  const std::size_t bytes = std::size_t{kBatch} * 1024 * sizeof(FftComplex);
  cuda::DeviceBuffer input(bytes), output(bytes), reference(bytes), scratch(64);
  const std::uint32_t seed = 0x5eed1234u;
  WS_CUDA_CHECK(cuda::launchFillFftInput(input.as<float>(), std::size_t{kBatch} * 1024 * 2, seed));
  for (unsigned points : {256u, 512u, 1024u}) {
    const std::vector<std::uint64_t> sampled = {0, 1, kBatch / 3, kBatch - 1};
    const float tolerance = static_cast<float>(labs::fftTolerance(points));
    std::unique_ptr<cuda::CufftBatched> cufft;
    if (cuda::cufftUnavailableReason().empty()) {
      cufft = std::make_unique<cuda::CufftBatched>(points, kBatch);
      WS_CUDA_CHECK(cudaMemset(reference.get(), 0xFF, bytes));
      cufft->forward(input.get(), reference.get());
      WS_CUDA_CHECK(cudaDeviceSynchronize());
      std::cout << "  cuFFT, " << points << " points: vs host " << worstAgainstHost(reference, seed, points, sampled) << "\n";
    }
    for (unsigned p : {2u, 4u, 8u, 16u}) {
      SCOPED_TRACE(std::to_string(points) + " points, " + std::to_string(p) + " per thread");
      WS_CUDA_CHECK(cudaMemset(output.get(), 0xFF, bytes));  // NaN: an output no thread wrote shows
      WS_CUDA_CHECK(cuda::launchFftRegisters(points, p, input.get(), output.get(), kBatch));
      WS_CUDA_CHECK(cudaDeviceSynchronize());
      const double host = worstAgainstHost(output, seed, points, sampled);
      cuda::FftComparison every;
      const void* against = cufft ? reference.get() : output.get();  // without cuFFT: no NaN left anywhere
      WS_CUDA_CHECK(cuda::compareFftOutputs(output.get(), against, points, kBatch, tolerance, scratch.get(), &every));
      EXPECT_EQ(every.transformsOver, 0u) << "first " << every.firstOver << ", worst " << every.worstErrorOverRms;
      cudaFuncAttributes attributes{};
      WS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, cuda::fftKernelShape(points, p).function));
      EXPECT_EQ(attributes.localSizeBytes, 0u) << "the points must stay in registers";
      std::cout << "  " << points << " points, " << p << " per thread: " << attributes.numRegs
                << " registers, vs host " << host << (cufft ? ", vs cuFFT " : ", (no cuFFT) ") << every.worstErrorOverRms
                << " (tolerance " << tolerance << ")\n";
    }
  }
}

TEST_F(FftRegistersKernels, TheComparisonCatchesAWrongElementAndThePoison) {
  const unsigned points = 256;
  const std::size_t bytes = std::size_t{kBatch} * points * sizeof(FftComplex);
  cuda::DeviceBuffer input(bytes), output(bytes), scratch(64);
  WS_CUDA_CHECK(cuda::launchFillFftInput(input.as<float>(), std::size_t{kBatch} * points * 2, 42));
  WS_CUDA_CHECK(cuda::launchFftRegisters(points, 16, input.get(), output.get(), kBatch));
  cuda::DeviceBuffer copy(bytes);
  WS_CUDA_CHECK(cudaMemcpy(copy.get(), output.get(), bytes, cudaMemcpyDeviceToDevice));
  const FftComplex wrong{1e3f, 0.0f};
  WS_CUDA_CHECK(cudaMemcpy(copy.as<FftComplex>() + 77 * points + 5, &wrong, sizeof wrong, cudaMemcpyHostToDevice));
  cuda::FftComparison c;
  WS_CUDA_CHECK(cuda::compareFftOutputs(copy.get(), output.get(), points, kBatch, 1e-5f, scratch.get(), &c));
  EXPECT_EQ(c.transformsOver, 1u);
  EXPECT_EQ(c.firstOver, 77u);
  WS_CUDA_CHECK(cudaMemset(copy.as<FftComplex>() + 3000 * points, 0xFF, sizeof(FftComplex)));
  WS_CUDA_CHECK(cuda::compareFftOutputs(copy.get(), output.get(), points, kBatch, 1e-5f, scratch.get(), &c));
  EXPECT_EQ(c.transformsOver, 2u);
}

TEST_F(FftRegistersKernels, TheLabsMeasurementChecksAndReportsEveryPointsPerThread) {
  cuda::CudaBackend backend;
  const RunRequest request{labs::kFftRegistersId, "cuda:0", defaultParams(labs::fftRegistersSpec().params),
                           RunScope::FullSweep};
  CancelToken cancel;
  const RunOutcome outcome = test::runResolved(backend, request, {}, cancel);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const RunResult& r = outcome.result();
  for (const char* id : {"fft.gflops", "fft.fraction_of_bandwidth_bound", "fft.registers_per_thread", "fft.occupancy"})
    ASSERT_NE(r.findScalar(id), nullptr) << id;
  const View* g = r.findView("gflops-vs-points-per-thread");
  ASSERT_NE(g, nullptr);
  for (const Series& s : g->series) {
    std::cout << "  " << s.name << ":";
    for (const Point& p : s.points) std::cout << " " << p.x << " -> " << p.y;
    std::cout << "\n";
  }
  if (const Scalar* vs = r.findScalar("fft.vs_cufft")) std::cout << "  register FFT / cuFFT at 16 per thread: " << vs->value << "\n";
  std::cout << "  fraction of the bandwidth bound: " << r.findScalar("fft.fraction_of_bandwidth_bound")->value << "\n";
}

}  // namespace
}  // namespace warpscope
