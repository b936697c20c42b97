// The register FFT's algorithm without a GPU: the kernels' own per-thread phases
// (labs/fft_registers/fft_registers_radix.h) run here for every thread of a transform, phase by
// phase, with a plain array as shared memory, for every size and points per thread, against the
// double-precision DFT within the lab's stated tolerance. Also guards the index arithmetic the
// kernels and the model share: each exchange writes every shared word exactly once, and the last
// pass leaves output k where input k was loaded (natural order, like cuFFT).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <set>
#include <vector>

#include "labs/fft_registers/fft_registers_radix.h"
#include "labs/fft_registers/fft_registers_reference.h"
#include "labs/fft_registers/fft_registers_shape.h"

using namespace warpscope::labs;

namespace {

template <unsigned P>
struct Held {
  FftComplex v[P];
};

/// What one transform's threads hold, and its shared arrays, as the kernel has them.
template <unsigned N, unsigned P>
struct EmulatedTransform {
  static constexpr unsigned T = N / P;
  std::vector<Held<P>> threads = std::vector<Held<P>>(T);
  std::vector<float> re = std::vector<float>(fftSharedStride(N), 0.0f);
  std::vector<float> im = std::vector<float>(fftSharedStride(N), 0.0f);
  int exchanges = 0;
};

/// The kernel's passes, each phase for every thread before the next phase starts (what
/// __syncthreads guarantees on the GPU).
template <unsigned N, unsigned P, unsigned Span>
void emulatePasses(EmulatedTransform<N, P>& t) {
  constexpr unsigned R = fftPassRadix(N, P, Span);
  for (unsigned j = 0; j < t.T; ++j) fftPassButterflies<N, P, Span>(t.threads[j].v, j);
  if constexpr (Span * R < N) {
    std::fill(t.re.begin(), t.re.end(), std::nanf(""));  // a word no thread wrote would show
    for (unsigned j = 0; j < t.T; ++j) fftPassStore<N, P, Span>(t.threads[j].v, j, t.re.data(), t.im.data());
    for (unsigned j = 0; j < t.T; ++j) fftExchangeLoad<N, P>(t.threads[j].v, j, t.re.data(), t.im.data());
    ++t.exchanges;
    emulatePasses<N, P, Span * R>(t);
  }
}

/// One transform through the emulated kernel: load j + m T, passes, store j + m T.
template <unsigned N, unsigned P>
std::vector<FftComplex> emulateKernel(const std::vector<std::complex<double>>& input, int* exchanges = nullptr) {
  EmulatedTransform<N, P> t;
  for (unsigned j = 0; j < t.T; ++j)
    for (unsigned m = 0; m < P; ++m) {
      const std::complex<double> x = input[fftHeldIndex(N, P, j, m)];
      t.threads[j].v[m] = {static_cast<float>(x.real()), static_cast<float>(x.imag())};
    }
  emulatePasses<N, P, 1>(t);
  std::vector<FftComplex> out(N);
  for (unsigned j = 0; j < t.T; ++j)
    for (unsigned m = 0; m < P; ++m) out[fftHeldIndex(N, P, j, m)] = t.threads[j].v[m];
  if (exchanges) *exchanges = t.exchanges;
  return out;
}

template <unsigned N, unsigned P>
void expectMatchesTheDft() {
  SCOPED_TRACE(std::to_string(N) + " points, " + std::to_string(P) + " per thread");
  double worst = 0;
  for (std::uint64_t transform : {0ull, 1ull, 977ull, 32767ull}) {
    const auto input = fftInputTransform(0x2545F491u, N, transform);
    int exchanges = 0;
    const std::vector<FftComplex> got = emulateKernel<N, P>(input, &exchanges);
    const double error = fftMaxErrorOverRms(got.data(), fftReferenceDft(input));
    EXPECT_TRUE(fftWithinTolerance(error, N)) << "transform " << transform << ": max error / rms " << error
                                               << ", tolerance " << fftTolerance(N);
    EXPECT_EQ(exchanges, static_cast<int>(fftPassCount(N, P)) - 1);
    worst = std::max(worst, error);
  }
  std::printf("  N = %4u, P = %2u: %u passes, max error / rms %.3g (tolerance %.3g)\n", N, P, fftPassCount(N, P), worst,
              fftTolerance(N));
}

template <unsigned N, unsigned P, unsigned Span>
void expectEveryExchangeWritesEveryWordOnce() {
  constexpr unsigned R = fftPassRadix(N, P, Span);
  if constexpr (Span * R < N) {
    std::set<unsigned> written;
    for (unsigned j = 0; j < N / P; ++j)
      for (unsigned s = 0; s < P / R; ++s)
        for (unsigned r = 0; r < R; ++r) written.insert(fftPassOutputIndex(N, P, Span, j, s, r));
    EXPECT_EQ(written.size(), N) << "span " << Span;
    EXPECT_EQ(*written.rbegin(), N - 1) << "span " << Span;
    expectEveryExchangeWritesEveryWordOnce<N, P, Span * R>();
  } else {
    // The last pass: output r of butterfly s is point j + (s + r P/R) T, where it was loaded from.
    for (unsigned j = 0; j < N / P; ++j)
      for (unsigned s = 0; s < P / R; ++s)
        for (unsigned r = 0; r < R; ++r)
          ASSERT_EQ(fftPassOutputIndex(N, P, Span, j, s, r), fftHeldIndex(N, P, j, s + r * (P / R)));
  }
}

template <unsigned N>
void everyPointsPerThread() {
  expectMatchesTheDft<N, 2>();
  expectMatchesTheDft<N, 4>();
  expectMatchesTheDft<N, 8>();
  expectMatchesTheDft<N, 16>();
  expectEveryExchangeWritesEveryWordOnce<N, 2, 1>();
  expectEveryExchangeWritesEveryWordOnce<N, 4, 1>();
  expectEveryExchangeWritesEveryWordOnce<N, 8, 1>();
  expectEveryExchangeWritesEveryWordOnce<N, 16, 1>();
}

}  // namespace

TEST(FftRegistersAlgorithm, EveryPointsPerThreadMatchesTheDoubleDftAt256Points) { everyPointsPerThread<256>(); }
TEST(FftRegistersAlgorithm, EveryPointsPerThreadMatchesTheDoubleDftAt512Points) { everyPointsPerThread<512>(); }
TEST(FftRegistersAlgorithm, EveryPointsPerThreadMatchesTheDoubleDftAt1024Points) { everyPointsPerThread<1024>(); }

TEST(FftRegistersAlgorithm, PassesAreTheSlidesRadixSplits) {
  // Volkov's FFT1024: 2 outputs per thread, 10 radix-2 passes (9 shuffles); 16 per thread, radix
  // 16, 16 and 4 (2 shuffles).
  EXPECT_EQ(fftPassCount(1024, 2), 10u);
  EXPECT_EQ(fftPassCount(1024, 4), 5u);
  EXPECT_EQ(fftPassCount(1024, 8), 4u);
  EXPECT_EQ(fftPassCount(1024, 16), 3u);
  EXPECT_EQ(fftPassRadix(1024, 16, 256), 4u);
  EXPECT_EQ(fftPassCount(512, 16), 3u);  // 16, 16, 2
  EXPECT_EQ(fftPassCount(256, 16), 2u);
  EXPECT_EQ(fftThreadsPerTransform(1024, 16), 64u);
  EXPECT_EQ(fftBlockThreads(256, 16), 128u);  // 8 transforms of 16 threads
  EXPECT_EQ(fftBlockThreads(1024, 2), 512u);
}

TEST(FftRegistersAlgorithm, ButterflyConstantsAreTheRootsOfUnity) {
  for (unsigned radix : {2u, 4u, 8u, 16u})
    for (unsigned k = 0; k < radix; ++k) {
      const FftComplex w = fftTimesRootOfUnity({1.0f, 0.0f}, k, radix);
      const std::complex<double> exact = std::polar(1.0, -2.0 * 3.14159265358979323846 * k / radix);
      EXPECT_NEAR(w.re, exact.real(), 1e-7) << k << "/" << radix;
      EXPECT_NEAR(w.im, exact.imag(), 1e-7) << k << "/" << radix;
      const FftComplex z = fftTimesRootOfUnity({0.25f, -0.75f}, k, radix);
      const std::complex<double> expected = std::complex<double>(0.25, -0.75) * exact;
      EXPECT_NEAR(z.re, expected.real(), 1e-7) << k << "/" << radix;
      EXPECT_NEAR(z.im, expected.imag(), 1e-7) << k << "/" << radix;
    }
}

TEST(FftRegistersAlgorithm, TheCheckCatchesAWrongOutputAndThePoison) {
  const auto input = fftInputTransform(7, 256, 3);
  std::vector<FftComplex> got = emulateKernel<256, 16>(input);
  const auto ref = fftReferenceDft(input);
  ASSERT_TRUE(fftWithinTolerance(fftMaxErrorOverRms(got.data(), ref), 256));
  std::vector<FftComplex> swapped = got;
  std::swap(swapped[5], swapped[6]);  // a wrong index
  EXPECT_FALSE(fftWithinTolerance(fftMaxErrorOverRms(swapped.data(), ref), 256));
  std::vector<FftComplex> poisoned = got;
  poisoned[255].im = std::nanf("");
  EXPECT_FALSE(fftWithinTolerance(fftMaxErrorOverRms(poisoned.data(), ref), 256));
  std::vector<FftComplex> conjugated = got;  // the inverse's sign
  for (FftComplex& c : conjugated) c.im = -c.im;
  EXPECT_FALSE(fftWithinTolerance(fftMaxErrorOverRms(conjugated.data(), ref), 256));
}

TEST(FftRegistersAlgorithm, InputsAreFreshPerSeedAndInMinusOneToOne) {
  EXPECT_NE(fftInputValue(1, 0), fftInputValue(2, 0));
  for (std::uint64_t i = 0; i < 100000; ++i) {
    const float v = fftInputValue(12345, i * 7919);
    ASSERT_GE(v, -1.0f);
    ASSERT_LT(v, 1.0f);
  }
}
