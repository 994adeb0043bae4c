// One pass of a Stockham autosort FFT: a tile of columns is read from device
// memory once, every stage of the pass runs on chip (shared memory and
// registers), and the tile is written once.
//
// Indexing (plan_implementation.hpp has the glossary).  A pass of length P
// whose earlier passes have combined A = stride_before points sees each
// transform of size N as N/P columns c; column c's P inputs are at
//     c + p * (N/P),  p < P                          (coalesced across c)
// multiplied by the pass twiddle w_{A*P}^(p * (c mod A)); a P-point DFT over p
// (the pass's stages, each a radix-r Stockham stage) gives P outputs k at
//     (c / A) * A * P + (c mod A) + A * k            (natural order at the end)
// On chip, tile element (p, column) lives at tile[p * T + column].
//
// Stage arithmetic by compute mode:
//   split_fp16 / single_fp16: mma.sync m16n8k16.  Each MMA column holds 16
//     values: 16/r radix-r vectors, and the A operand is the block-diagonal
//     matrix of r x r DFT blocks.  Complex products are the four real products
//     Yr = Fr Xr - Fi Xi, Yi = Fi Xr + Fr Xi; the split adds the correction
//     products of precision/split.hpp.  The power-of-two scale is per MMA
//     column (one radix-16 vector, or 16/r smaller ones).
//   fp32 / fp64: each thread computes y = F x for whole vectors.
#pragma once

#include <cuda_fp16.h>

#include <cstdint>

#include "cuda/arch/mma_sm80.cuh"
#include "cuda/storage.cuh"
#include "precision/split.hpp"
#include "tensorfft/tensorfft.hpp"

namespace tensorfft::cuda {

constexpr int max_stages_per_pass = 16;
constexpr int mma_groups_per_warp = 4;  // groups of 8 MMA columns a warp holds at once
constexpr int max_threads_per_block = 512;  // with __launch_bounds__: up to 128 registers, no spills

struct PassParameters {
  const void* input = nullptr;
  void* output = nullptr;
  std::int64_t transform_size = 0;         // N
  std::int64_t columns_per_transform = 0;  // N / P
  std::int64_t total_columns = 0;          // batch * N / P
  std::int64_t stride_before = 1;          // A
  int pass_length = 0;                     // P
  int tile_columns = 0;                    // T
  int stage_count = 0;
  int radices[max_stages_per_pass] = {};
  // w_{A*P}^e = coarse[e >> fine_bits] * fine[e & fine_mask]; unused when A == 1.
  const void* pass_twiddles_coarse = nullptr;
  const void* pass_twiddles_fine = nullptr;
  int fine_bits = 0;
  const void* inner_twiddles = nullptr;  // w_P^i, i < P
  // Tensor modes: per radix (2, 4, 8, 16 at dft_table_offset) r*r (re, im)
  // pairs of the fp16 hi parts, then r*r pairs of the lo parts (as floats).
  const float* dft_split_table = nullptr;
  // Scalar modes: per radix r*r complex entries in the compute precision.
  const void* dft_table = nullptr;
  double scale = 1.0;
};

// Offset (in complex entries of one r x r matrix set) of radix r's block.
__host__ __device__ inline int dft_table_offset(int radix) {
  return radix == 2 ? 0 : radix == 4 ? 4 : radix == 8 ? 20 : 84;  // sums of r*r before r
}
constexpr int dft_table_entries = 340;  // 4 + 16 + 64 + 256

template <typename Real>
struct ComplexOf;
template <>
struct ComplexOf<float> {
  using type = float2;
};
template <>
struct ComplexOf<double> {
  using type = double2;
};

// Every length here is a power of two: index arithmetic uses shifts and masks
// (integer division by a run-time value costs tens of instructions).
__device__ __forceinline__ int log2_of(std::int64_t power_of_two) { return __ffsll(power_of_two) - 1; }

template <typename C>
__device__ __forceinline__ C complex_multiply(C a, C b) {
  return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
}

__device__ __forceinline__ std::uint32_t pack_halves(float low, float high) {
  const __half2 pair = __floats2half2_rn(low, high);
  return *reinterpret_cast<const std::uint32_t*>(&pair);
}

// The A fragment of the block-diagonal 16x16 matrix built from an r x r
// matrix `entries` (part 0 = real, 1 = imaginary), negated when asked.
__device__ __forceinline__ void load_block_diagonal_fragment(std::uint32_t (&a)[4], const float* entries, int radix,
                                                             int part, float sign, int lane) {
  const int group = lane >> 2, quad = lane & 3;
  float values[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = group + ((i >> 1) & 1) * 8;
    const int column = 2 * quad + (i & 1) + (i >> 2) * 8;
    const bool on_block = (row / radix) == (column / radix);
    values[i] = on_block ? sign * entries[2 * ((row % radix) * radix + (column % radix)) + part] : 0.0f;
  }
  a[0] = pack_halves(values[0], values[1]);
  a[1] = pack_halves(values[2], values[3]);
  a[2] = pack_halves(values[4], values[5]);
  a[3] = pack_halves(values[6], values[7]);
}

// Where vector slot `row` of MMA column `mma_column` lives: returns the
// column of the tile and the vector index t of the radix-r stage.
struct VectorSlot {
  int column;
  int t;
  bool valid;
};
__device__ __forceinline__ VectorSlot vector_slot(int mma_column, int row, int log2_radix, int log2_vectors_per_column,
                                                  int total_vectors) {
  const int flat = (mma_column << (4 - log2_radix)) + (row >> log2_radix);
  return {flat >> log2_vectors_per_column, flat & ((1 << log2_vectors_per_column) - 1), flat < total_vectors};
}

// One radix-r stage with tensor cores, in place on the float2 tile.
template <bool Split>
__device__ void tensor_core_stage(float2* tile, int pass_length, int tile_columns, int radix, int stride,
                                  const float2* inner_twiddles, const float* split_table, int lane, int warp,
                                  int warp_count) {
  using Mma = arch::SM80_16x8x16_F32F16F16F32_TN;
  const int group = lane >> 2, quad = lane & 3;
  const int vectors_per_column = pass_length / radix;  // radix-r vectors per tile column
  const int total_vectors = vectors_per_column * tile_columns;
  const int mma_columns = (total_vectors * radix + 15) / 16;
  const int mma_groups = (mma_columns + 7) / 8;
  const int twiddle_step = pass_length / (stride * radix);  // w_{stride*r} = w_P^twiddle_step
  const int log2_radix = log2_of(radix), log2_stride = log2_of(stride), log2_columns = log2_of(tile_columns);
  const int log2_vectors = log2_of(vectors_per_column), log2_step = log2_of(twiddle_step);

  const float* hi = split_table + 2 * (2 * dft_table_offset(radix));
  const float* lo = hi + 2 * radix * radix;
  std::uint32_t f_re[4], f_im[4], f_minus_im[4], f_lo_re[4], f_lo_im[4], f_lo_minus_im[4];
  load_block_diagonal_fragment(f_re, hi, radix, 0, 1.0f, lane);
  load_block_diagonal_fragment(f_im, hi, radix, 1, 1.0f, lane);
  load_block_diagonal_fragment(f_minus_im, hi, radix, 1, -1.0f, lane);
  if (Split) {
    load_block_diagonal_fragment(f_lo_re, lo, radix, 0, 1.0f, lane);
    load_block_diagonal_fragment(f_lo_im, lo, radix, 1, 1.0f, lane);
    load_block_diagonal_fragment(f_lo_minus_im, lo, radix, 1, -1.0f, lane);
  }

  // Results held until every warp has read its inputs (the stage is in place).
  float2 results[mma_groups_per_warp][4];
  int result_index[mma_groups_per_warp][4];

#pragma unroll
  for (int g = 0; g < mma_groups_per_warp; ++g) {
    const int mma_group = warp + g * warp_count;
#pragma unroll
    for (int i = 0; i < 4; ++i) result_index[g][i] = -1;
    if (mma_group >= mma_groups) continue;
    // B operand: rows 2quad, 2quad+1, 2quad+8, 2quad+9 of MMA column `group`.
    const int mma_column = mma_group * 8 + group;
    float2 x[4];
    float max_abs = 0.0f;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int row = 2 * quad + (i & 1) + (i >> 1) * 8;
      const VectorSlot slot = vector_slot(mma_column, row, log2_radix, log2_vectors, total_vectors);
      const int k = row & (radix - 1);
      float2 value = {0.0f, 0.0f};
      if (slot.valid) {
        value = tile[((slot.t + (k << log2_vectors)) << log2_columns) + slot.column];
        if (stride > 1 && k > 0) {
          const int j = slot.t & (stride - 1);
          value = complex_multiply(value, inner_twiddles[(j * k) << log2_step]);
        }
      }
      x[i] = value;
      max_abs = fmaxf(max_abs, fmaxf(fabsf(value.x), fabsf(value.y)));
    }
    max_abs = fmaxf(max_abs, __shfl_xor_sync(0xffffffffu, max_abs, 1));
    max_abs = fmaxf(max_abs, __shfl_xor_sync(0xffffffffu, max_abs, 2));
    const int exponent = precision::split_scale_exponent(max_abs);
    std::uint32_t b_re[2], b_im[2], b_lo_re[2], b_lo_im[2];
    float hi_re[4], hi_im[4], lo_re[4], lo_im[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const precision::HiLo re = precision::split_hi_lo(precision::scale_by_power_of_two(x[i].x, -exponent));
      const precision::HiLo im = precision::split_hi_lo(precision::scale_by_power_of_two(x[i].y, -exponent));
      hi_re[i] = re.hi;
      hi_im[i] = im.hi;
      lo_re[i] = re.lo;
      lo_im[i] = im.lo;
    }
    b_re[0] = pack_halves(hi_re[0], hi_re[1]);
    b_re[1] = pack_halves(hi_re[2], hi_re[3]);
    b_im[0] = pack_halves(hi_im[0], hi_im[1]);
    b_im[1] = pack_halves(hi_im[2], hi_im[3]);
    float main_re[4] = {0, 0, 0, 0}, main_im[4] = {0, 0, 0, 0};
    Mma::multiply_accumulate(main_re, f_re, b_re);
    Mma::multiply_accumulate(main_re, f_minus_im, b_im);
    Mma::multiply_accumulate(main_im, f_im, b_re);
    Mma::multiply_accumulate(main_im, f_re, b_im);
    float correction_re[4] = {0, 0, 0, 0}, correction_im[4] = {0, 0, 0, 0};
    if (Split) {
      b_lo_re[0] = pack_halves(lo_re[0], lo_re[1]);
      b_lo_re[1] = pack_halves(lo_re[2], lo_re[3]);
      b_lo_im[0] = pack_halves(lo_im[0], lo_im[1]);
      b_lo_im[1] = pack_halves(lo_im[2], lo_im[3]);
      Mma::multiply_accumulate(correction_re, f_re, b_lo_re);
      Mma::multiply_accumulate(correction_re, f_minus_im, b_lo_im);
      Mma::multiply_accumulate(correction_im, f_im, b_lo_re);
      Mma::multiply_accumulate(correction_im, f_re, b_lo_im);
      Mma::multiply_accumulate(correction_re, f_lo_re, b_re);
      Mma::multiply_accumulate(correction_re, f_lo_minus_im, b_im);
      Mma::multiply_accumulate(correction_im, f_lo_im, b_re);
      Mma::multiply_accumulate(correction_im, f_lo_re, b_im);
    }
    // D: rows group, group+8 of MMA columns 2quad, 2quad+1 (of this group of 8).
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int row = group + (i >> 1) * 8;
      const int column_in_group = 2 * quad + (i & 1);
      const int column_exponent = __shfl_sync(0xffffffffu, exponent, column_in_group * 4);
      const int out_column = mma_group * 8 + column_in_group;
      const VectorSlot slot = vector_slot(out_column, row, log2_radix, log2_vectors, total_vectors);
      float re = main_re[i], im = main_im[i];
      if (Split) {
        re += precision::split_lo_weight * correction_re[i];
        im += precision::split_lo_weight * correction_im[i];
      }
      results[g][i] = {precision::scale_by_power_of_two(re, column_exponent),
                       precision::scale_by_power_of_two(im, column_exponent)};
      if (slot.valid) {
        const int k = row & (radix - 1);
        const int j = slot.t & (stride - 1);
        const int out_p = ((slot.t >> log2_stride) << (log2_stride + log2_radix)) + j + (k << log2_stride);
        result_index[g][i] = (out_p << log2_columns) + slot.column;
      }
    }
  }
  __syncthreads();
#pragma unroll
  for (int g = 0; g < mma_groups_per_warp; ++g) {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      if (result_index[g][i] >= 0) tile[result_index[g][i]] = results[g][i];
    }
  }
  __syncthreads();
}

// One radix-r stage in plain Real arithmetic, from `source` to `destination`.
template <typename Real>
__device__ void scalar_stage(const typename ComplexOf<Real>::type* source, typename ComplexOf<Real>::type* destination,
                             int pass_length, int tile_columns, int radix, int stride,
                             const typename ComplexOf<Real>::type* inner_twiddles,
                             const typename ComplexOf<Real>::type* dft_table) {
  using C = typename ComplexOf<Real>::type;
  const int vectors_per_column = pass_length / radix;
  const int total_vectors = vectors_per_column * tile_columns;
  const int twiddle_step = pass_length / (stride * radix);
  const C* matrix = dft_table + dft_table_offset(radix);
  const int log2_vectors = log2_of(vectors_per_column), log2_columns = log2_of(tile_columns);
  const int log2_stride = log2_of(stride), log2_step = log2_of(twiddle_step);
  for (int vector = threadIdx.x; vector < total_vectors; vector += blockDim.x) {
    const int column = vector >> log2_vectors;
    const int t = vector & (vectors_per_column - 1);
    const int j = t & (stride - 1);
    C x[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) {
      if (k < radix) {
        C value = source[((t + (k << log2_vectors)) << log2_columns) + column];
        if (stride > 1 && k > 0) value = complex_multiply(value, inner_twiddles[(j * k) << log2_step]);
        x[k] = value;
      }
    }
    const int out_base = ((t >> log2_stride) << log2_stride) * radix + j;
    for (int k = 0; k < radix; ++k) {
      Real re = 0, im = 0;
#pragma unroll
      for (int m = 0; m < 16; ++m) {
        if (m < radix) {
          const C f = matrix[k * radix + m];
          re = fma(f.x, x[m].x, re);
          re = fma(-f.y, x[m].y, re);
          im = fma(f.x, x[m].y, im);
          im = fma(f.y, x[m].x, im);
        }
      }
      destination[((out_base + (k << log2_stride)) << log2_columns) + column] = C{re, im};
    }
  }
  __syncthreads();
}

template <ComputeMode Mode, typename InputStorage, typename OutputStorage>
__global__ void __launch_bounds__(max_threads_per_block) stockham_pass_kernel(PassParameters params) {
  using Real = typename std::conditional<Mode == ComputeMode::fp64, double, float>::type;
  using C = typename ComplexOf<Real>::type;
  constexpr bool tensor_cores = Mode == ComputeMode::split_fp16 || Mode == ComputeMode::single_fp16;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  C* tile = reinterpret_cast<C*>(shared_bytes);

  const int P = params.pass_length;
  const int T = params.tile_columns;
  const int elements = P * T;
  const std::int64_t A = params.stride_before;
  const std::int64_t N = params.transform_size;
  const std::int64_t columns_per_transform = params.columns_per_transform;
  const auto* input = static_cast<const InputStorage*>(params.input);
  auto* output = static_cast<OutputStorage*>(params.output);
  const auto* coarse = static_cast<const C*>(params.pass_twiddles_coarse);
  const auto* fine = static_cast<const C*>(params.pass_twiddles_fine);
  const auto* inner_twiddles = static_cast<const C*>(params.inner_twiddles);
  const std::int64_t fine_mask = (std::int64_t{1} << params.fine_bits) - 1;
  const Real scale = static_cast<Real>(params.scale);
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warp_count = blockDim.x >> 5;
  const std::int64_t tile_count = (params.total_columns + T - 1) / T;
  const int log2_T = log2_of(T), log2_P = log2_of(P), log2_A = log2_of(A);
  const int log2_columns_per_transform = log2_of(columns_per_transform);

  for (std::int64_t tile_index = blockIdx.x; tile_index < tile_count; tile_index += gridDim.x) {
    const std::int64_t first_column = tile_index * T;
    // Load, with the pass twiddle, in an order where consecutive threads read
    // consecutive addresses: p-major when the tile lies inside one transform,
    // transform-major when it spans several (small N).
    for (int i = threadIdx.x; i < elements; i += blockDim.x) {
      int p, local;
      if (columns_per_transform >= T) {
        p = i >> log2_T;
        local = i & (T - 1);
      } else {
        const int within = i & static_cast<int>(N - 1);
        p = within >> log2_columns_per_transform;
        local = ((i >> log2_of(N)) << log2_columns_per_transform) + (within & static_cast<int>(columns_per_transform - 1));
      }
      const std::int64_t global_column = first_column + local;
      C value = {0, 0};
      if (global_column < params.total_columns) {
        const std::int64_t batch = global_column >> log2_columns_per_transform;
        const std::int64_t column = global_column & (columns_per_transform - 1);
        value = StorageTraits<InputStorage>::load(input + batch * N + column +
                                                  (static_cast<std::int64_t>(p) << log2_columns_per_transform));
        if (A > 1 && p > 0) {
          const std::int64_t e = p * (column & (A - 1));
          value = complex_multiply(value, complex_multiply(coarse[e >> params.fine_bits], fine[e & fine_mask]));
        }
      }
      tile[(p << log2_T) + local] = value;
    }
    __syncthreads();
    C* result = tile;
    if constexpr (tensor_cores) {
      for (int s = 0, stride = 1; s < params.stage_count; stride *= params.radices[s], ++s) {
        tensor_core_stage<Mode == ComputeMode::split_fp16>(tile, P, T, params.radices[s], stride, inner_twiddles,
                                                           params.dft_split_table, lane, warp, warp_count);
      }
    } else {
      C* other = tile + elements;
      const auto* dft_table = static_cast<const C*>(params.dft_table);
      for (int s = 0, stride = 1; s < params.stage_count; stride *= params.radices[s], ++s) {
        scalar_stage<Real>(result, other, P, T, params.radices[s], stride, inner_twiddles, dft_table);
        C* swap = result;
        result = other;
        other = swap;
      }
    }
    // Store in an order that makes consecutive threads write consecutive addresses.
    for (int i = threadIdx.x; i < elements; i += blockDim.x) {
      int k, local;
      if (A >= T) {
        k = i >> log2_T;
        local = i & (T - 1);
      } else {
        const int q = i >> (log2_A + log2_P);
        k = (i >> log2_A) & (P - 1);
        local = (q << log2_A) + (i & static_cast<int>(A - 1));
      }
      const std::int64_t global_column = first_column + local;
      if (global_column < params.total_columns) {
        const std::int64_t batch = global_column >> log2_columns_per_transform;
        const std::int64_t column = global_column & (columns_per_transform - 1);
        const std::int64_t index = batch * N + ((column >> log2_A) << (log2_A + log2_P)) + (column & (A - 1)) +
                                   (static_cast<std::int64_t>(k) << log2_A);
        C value = result[(k << log2_T) + local];
        value.x *= scale;
        value.y *= scale;
        StorageTraits<OutputStorage>::store(output + index, value);
      }
    }
    __syncthreads();
  }
}

}  // namespace tensorfft::cuda
