// The definitions behind cuda_core_kernel_table.cuh, for the generated
// translation units only (cuda_core_storage_kernels.cu.in,
// cuda_core_intermediate_kernels.cu.in): each instantiates the kernels
// whose addresses it takes.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <type_traits>

#include "cuda/cuda_core_kernel_table.cuh"
#include "cuda/cuda_core_pass.cuh"
#include "cuda/cuda_core_transform.cuh"

namespace tensorfft::cuda {
namespace cuda_core {

// cuda_core_pass_kernel from Input to Output elements, 2^Log2Length points, in one lane per thread and (where
// cuda_core_pass_has_two_lanes) in two [lanes - 1][forward, inverse].
template <typename Input, typename Output, int Log2Length>
void set_passes_of_length(PassKernel (&kernels)[2][2]) {
  kernels[0][0] = &cuda_core_pass_kernel<Input, Output, -1, Log2Length, 1>;
  kernels[0][1] = &cuda_core_pass_kernel<Input, Output, +1, Log2Length, 1>;
  if constexpr (cuda_core_pass_has_two_lanes(Log2Length, sizeof(Input), sizeof(Output))) {
    kernels[1][0] = &cuda_core_pass_kernel<Input, Output, -1, Log2Length, 2>;
    kernels[1][1] = &cuda_core_pass_kernel<Input, Output, +1, Log2Length, 2>;
  }
}
// ... of every length [log2 length - 6][lanes - 1][forward, inverse].
template <typename Input, typename Output>
void set_passes(PassKernel (&kernels)[7][2][2]) {
  set_passes_of_length<Input, Output, 6>(kernels[0]);
  set_passes_of_length<Input, Output, 7>(kernels[1]);
  set_passes_of_length<Input, Output, 8>(kernels[2]);
  set_passes_of_length<Input, Output, 9>(kernels[3]);
  set_passes_of_length<Input, Output, 10>(kernels[4]);
  set_passes_of_length<Input, Output, 11>(kernels[5]);
  set_passes_of_length<Input, Output, 12>(kernels[6]);
}

// cuda_core_transform_16384_kernel's planes of 64, 128 and 256 columns from Storage to Output [log2 columns -
// 6][forward, inverse].
template <typename Storage, typename Output>
void set_planes(PassKernel (&kernels)[3][2]) {
  static_assert(cuda_core_plane_min_log2_columns == 6 && cuda_core_plane_max_log2_columns == 8, "the table's rows");
  kernels[0][0] = &cuda_core_transform_16384_kernel<Storage, -1, 1, Output, 64>;
  kernels[0][1] = &cuda_core_transform_16384_kernel<Storage, +1, 1, Output, 64>;
  kernels[1][0] = &cuda_core_transform_16384_kernel<Storage, -1, 1, Output, 128>;
  kernels[1][1] = &cuda_core_transform_16384_kernel<Storage, +1, 1, Output, 128>;
  kernels[2][0] = &cuda_core_transform_16384_kernel<Storage, -1, 1, Output, 256>;
  kernels[2][1] = &cuda_core_transform_16384_kernel<Storage, +1, 1, Output, 256>;
}

// cuda_core_warp_transform_kernel of 2^Log2Length points [forward, inverse].
template <typename Storage, int Log2Length>
void set_warp_transforms(PassKernel (&kernels)[2]) {
  kernels[0] = &cuda_core_warp_transform_kernel<Storage, -1, Log2Length>;
  kernels[1] = &cuda_core_warp_transform_kernel<Storage, +1, Log2Length>;
}

}  // namespace cuda_core

template <typename Storage>
void set_cuda_core_storage_kernels(CudaCoreKernels& kernels) {
  kernels.cuda_core_transform[0] = &cuda_core_transform_kernel<Storage, -1>;
  kernels.cuda_core_transform[1] = &cuda_core_transform_kernel<Storage, +1>;
  kernels.cuda_core_8192[0] = &cuda_core_transform_8192_kernel<Storage, -1>;
  kernels.cuda_core_8192[1] = &cuda_core_transform_8192_kernel<Storage, +1>;
  kernels.cuda_core_16384[0] = &cuda_core_transform_16384_kernel<Storage, -1>;
  kernels.cuda_core_16384[1] = &cuda_core_transform_16384_kernel<Storage, +1>;
  kernels.cuda_core_halves[0] = &cuda_core_transform_16384_kernel<Storage, -1, 2>;
  kernels.cuda_core_halves[1] = &cuda_core_transform_16384_kernel<Storage, +1, 2>;
  cuda_core::set_planes<Storage, Storage>(kernels.cuda_core_plane[0]);
  kernels.cuda_core_short[0][0] = &cuda_core_short_transform_kernel<Storage, -1, 9>;
  kernels.cuda_core_short[0][1] = &cuda_core_short_transform_kernel<Storage, +1, 9>;
  kernels.cuda_core_short[1][0] = &cuda_core_short_transform_kernel<Storage, -1, 10>;
  kernels.cuda_core_short[1][1] = &cuda_core_short_transform_kernel<Storage, +1, 10>;
  kernels.cuda_core_short[2][0] = &cuda_core_short_transform_kernel<Storage, -1, 11>;
  kernels.cuda_core_short[2][1] = &cuda_core_short_transform_kernel<Storage, +1, 11>;
  kernels.cuda_core_short[3][0] = &cuda_core_short_transform_kernel<Storage, -1, 12>;
  kernels.cuda_core_short[3][1] = &cuda_core_short_transform_kernel<Storage, +1, 12>;
  kernels.cuda_core_16_point[0] = &cuda_core_16_point_kernel<Storage, -1>;
  kernels.cuda_core_16_point[1] = &cuda_core_16_point_kernel<Storage, +1>;
  kernels.cuda_core_eight_thread[0][0] = &cuda_core_eight_thread_kernel<Storage, -1, 5>;
  kernels.cuda_core_eight_thread[0][1] = &cuda_core_eight_thread_kernel<Storage, +1, 5>;
  kernels.cuda_core_eight_thread[1][0] = &cuda_core_eight_thread_kernel<Storage, -1, 6>;
  kernels.cuda_core_eight_thread[1][1] = &cuda_core_eight_thread_kernel<Storage, +1, 6>;
  cuda_core::set_warp_transforms<Storage, 7>(kernels.cuda_core_warp[0]);
  cuda_core::set_warp_transforms<Storage, 8>(kernels.cuda_core_warp[1]);
  cuda_core::set_passes<Storage, Storage>(kernels.cuda_core_pass[0][0]);
  if constexpr (sizeof(Storage) == 4) {
    kernels.cuda_core_8192_pass[0] = &cuda_core_pass_kernel<Storage, Storage, -1, 13, 2, 0, false, true>;
    kernels.cuda_core_8192_pass[1] = &cuda_core_pass_kernel<Storage, Storage, +1, 13, 2, 0, false, true>;
  }
}

template <typename Storage, typename Intermediate>
void set_cuda_core_intermediate_kernels(CudaCoreKernels& kernels) {
  if constexpr (std::is_same_v<Storage, Intermediate>) {  // fp32 storage and intermediates: the storage passes
    const auto& storage_passes = kernels.cuda_core_pass[0][0];
    for (auto* passes : {&kernels.cuda_core_pass[0][1], &kernels.cuda_core_pass[1][1], &kernels.cuda_core_pass[1][0]}) {
      std::copy(&storage_passes[0][0][0], &storage_passes[0][0][0] + sizeof(storage_passes) / sizeof(PassKernel),
                &(*passes)[0][0][0]);
    }
  } else {
    cuda_core::set_passes<Storage, Intermediate>(kernels.cuda_core_pass[0][1]);
    cuda_core::set_passes<Intermediate, Intermediate>(kernels.cuda_core_pass[1][1]);
    cuda_core::set_passes<Intermediate, Storage>(kernels.cuda_core_pass[1][0]);
  }
  cuda_core::set_planes<Storage, Intermediate>(kernels.cuda_core_plane[1]);
  kernels.cuda_core_cross_row_pass[0][0] = &cuda_core_pass_kernel<Storage, Intermediate, -1, 12, 2, 4>;
  kernels.cuda_core_cross_row_pass[0][1] = &cuda_core_pass_kernel<Storage, Intermediate, +1, 12, 2, 4>;
  kernels.cuda_core_cross_row_pass[1][0] = &cuda_core_pass_kernel<Storage, Intermediate, -1, 13, 2, 2>;
  kernels.cuda_core_cross_row_pass[1][1] = &cuda_core_pass_kernel<Storage, Intermediate, +1, 13, 2, 2>;
  if constexpr (sizeof(Storage) == 4) {  // (the step of four in the 8192-point pass: fp16/bf16 storage)
    kernels.cuda_core_cross_row_pass[2][0] = &cuda_core_pass_kernel<Storage, Intermediate, -1, 13, 2, 4>;
    kernels.cuda_core_cross_row_pass[2][1] = &cuda_core_pass_kernel<Storage, Intermediate, +1, 13, 2, 4>;
  }
  if constexpr (sizeof(Storage) == 4 && sizeof(Intermediate) == 4) {  // compact intermediates
    kernels.cuda_core_paired_pass[0] = &cuda_core_pass_kernel<Intermediate, Storage, -1, 12, 2, 0, true>;
    kernels.cuda_core_paired_pass[1] = &cuda_core_pass_kernel<Intermediate, Storage, +1, 12, 2, 0, true>;
  }
}

}  // namespace tensorfft::cuda
