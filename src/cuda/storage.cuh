// Loads and stores of complex elements in each storage type, widened to the
// compute type (float2, or double2 for fp64).  Rounding on store is
// round-to-nearest-even, as in precision/half_conversion.hpp.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "precision/shared_exponent.hpp"

namespace tensorfft::cuda {

// An element as stored through the read-only cache, asking L2 to fetch its
// whole 128-byte line (4- or 8-byte elements): where a warp reads
// short runs of a line (tiles of few columns), the blocks that read the
// rest of it then find it in L2.  H100 r331 (cuda_core_pass.cuh, A/B
// against load_stored): fp16 N = 2^20 ... 2^22 0.93x ... 0.95x the time,
// 1024^2 0.92x, fp32 storage 2^20 ... 2^22 0.92x ... 0.96x; three passes
// and compact intermediates within noise (0.99x ... 1.01x).  256-byte
// lines ran 1.06x ... 1.34x slower.
template <typename T>
__device__ __forceinline__ T load_stored_with_line(const T* p) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "4- or 8-byte elements");
  T value;
  if constexpr (sizeof(T) == 4) {
    unsigned int bits;
    asm("ld.global.nc.L2::128B.b32 %0, [%1];" : "=r"(bits) : "l"(p));
    memcpy(&value, &bits, 4);
  } else {
    uint2 bits;
    asm("ld.global.nc.L2::128B.v2.b32 {%0, %1}, [%2];" : "=r"(bits.x), "=r"(bits.y) : "l"(p));
    memcpy(&value, &bits, 8);
  }
  return value;
}

template <typename Storage>
struct StorageTraits;

template <>
struct StorageTraits<float2> {
  using Compute = float2;
  __device__ static float2 widen(float2 v) { return v; }
  __device__ static float2 narrow(float2 v) { return v; }
  __device__ static float2 load(const float2* p) { return __ldg(p); }
  __device__ static void store(float2* p, float2 v) { *p = v; }
};

template <>
struct StorageTraits<double2> {
  using Compute = double2;
  __device__ static double2 widen(double2 v) { return v; }
  __device__ static double2 narrow(double2 v) { return v; }
  __device__ static double2 load(const double2* p) { return __ldg(p); }
  __device__ static void store(double2* p, double2 v) { *p = v; }
};

template <>
struct StorageTraits<__half2> {
  using Compute = float2;
  __device__ static float2 widen(__half2 v) { return __half22float2(v); }
  __device__ static __half2 narrow(float2 v) { return __floats2half2_rn(v.x, v.y); }
  __device__ static float2 load(const __half2* p) { return widen(__ldg(p)); }
  __device__ static void store(__half2* p, float2 v) { *p = narrow(v); }
};

template <>
struct StorageTraits<__nv_bfloat162> {
  using Compute = float2;
  __device__ static float2 widen(__nv_bfloat162 v) { return __bfloat1622float2(v); }
  __device__ static __nv_bfloat162 narrow(float2 v) { return __floats2bfloat162_rn(v.x, v.y); }
  __device__ static float2 load(const __nv_bfloat162* p) { return widen(__ldg(p)); }
  __device__ static void store(__nv_bfloat162* p, float2 v) { *p = narrow(v); }
};

// The 4-byte intermediate of fp16/bf16 storage in the tensor-core modes
// (precision/shared_exponent.hpp): one exponent for both parts.
template <typename Format>
struct alignas(4) SharedExponentComplex {
  std::uint32_t bits;
};
template <typename T>  // whether T is a compact (4-byte) intermediate
struct IsCompactIntermediate : std::false_type {};
template <typename Format>
struct IsCompactIntermediate<SharedExponentComplex<Format>> : std::true_type {};
using IntermediateE6M13 = SharedExponentComplex<precision::SharedExponentE6M13>;
using IntermediateE8M12 = SharedExponentComplex<precision::SharedExponentE8M12>;

// One element as stored (no conversion), through the read-only cache.
template <typename Storage>
__device__ __forceinline__ Storage load_stored(const Storage* p) {
  return __ldg(p);
}
template <typename Format>
__device__ __forceinline__ SharedExponentComplex<Format> load_stored(const SharedExponentComplex<Format>* p) {
  return {__ldg(reinterpret_cast<const unsigned int*>(p))};
}

template <typename Format>
struct StorageTraits<SharedExponentComplex<Format>> {
  using Compute = float2;
  __device__ static float2 widen(SharedExponentComplex<Format> v) {
    const precision::DecodedComplex value = precision::decode_shared_exponent<Format>(v.bits);
    return {value.re, value.im};
  }
  __device__ static SharedExponentComplex<Format> narrow(float2 v) {
    return {precision::encode_shared_exponent<Format>(v.x, v.y)};
  }
  __device__ static float2 load(const SharedExponentComplex<Format>* p) {
    return widen(load_stored(p));
  }
  __device__ static void store(SharedExponentComplex<Format>* p, float2 v) { *p = narrow(v); }
};

}  // namespace tensorfft::cuda
