// Shared by the GPU tests and the cuFFT comparison benchmark: random inputs
// made on the device in fp64, conversion to each storage type, cuFFT fp64
// references, poisoning and error metrics (../shared/ACCURACY.md).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cufft.h>
#include <cufftXt.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "tensorfft/tensorfft.hpp"

namespace tensorfft::testing {

inline void cuda_check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}
inline void cufft_check(cufftResult status, const char* what) {
  if (status != CUFFT_SUCCESS) throw std::runtime_error(std::string(what) + ": cuFFT error " + std::to_string(status));
}

__device__ inline double uniform_from_hash(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + index * 0xBF58476D1CE4E5B9ull + 0x94D049BB133111EBull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * (2.0 / 9007199254740992.0) - 1.0;  // [-1, 1)
}

// Uniform [-1,1] real and imaginary parts.
__global__ void fill_uniform(double2* data, std::int64_t count, std::uint64_t seed) {
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < count;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    data[i] = {uniform_from_hash(seed, 2 * i), uniform_from_hash(seed, 2 * i + 1)};
  }
}

template <typename Storage>
__device__ inline Storage from_double2(double2 v);
template <>
__device__ inline double2 from_double2<double2>(double2 v) { return v; }
template <>
__device__ inline float2 from_double2<float2>(double2 v) { return {float(v.x), float(v.y)}; }
template <>
__device__ inline __half2 from_double2<__half2>(double2 v) { return __floats2half2_rn(float(v.x), float(v.y)); }
template <>
__device__ inline __nv_bfloat162 from_double2<__nv_bfloat162>(double2 v) {
  return __floats2bfloat162_rn(float(v.x), float(v.y));
}
template <typename Storage>
__device__ inline double2 to_double2(Storage v);
template <>
__device__ inline double2 to_double2<double2>(double2 v) { return v; }
template <>
__device__ inline double2 to_double2<float2>(float2 v) { return {v.x, v.y}; }
template <>
__device__ inline double2 to_double2<__half2>(__half2 v) {
  const float2 f = __half22float2(v);
  return {f.x, f.y};
}
template <>
__device__ inline double2 to_double2<__nv_bfloat162>(__nv_bfloat162 v) {
  const float2 f = __bfloat1622float2(v);
  return {f.x, f.y};
}

template <typename Storage>
__global__ void convert_from_double(const double2* source, Storage* destination, std::int64_t count) {
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < count;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    destination[i] = from_double2<Storage>(source[i]);
  }
}

// Reference values by index.  ArrayReference: an array of `count` elements.
// PeriodicReference: element i mod period of one (the input repeats with that
// period, so its transform does).  SeparableProduct: factor a[i0] b[i1] c[i2];
// the transform of such a separable 3D input is the product of the three 1D
// transforms, A[k0] B[k1] C[k2]: a reference for transforms too large for
// cuFFT fp64 (and, of a, b, c themselves, the input).
struct ArrayReference {
  const double2* values;
  __device__ double2 operator()(std::int64_t i) const { return values[i]; }
};
struct PeriodicReference {
  const double2* values;
  std::int64_t period;
  __device__ double2 operator()(std::int64_t i) const { return values[i % period]; }
};
struct SeparableProduct {  // factor * a[i0] b[i1] c[i2] at i = (i0 n1 + i1) n2 + i2
  const double2* a;  // axes 0, 1, 2 (2 contiguous)
  const double2* b;
  const double2* c;
  int log2_n1, log2_n2;
  double factor;
  __device__ double2 operator()(std::int64_t i) const {
    const double2 x = a[i >> (log2_n1 + log2_n2)], y = b[(i >> log2_n2) & ((std::int64_t{1} << log2_n1) - 1)],
                  z = c[i & ((std::int64_t{1} << log2_n2) - 1)];
    const double2 xy = {x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x};
    return {factor * (xy.x * z.x - xy.y * z.y), factor * (xy.x * z.y + xy.y * z.x)};
  }
};

// sums[0] += |y - ref|^2, sums[1] += |ref|^2, sums[2] = max |y - ref|, sums[3] += non-finite count
template <typename Storage, typename Reference>
__global__ void error_sums(const Storage* result, Reference reference, std::int64_t count, double scale,
                           double* sums) {
  double difference = 0, norm = 0, worst = 0, bad = 0;
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < count;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    const double2 y = to_double2<Storage>(result[i]);
    const double2 unscaled = reference(i);
    const double2 r = {unscaled.x * scale, unscaled.y * scale};
    if (!isfinite(y.x) || !isfinite(y.y)) bad += 1;
    const double dx = y.x - r.x, dy = y.y - r.y;
    difference += dx * dx + dy * dy;
    norm += r.x * r.x + r.y * r.y;
    worst = fmax(worst, sqrt(dx * dx + dy * dy));
  }
  atomicAdd(&sums[0], difference);
  atomicAdd(&sums[1], norm);
  atomicAdd(&sums[3], bad);
  // max via CAS on the bit pattern (non-negative doubles order like integers)
  unsigned long long* address = reinterpret_cast<unsigned long long*>(&sums[2]);
  atomicMax(address, static_cast<unsigned long long>(__double_as_longlong(worst)));
}

struct ErrorMetrics {
  double relative_l2 = 0;
  double max_relative = 0;  // max |y - ref| / rms(ref)
  double non_finite = 0;
};

template <typename Storage, typename Reference>
ErrorMetrics measure_error(const void* result, Reference reference, std::int64_t count, double scale,
                           double* device_sums) {
  cuda_check(cudaMemset(device_sums, 0, 4 * sizeof(double)), "cudaMemset sums");
  error_sums<Storage><<<1024, 256>>>(static_cast<const Storage*>(result), reference, count, scale, device_sums);
  cuda_check(cudaGetLastError(), "error_sums launch");
  double sums[4];
  cuda_check(cudaMemcpy(sums, device_sums, sizeof sums, cudaMemcpyDeviceToHost), "copy sums");
  ErrorMetrics metrics;
  metrics.relative_l2 = std::sqrt(sums[0] / sums[1]);
  metrics.max_relative = sums[2] / std::sqrt(sums[1] / double(count));
  metrics.non_finite = sums[3];
  if (metrics.non_finite > 0) metrics.relative_l2 = metrics.max_relative = INFINITY;
  return metrics;
}

// Calls f(Storage{}) with the element type of `storage`.
template <typename F>
void with_storage_element(StorageType storage, F&& f) {
  switch (storage) {
    case StorageType::complex_fp64: f(double2{}); break;
    case StorageType::complex_fp32: f(float2{}); break;
    case StorageType::complex_fp16: f(__half2{}); break;
    case StorageType::complex_bf16: f(__nv_bfloat162{}); break;
  }
}

// Against any reference (ArrayReference, PeriodicReference, SeparableProduct).
template <typename Reference>
ErrorMetrics measure_error_against(StorageType storage, const void* result, Reference reference,
                                   std::int64_t count, double scale, double* device_sums) {
  ErrorMetrics metrics;
  with_storage_element(storage, [&](auto element) {
    metrics = measure_error<decltype(element)>(result, reference, count, scale, device_sums);
  });
  return metrics;
}
inline ErrorMetrics measure_error(StorageType storage, const void* result, const double2* reference,
                                  std::int64_t count, double scale, double* device_sums) {
  return measure_error_against(storage, result, ArrayReference{reference}, count, scale, device_sums);
}

inline void convert_input(StorageType storage, const double2* source, void* destination, std::int64_t count) {
  with_storage_element(storage, [&](auto element) {
    using Storage = decltype(element);
    convert_from_double<Storage><<<1024, 256>>>(source, static_cast<Storage*>(destination), count);
  });
  cuda_check(cudaGetLastError(), "convert_input launch");
}

// cuFFT fp64 reference of `batch` packed transforms of the given sizes
// (rank 1 to 3, unnormalized).
inline void cufft_reference(const double2* input, double2* output, std::vector<long long> sizes, long long batch,
                            int direction) {
  cufftHandle plan;
  cufft_check(cufftCreate(&plan), "cufftCreate");
  std::size_t work = 0;
  long long elements = 1;
  for (long long size : sizes) elements *= size;
  cufft_check(cufftMakePlanMany64(plan, static_cast<int>(sizes.size()), sizes.data(), nullptr, 1, elements, nullptr,
                                  1, elements, CUFFT_Z2Z, batch, &work),
              "cufftMakePlanMany64 Z2Z");
  cufft_check(cufftExecZ2Z(plan, reinterpret_cast<cufftDoubleComplex*>(const_cast<double2*>(input)),
                           reinterpret_cast<cufftDoubleComplex*>(output), direction),
              "cufftExecZ2Z");
  cufftDestroy(plan);
}

// Fill with 0xFF bytes: NaN in every float format, so unwritten outputs show.
inline void poison(void* data, std::size_t bytes) { cuda_check(cudaMemset(data, 0xFF, bytes), "poison"); }

}  // namespace tensorfft::testing
