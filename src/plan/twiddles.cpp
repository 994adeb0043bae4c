#include "plan/twiddles.hpp"

#include <cmath>
#include <cstring>
#include <deque>
#include <mutex>
#include <tuple>

namespace tensorfft::plan {
namespace {

constexpr long double pi = 3.141592653589793238462643383279502884L;

// Where the angle 2*pi*k/n lies: its octant (eighth of a turn) and the
// numerator r of the angle inside the octant, theta = (pi/4) * r / n in
// [0, pi/4], measured from the octant's near end (even octants) or far end
// (odd ones).  From the exact fraction k/n (n <= 2^62).
struct OctantAngle {
  int octant;
  std::int64_t numerator;
};
OctantAngle octant_angle(std::int64_t k, std::int64_t n) {
  std::int64_t reduced = k % n;
  if (reduced < 0) reduced += n;
  const unsigned __int128 scaled = static_cast<unsigned __int128>(reduced) * 8u;
  const int octant = static_cast<int>(scaled / static_cast<unsigned __int128>(n));
  const std::int64_t rest = static_cast<std::int64_t>(scaled % static_cast<unsigned __int128>(n));
  return {octant, octant % 2 == 0 ? rest : n - rest};
}

struct CosSin {
  long double cos, sin;
};
// cos and sin of theta = (pi/4) * numerator / n.  theta = pi/4 exactly (at
// odd multiples of n/8) takes one value for both parts, so that the symmetry
// w^(n-k) = conj(w^k) stays exact.
CosSin octant_cos_sin(std::int64_t numerator, std::int64_t n) {
  if (numerator == n) return {std::sqrt(0.5L), std::sqrt(0.5L)};
  const long double theta = (pi / 4.0L) * static_cast<long double>(numerator) / static_cast<long double>(n);
  return {std::cos(theta), std::sin(theta)};
}

// The root from its octant and the cos/sin of the angle inside it.
std::complex<long double> root_of(int octant, CosSin t, int sign) {
  long double c, s;
  // Angle = octant*pi/4 + theta (even octant) or (octant+1)*pi/4 - theta (odd).
  switch (octant) {
    case 0: c = t.cos; s = t.sin; break;    // theta
    case 1: c = t.sin; s = t.cos; break;    // pi/2 - theta
    case 2: c = -t.sin; s = t.cos; break;   // pi/2 + theta
    case 3: c = -t.cos; s = t.sin; break;   // pi - theta
    case 4: c = -t.cos; s = -t.sin; break;  // pi + theta
    case 5: c = -t.sin; s = -t.cos; break;  // 3pi/2 - theta
    case 6: c = t.sin; s = -t.cos; break;   // 3pi/2 + theta
    default: c = t.cos; s = -t.sin; break;  // 2pi - theta
  }
  return {c, sign < 0 ? -s : s};
}

}  // namespace

std::complex<long double> unit_root(std::int64_t k, std::int64_t n, int sign) {
  const OctantAngle angle = octant_angle(k, n);
  return root_of(angle.octant, octant_cos_sin(angle.numerator, n), sign);
}

std::vector<std::complex<long double>> unit_roots(std::int64_t count, std::int64_t step, std::int64_t n, int sign) {
  std::vector<std::complex<long double>> roots(static_cast<std::size_t>(count));
  // A whole turn (count * step == n, n a multiple of 8 steps): the angles
  // inside the octants repeat, numerator = 8 * step * j, j <= count / 8, so
  // each cos/sin pair is computed once (an eighth of the calls; the plans of
  // long transforms spent milliseconds here).  The values are unit_root's.
  if (count * step == n && count % 8 == 0) {
    std::vector<CosSin> inside(static_cast<std::size_t>(count / 8 + 1));
    for (std::int64_t j = 0; j <= count / 8; ++j) inside[j] = octant_cos_sin(8 * step * j, n);
    // octant_angle(i * step, n) in 64-bit arithmetic: 8 i step / n = 8 i / count.
    for (std::int64_t i = 0; i < count; ++i) {
      const int octant = static_cast<int>(8 * i / count);
      const std::int64_t rest = 8 * i % count;
      roots[i] = root_of(octant, inside[(octant % 2 == 0 ? rest : count - rest) / 8], sign);
    }
    return roots;
  }
  for (std::int64_t i = 0; i < count; ++i) roots[i] = unit_root(i * step, n, sign);
  return roots;
}

std::shared_ptr<const std::vector<unsigned char>> rounded_unit_roots(std::int64_t count, std::int64_t step,
                                                                     std::int64_t n, int sign, bool fp64) {
  using Key = std::tuple<std::int64_t, std::int64_t, std::int64_t, int, bool>;
  struct Entry {
    Key key;
    std::shared_ptr<const std::vector<unsigned char>> table;
  };
  static std::mutex mutex;
  static std::deque<Entry> recent;  // oldest first
  static std::size_t cached_bytes = 0;
  constexpr std::size_t cache_limit_bytes = std::size_t{64} << 20;
  const Key key{count, step, n, sign, fp64};
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (const Entry& entry : recent) {
      if (entry.key == key) return entry.table;
    }
  }
  const std::vector<std::complex<long double>> roots = unit_roots(count, step, n, sign);
  auto table = std::make_shared<std::vector<unsigned char>>(static_cast<std::size_t>(count) * 2 *
                                                            (fp64 ? sizeof(double) : sizeof(float)));
  for (std::size_t i = 0; i < roots.size(); ++i) {
    if (fp64) {
      const double parts[2] = {static_cast<double>(roots[i].real()), static_cast<double>(roots[i].imag())};
      std::memcpy(table->data() + i * sizeof parts, parts, sizeof parts);
    } else {
      const float parts[2] = {static_cast<float>(roots[i].real()), static_cast<float>(roots[i].imag())};
      std::memcpy(table->data() + i * sizeof parts, parts, sizeof parts);
    }
  }
  const std::lock_guard<std::mutex> lock(mutex);
  recent.push_back({key, table});
  cached_bytes += table->size();
  while (cached_bytes > cache_limit_bytes && recent.size() > 1) {
    cached_bytes -= recent.front().table->size();
    recent.pop_front();
  }
  return table;
}

std::vector<float> power_order_roots(int log2_n, int sign) {
  const std::int64_t n = std::int64_t{1} << log2_n;
  const auto roots = rounded_unit_roots(n, 1, n, sign, false);
  const auto* w = reinterpret_cast<const float*>(roots->data());  // (re, im) pairs
  std::vector<float> table(static_cast<std::size_t>(2 * power_order_entries(log2_n)));
  for (const int stride : {1, 16, 256}) {
    const int count = power_order_count(log2_n, stride), offset = power_order_offset(log2_n, stride);
    for (int j = 0; j < 4; ++j) {
      for (int i = 0; i < count; ++i) {
        const std::int64_t exponent = (std::int64_t{1} << j) * stride * i;  // < n / 2
        const auto to = static_cast<std::size_t>(2 * (offset + j * count + i));
        table[to] = w[2 * exponent];
        table[to + 1] = w[2 * exponent + 1];
      }
    }
  }
  return table;
}

std::vector<float> column_power_roots(std::int64_t columns, int sign) {
  std::vector<float> table(static_cast<std::size_t>(8 * columns));
  for (int j = 0; j < 4; ++j) {
    const auto roots = rounded_unit_roots(columns, std::int64_t{1} << j, 16 * columns, sign, false);
    std::memcpy(table.data() + 2 * j * columns, roots->data(), roots->size());
  }
  return table;
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
