#include "labs/fft_registers/fft_registers_reference.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace warpscope::labs {

std::vector<std::complex<double>> fftReferenceDft(const std::vector<std::complex<double>>& x) {
  const std::size_t n = x.size();
  std::vector<std::complex<double>> roots(n);
  for (std::size_t m = 0; m < n; ++m)
    roots[m] = std::polar(1.0, -2.0 * std::numbers::pi * static_cast<double>(m) / static_cast<double>(n));
  std::vector<std::complex<double>> out(n);
  for (std::size_t k = 0; k < n; ++k) {
    std::complex<double> sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += x[i] * roots[(i * k) & (n - 1)];  // n a power of two
    out[k] = sum;
  }
  return out;
}

std::vector<std::complex<double>> fftInputTransform(std::uint32_t seed, unsigned points, std::uint64_t transform) {
  std::vector<std::complex<double>> x(points);
  const std::uint64_t first = transform * points * 2;  // two floats per point
  for (unsigned i = 0; i < points; ++i)
    x[i] = {fftInputValue(seed, first + 2 * i), fftInputValue(seed, first + 2 * i + 1)};
  return x;
}

double fftMaxErrorOverRms(const FftComplex* got, const std::vector<std::complex<double>>& ref) {
  double sumSquares = 0;
  double worst = 0;
  for (std::size_t k = 0; k < ref.size(); ++k) {
    sumSquares += std::norm(ref[k]);
    const double error = std::abs(std::complex<double>(got[k].re, got[k].im) - ref[k]);
    if (std::isnan(error)) return error;  // the poison, or a kernel's NaN: no tolerance accepts it
    worst = std::max(worst, error);
  }
  return worst / std::sqrt(sumSquares / static_cast<double>(ref.size()));
}

double fftTolerance(unsigned points) { return 16.0 * std::ldexp(1.0, -24) * std::log2(static_cast<double>(points)); }

bool fftWithinTolerance(double errorOverRms, unsigned points) { return errorOverRms <= fftTolerance(points); }

}  // namespace warpscope::labs
