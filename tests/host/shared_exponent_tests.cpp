// Unit tests of precision/shared_exponent.hpp, the 4-byte intermediate of
// fp16/bf16 storage: the error bound against an independent model in double
// arithmetic (round each part to a multiple of the unit the larger part
// sets), exact values, the mantissa's top (no wrap to the other sign),
// gradual underflow, the range limits and non-finite values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "precision/shared_exponent.hpp"

namespace host_tests {
namespace {

using namespace tensorfft::precision;

template <typename Format>
DecodedComplex round_trip(float re, float im) {
  return decode_shared_exponent<Format>(encode_shared_exponent<Format>(re, im));
}

// The model: the unit of the mantissas is 2^(c + Base) with the smallest
// c >= 0 for which max(|re|, |im|) rounds below 2^(M-1) units; each part is
// rounded to the nearest multiple of the unit, ties to even.
template <typename Format>
void model(double re, double im, double& model_re, double& model_im) {
  constexpr int M = Format::mantissa_bits;
  const double larger = std::max(std::fabs(re), std::fabs(im));
  int code = 0;
  while (std::nearbyint(larger / std::ldexp(1.0, code + Format::base)) >= std::ldexp(1.0, M - 1)) ++code;
  const double unit = std::ldexp(1.0, code + Format::base);
  model_re = std::nearbyint(re / unit) * unit;
  model_im = std::nearbyint(im / unit) * unit;
}

template <typename Format>
void check_against_model(float re, float im) {
  const DecodedComplex got = round_trip<Format>(re, im);
  double model_re, model_im;
  model<Format>(re, im, model_re, model_im);
  ASSERT_EQ(static_cast<double>(got.re), model_re) << re << " " << im;
  ASSERT_EQ(static_cast<double>(got.im), model_im) << re << " " << im;
  // The error bound the format documents: 2^-(M-1) of the larger part
  // (above the gradual-underflow range).
  const double larger = std::max(std::fabs(re), std::fabs(im));
  const double floor = std::ldexp(1.0, Format::base + Format::mantissa_bits - 2);
  if (larger >= floor) {
    const double bound = std::ldexp(larger, -(Format::mantissa_bits - 1));
    EXPECT_LE(std::fabs(got.re - re), bound);
    EXPECT_LE(std::fabs(got.im - im), bound);
  } else {
    EXPECT_LE(std::fabs(got.re - re), std::ldexp(0.5, Format::base));
  }
}

template <typename Format>
void random_values_match_the_model(double low_exponent, double high_exponent) {
  std::mt19937_64 generator(7);
  std::uniform_real_distribution<double> exponent(low_exponent, high_exponent), unit(-1, 1);
  std::uniform_int_distribution<int> gap(0, 30);
  for (int i = 0; i < 200000; ++i) {
    const float re = static_cast<float>(unit(generator) * std::exp2(exponent(generator)));
    const float im = static_cast<float>(unit(generator) * std::exp2(exponent(generator) - gap(generator)));
    check_against_model<Format>(i % 2 ? re : im, i % 2 ? im : re);
  }
}

TEST(SharedExponent, E6M13RandomValuesMatchTheModel) {
  random_values_match_the_model<SharedExponentE6M13>(-40, 43);
}

TEST(SharedExponent, E8M12RandomValuesMatchTheModel) {
  random_values_match_the_model<SharedExponentE8M12>(-135, 127);
}

template <typename Format>
void exact_values_stay_exact() {
  // Integers up to 2^(M-1) - 1 times a power of two in range, both parts.
  constexpr int largest = (1 << (Format::mantissa_bits - 1)) - 1;
  for (int m : {0, 1, -1, 3, -7, 100, -1000, largest, -largest}) {
    for (int e : {-10, 0, 7}) {
      const float re = std::ldexp(static_cast<float>(m), e), im = std::ldexp(static_cast<float>(largest - 5), e);
      const DecodedComplex got = round_trip<Format>(re, im);
      EXPECT_EQ(got.re, re) << m << " " << e;
      EXPECT_EQ(got.im, im) << m << " " << e;
    }
  }
  const DecodedComplex zero = round_trip<Format>(0.0f, -0.0f);
  EXPECT_EQ(zero.re, 0.0f);
  EXPECT_EQ(zero.im, 0.0f);
}

TEST(SharedExponent, ExactValuesStayExact) {
  exact_values_stay_exact<SharedExponentE6M13>();
  exact_values_stay_exact<SharedExponentE8M12>();
}

template <typename Format>
void top_of_the_mantissa_never_wraps() {
  // Just below a power of two: rounding to M-1 magnitude bits reaches
  // 2^(M-1), which must take the next exponent, not wrap to a negative
  // mantissa.
  for (float x = 1.0f; x < 1e6f; x *= 2) {
    float below = x;
    for (int step = 0; step < 64; ++step) {
      below = std::nextafter(below, 0.0f);
      for (float sign : {1.0f, -1.0f}) {
        const DecodedComplex got = round_trip<Format>(sign * below, 0.25f * below);
        EXPECT_EQ(std::signbit(got.re), sign < 0) << below;
        EXPECT_LE(std::fabs(got.re - sign * below), std::ldexp(below, -(Format::mantissa_bits - 1)));
      }
    }
  }
}

TEST(SharedExponent, TopOfTheMantissaNeverWraps) {
  top_of_the_mantissa_never_wraps<SharedExponentE6M13>();
  top_of_the_mantissa_never_wraps<SharedExponentE8M12>();
}

TEST(SharedExponent, SmallValuesUnderflowGradually) {
  // Below the normal range the absolute resolution is 2^Base.
  const float tiny = std::ldexp(3.0f, -30);  // E6M13: 3 units
  EXPECT_EQ(round_trip<SharedExponentE6M13>(tiny, -tiny).re, tiny);
  EXPECT_EQ(round_trip<SharedExponentE6M13>(tiny, -tiny).im, -tiny);
  EXPECT_EQ(round_trip<SharedExponentE6M13>(std::ldexp(1.0f, -32), 0).re, 0.0f);  // a quarter unit
  // E8M12 holds fp32 subnormals down to 2^-137 exactly.
  const float subnormal = std::ldexp(5.0f, -137);
  EXPECT_EQ(round_trip<SharedExponentE8M12>(subnormal, 0).re, subnormal);
  const float smallest = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(round_trip<SharedExponentE8M12>(smallest, 0).re, 0.0f);
}

TEST(SharedExponent, RangeLimitsAndNonFiniteValues) {
  // E6M13 reaches 2^44 (the largest intermediate of an fp16 transform whose
  // output fits); beyond, and for inf and NaN, the value decodes to NaN.
  const float big = std::ldexp(1.5f, 43);
  EXPECT_EQ(round_trip<SharedExponentE6M13>(big, -big).re, big);
  EXPECT_TRUE(std::isnan(round_trip<SharedExponentE6M13>(std::ldexp(1.0f, 44), 0).re));
  EXPECT_TRUE(std::isnan(round_trip<SharedExponentE6M13>(0, std::ldexp(1.0f, 44)).im));
  const float infinity = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  for (float special : {infinity, -infinity, nan}) {
    for (float other : {0.0f, 1.0f, 1e30f}) {
      const DecodedComplex e6 = round_trip<SharedExponentE6M13>(special, other);
      const DecodedComplex e8 = round_trip<SharedExponentE8M12>(other, special);
      EXPECT_TRUE(std::isnan(e6.re) && std::isnan(e6.im));
      EXPECT_TRUE(std::isnan(e8.re) && std::isnan(e8.im));
    }
  }
  // E8M12 holds every finite float but those that round up to 2^128.
  const float largest = std::numeric_limits<float>::max();
  EXPECT_TRUE(std::isnan(round_trip<SharedExponentE8M12>(largest, 0).re));
  const float representable = std::ldexp(2047.0f, 117);
  EXPECT_EQ(round_trip<SharedExponentE8M12>(-representable, 1.0f).re, -representable);
}

}  // namespace
}  // namespace host_tests
