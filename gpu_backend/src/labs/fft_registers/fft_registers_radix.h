#pragma once
/// \file fft_registers_radix.h
/// The register FFT's arithmetic, one thread's share of each phase, written once for the kernels
/// (.cu, C++17) and the host's emulation of them (tests/unit/fft_registers_algorithm_test.cpp),
/// which runs every thread of a transform phase by phase with a plain array as shared memory:
///   fftPassButterflies  the thread's radix-R butterflies of one pass, twiddled, in registers;
///   fftPassStore        its outputs of the pass into shared memory (Stockham's order);
///   fftExchangeLoad     its points for the next pass back from shared memory.
/// Forward transform, sign -1 (cuFFT's CUFFT_FORWARD), unscaled, natural order in and out.
/// Every loop has compile-time bounds and every array a compile-time index once unrolled, so the
/// points stay in registers (ptxas -v: no stack frame, no spills).

#include <cmath>

#include "cuda/kernels/host_device.h"
#include "labs/fft_registers/fft_registers_shape.h"

#ifdef __CUDACC__
#define WS_FFT_UNROLL _Pragma("unroll")
#else
#define WS_FFT_UNROLL
#endif

namespace warpscope::labs {

/// A complex float laid out as float2 (the kernels read and write global memory as this).
struct alignas(8) FftComplex {
  float re;
  float im;
};

WS_HD inline FftComplex fftAdd(FftComplex a, FftComplex b) { return {a.re + b.re, a.im + b.im}; }
WS_HD inline FftComplex fftSub(FftComplex a, FftComplex b) { return {a.re - b.re, a.im - b.im}; }
WS_HD inline FftComplex fftMul(FftComplex a, FftComplex b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

/// cos(2 pi m / 16) for m = 0 .. 15, exact to float: the constants of butterflies up to radix 16.
WS_HD constexpr float fftCosSixteenth(unsigned m) {
  constexpr float c1 = 0.923879532511286756f;  // cos(pi / 8)
  constexpr float c2 = 0.707106781186547524f;  // cos(pi / 4)
  constexpr float c3 = 0.382683432365089772f;  // cos(3 pi / 8)
  switch (m & 15u) {
    case 0: return 1.0f;
    case 1: case 15: return c1;
    case 2: case 14: return c2;
    case 3: case 13: return c3;
    case 4: case 12: return 0.0f;
    case 5: case 11: return -c3;
    case 6: case 10: return -c2;
    case 7: case 9: return -c1;
    default: return -1.0f;
  }
}

/// a x exp(-2 pi i k / radix), radix <= 16. Called with compile-time k and radix (unrolled
/// loops), so the switch folds away: multiples of a quarter turn are swaps and negations, odd
/// eighths two multiplies, the rest a complex multiply by constants.
WS_HD inline FftComplex fftTimesRootOfUnity(FftComplex a, unsigned k, unsigned radix) {
  const unsigned m = (k * (16u / radix)) & 15u;  // the angle in sixteenths of a turn
  constexpr float c2 = 0.707106781186547524f;
  switch (m) {
    case 0: return a;
    case 4: return {a.im, -a.re};  // x (-i)
    case 8: return {-a.re, -a.im};
    case 12: return {-a.im, a.re};  // x (+i)
    case 2: return {c2 * (a.re + a.im), c2 * (a.im - a.re)};
    case 6: return {c2 * (a.im - a.re), -c2 * (a.re + a.im)};
    case 10: return {-c2 * (a.re + a.im), c2 * (a.re - a.im)};
    case 14: return {c2 * (a.re - a.im), c2 * (a.re + a.im)};
    default: return fftMul(a, {fftCosSixteenth(m), -fftCosSixteenth(m + 12u)});  // sin(x) = cos(x - pi/2)
  }
}

/// out[k] = sum_n in[n S] exp(-2 pi i n k / R), k = 0 .. R-1 (R a power of two up to 16): radix-2
/// decimation in time, unrolled completely (R = 16 is Volkov's FFT16 in registers).
template <unsigned R, unsigned S>
WS_HD inline void fftDft(const FftComplex* in, FftComplex* out) {
  if constexpr (R == 1) {
    out[0] = in[0];
  } else {
    constexpr unsigned H = R / 2;
    FftComplex even[H];
    FftComplex odd[H];
    fftDft<H, 2 * S>(in, even);
    fftDft<H, 2 * S>(in + S, odd);
    WS_FFT_UNROLL
    for (unsigned k = 0; k < H; ++k) {
      const FftComplex t = fftTimesRootOfUnity(odd[k], k, R);
      out[k] = fftAdd(even[k], t);
      out[k + H] = fftSub(even[k], t);
    }
  }
}

/// exp(-2 pi i k / n), n a power of two: one call per butterfly and pass. On the GPU sincospif,
/// whose argument -2k/n is exact in float and which is accurate to about an ulp (the fast
/// __sincosf is 2^-21.4 off in absolute terms, 6 ulps of 1); on the host in double, rounded.
WS_HD inline FftComplex fftTwiddle(unsigned k, unsigned n) {
#ifdef __CUDA_ARCH__
  float s = 0, c = 0;
  sincospif(static_cast<float>(k) * (-2.0f / static_cast<float>(n)), &s, &c);
  return {c, s};
#else
  const double angle = -2.0 * 3.14159265358979323846 * static_cast<double>(k) / static_cast<double>(n);
  return {static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle))};
#endif
}

/// u[r] x w^r for w = exp(-2 pi i k / n): one sincospif, the other powers as products of two lower
/// ones (w^r = w^(r/2) x w^(r - r/2)), so that no power is more than log2 R products from w.
template <unsigned R>
WS_HD inline void fftApplyTwiddles(FftComplex (&u)[R], unsigned k, unsigned n) {
  FftComplex w[R];
  w[0] = {1.0f, 0.0f};
  w[1] = fftTwiddle(k, n);
  WS_FFT_UNROLL
  for (unsigned r = 2; r < R; ++r) w[r] = fftMul(w[r / 2], w[r - r / 2]);
  WS_FFT_UNROLL
  for (unsigned r = 1; r < R; ++r) u[r] = fftMul(u[r], w[r]);
}

/// One pass of thread j, the pass that starts with `Span` points combined: P / R butterflies of
/// radix R (Stockham): butterfly s takes the thread's points s, s + P/R, s + 2 P/R, ... (global
/// indices j + s T + r (N / R)), twiddles them by exp(-2 pi i r k / (Span R)) with k = (j + s T)
/// mod Span, and leaves its output r in the same register v[s + r P/R].
template <unsigned N, unsigned P, unsigned Span>
WS_HD inline void fftPassButterflies(FftComplex (&v)[P], unsigned j) {
  constexpr unsigned R = fftPassRadix(N, P, Span);
  constexpr unsigned V = P / R;
  constexpr unsigned T = N / P;
  WS_FFT_UNROLL
  for (unsigned s = 0; s < V; ++s) {
    FftComplex u[R];
    FftComplex x[R];
    WS_FFT_UNROLL
    for (unsigned r = 0; r < R; ++r) u[r] = v[s + r * V];
    if constexpr (Span > 1) fftApplyTwiddles<R>(u, (j + s * T) & (Span - 1), Span * R);
    fftDft<R, 1>(u, x);
    WS_FFT_UNROLL
    for (unsigned r = 0; r < R; ++r) v[s + r * V] = x[r];
  }
}

/// Thread j's outputs of a pass into its transform's shared arrays (re, im: fftSharedStride(N)
/// floats each), at their Stockham positions, padded.
template <unsigned N, unsigned P, unsigned Span>
WS_HD inline void fftPassStore(const FftComplex (&v)[P], unsigned j, float* re, float* im) {
  constexpr unsigned R = fftPassRadix(N, P, Span);
  constexpr unsigned V = P / R;
  WS_FFT_UNROLL
  for (unsigned s = 0; s < V; ++s) {
    WS_FFT_UNROLL
    for (unsigned r = 0; r < R; ++r) {
      const unsigned a = fftPadded(fftPassOutputIndex(N, P, Span, j, s, r));
      re[a] = v[s + r * V].re;
      im[a] = v[s + r * V].im;
    }
  }
}

/// Thread j's points for the next pass: j + m T, m = 0 .. P-1 (consecutive threads, consecutive
/// words: conflict-free).
template <unsigned N, unsigned P>
WS_HD inline void fftExchangeLoad(FftComplex (&v)[P], unsigned j, const float* re, const float* im) {
  WS_FFT_UNROLL
  for (unsigned m = 0; m < P; ++m) {
    const unsigned a = fftPadded(fftHeldIndex(N, P, j, m));
    v[m] = {re[a], im[a]};
  }
}

}  // namespace warpscope::labs
