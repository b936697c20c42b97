#pragma once
/// \file fft_registers_reference.h
/// The host's reference for the fft-registers lab: a direct DFT in double precision of sampled
/// transforms, and the one error measure every check uses, the largest error of any output of a
/// transform over the root mean square of that transform's reference outputs. Host only; built in
/// every configuration (the unit tests check the kernels' algorithm against it without a GPU).

#include <complex>
#include <cstdint>
#include <vector>

#include "labs/fft_registers/fft_registers_radix.h"

namespace warpscope::labs {

/// X[k] = sum_n x[n] exp(-2 pi i n k / N) in double (cuFFT's CUFFT_FORWARD, unscaled), N a power of
/// two; O(N^2) with the exact table of N roots.
std::vector<std::complex<double>> fftReferenceDft(const std::vector<std::complex<double>>& x);

/// Transform `transform` of the run's input pattern `seed` (fftInputValue), as doubles.
std::vector<std::complex<double>> fftInputTransform(std::uint32_t seed, unsigned points, std::uint64_t transform);

/// max_k |got[k] - ref[k]| / sqrt(sum_k |ref[k]|^2 / N): what the tolerance bounds. A NaN output
/// (the poison left behind) gives NaN, which no tolerance accepts.
double fftMaxErrorOverRms(const FftComplex* got, const std::vector<std::complex<double>>& ref);

/// The stated tolerance for fftMaxErrorOverRms: 16 u log2 N with u = 2^-24, the unit roundoff of
/// float. A float FFT's rms error grows like u log2 N relative to the transform's rms (each of
/// log2 N radix-2 stages rounds once, the twiddles about an ulp each); the largest of N outputs
/// over 2^15 transforms is a few times the rms error, so 16 leaves a margin of several times what
/// the kernels and cuFFT show (docs/labs/fft-registers.md), while a wrong index, twiddle or sign
/// is off by the order of the rms itself. 9.5e-6 for 1024 points.
double fftTolerance(unsigned points);

/// True when the value passes (false for NaN).
bool fftWithinTolerance(double errorOverRms, unsigned points);

}  // namespace warpscope::labs
