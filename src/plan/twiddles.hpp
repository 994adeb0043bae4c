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

// The CUDA-core kernels' radix-16 twiddles in power order (cuda::cuda_core::step_twiddle): the step of
// stride s = 1, 16 or 256 over i < count = n / (16 s) multiplies x[k] by w_n^(s i k) from w_n^(2^j s i),
// j < 4, at power_order_offset(s) + j count + i.  A warp's four reads for 32 neighbouring i are then runs
// of neighbouring entries, where reads of w_n^(2^j e) from the w_n table spread over up to 32 lines each.
constexpr int power_order_count(int log2_n, int stride) { return (1 << log2_n) / (16 * stride); }
constexpr int power_order_offset(int log2_n, int stride) {
  return stride == 1 ? 0 : 4 * power_order_count(log2_n, 1) + (stride == 16 ? 0 : 4 * power_order_count(log2_n, 16));
}
constexpr int power_order_entries(int log2_n) {
  return power_order_offset(log2_n, 256) + 4 * power_order_count(log2_n, 256);
}
// That table for n = 2^log2_n (power_order_entries entries, (re, im) floats): entries of
// rounded_unit_roots(n, 1, n, sign, false) reordered, so the values are the same.
std::vector<float> power_order_roots(int log2_n, int sign);

// The CUDA-core passes' pass twiddles of a column (cuda::PassParameters::pass_twiddle_columns): a pass of P
// points after passes of A points in all multiplies its points t + T m (T = P / 16) of column c' < A by
// w_(A P)^(c' t) (w_(A P)^(c' T))^m, and w_(A P)^(2^j T c') = w_(16 A)^(2^j c'), j < 4, sits at j A + c'
// (4 A entries, (re, im) floats, each rounded once): a warp's neighbouring columns then read runs of
// neighbouring entries, where the coarse / fine tables' products take two reads over up to 32 lines each.
std::vector<float> column_power_roots(std::int64_t columns, int sign);

// The radix x radix DFT matrix F[row][column] = unit_root(row*column, radix, sign),
// row major.
std::vector<std::complex<long double>> dft_matrix(int radix, int sign);

}  // namespace tensorfft::plan
