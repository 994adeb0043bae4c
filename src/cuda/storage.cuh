// Loads and stores of complex elements in each storage type, widened to the
// compute type (float2, or double2 for fp64).  Rounding on store is
// round-to-nearest-even, as in precision/half_conversion.hpp.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace tensorfft::cuda {

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

}  // namespace tensorfft::cuda
