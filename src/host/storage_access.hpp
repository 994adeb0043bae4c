// Reading and writing complex elements of every storage type on the host,
// with the rounding the GPU's stores do (round to nearest even).
#pragma once

#include <complex>
#include <cstdint>
#include <cstring>

#include "precision/half_conversion.hpp"
#include "tensorfft/tensorfft.hpp"

namespace tensorfft::host {

template <typename Real>
std::complex<Real> load_element(StorageType storage, const void* base, std::int64_t index) {
  switch (storage) {
    case StorageType::complex_fp32: {
      const float* p = static_cast<const float*>(base) + 2 * index;
      return {static_cast<Real>(p[0]), static_cast<Real>(p[1])};
    }
    case StorageType::complex_fp64: {
      const double* p = static_cast<const double*>(base) + 2 * index;
      return {static_cast<Real>(p[0]), static_cast<Real>(p[1])};
    }
    case StorageType::complex_fp16: {
      const std::uint16_t* p = static_cast<const std::uint16_t*>(base) + 2 * index;
      return {static_cast<Real>(precision::fp16_bits_to_float(p[0])),
              static_cast<Real>(precision::fp16_bits_to_float(p[1]))};
    }
    case StorageType::complex_bf16: {
      const std::uint16_t* p = static_cast<const std::uint16_t*>(base) + 2 * index;
      return {static_cast<Real>(precision::bf16_bits_to_float(p[0])),
              static_cast<Real>(precision::bf16_bits_to_float(p[1]))};
    }
  }
  return {};
}

// Stores `value` rounded to the storage type; returns the stored value as read back.
template <typename Real>
std::complex<Real> store_element(StorageType storage, void* base, std::int64_t index, std::complex<Real> value) {
  switch (storage) {
    case StorageType::complex_fp32: {
      float* p = static_cast<float*>(base) + 2 * index;
      p[0] = static_cast<float>(value.real());
      p[1] = static_cast<float>(value.imag());
      return {static_cast<Real>(p[0]), static_cast<Real>(p[1])};
    }
    case StorageType::complex_fp64: {
      double* p = static_cast<double*>(base) + 2 * index;
      p[0] = static_cast<double>(value.real());
      p[1] = static_cast<double>(value.imag());
      return {static_cast<Real>(p[0]), static_cast<Real>(p[1])};
    }
    case StorageType::complex_fp16: {
      std::uint16_t* p = static_cast<std::uint16_t*>(base) + 2 * index;
      p[0] = precision::float_to_fp16_bits(static_cast<float>(value.real()));
      p[1] = precision::float_to_fp16_bits(static_cast<float>(value.imag()));
      return {static_cast<Real>(precision::fp16_bits_to_float(p[0])),
              static_cast<Real>(precision::fp16_bits_to_float(p[1]))};
    }
    case StorageType::complex_bf16: {
      std::uint16_t* p = static_cast<std::uint16_t*>(base) + 2 * index;
      p[0] = precision::float_to_bf16_bits(static_cast<float>(value.real()));
      p[1] = precision::float_to_bf16_bits(static_cast<float>(value.imag()));
      return {static_cast<Real>(precision::bf16_bits_to_float(p[0])),
              static_cast<Real>(precision::bf16_bits_to_float(p[1]))};
    }
  }
  return {};
}

}  // namespace tensorfft::host
