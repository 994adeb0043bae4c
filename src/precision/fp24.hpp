// The 6-byte complex intermediate of fp16/bf16 storage with full
// intermediates, where every pass runs on the CUDA cores (plan::
// IntermediateFormat::fp24): each part is an fp32 value rounded to its upper
// 24 bits (sign, 8 exponent bits, 15 mantissa bits; round to nearest even),
// shared by the host executor and the CUDA kernels.
//
// Why: a two-pass transform of 4-byte storage moves 4 + 8 + 8 + 4 = 24
// bytes per element through fp32 intermediates and 20 through these; three
// passes 40 and 32.  Each rounding adds at most 2^-16 of a part's magnitude
// (fp16 storage's own is 2^-11, bf16's 2^-8), so the transform stays as
// accurate as the storage allows (relL2 within 1% of fp32 intermediates';
// the compact 4-byte formats, precision/shared_exponent.hpp, add 11 ... 20%),
// with fp32's whole range: finite values stay finite but those within half a
// unit of the largest float (which round to infinity, as fp32 arithmetic
// would), infinities stay infinite, NaNs stay NaN.
//
// Layout in memory (cuda/storage.cuh): element i at byte 6 i.  The 4-byte
// aligned word of its two (bytes 6 i ... 6 i + 3 for even i, 6 i + 2 ...
// 6 i + 5 for odd i) holds the upper 16 bits of both parts (real in the low
// half), the 2-byte one bits 8 ... 15 of both (real in the low byte), so
// every element is one aligned 4-byte and one aligned 2-byte access.
#pragma once

#include <cstdint>

#include "precision/half_conversion.hpp"
#include "precision/host_device.hpp"

namespace tensorfft::precision {

// value's bits rounded to the upper 24 (the low 8 zero), nearest even; NaNs
// stay NaN (quiet).
TENSORFFT_HOST_DEVICE std::uint32_t fp24_bits(float value) {
  const std::uint32_t bits = float_bits(value);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return (bits | 0x00400000u) & 0xffffff00u;
  const std::uint32_t rounding = 0x7fu + ((bits >> 8) & 1u);
  return (bits + rounding) & 0xffffff00u;
}

TENSORFFT_HOST_DEVICE float round_to_fp24(float value) { return float_from_bits(fp24_bits(value)); }

}  // namespace tensorfft::precision
