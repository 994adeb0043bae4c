// Bit-exact conversions between float and the 16-bit storage formats, with
// round-to-nearest-even, subnormals, infinities and NaN, as the CUDA
// intrinsics __float2half_rn / __float2bfloat16_rn do.  The host executor uses
// these to reproduce every rounding point of the GPU.
#pragma once

#include <cstdint>
#include <cstring>

#include "precision/host_device.hpp"

#if defined(__CUDACC__)
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#endif

namespace tensorfft::precision {

TENSORFFT_HOST_DEVICE std::uint32_t float_bits(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

TENSORFFT_HOST_DEVICE float float_from_bits(std::uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

// IEEE binary16: 1 sign, 5 exponent (bias 15), 10 mantissa bits.
TENSORFFT_HOST_DEVICE std::uint16_t float_to_fp16_bits(float value) {
  const std::uint32_t bits = float_bits(value);
  const std::uint32_t sign = (bits >> 16) & 0x8000u;
  const std::uint32_t magnitude = bits & 0x7fffffffu;
  if (magnitude >= 0x7f800000u) {  // inf or NaN
    return static_cast<std::uint16_t>(sign | 0x7c00u | (magnitude > 0x7f800000u ? 0x200u : 0u));
  }
  if (magnitude >= 0x477ff000u) {  // rounds to >= 65520: overflow to infinity
    return static_cast<std::uint16_t>(sign | 0x7c00u);
  }
  if (magnitude < 0x38800000u) {  // below 2^-14: subnormal or zero in fp16
    if (magnitude < 0x33000000u) return static_cast<std::uint16_t>(sign);  // < 2^-25 rounds to 0
    const std::uint32_t exponent = magnitude >> 23;
    const std::uint32_t mantissa = (magnitude & 0x7fffffu) | 0x800000u;
    const std::uint32_t shift = 126u - exponent;  // 14..24 for subnormal results
    std::uint32_t result = mantissa >> shift;
    const std::uint32_t remainder = mantissa & ((1u << shift) - 1u);
    const std::uint32_t halfway = 1u << (shift - 1u);
    if (remainder > halfway || (remainder == halfway && (result & 1u))) ++result;
    return static_cast<std::uint16_t>(sign | result);
  }
  // Normal: rebias the exponent and round the 13 dropped mantissa bits.
  std::uint32_t result = ((magnitude - 0x38000000u) >> 13);
  const std::uint32_t remainder = magnitude & 0x1fffu;
  if (remainder > 0x1000u || (remainder == 0x1000u && (result & 1u))) ++result;
  return static_cast<std::uint16_t>(sign | result);
}

TENSORFFT_HOST_DEVICE float fp16_bits_to_float(std::uint16_t half) {
  const std::uint32_t sign = static_cast<std::uint32_t>(half & 0x8000u) << 16;
  const std::uint32_t exponent = (half >> 10) & 0x1fu;
  std::uint32_t mantissa = half & 0x3ffu;
  if (exponent == 0x1fu) return float_from_bits(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) {
    if (mantissa == 0) return float_from_bits(sign);
    // Subnormal: value = mantissa * 2^-24, exact in float.
    const float magnitude = static_cast<float>(mantissa) * 5.9604644775390625e-8f;
    return sign ? -magnitude : magnitude;
  }
  return float_from_bits(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

// bfloat16: the top 16 bits of a float, rounded to nearest even.
TENSORFFT_HOST_DEVICE std::uint16_t float_to_bf16_bits(float value) {
  const std::uint32_t bits = float_bits(value);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((bits >> 16) | 0x40u);
  const std::uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<std::uint16_t>((bits + rounding) >> 16);
}

TENSORFFT_HOST_DEVICE float bf16_bits_to_float(std::uint16_t value) {
  return float_from_bits(static_cast<std::uint32_t>(value) << 16);
}

// On the device the hardware conversions give the same round-to-nearest-even
// results in one instruction each (the bit routines above cost ~30).
TENSORFFT_HOST_DEVICE float round_to_fp16(float value) {
#if defined(__CUDA_ARCH__)
  return __half2float(__float2half_rn(value));
#else
  return fp16_bits_to_float(float_to_fp16_bits(value));
#endif
}

TENSORFFT_HOST_DEVICE float round_to_bf16(float value) {
#if defined(__CUDA_ARCH__)
  return __bfloat162float(__float2bfloat16_rn(value));
#else
  return bf16_bits_to_float(float_to_bf16_bits(value));
#endif
}

constexpr float fp16_largest_finite = 65504.0f;

}  // namespace tensorfft::precision
