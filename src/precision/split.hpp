// The dynamic hi/lo split of the 2018 seed (002_7e642a68350fd6c5.txt, IV),
// shared by the host executor and the CUDA kernels.
//
// A radix vector v (its real and imaginary parts) is scaled by a power of two
// s so that max|v|/s lies in [2^14, 2^15): the largest element uses fp16's top
// binade (so small elements stay normal far longer than with the seed's
// max -> 1 scaling) and can never round to infinity.  Then
//     v/s = hi + lo,   hi = fp16(v/s),   lo = fp16(v/s - hi)
// The residual v/s - hi is at most half an fp16 ulp of 2^14 (= 8), and lo
// keeps 11 significant bits of it down to fp16's smallest normal 2^-14 (and
// absolute precision 2^-25 below): hi and lo together hold about 22 bits of
// every element above 2^-17 of the vector's maximum.  The seed scaled lo by
// 2^11 because its vectors were scaled to max 1, where lo would underflow;
// with the top-binade scale it does not need to (and products skip the
// 2^-11 weight).  Power-of-two scales are exact.
//
// The DFT matrix is split the same way (F = F_hi + F_lo, |F_lo| <= 2^-12), so
// one product
//     F v / s ~= F_hi hi + (F_hi lo + F_lo hi)
// needs three fp16 matrix products accumulated in fp32 (F_lo lo, of order
// 2^-22, is dropped).
#pragma once

#include <cmath>
#include <cstdint>

#include "precision/half_conversion.hpp"
#include "precision/host_device.hpp"

namespace tensorfft::precision {

// Exponent offset between hi and lo (lo is not scaled: see above).
constexpr int split_lo_shift = 0;
constexpr float split_lo_weight = 1.0f;
// The largest element of a scaled vector lies in [2^14, 2^15).
constexpr int split_top_exponent = 14;

// Power-of-two exponent e such that max_abs * 2^-e lies in [2^14, 2^15).
// Zero, subnormal-only and non-finite inputs get e = 0 (NaN/inf pass through).
TENSORFFT_HOST_DEVICE int split_scale_exponent(float max_abs) {
  const std::uint32_t bits = float_bits(max_abs) & 0x7fffffffu;
  if (bits == 0 || bits >= 0x7f800000u) return 0;
  int exponent;
  if (bits < 0x00800000u) {
    // Subnormal float: exponent of the leading bit.
    int leading = 22;
    while (leading > 0 && !((bits >> leading) & 1u)) --leading;
    exponent = leading - 149;
  } else {
    exponent = static_cast<int>(bits >> 23) - 127;
  }
  return exponent - split_top_exponent;
}

// 2^e as a float for e in [-149, 127], computed exactly by bits.
TENSORFFT_HOST_DEVICE float power_of_two(int e) {
  if (e < -126) return float_from_bits(1u << (e + 149));  // subnormal powers
  return float_from_bits(static_cast<std::uint32_t>(e + 127) << 23);
}

// x * 2^e exactly (no intermediate overflow to inf when e is very negative
// and x huge, as long as the result is representable).  Splits the shift in
// two so each factor stays a normal float.
TENSORFFT_HOST_DEVICE float scale_by_power_of_two(float x, int e) {
#if defined(__CUDA_ARCH__)
  return ldexpf(x, e);  // exact for power-of-two scaling, no branches in the common case
#endif
  if (e > 127) return x * power_of_two(127) * power_of_two(e - 127);
  if (e < -126) return x * power_of_two(-126) * power_of_two(e + 126);
  return x * power_of_two(e);
}

struct HiLo {
  float hi;  // fp16-representable values, held in float for the host
  float lo;
};

// Splits an already scaled value (|scaled| < 2^15).
TENSORFFT_HOST_DEVICE HiLo split_hi_lo(float scaled) {
  const float hi = round_to_fp16(scaled);
  const float residual = scaled - hi;  // exact: both are within 2^-24 ulps of each other
  const float lo = round_to_fp16(residual);
  return {hi, lo};
}

}  // namespace tensorfft::precision
