// Roots of unity in long double, computed with octant reduction so that only
// angles in [0, pi/4] reach cosl/sinl: exact symmetry (w^(n/4) is exactly -i,
// w^(n/2) exactly -1) and about 1 ulp of long double everywhere.  Every table
// of every executor comes from here and is rounded once to its precision.
#pragma once

#include <complex>
#include <cstdint>
#include <memory>
#include <vector>

namespace tensorfft::plan {

// exp(sign * 2*pi*i * k / n), sign = -1 for the forward transform.
std::complex<long double> unit_root(std::int64_t k, std::int64_t n, int sign);

// unit_root(i * step, n, sign) for i < count, with the same values, faster
// for whole turns (count * step == n).
std::vector<std::complex<long double>> unit_roots(std::int64_t count, std::int64_t step, std::int64_t n, int sign);

// unit_roots rounded once to float (or double with `fp64`), interleaved (re,
// im) as the CUDA executor uploads them.  Kept per process (the most recently
// made tables, up to 64 MiB together; thread-safe), so that a plan made again
// skips the long-double work.
std::shared_ptr<const std::vector<unsigned char>> rounded_unit_roots(std::int64_t count, std::int64_t step,
                                                                     std::int64_t n, int sign, bool fp64);

// The radix x radix DFT matrix F[row][column] = unit_root(row*column, radix, sign),
// row major.
std::vector<std::complex<long double>> dft_matrix(int radix, int sign);

}  // namespace tensorfft::plan
