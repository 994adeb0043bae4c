// Pass kernels compiled for fixed pass shapes (stockham_pass_kernel with
// Log2PassLength and Log2TileColumns set): with P, T and the stage radices
// known at compile time, every stage loop unrolls and the tile indexing,
// strides and twiddle shifts become constants (the run-time-shape kernel
// spends most of its instructions on that arithmetic; docs/BENCHMARKS.md).
//
// The shapes are the ones the executor picks by default (a tile of about
// 2^fixed_tile_log2_elements elements, at least 2^strided_log2_min_columns
// columns when columns lie apart) for the tensor-core modes; any other shape
// or schedule runs the run-time-shape kernel.  The instances are spread over
// several translation units (fixed_shape_kernels_*.cu, one per compute mode
// and storage type) so that they compile in parallel.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <utility>

#include "cuda/stockham_pass.cuh"

namespace tensorfft::cuda {

constexpr int fixed_tile_log2_elements = 11;   // the executor's target tile: 2^11 elements

// log2 of the fewest columns per tile when the columns lie apart in memory
// (several passes, strided axes): 8 for passes of up to 1024 points that
// read or write 4-byte elements (fp16/bf16 storage), so that each point's
// run of columns fills a 32-byte sector; else plan::min_columns_per_tile
// (4: 32 bytes of 8-byte elements; 8 columns of longer passes would not fit
// in shared memory).  Measured on the H100 against 4 everywhere: fp16 split
// 512^3 3.95 -> 2.94 ms, 1024^2 0.93 -> 0.76, N = 2^20 1.14 -> 0.96; with 8
// columns for 8-byte elements too, fp32 storage N = 2^18 ran 1.14x slower.
// Also 8 for the passes whose register blocks exchange in place
// (exchanges_in_place): 64-byte runs of 8-byte elements.
// Wider in the tensor-core modes' strided register-block passes that read
// 8-byte elements (to any output): 16 columns (128-byte runs, whole cache
// lines) for 256, 512 and 1024 points, 32 for 128 points; and 16 for 256
// and 512 points from 4-byte to 8-byte elements (first passes of fp16/bf16
// storage); halved below where the tile would not fit in shared memory
// (fixed_log2_tile_columns: 1024 points to 4-byte outputs keep 8).
// Measured on the H100 against the 8 (16 for 128 points) of the target
// tile, r108-r111 (docs/BENCHMARKS.md, nineteenth session), split mode
// (fp16 / fp32 storage): 256^3 0.79x / 0.81x the time, 512^3 0.76x /
// 0.77x, 128^3 0.90x / 0.93x; N = 2^16, 2^20, 2^24, 2^26 fp32 storage
// 0.87x, 0.94x, 0.87x, 0.90x; 2^18, 2^19 fp16 0.88x, 0.96x.  Not kept: 32
// columns for 256 points (N = 2^24 and 2^26 fp32 storage 1.02x slower), 64
// for 128 points (r124: 128^3 and N = 2^15 1.05x ... 1.10x slower), 16
// for 1024 points from 4-byte elements (2^20 fp16 1.01x) and for 4-byte to
// 4-byte passes (256^3 compact intermediates 1.07x).
// Strided 2048- and 4096-point passes in place: tiles of 2^14 elements
// (strided_tile_in_parts), except in the first of several passes of an
// unstrided axis (`first_of_several`: its outputs are contiguous), whose
// tiles take 2^13 elements (not in place: exchanges_in_place).
constexpr int strided_log2_min_columns(ComputeMode mode, int log2_pass_length, int input_element_bytes,
                                       int output_element_bytes, bool first_of_several) {
  const int narrowest = input_element_bytes < output_element_bytes ? input_element_bytes : output_element_bytes;
  // The columns do not matter below 2048 points.
  const bool in_place =
      exchanges_in_place(mode, log2_pass_length, 0, false, input_element_bytes, output_element_bytes);
  if (plan::tensor_core_mode(mode) && input_element_bytes == 8) {
    if (log2_pass_length == 7) return 5;
    if (log2_pass_length >= 8 && log2_pass_length <= 10) return 4;
  }
  if (plan::tensor_core_mode(mode) && input_element_bytes == 4 && output_element_bytes == 8 &&
      (log2_pass_length == 8 || log2_pass_length == 9)) {
    return 4;
  }
  if (strided_tile_in_parts(mode, log2_pass_length, input_element_bytes, output_element_bytes)) {
    // The first of several: 2^13 elements, an input tile beside the exchange tile (128 KB).
    return (first_of_several ? 13 : 14) - log2_pass_length;
  }
  return (narrowest <= 4 || in_place) && log2_pass_length <= plan::log2_longest_whole_sector_pass ? 3 : 2;
}

// log2 T of the tile the executor picks for a pass of 2^log2_pass_length
// points when there are enough columns: about 2^fixed_tile_log2_elements
// elements, at least the strided minimum, halved while the tile would not
// fit in sm_90's shared memory (plan::default_shared_bytes_per_block; a
// device with less gets narrower tiles from the executor and runs the
// run-time-shape kernel for them).  Strided 4096-point passes of 8-byte
// elements: 2 columns, 4 in place (strided_tile_in_parts).
template <ComputeMode Mode, typename Input, typename Output>
constexpr int fixed_log2_tile_columns(int log2_pass_length, bool columns_apart, bool contiguous,
                                      bool first_of_several) {
  const int by_size = fixed_tile_log2_elements - log2_pass_length;
  const int floor = columns_apart ? strided_log2_min_columns(Mode, log2_pass_length, sizeof(Input), sizeof(Output),
                                                             first_of_several)
                                  : 0;
  int t = by_size > floor ? by_size : floor;
  const bool register_blocks =
      runs_register_blocks(Mode, log2_pass_length, contiguous, static_cast<int>(sizeof(Input)));
  const bool in_registers =
      contiguous && runs_contiguous_register_transforms(Mode, log2_pass_length, static_cast<int>(sizeof(Input)));
  const auto in_place = [&](int log2_columns) {
    return exchanges_in_place(Mode, log2_pass_length, log2_columns, contiguous, static_cast<int>(sizeof(Input)),
                              static_cast<int>(sizeof(Output)));
  };
  while (t > 0 && pass_shared_bytes(register_blocks, in_registers, in_place(t),
                                    fetches_tile_in_parts(in_place(t), log2_pass_length, contiguous, false),
                                    (1LL << (log2_pass_length + t)), static_cast<int>(sizeof(Input)),
                                    8) > plan::default_shared_bytes_per_block) {
    --t;
  }
  return t;
}

// The instance for 2^(i + 1)-point passes (2^(i + 8) when Contiguous), i in
// Indices, whose shape is (p, t); null if none.  FirstOfSeveral: the first
// of several passes of an unstrided axis (strided_log2_min_columns).
template <ComputeMode Mode, typename Input, typename Output, bool ColumnsApart, bool Contiguous, bool FirstOfSeveral,
          int... Indices>
PassKernel fixed_shape_kernel_of(int p, int t, std::integer_sequence<int, Indices...>) {
  constexpr int first_log2 = Contiguous ? first_register_transform_log2 : 1;
  PassKernel found = nullptr;
  const auto consider = [&](int log2_pass_length, PassKernel kernel) {
    if (p == log2_pass_length &&
        t == fixed_log2_tile_columns<Mode, Input, Output>(log2_pass_length, ColumnsApart, Contiguous, FirstOfSeveral)) {
      found = kernel;
    }
  };
  (consider(Indices + first_log2,
            &stockham_pass_kernel<Mode, Input, Output, Indices + first_log2,
                                  fixed_log2_tile_columns<Mode, Input, Output>(Indices + first_log2, ColumnsApart,
                                                                               Contiguous, FirstOfSeveral),
                                  Contiguous>),
   ...);
  return found;
}

// The fixed-shape kernel for a pass, or null when none is compiled for it.
// Contiguous passes of 2^4 (first_register_transform_log2) ... 2^13 points
// have instances of their own (T by size), and of 2^14 points when they
// read storage (plan::pass_limits).  Storage-to-storage passes are whole
// packed single-pass transforms, so the others of that kind are shorter (P
// up to 2^7, T by size); passes with an intermediate side are passes of
// multi-pass or multi-axis transforms (P up to 2^11, columns apart, or T by
// size for the contiguous axis; 2^12 for the first of several passes of an
// axis, for passes reading 4-byte (compact) intermediates and for
// strided axes of 4096 points, plan::pass_limits).
template <ComputeMode Mode, typename Storage, typename Intermediate>
PassKernel fixed_shape_kernel(bool input_is_intermediate, bool output_is_intermediate, int log2_pass_length,
                              int log2_tile_columns, bool contiguous) {
  using Single = std::make_integer_sequence<int, 7>;                            // P = 2 ... 2^7
  using Multi = std::make_integer_sequence<int, fixed_tile_log2_elements>;      // P = 2 ... 2^11
  // ... 2^12 (compact intermediates, plan::pass_limits; a strided axis of 4096 points, strided_axis_single_pass)
  using FromIntermediate = std::make_integer_sequence<int, 12>;
  using FirstOfSeveral = std::make_integer_sequence<int, 12>;                   // P = 2 ... 2^12
  // P = 2^first_register_transform_log2 ... 2^13
  using Contiguous = std::make_integer_sequence<int, 14 - first_register_transform_log2>;
  using ContiguousFromStorage = std::make_integer_sequence<int, 15 - first_register_transform_log2>;  // ... 2^14
  const int p = log2_pass_length, t = log2_tile_columns;
  const int input_bytes = static_cast<int>(input_is_intermediate ? sizeof(Intermediate) : sizeof(Storage));
  // Below 2^8 only the passes that run contiguous_register_transforms.
  if (contiguous && p <= 14 && (p >= 8 || runs_contiguous_register_transforms(Mode, p, input_bytes))) {
    if (!input_is_intermediate && !output_is_intermediate) {
      return fixed_shape_kernel_of<Mode, Storage, Storage, false, true, false>(p, t, ContiguousFromStorage{});
    }
    if (!input_is_intermediate) {
      return fixed_shape_kernel_of<Mode, Storage, Intermediate, false, true, false>(p, t, ContiguousFromStorage{});
    }
    if (!output_is_intermediate) {
      return fixed_shape_kernel_of<Mode, Intermediate, Storage, false, true, false>(p, t, Contiguous{});
    }
    return fixed_shape_kernel_of<Mode, Intermediate, Intermediate, false, true, false>(p, t, Contiguous{});
  }
  if (!input_is_intermediate && !output_is_intermediate) {
    return fixed_shape_kernel_of<Mode, Storage, Storage, false, false, false>(p, t, Single{});
  }
  if (!input_is_intermediate) {  // the contiguous axis of a 2D/3D transform (T by size) or a first pass
    const PassKernel by_size = fixed_shape_kernel_of<Mode, Storage, Intermediate, false, false, false>(p, t, Multi{});
    return by_size ? by_size
                   : fixed_shape_kernel_of<Mode, Storage, Intermediate, true, false, true>(p, t, FirstOfSeveral{});
  }
  if (!output_is_intermediate) {
    return fixed_shape_kernel_of<Mode, Intermediate, Storage, true, false, false>(p, t, FromIntermediate{});
  }
  return fixed_shape_kernel_of<Mode, Intermediate, Intermediate, true, false, false>(p, t, FromIntermediate{});
}

// The plane pass kernel (plane_pass_kernel) reading this storage and writing
// the storage (a 128 x 128 transform) or the intermediate (the first pass of
// [...] x 128 x 128).
template <ComputeMode Mode, typename Storage, typename Intermediate>
PassKernel plane_kernel(bool output_is_intermediate) {
  return output_is_intermediate ? &plane_pass_kernel<Mode, Storage, Intermediate>
                                : &plane_pass_kernel<Mode, Storage, Storage>;
}

// The paired-halves kernel (paired_halves_pass_kernel) of a 2^15-point
// transform reading fp16/bf16 storage and writing the storage or the
// intermediate; null for fp32 storage.
template <ComputeMode Mode, typename Storage, typename Intermediate>
PassKernel paired_halves_kernel(bool output_is_intermediate) {
  if constexpr (sizeof(Storage) == 4) {
    return output_is_intermediate ? &paired_halves_pass_kernel<Mode, Storage, Intermediate>
                                  : &paired_halves_pass_kernel<Mode, Storage, Storage>;
  } else {
    (void)output_is_intermediate;
    return nullptr;
  }
}

// Instances are compiled in the generated fixed_shape_kernels_<mode>_<storage>[_compact].cu
// (src/cuda/CMakeLists.txt, from fixed_shape_kernels.cu.in), one per line here:
// fp32 intermediates, and for fp16/bf16 storage the compact ones too.
extern template PassKernel fixed_shape_kernel<ComputeMode::split_fp16, __half2, float2>(bool, bool, int, int, bool);
extern template PassKernel fixed_shape_kernel<ComputeMode::split_fp16, __half2, IntermediateE6M13>(
    bool, bool, int, int, bool);
extern template PassKernel fixed_shape_kernel<ComputeMode::split_fp16, __nv_bfloat162, float2>(
    bool, bool, int, int, bool);
extern template PassKernel fixed_shape_kernel<ComputeMode::split_fp16, __nv_bfloat162, IntermediateE8M12>(
    bool, bool, int, int, bool);
extern template PassKernel fixed_shape_kernel<ComputeMode::split_fp16, float2, float2>(bool, bool, int, int, bool);
extern template PassKernel fixed_shape_kernel<ComputeMode::single_fp16, __half2, float2>(bool, bool, int, int, bool);
extern template PassKernel fixed_shape_kernel<ComputeMode::single_fp16, __half2, IntermediateE6M13>(
    bool, bool, int, int, bool);
extern template PassKernel fixed_shape_kernel<ComputeMode::single_fp16, __nv_bfloat162, float2>(
    bool, bool, int, int, bool);
extern template PassKernel fixed_shape_kernel<ComputeMode::single_fp16, __nv_bfloat162, IntermediateE8M12>(
    bool, bool, int, int, bool);
extern template PassKernel fixed_shape_kernel<ComputeMode::single_fp16, float2, float2>(bool, bool, int, int, bool);
extern template PassKernel plane_kernel<ComputeMode::split_fp16, __half2, float2>(bool);
extern template PassKernel plane_kernel<ComputeMode::split_fp16, __half2, IntermediateE6M13>(bool);
extern template PassKernel plane_kernel<ComputeMode::split_fp16, __nv_bfloat162, float2>(bool);
extern template PassKernel plane_kernel<ComputeMode::split_fp16, __nv_bfloat162, IntermediateE8M12>(bool);
extern template PassKernel plane_kernel<ComputeMode::split_fp16, float2, float2>(bool);
extern template PassKernel plane_kernel<ComputeMode::single_fp16, __half2, float2>(bool);
extern template PassKernel plane_kernel<ComputeMode::single_fp16, __half2, IntermediateE6M13>(bool);
extern template PassKernel plane_kernel<ComputeMode::single_fp16, __nv_bfloat162, float2>(bool);
extern template PassKernel plane_kernel<ComputeMode::single_fp16, __nv_bfloat162, IntermediateE8M12>(bool);
extern template PassKernel plane_kernel<ComputeMode::single_fp16, float2, float2>(bool);
extern template PassKernel paired_halves_kernel<ComputeMode::split_fp16, __half2, float2>(bool);
extern template PassKernel paired_halves_kernel<ComputeMode::split_fp16, __half2, IntermediateE6M13>(bool);
extern template PassKernel paired_halves_kernel<ComputeMode::split_fp16, __nv_bfloat162, float2>(bool);
extern template PassKernel paired_halves_kernel<ComputeMode::split_fp16, __nv_bfloat162, IntermediateE8M12>(bool);
extern template PassKernel paired_halves_kernel<ComputeMode::split_fp16, float2, float2>(bool);
extern template PassKernel paired_halves_kernel<ComputeMode::single_fp16, __half2, float2>(bool);
extern template PassKernel paired_halves_kernel<ComputeMode::single_fp16, __half2, IntermediateE6M13>(bool);
extern template PassKernel paired_halves_kernel<ComputeMode::single_fp16, __nv_bfloat162, float2>(bool);
extern template PassKernel paired_halves_kernel<ComputeMode::single_fp16, __nv_bfloat162, IntermediateE8M12>(bool);
extern template PassKernel paired_halves_kernel<ComputeMode::single_fp16, float2, float2>(bool);
}  // namespace tensorfft::cuda
