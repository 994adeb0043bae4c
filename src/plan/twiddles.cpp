#include "plan/twiddles.hpp"

#include <cmath>

namespace tensorfft::plan {

std::complex<long double> unit_root(std::int64_t k, std::int64_t n, int sign) {
  // Reduce k to [0, n); work with the angle 2*pi*k/n in eighths of a turn.
  std::int64_t reduced = k % n;
  if (reduced < 0) reduced += n;
  // 8*reduced may overflow for huge n; compare via long double only for the
  // octant, using exact integer arithmetic where possible.
  const long double pi = 3.141592653589793238462643383279502884L;
  // Octant index and the remainder angle, from the exact fraction reduced/n.
  // octant = floor(8*reduced/n); computed without overflow as n <= 2^62 here.
  const unsigned __int128 scaled = static_cast<unsigned __int128>(reduced) * 8u;
  const std::int64_t octant = static_cast<std::int64_t>(scaled / static_cast<unsigned __int128>(n));
  const std::int64_t rest = static_cast<std::int64_t>(scaled % static_cast<unsigned __int128>(n));
  // Angle inside the octant, in [0, pi/4): theta = (pi/4) * rest / n.
  // Odd octants are measured from the octant's far end so both cases use
  // angles in [0, pi/4].
  long double theta;
  long double c, s;
  if (octant % 2 == 0) {
    theta = (pi / 4.0L) * static_cast<long double>(rest) / static_cast<long double>(n);
  } else {
    theta = (pi / 4.0L) * static_cast<long double>(n - rest) / static_cast<long double>(n);
  }
  // At odd multiples of n/8 the angle is exactly pi/4: use one value for both
  // parts so the symmetry w^(n-k) = conj(w^k) stays exact.
  const bool eighth_turn = octant % 2 == 1 && rest == 0;
  const long double cos_theta = eighth_turn ? std::sqrt(0.5L) : std::cos(theta);
  const long double sin_theta = eighth_turn ? cos_theta : std::sin(theta);
  // Angle = octant*pi/4 + theta (even octant) or (octant+1)*pi/4 - theta (odd).
  switch (octant) {
    case 0: c = cos_theta; s = sin_theta; break;               // theta
    case 1: c = sin_theta; s = cos_theta; break;               // pi/2 - theta
    case 2: c = -sin_theta; s = cos_theta; break;              // pi/2 + theta
    case 3: c = -cos_theta; s = sin_theta; break;              // pi - theta
    case 4: c = -cos_theta; s = -sin_theta; break;             // pi + theta
    case 5: c = -sin_theta; s = -cos_theta; break;             // 3pi/2 - theta
    case 6: c = sin_theta; s = -cos_theta; break;              // 3pi/2 + theta
    default: c = cos_theta; s = -sin_theta; break;             // 2pi - theta
  }
  return {c, sign < 0 ? -s : s};
}

std::vector<std::complex<long double>> dft_matrix(int radix, int sign) {
  std::vector<std::complex<long double>> matrix(static_cast<std::size_t>(radix) * radix);
  for (int row = 0; row < radix; ++row) {
    for (int column = 0; column < radix; ++column) {
      matrix[static_cast<std::size_t>(row) * radix + column] =
          unit_root(static_cast<std::int64_t>(row) * column, radix, sign);
    }
  }
  return matrix;
}

}  // namespace tensorfft::plan
