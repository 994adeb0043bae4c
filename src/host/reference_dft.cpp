#include "host/reference_dft.hpp"

#include <algorithm>
#include <cmath>

namespace tensorfft::reference {
namespace {
const long double two_pi = 6.283185307179586476925286766559005768L;
}

std::vector<Complex> naive_dft(const std::vector<Complex>& input, int sign) {
  const std::size_t n = input.size();
  std::vector<Complex> output(n);
  for (std::size_t k = 0; k < n; ++k) {
    Complex sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const long double angle = sign * two_pi * static_cast<long double>((j * k) % n) / static_cast<long double>(n);
      sum += input[j] * Complex(std::cos(angle), std::sin(angle));
    }
    output[k] = sum;
  }
  return output;
}

std::vector<Complex> fft(const std::vector<Complex>& input, int sign) {
  const std::size_t n = input.size();
  std::vector<Complex> data(input);
  // Iterative radix-2: bit-reversal permutation, then butterflies with
  // twiddles computed directly for each level (no accumulated recurrence).
  for (std::size_t i = 1, j = 0; i < n; ++i) {
    std::size_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(data[i], data[j]);
  }
  std::vector<Complex> roots;
  for (std::size_t length = 2; length <= n; length <<= 1) {
    const std::size_t half = length / 2;
    roots.resize(half);
    for (std::size_t k = 0; k < half; ++k) {
      const long double angle = sign * two_pi * static_cast<long double>(k) / static_cast<long double>(length);
      roots[k] = Complex(std::cos(angle), std::sin(angle));
    }
    for (std::size_t start = 0; start < n; start += length) {
      for (std::size_t k = 0; k < half; ++k) {
        const Complex even = data[start + k];
        const Complex odd = data[start + k + half] * roots[k];
        data[start + k] = even + odd;
        data[start + k + half] = even - odd;
      }
    }
  }
  return data;
}

std::vector<Complex> fft_nd(const std::vector<Complex>& input, const std::vector<std::int64_t>& sizes,
                            std::int64_t batch, int sign) {
  std::vector<Complex> data(input);
  std::int64_t elements = 1;
  for (std::int64_t size : sizes) elements *= size;
  std::int64_t pitch = 1;
  for (std::size_t axis = sizes.size(); axis-- > 0;) {
    const std::int64_t size = sizes[axis];
    std::vector<Complex> line(static_cast<std::size_t>(size));
    for (std::int64_t b = 0; b < batch; ++b) {
      const std::int64_t outer_count = elements / (size * pitch);
      for (std::int64_t outer = 0; outer < outer_count; ++outer) {
        for (std::int64_t inner = 0; inner < pitch; ++inner) {
          const std::int64_t start = b * elements + outer * size * pitch + inner;
          for (std::int64_t n = 0; n < size; ++n) line[n] = data[start + n * pitch];
          const auto result = fft(line, sign);
          for (std::int64_t n = 0; n < size; ++n) data[start + n * pitch] = result[n];
        }
      }
    }
    pitch *= size;
  }
  return data;
}

long double relative_l2_error(const std::vector<Complex>& result, const std::vector<Complex>& reference) {
  long double difference = 0, norm = 0;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    difference += std::norm(result[i] - reference[i]);
    norm += std::norm(reference[i]);
  }
  if (norm == 0) return std::sqrt(difference);
  return std::sqrt(difference / norm);
}

long double max_relative_error(const std::vector<Complex>& result, const std::vector<Complex>& reference) {
  long double worst = 0, norm = 0;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    worst = std::max(worst, std::abs(result[i] - reference[i]));
    norm += std::norm(reference[i]);
  }
  const long double rms = std::sqrt(norm / static_cast<long double>(std::max<std::size_t>(reference.size(), 1)));
  if (rms == 0) return worst;
  return worst / rms;
}

}  // namespace tensorfft::reference
