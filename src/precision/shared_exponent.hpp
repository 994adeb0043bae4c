// The 4-byte complex intermediate of fp16/bf16 storage in the tensor-core
// modes, shared by the host executor and the CUDA kernels.
//
// Why: a transform of several passes stores each intermediate in device
// memory.  fp32 intermediates (8 bytes) make a two-pass transform of 4-byte
// storage move 4 + 8 + 8 + 4 = 24 bytes per element; these move 16.  Plain
// fp16 intermediates would do the same, but each rounding to fp16 adds about
// as much error as the storage itself (a two-pass fp16 transform reached
// 3.46e-4 relL2 in a NumPy model, against the 3.5e-4 target and the
// 2.78e-4 floor), has fp16's range (bf16 data and unnormalized sums
// overflow), and another pass would miss the target.
//
// The format: the real and imaginary parts share one exponent, so the bits
// fp16 spends on two exponents go to the mantissas:
//     bits 31 ... 32-E       exponent code c (E bits); 2^E - 1 marks a value
//                            that was not finite or out of range (decodes to NaN)
//     next M bits            real mantissa m_re, two's complement
//     last M bits            imaginary mantissa m_im, M = (32 - E) / 2
//     value = (m_re + i m_im) * 2^(c + Base)
// Encoding takes the c that puts the larger part's magnitude in
// [2^(M-2), 2^(M-1)) (rounded to the nearest integer, ties to even; c = 0
// for smaller values, which keep the absolute resolution 2^Base), so the error
// of each part is at most 2^-(M-1) of the larger part's magnitude: as for an
// fp16 value (2^-11) for E8M12, half of that for E6M13.
//   - fp16 storage, E6M13 (Base -30): larger parts from 2^-19 up to 2^44 keep
//     the full 13 bits.  2^44 > 2^28 * 65504: an intermediate of a transform
//     whose output fits fp16 (after any normalization) never reaches it, since
//     no pass shrinks the largest magnitude (each later pass is a DFT of a
//     group of intermediates: the group's outputs have at least its largest
//     element's norm).  Added error per pass about 1.3e-4 relL2 (NumPy model:
//     two passes 3.07e-4, three about 3.35e-4, floor 2.78e-4).
//   - bf16 storage, E8M12 (Base -137): fp32's whole range (2^-127 up to
//     2^128, absolute resolution 2^-137 below), error like fp16 intermediates,
//     an eighth of bf16's own.
#pragma once

#include <cstdint>

#include "precision/half_conversion.hpp"
#include "precision/host_device.hpp"

namespace tensorfft::precision {

template <int ExponentBits, int Base>
struct SharedExponentFormat {
  static constexpr int exponent_bits = ExponentBits;
  static constexpr int mantissa_bits = (32 - ExponentBits) / 2;
  static constexpr int base = Base;
  static constexpr std::uint32_t non_finite_code = (1u << ExponentBits) - 1;
  static constexpr int largest_code = static_cast<int>(non_finite_code) - 1;
  static_assert(ExponentBits + 2 * mantissa_bits == 32, "the exponent and two mantissas fill 32 bits");
};
using SharedExponentE6M13 = SharedExponentFormat<6, -30>;   // fp16 storage
using SharedExponentE8M12 = SharedExponentFormat<8, -137>;  // bf16 storage

// x * 2^e for e in [Lowest, Highest]: one multiply by a normal power of two
// where the range allows, else two (e in [-252, 254]).  Exact whenever the
// result is a normal float or a multiple of 2^-149 (a subnormal result of a
// shrinking scale is rounded; the encoder only shrinks values far below a
// unit of the mantissa).
template <int Lowest, int Highest>
TENSORFFT_HOST_DEVICE float multiply_by_power_of_two(float x, int e) {
  if constexpr (Lowest >= -126 && Highest <= 127) {
    return x * float_from_bits(static_cast<std::uint32_t>(e + 127) << 23);
  } else {
    const int first = e / 2;
    return x * float_from_bits(static_cast<std::uint32_t>(first + 127) << 23) *
           float_from_bits(static_cast<std::uint32_t>(e - first + 127) << 23);
  }
}

// round(x) for |x| < 2^22, ties to even, from the float sum x + 1.5 * 2^23:
// its low 22 bits are the integer plus 2^22, so its low M <= 22 bits are the
// integer's M-bit two's complement; and back (integer_to_float).  No
// conversion instructions on the GPU, the same bits on the host.
constexpr float integer_magic = 12582912.0f;
constexpr std::uint32_t integer_magic_bits = 0x4b400000u;
template <int M>
TENSORFFT_HOST_DEVICE std::uint32_t rounded_integer_low_bits(float x) {
  static_assert(M <= 22, "the sum holds 22 bits of the integer");
  return float_bits(x + integer_magic) & ((1u << M) - 1);
}
TENSORFFT_HOST_DEVICE float integer_to_float(int m) {
  return float_from_bits(integer_magic_bits + static_cast<std::uint32_t>(m)) - integer_magic;
}

template <typename Format>
TENSORFFT_HOST_DEVICE std::uint32_t encode_shared_exponent(float re, float im) {
  constexpr int M = Format::mantissa_bits;
  const std::uint32_t magnitude_re = float_bits(re) & 0x7fffffffu, magnitude_im = float_bits(im) & 0x7fffffffu;
  // Compared as integers, so a NaN part is the larger one (fmax would drop it).
  const std::uint32_t larger = magnitude_re > magnitude_im ? magnitude_re : magnitude_im;
  // Half a unit of the larger part's (M-1)-bit mantissa, added to its bits,
  // carries into the exponent field exactly when rounding would reach 2^(M-1).
  const std::uint32_t bumped = larger + (1u << (24 - M));
  const int biased = static_cast<int>(bumped >> 23);  // 255 and more: infinity or NaN
  int code = biased - 127 - (M - 2) - Format::base;
  if (biased >= 255 || code > Format::largest_code) return Format::non_finite_code << (32 - Format::exponent_bits);
  if (code < 0) code = 0;
  constexpr int lowest = -(Format::largest_code + Format::base), highest = -Format::base;
  const int shift = -(code + Format::base);
  const std::uint32_t mantissa_re = rounded_integer_low_bits<M>(multiply_by_power_of_two<lowest, highest>(re, shift));
  const std::uint32_t mantissa_im = rounded_integer_low_bits<M>(multiply_by_power_of_two<lowest, highest>(im, shift));
  return (static_cast<std::uint32_t>(code) << (2 * M)) | (mantissa_re << M) | mantissa_im;
}

struct DecodedComplex {
  float re, im;
};

template <typename Format>
TENSORFFT_HOST_DEVICE DecodedComplex decode_shared_exponent(std::uint32_t bits) {
  constexpr int M = Format::mantissa_bits;
  const std::uint32_t code = bits >> (2 * M);
  if (code == Format::non_finite_code) {
    const float nan = float_from_bits(0x7fc00000u);
    return {nan, nan};
  }
  // Sign-extended mantissas, exact as floats (|m| < 2^12).
  const int mantissa_re = static_cast<std::int32_t>(bits << Format::exponent_bits) >> (32 - M);
  const int mantissa_im = static_cast<std::int32_t>(bits << (32 - M)) >> (32 - M);
  constexpr int lowest = Format::base, highest = Format::largest_code + Format::base;
  const int e = static_cast<int>(code) + Format::base;
  return {multiply_by_power_of_two<lowest, highest>(integer_to_float(mantissa_re), e),
          multiply_by_power_of_two<lowest, highest>(integer_to_float(mantissa_im), e)};
}

}  // namespace tensorfft::precision
