// Unit tests of precision/fp24.hpp, the 6-byte intermediate of fp16/bf16
// storage whose passes all run on the CUDA cores: each part rounded to 16
// significant bits against an independent model in double arithmetic,
// ties to even, subnormals, the top of the range and non-finite values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

#include "precision/fp24.hpp"

namespace host_tests {
namespace {

using tensorfft::precision::fp24_bits;
using tensorfft::precision::round_to_fp24;

// The model: x rounded to the nearest multiple of 2^(e - 15), e = floor(log2 |x|)
// (2^-141 below the normal range), ties to even.
double model(double x) {
  if (x == 0) return x;
  const int e = std::max(std::ilogb(x), -126);
  const double unit = std::ldexp(1.0, e - 15);
  return std::nearbyint(x / unit) * unit;  // the default rounding mode: nearest, ties to even
}

TEST(Fp24, RandomValuesMatchTheModel) {
  std::mt19937_64 generator(11);
  std::uniform_real_distribution<double> exponent(-140, 127), unit(-1, 1);
  for (int i = 0; i < 400000; ++i) {
    const float x = static_cast<float>(unit(generator) * std::exp2(exponent(generator)));
    const float got = round_to_fp24(x);
    ASSERT_EQ(static_cast<double>(got), model(x)) << x;
    ASSERT_EQ(fp24_bits(x) & 0xffu, 0u) << x;
    if (std::fabs(x) >= std::numeric_limits<float>::min()) {
      ASSERT_LE(std::fabs(static_cast<double>(got) - x), std::ldexp(std::fabs(static_cast<double>(x)), -16)) << x;
    }
  }
}

TEST(Fp24, TiesGoToEvenAndExactValuesStay) {
  // 1 + 2^-15 is the first value above 1; 1 + 2^-16 lies halfway (to 1, even),
  // 1 + 3 * 2^-16 halfway between odd and even (to 1 + 2^-14, even).
  EXPECT_EQ(round_to_fp24(1.0f + std::ldexp(1.0f, -16)), 1.0f);
  EXPECT_EQ(round_to_fp24(1.0f + 3 * std::ldexp(1.0f, -16)), 1.0f + std::ldexp(1.0f, -14));
  EXPECT_EQ(round_to_fp24(1.0f + std::ldexp(1.0f, -15)), 1.0f + std::ldexp(1.0f, -15));
  for (float x : {0.0f, -0.0f, 1.0f, -3.0f, 65504.0f, std::ldexp(12345.0f, -20), 0.5f + std::ldexp(1.0f, -16)}) {
    EXPECT_EQ(round_to_fp24(x), x) << x;
    EXPECT_EQ(std::signbit(round_to_fp24(x)), std::signbit(x)) << x;
  }
  // Just below a power of two rounds up to it.
  EXPECT_EQ(round_to_fp24(std::nextafter(2.0f, 0.0f)), 2.0f);
}

TEST(Fp24, SubnormalsKeepTheirUnitAndTheRangeEndsAtInfinity) {
  const float denorm = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(round_to_fp24(std::ldexp(1.0f, -141)), std::ldexp(1.0f, -141));
  EXPECT_EQ(round_to_fp24(denorm), 0.0f);
  EXPECT_EQ(round_to_fp24(std::ldexp(3.0f, -142)), std::ldexp(1.0f, -140));  // 1.5 units: to the even 2
  const float largest = std::numeric_limits<float>::max();
  EXPECT_TRUE(std::isinf(round_to_fp24(largest)));  // within half a unit of 2^128
  const float largest_fp24 = std::ldexp(65535.0f, 128 - 16);
  EXPECT_EQ(round_to_fp24(largest_fp24), largest_fp24);
  const float infinity = std::numeric_limits<float>::infinity();
  EXPECT_EQ(round_to_fp24(infinity), infinity);
  EXPECT_EQ(round_to_fp24(-infinity), -infinity);
}

TEST(Fp24, NaNsStayNaN) {
  // A NaN whose payload lies only in the bits that are dropped must not become infinity.
  for (std::uint32_t bits : {0x7f800001u, 0xff800080u, 0x7fc00000u, 0x7fffffffu}) {
    float nan;
    std::memcpy(&nan, &bits, sizeof nan);
    EXPECT_TRUE(std::isnan(round_to_fp24(nan))) << std::hex << bits;
  }
}

}  // namespace
}  // namespace host_tests
