// The CUDA-core kernels (cuda_core_transform.cuh, cuda_core_pass.cuh) the
// executor picks from, by storage type and intermediate format, as kernel
// addresses.  Their instances are compiled in generated translation units
// (cuda_core_storage_kernels.cu.in: one per storage type;
// cuda_core_intermediate_kernels.cu.in: one per storage and intermediate
// pair), so that they build in parallel; the executor only takes the tables.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "cuda/stockham_pass.cuh"  // PassKernel
#include "cuda/storage.cuh"

namespace tensorfft::cuda {

// Null where no instance exists (fp64, or a combination the kernels leave out).
struct CudaCoreKernels {
  // cuda_core_transform_kernel [forward, inverse].
  PassKernel cuda_core_transform[2] = {nullptr, nullptr};
  PassKernel cuda_core_8192[2] = {nullptr, nullptr};   // cuda_core_transform_8192_kernel, likewise
  PassKernel cuda_core_16384[2] = {nullptr, nullptr};  // cuda_core_transform_16384_kernel, likewise
  // cuda_core_transform_16384_kernel in clusters of two blocks (2^15 points) [forward, inverse] (sm_90).
  PassKernel cuda_core_halves[2] = {nullptr, nullptr};
  // cuda_core_transform_16384_kernel's PlaneColumns: the 2D DFT of planes of 16384 / C x C points from storage
  // [output is intermediate][log2 C - 6][forward, inverse].
  PassKernel cuda_core_plane[2][3][2] = {};
  // cuda_core_short_transform_kernel [log2 length - 9][forward, inverse].
  PassKernel cuda_core_short[4][2] = {};
  // cuda_core_warp_transform_kernel [log2 length - 7][forward, inverse].
  PassKernel cuda_core_warp[2][2] = {};
  PassKernel cuda_core_16_point[2] = {nullptr, nullptr};  // cuda_core_16_point_kernel [forward, inverse]
  // cuda_core_eight_thread_kernel [log2 length - 5][forward, inverse].
  PassKernel cuda_core_eight_thread[2][2] = {};
  // cuda_core_pass_kernel [input is intermediate][output is intermediate][log2 length - 6][lanes per thread -
  // 1][forward, inverse], with fp32 or compact intermediates (two lanes where cuda_core_pass_has_two_lanes,
  // else null).
  PassKernel cuda_core_pass[2][2][7][2][2] = {};
  // Its instances with the cross-row step (CrossRows; plan::runs_cross_row_step) in two lanes per thread, from
  // storage to intermediates [4096 points with the step of four, 8192 with the step of two, 8192 with the step
  // of four (4-byte storage only, else null)][forward, inverse].
  PassKernel cuda_core_cross_row_pass[3][2] = {};
  // Its 8192-point instance from storage to storage in two lanes (two rows a tile) with w_P in shared memory
  // (SharedTwiddles), the single pass of 8192 points in fp16/bf16 storage [forward, inverse].
  PassKernel cuda_core_8192_pass[2] = {nullptr, nullptr};
  // Its 4096-point two-lane instance with paired stores (PairedStores) from compact intermediates to
  // fp16/bf16 storage [forward, inverse].
  PassKernel cuda_core_paired_pass[2] = {nullptr, nullptr};
};

// Sets the kernels of Storage alone: the whole transforms, and the passes from
// storage to storage (cuda_core_pass[0][0], cuda_core_8192_pass).
template <typename Storage>
void set_cuda_core_storage_kernels(CudaCoreKernels& kernels);
// Then the passes that read or write Intermediate (the rest of cuda_core_pass,
// the cross-row and paired-stores passes).
template <typename Storage, typename Intermediate>
void set_cuda_core_intermediate_kernels(CudaCoreKernels& kernels);

// Defined in the generated translation units (cuda_core_kernels.cuh).
extern template void set_cuda_core_storage_kernels<__half2>(CudaCoreKernels&);
extern template void set_cuda_core_storage_kernels<__nv_bfloat162>(CudaCoreKernels&);
extern template void set_cuda_core_storage_kernels<float2>(CudaCoreKernels&);
extern template void set_cuda_core_intermediate_kernels<__half2, float2>(CudaCoreKernels&);
extern template void set_cuda_core_intermediate_kernels<__half2, IntermediateE6M13>(CudaCoreKernels&);
extern template void set_cuda_core_intermediate_kernels<__nv_bfloat162, float2>(CudaCoreKernels&);
extern template void set_cuda_core_intermediate_kernels<__nv_bfloat162, IntermediateE8M12>(CudaCoreKernels&);
extern template void set_cuda_core_intermediate_kernels<float2, float2>(CudaCoreKernels&);

}  // namespace tensorfft::cuda
