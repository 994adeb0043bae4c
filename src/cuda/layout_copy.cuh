// Copies between a caller's advanced layout (cuFFT/FFTW inembed/istride/idist
// and onembed/ostride/odist) and a packed array of the same storage type,
// which the passes read and write as they would the caller's.
// Element (b, i) of a transform lives at b*distance + sum_k i_k*pitch_k;
// in the packed array at b*prod(sizes) + linear(i).  Memory-bound copies: the
// integer divisions of the index decoding cost less than the bytes.
#pragma once

#include <cstdint>

#include "cuda/storage.cuh"

namespace tensorfft::cuda {

struct LayoutMap {
  int rank = 1;
  std::int64_t sizes[3] = {1, 1, 1};
  std::int64_t pitch[3] = {1, 1, 1};
  std::int64_t distance = 0;
  std::int64_t transform_elements = 1;
  std::int64_t total_elements = 0;  // batch * transform_elements

  __device__ std::int64_t offset(std::int64_t packed_index) const {
    const std::int64_t batch = packed_index / transform_elements;
    std::int64_t rest = packed_index - batch * transform_elements;
    std::int64_t result = batch * distance;
    for (int k = rank - 1; k >= 0; --k) {
      const std::int64_t i = rest % sizes[k];
      rest /= sizes[k];
      result += i * pitch[k];
    }
    return result;
  }
};

// Strided caller input -> packed array of the same storage type (exact).
template <typename Storage>
__global__ void gather_kernel(const Storage* __restrict__ input, Storage* __restrict__ packed, LayoutMap map) {
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < map.total_elements;
       i += std::int64_t{gridDim.x} * blockDim.x) {
    packed[i] = input[map.offset(i)];
  }
}

// Packed array -> strided caller output of the same storage type (exact).
template <typename Storage>
__global__ void scatter_kernel(const Storage* __restrict__ packed, Storage* __restrict__ output, LayoutMap map) {
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < map.total_elements;
       i += std::int64_t{gridDim.x} * blockDim.x) {
    output[map.offset(i)] = packed[i];
  }
}

}  // namespace tensorfft::cuda
