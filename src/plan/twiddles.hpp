// Roots of unity in long double, computed with octant reduction so that only
// angles in [0, pi/4] reach cosl/sinl: exact symmetry (w^(n/4) is exactly -i,
// w^(n/2) exactly -1) and about 1 ulp of long double everywhere.  Every table
// of every executor comes from here and is rounded once to its precision.
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

namespace tensorfft::plan {

// exp(sign * 2*pi*i * k / n), sign = -1 for the forward transform.
std::complex<long double> unit_root(std::int64_t k, std::int64_t n, int sign);

// unit_root(i * step, n, sign) for i < count, with the same values, faster
// for whole turns (count * step == n).
std::vector<std::complex<long double>> unit_roots(std::int64_t count, std::int64_t step, std::int64_t n, int sign);

// The radix x radix DFT matrix F[row][column] = unit_root(row*column, radix, sign),
// row major.
std::vector<std::complex<long double>> dft_matrix(int radix, int sign);

}  // namespace tensorfft::plan
