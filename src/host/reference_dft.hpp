// Long-double reference transforms for tests and the demo, independent of
// the plan code (own twiddles via cosl/sinl, own recursion) so that a bug in
// the library cannot hide in its own reference.
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

namespace tensorfft::reference {

using Complex = std::complex<long double>;

// O(N^2) DFT of any length; for checking the fast reference on small sizes.
std::vector<Complex> naive_dft(const std::vector<Complex>& input, int sign);

// Radix-2 FFT of a power-of-two length in long double (sign -1 forward).
std::vector<Complex> fft(const std::vector<Complex>& input, int sign);

// Unnormalized multi-dimensional transform of `batch` packed row-major arrays
// of shape `sizes` (each a power of two).
std::vector<Complex> fft_nd(const std::vector<Complex>& input, const std::vector<std::int64_t>& sizes,
                            std::int64_t batch, int sign);

// ||y - reference|| / ||reference|| over all elements.
long double relative_l2_error(const std::vector<Complex>& result, const std::vector<Complex>& reference);
// max_k |y_k - reference_k| / rms(reference).
long double max_relative_error(const std::vector<Complex>& result, const std::vector<Complex>& reference);

}  // namespace tensorfft::reference
