// One pass of a Stockham autosort FFT: a tile of columns is read from device
// memory once, every stage of the pass runs on chip (two shared-memory
// buffers, stages ping-pong between them), and the tile is written once.
//
// Data view (plan_implementation.hpp has the glossary).  A pass works on the
// axis of length N of a packed array seen as [outer O][N][inner I]: element
// (o, n, i) is at (o*N + n)*I + i.  Rank-1 batches have I = 1; the other axes
// of a 2D/3D transform have I = product of the later sizes, so a pass along
// them reads with stride I and no transpose.  A pass of length P whose
// earlier passes of the axis combined A = stride_before points sees N/P
// columns c per line; column g = (o*(N/P) + c)*I + i has its P inputs at
//     n = c + p*(N/P),  p < P
// multiplied by the pass twiddle w_{A*P}^(p * (c mod A)); a P-point DFT over p
// (the pass's stages) gives P outputs k at
//     n = (c / A)*A*P + (c mod A) + A*k             (natural order at the end)
// Both maps have one shape: memory index = ((g >> b) << (b + log2 P)) +
// (p << b) + (g mod 2^b), with 2^b = (N/P)*I when loading and A*I when storing.
// On chip, tile element e = p * T + column lives at tile[tile_slot(e)], a
// swizzle that keeps every access pattern of the pass free of shared-memory
// bank conflicts (see tile_slot).
//
// Stage arithmetic by compute mode:
//   split_fp16 / single_fp16, radix 8 and 16: mma.sync m16n8k16 with the
//     data as the A operand (16 stage vectors as rows, real and imaginary
//     parts interleaved along K) and the real 2R x 2R form of the DFT matrix
//     as B, prepared on the host (fragments per lane; tensor_core_stage and
//     mma_fragment_table).  The split adds the correction products of
//     precision/split.hpp; the power-of-two scale is per row (stage vector).
//   radix 2 and 4 in every mode, and all radices of fp32 / fp64: radix-2
//     butterflies on the CUDA cores in the compute precision (plan::
//     stage_uses_tensor_cores decides, for the host executor too).
#pragma once

#include <cuda_fp16.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cuda/arch/cluster_sm90.cuh"
#include "cuda/arch/copy_sm80.cuh"
#include "cuda/arch/mma_sm80.cuh"
#include "cuda/storage.cuh"
#include "plan/plan_implementation.hpp"
#include "precision/split.hpp"
#include "tensorfft/tensorfft.hpp"


namespace tensorfft::cuda {

constexpr int max_stages_per_pass = 16;
constexpr int max_threads_per_block = 512;  // with __launch_bounds__: up to 128 registers, no spills

// The shortest contiguous pass that contiguous_register_transforms takes
// (runs_contiguous_register_transforms).
constexpr int first_register_transform_log2 = 4;

// Whether a fixed-shape pass kernel runs register_block_pass: passes of 256
// ... 4096 points (8192 when contiguous, 16384 for contiguous 4-byte input:
// plan::pass_limits) in the tensor-core modes.  The single-product mode's
// strided 256-point passes ran the tile kernel until their tiles took 16
// columns of 8-byte elements (strided_log2_min_columns): with 8 the
// register blocks were slower (H100 r83: 256^3 1.12x the time from fp16
// storage, 1.22x with compact intermediates, 1.09x from fp32), with 16
// faster (r119: 256^3 0.90x / 0.93x, fp32 storage N = 2^16 0.89x, 2^24
// 0.82x, 2^25 0.83x, 2^26 0.89x, 256 x 256 0.92x ... 0.96x; compact
// 0.99x).  Its strided 512-point passes
// were slower too when first measured (512^3 5.42 vs 3.66 ms), but with the
// split mode's in-place exchange and 256-thread blocks (exchanges_in_place,
// pass_threads) they are faster (r84: 512^3 0.94x the time, compact 0.84x,
// fp32 storage 0.91x; N = 2^19 fp16 0.86x, fp32 storage 0.76x).  Also strided
// 128-point passes reading 8-byte elements (two columns' transforms per
// register block): H100 r71 against the tile kernel, 128^3 fp32 storage
// 0.91x / 0.94x the time (split / single), fp16 and bf16 storage 0.97x ...
// 0.99x; not shorter or 4-byte-input strided passes, which ran slower
// there (first passes of N = 2^15 ... 2^17 from fp16/bf16 storage 1.03x ...
// 1.23x, 64^3 1.07x ... 1.34x, 128^3 compact 1.09x ... 1.13x).
__host__ __device__ constexpr bool runs_register_block_pass(ComputeMode mode, int log2_length, bool contiguous,
                                                            int input_element_bytes) {
  return plan::tensor_core_mode(mode) &&
         ((log2_length >= 8 && (log2_length <= 12 || (contiguous && log2_length <= 14))) ||
          (!contiguous && log2_length == 7 && input_element_bytes == 8));
}

// Whether a fixed-shape contiguous pass (whole transforms side by side) of
// 2^log2_length points runs contiguous_register_transforms (each warp keeps
// whole transforms in registers, no shared memory) rather than
// register_block_pass: 256 and 512 points in the tensor-core modes, 1024
// points when they read 4-byte elements.  Measured on the H100 against
// register_block_pass (docs/BENCHMARKS.md, tenth session; with the register
// caps of contiguous_register_cap): fp16/bf16 storage 512 points 0.66x the
// time in split mode, 0.84x single-product, 1024 points 0.76x and 0.90x;
// fp32 storage 512 points 0.97x ... 0.99x.  1024 points from 8-byte
// elements would need more registers than a thread has (four staged
// sub-transforms of fp32 inputs and their outputs): 1.0x ... 1.12x the time
// with spills, so register_block_pass keeps them.
// 16 ... 128 points: 256 / P transforms per register block (block_transform's
// Log2Sub), against the tile kernel (H100; docs/BENCHMARKS.md, eleventh
// session): 32 ... 128 points (r45) 0.58x ... 0.84x the time with fp16/bf16
// storage, 0.70x ... 0.86x with fp32; 16 points (r47, product 1 only)
// 0.83x ... 0.98x.
__host__ __device__ constexpr bool runs_contiguous_register_transforms(ComputeMode mode, int log2_length,
                                                                      int input_element_bytes) {
  return plan::tensor_core_mode(mode) &&
         ((log2_length >= first_register_transform_log2 && log2_length <= 9) ||
          (log2_length == 10 && input_element_bytes == 4));
}

// Whether a fixed-shape pass kernel takes the register-block branch of
// stockham_pass_kernel: register_block_pass or contiguous_register_transforms.
__host__ __device__ constexpr bool runs_register_blocks(ComputeMode mode, int log2_length, bool contiguous,
                                                        int input_element_bytes) {
  return runs_register_block_pass(mode, log2_length, contiguous, input_element_bytes) ||
         (contiguous && runs_contiguous_register_transforms(mode, log2_length, input_element_bytes));
}

// Whether a strided pass of 2048 or 4096 points from 8-byte to 8-byte
// elements runs in place in a tile of 2^14 elements (4096 points x 4
// columns, 2048 x 8), fetched in parts as the contiguous 2^14-point pass's
// (fetches_tile_in_parts), where strided_log2_min_columns gives it that
// tile: not in the first of several passes of an unstrided axis.  So
// 4096^2's strided axis (fp32 storage) runs in one pass
// (plan::PassLimits::strided_axis_single_pass) instead of two (1024 x 4).
// Measured on the H100 against an input tile beside the exchange tile
// (r128, docs/BENCHMARKS.md, twentieth session): 4096^2 fp32 storage 0.85x
// the time (split) and 0.84x (single_fp16); the single-product mode's
// 2048-point passes: 2048^2 0.94x, 8192^2 0.95x (fp16 storage 0.95x).  Not
// the split mode's 2048-point passes (r126/r127: N = 2^21 1.06x, 2^22 1.11x
// slower; ncu: the in-place exchange's stores are 2-way bank conflicted,
// the exchange tile's are not, and the 8-column radix stage's loads too),
// nor first passes of 4096 points (r127: N = 2^23 1.05x slower in split
// mode, 1.02x single).
__host__ __device__ constexpr bool strided_tile_in_parts(ComputeMode mode, int log2_length, int input_element_bytes,
                                                         int output_element_bytes) {
  return plan::tensor_core_mode(mode) && input_element_bytes == 8 && output_element_bytes == 8 &&
         (log2_length == plan::log2_longest_in_place_strided_pass ||
          (log2_length == 11 && mode == ComputeMode::single_fp16));
}

// Whether register_block_pass puts each sub-transform's outputs where its
// inputs were (one tile of shared memory instead of an input tile beside an
// exchange tile): strided passes of 512 and 1024 points from 8-byte to
// 8-byte elements (all register-block passes; the single-product mode's
// since r83, with pass_threads' 256-thread blocks: r84, N = 2^26 fp32
// storage 0.85x the time, 1024^2 0.92x).  Half the shared memory lets
// their tiles take 8 columns (64-byte runs) instead of 4 in two blocks per
// SM; the next tile can then be fetched only once this one's outputs are
// out, and the other block hides the fetch.  Measured on the H100 (r72, against 4
// columns with an input and an exchange tile): fp16 split 512^3 0.91x the
// time, fp32 storage 0.83x; 4096^2 0.95x; fp32 storage N = 2^20 and
// 1024^2 0.93x.  Not where the tile had 8 columns already (4-byte outputs,
// passes of 256 points or less): without the early fetch those ran 1.02x
// ... 1.2x slower (1024^2 fp16 1.04x, 256^3 1.08x, 128^3 1.07x ... 1.2x).
// Since the tiles of 8-byte inputs take 16 columns (strided_log2_min_columns),
// the split mode's 512-point passes to 4-byte outputs exchange in place too
// (64 KB, two blocks per SM): H100 r217 against an input and an exchange
// tile, fp16 / bf16 512^3 0.965x / 0.961x the time, N = 2^19 0.985x /
// 0.976x, 2^21 0.991x / 0.985x; not 1024 points (one 128 KB block per SM:
// 1024^2, 2^20, 2^22 1.01x ... 1.04x slower) nor single_fp16's (512^3
// 1.02x slower).
// Also the contiguous 2^14-point pass (and the plane pass) from 8-byte to
// 8-byte elements (fp32 storage): an input tile beside the exchange tile
// would take 256 KB, more than a block has; in place it takes 128 KB, and
// the transform runs in one pass instead of two (2048 x 8), reading and
// writing each element once.  With one block per SM nothing else hides the
// fetch of its next tile, so that tile comes in quarters
// (plan::tile_in_parts_shared_bytes; register_block_pass).  And strided
// passes of 2048 or 4096 points in tiles of 2^14 elements
// (strided_tile_in_parts), which is why the tile's log2_columns matter
// (below 2048 points and in contiguous passes they do not).
__host__ __device__ constexpr bool exchanges_in_place(ComputeMode mode, int log2_length, int log2_columns,
                                                      bool contiguous, int input_element_bytes,
                                                      int output_element_bytes) {
  const bool narrow_output_in_place = mode == ComputeMode::split_fp16 && log2_length == 9;
  return plan::tensor_core_mode(mode) && input_element_bytes == 8 &&
         (output_element_bytes == 8 || (!contiguous && narrow_output_in_place)) &&
         (contiguous ? log2_length == 14
                     : (log2_length >= 9 && log2_length <= plan::log2_longest_whole_sector_pass) ||
                           (strided_tile_in_parts(mode, log2_length, input_element_bytes, output_element_bytes) &&
                            log2_length + log2_columns == 14));
}

// Whether register_block_pass and the tile kernel take their tiles from a
// counter in the workspace (PassParameters::tile_counter, zeroed per
// transform) rather than every gridDim.x-th: in the tensor-core modes where
// they write 8-byte elements (the executor's comments have the
// measurements; passes writing fp16/bf16 storage ran slower so).
// contiguous_register_transforms follow takes_register_blocks_from_counter.
__host__ __device__ constexpr bool takes_tiles_from_counter(ComputeMode mode, int output_element_bytes) {
  return plan::tensor_core_mode(mode) && output_element_bytes == 8;
}

// Whether contiguous_register_transforms' warps take their register blocks
// from a counter in the workspace (PassParameters::tile_counter, zeroed per
// transform), a chunk of register_transform_chunk_bytes at a time, rather
// than every (grid x warps)-th: where they read or write 8-byte elements
// (the executor's comment has the measurements; from 4-byte to 4-byte
// elements, whole fp16/bf16 transforms, they ran slower so).
__host__ __device__ constexpr bool takes_register_blocks_from_counter(int input_element_bytes,
                                                                      int output_element_bytes) {
  return input_element_bytes == 8 || output_element_bytes == 8;
}
// A warp's chunk of consecutive register blocks per atomic: a persistent
// copy whose warps took 8 KB chunks ran at 2.96 TB/s, with 1 ... 2 KB ones
// the counter itself bound it (1.3 ... 2.0 TB/s; H100, r149).
constexpr int register_transform_chunk_bytes = 8192;
__host__ __device__ constexpr int register_transform_chunk_blocks(int log2_length, int input_element_bytes) {
  const int block_bytes = (log2_length > 8 ? 1 << log2_length : 256) * input_element_bytes;
  return block_bytes >= register_transform_chunk_bytes ? 1 : register_transform_chunk_bytes / block_bytes;
}

// Whether register_block_pass fetches its next tile in parts (plan::
// in_place_tile_parts) while this one runs: where it exchanges in place
// (exchanges_in_place) in a tile of 2^14 elements, a contiguous pass other
// than the plane pass or a strided one of more than 1024 points (one block
// per SM: nothing else hides the fetch).  The plane pass fetches its
// next tile whole once this one's outputs are out: its lanes' points lie in
// several parts, and the 224 KB of the parts cost it L1 (r102: 1.01x ...
// 1.03x slower).  The kernel and the shared-memory size both follow this.
__host__ __device__ constexpr bool fetches_tile_in_parts(bool in_place, int log2_length, bool contiguous,
                                                         bool plane) {
  return in_place && !plane && (contiguous || log2_length > plan::log2_longest_whole_sector_pass);
}

// Dynamic shared memory of a pass kernel with a tile of `elements`:
// register_block_pass plan::register_block_shared_bytes (input tile and
// exchange tile; the tile alone where in_place, i.e. exchanges_in_place,
// which only a register-block pass heeds, and room for the next tile's
// parts when in_parts, i.e. fetches_tile_in_parts: plan::
// tile_in_parts_shared_bytes), contiguous_register_transforms none,
// the tile kernel two stage buffers of intermediates.
__host__ __device__ constexpr long long pass_shared_bytes(bool register_block_pass, bool in_registers,
                                                          bool in_place, bool in_parts, long long elements,
                                                          int input_element_bytes, int intermediate_bytes) {
  if (!register_block_pass) return elements * intermediate_bytes * 2;
  if (in_place && in_parts) return plan::tile_in_parts_shared_bytes(elements, input_element_bytes);
  if (in_place) return elements * input_element_bytes;
  return in_registers ? 0 : plan::register_block_shared_bytes(elements, input_element_bytes);
}

// Whether a pass kernel keeps a copy of block_transform's DFT fragments in
// shared memory (shared_fragment_bytes after its tiles, SharedFragments)
// instead of reading them through L1: in the split mode, register_block_pass
// except where the tile is fetched in parts (224 KB of parts leave no
// room), the contiguous 8192- and 2^14-point passes but the paired halves
// and the plane pass of 8-byte inputs, and the strided passes of 1024
// points or more that read fp16/bf16 storage; and contiguous_register_
// transforms (in_registers) of 32 and 64 points, in the single-product mode
// too where they read 4-byte elements (H100 r243 ... r245, with the larger
// grid of cuda_executor.cu: fp16/bf16 single_fp16 N = 32 and 64 0.89x ...
// 0.93x the time, now below the split mode's; fp32 storage N = 32 1.02x
// slower, so not there).  Measured on the H100
// against L1 (r231 ... r236): split mode fp32 storage N = 4096 0.91x the
// time, 2048 0.96x, 128 x 128 0.90x, 128^3 0.95x, 4096^2 0.97x, N = 2^20
// and 1024^2 0.97x; fp16 N = 32 and 64 0.94x ... 0.95x, 2048 0.94x, 2^15
// (paired halves, whose 168-byte stack went) 0.91x, 2^17 0.95x, 256^3
// 0.96x; but where left out: fp16 N = 2^14 and 128 x 128 1.05x ... 1.06x
// slower (8 KB less L1 beside 192 KB of tiles), the fp16-input strided
// 4096- and 1024-point passes of N = 2^22 and 2^20 1.08x and 1.04x (ncu),
// fp32 N = 8192 1.03x, fp16/bf16 N = 128 in registers 1.11x ... 1.12x, and
// the single-product mode 1.01x ... 1.07x at 2048 ... 2^14, 2^20 and 2^22.
// The largest losses are passes with 192 KB of tiles per SM (one 192 KB
// tile, or two of 96 KB), consistent with 8 KB more taking the SM past the
// 196 KB shared-memory carveout to the 228 KB one (L1 about 60 KB -> 28 KB;
// the driver picks the least carveout that fits, r196).
__host__ __device__ constexpr bool copies_fragments_to_shared(ComputeMode mode, bool register_block_pass,
                                                              bool in_registers, bool in_parts, bool contiguous,
                                                              int log2_length, bool plane, bool paired_halves,
                                                              int input_element_bytes) {
  if (!plan::tensor_core_mode(mode) || !register_block_pass || in_parts) return false;
  if (in_registers) {
    return (log2_length == 5 || log2_length == 6) && (mode == ComputeMode::split_fp16 || input_element_bytes == 4);
  }
  if (mode != ComputeMode::split_fp16) return false;
  return contiguous ? log2_length < 13 || paired_halves || (plane && input_element_bytes == 8)
                    : input_element_bytes == 8 || log2_length < 10;
}

// Tile elements per thread: 16 (one radix-16 vector), or 8 in the tensor-core
// modes when the input has 8-byte elements (fp32 storage or intermediate) or
// the pass has 256 points: the next tile's input is staged in registers
// (stockham_pass_kernel), and 16 elements of it per thread made those
// kernels spill.  register_block_pass launches keep these thread counts
// (measured when 256-point passes took 8: fp32 storage N = 512 0.90x the
// time, fp16 storage N = 2048 1.36x, so not there).
__host__ __device__ constexpr int elements_per_thread(ComputeMode mode, int input_element_bytes,
                                                      int log2_pass_length) {
  return plan::tensor_core_mode(mode) && (input_element_bytes == 8 || log2_pass_length == 8) ? 8 : 16;
}

// Threads of a block whose tile holds `elements` elements, in whole warps;
// 16 elements per thread where `per_thread` would need more than the maximum.
__host__ __device__ constexpr int threads_for_tile(long long elements, int per_thread) {
  long long threads = (elements / per_thread + 31) / 32 * 32;
  if (threads > max_threads_per_block) threads = (elements / 16 + 31) / 32 * 32;
  return threads < 32 ? 32 : (threads > max_threads_per_block ? max_threads_per_block : static_cast<int>(threads));
}

// Threads of a fixed-shape pass kernel's block (2^log2_length points,
// `elements` in its tile), as compiled and launched: threads_for_tile,
// except that register_block_pass splits the 16 warps an SM holds (128
// registers each: max_threads_per_block) into smaller blocks where their
// tiles fit in shared memory side by side, so that one block's barrier
// waits and fetches overlap another's arithmetic: contiguous passes reading
// 4-byte elements down to 128 threads (4096 points: four blocks of 48 KB;
// 8192: two of 96 KB), strided passes of up to 1024 points (whole-sector
// column runs) down to 256 threads, and the contiguous 4096-point pass of
// 8-byte elements to two 256-thread blocks of 64 KB (128 registers:
// contiguous_register_cap; H100 r161 against one 512-thread block: fp32
// storage N = 4096 0.93x the time split, 0.91x single_fp16, 4096^2 0.97x;
// 8192 points do not fit twice).  Measured on the H100 against one 512-
// (or 256-) thread block (r61, docs/BENCHMARKS.md): fp16/bf16 N = 4096 0.87x ... 0.91x the time, N = 8192
// 0.86x ... 0.91x, 1024^2 and 4096^2 (split) 0.95x ... 0.99x, 512^3 split
// 0.95x.  Not taken: strided passes of 128 threads (512^3 1.18x ... 1.33x
// slower), contiguous passes of 8-byte elements with the split mode's 84-
// register cap (N = 4096 fp32 storage 1.69x slower),
// strided 2048-point passes of 4-column tiles (r62: N = 2^23 with compact
// intermediates 1.14x slower), and strided passes that read compact
// intermediates (r63: N = 2^25 and 2^26 compact 1.15x ... 1.19x slower,
// from their last pass, compact intermediates to storage (r64); not
// understood).  The single-product mode's strided passes were left at one
// block (r61: 8192^2 compact 1.10x slower) until r83 gave them the in-place
// exchange too: with both, N = 2^18 fp32 storage 0.78x the time, with the
// exchange alone 1.12x.
__host__ __device__ constexpr int pass_threads(ComputeMode mode, int log2_length, bool contiguous,
                                               int input_element_bytes, int output_element_bytes, long long elements,
                                               bool reads_compact_intermediates) {
  const int threads = threads_for_tile(elements, elements_per_thread(mode, input_element_bytes, log2_length));
  const bool block_pass = runs_register_block_pass(mode, log2_length, contiguous, input_element_bytes) &&
                          !(contiguous && runs_contiguous_register_transforms(mode, log2_length, input_element_bytes));
  const bool whole_sector_runs = log2_length <= plan::log2_longest_whole_sector_pass;  // strided tiles
  const bool split_blocks =
      block_pass && (contiguous ? input_element_bytes == 4 || log2_length >= 12
                                : whole_sector_runs && !reads_compact_intermediates);
  if (!split_blocks) return threads;
  int log2_columns = 0;
  while ((std::int64_t{1} << (log2_length + log2_columns)) < elements) ++log2_columns;
  const bool in_place =
      exchanges_in_place(mode, log2_length, log2_columns, contiguous, input_element_bytes, output_element_bytes);
  const long long tile_bytes =
      pass_shared_bytes(true, false, in_place, fetches_tile_in_parts(in_place, log2_length, contiguous, false),
                        elements, input_element_bytes, 8);
  for (int smaller = contiguous ? 128 : 256; smaller < threads; smaller *= 2) {
    if ((max_threads_per_block / smaller) * tile_bytes <= plan::default_shared_bytes_per_block) return smaller;
  }
  return threads;
}

// Radices of a pass of 2^log2_length points in the default schedule
// (plan::radix_schedule with radix 16: 16s, then the remainder).  The
// kernels compiled for a fixed pass shape run exactly these stages.
__host__ __device__ constexpr int default_stage_count(int log2_length) { return (log2_length + 3) / 4; }
__host__ __device__ constexpr int default_stage_radix(int log2_length, int stage) {
  return (log2_length % 4 != 0 && stage == default_stage_count(log2_length) - 1) ? 1 << (log2_length % 4) : 16;
}

// Host-prepared B fragments of the real 2R x 2R DFT matrices (radix 8 and
// 16; tensor_core_stage): per lane, the (k step, n tile) pairs of b32 couples,
// two pairs per uint4, the fp16 hi parts first, then the lo parts.
__host__ __device__ constexpr int fragment_uint4s_per_lane(int radix) { return radix * radix / 32; }
__host__ __device__ constexpr int fragment_table_offset(int radix) {
  return radix == 8 ? 0 : 32 * fragment_uint4s_per_lane(8);
}
// Then the radix-16 DFT matrix for block_transform: per lane, uint4
// (hi/lo part * 2 + output part) * 2 + k step as product 1's A operand, and
// 8 + (hi/lo part * 2 + k step) * 2 + n tile / 2 as product 2's B operand
// (two n tiles per uint4).
constexpr int block_fragment_table_offset = 32 * (fragment_uint4s_per_lane(8) + fragment_uint4s_per_lane(16));
constexpr int block_fragment_uint4s_per_lane = 16;
// block_transform's assignment of points to lanes (group g, quad q; see
// there): input point n of product 1's B fragment b[r] in k step ks, vector
// t of product 2's A fragment (C column 2q + r of product 1's n tile ks), and
// output k of product 2's n tile nt.  Chosen so that a half warp's 16 lanes
// reach 16 different banks through tile_slot for every tile width.  Each is
// a sum of disjoint bit fields (block_offsets relies on it).
__host__ __device__ constexpr int block_input_point(int ks, int r, int q) { return 4 * q + 2 * ks + r; }
__host__ __device__ constexpr int block_vector(int nt, int q, int r) { return 8 * nt + 2 * q + r; }
__host__ __device__ constexpr int block_output(int nt, int q) { return 4 * q + nt; }
// Then product 2's B operand for blocks of 16 >> b transforms of 16 2^b
// points (b = 1 ... 3, block_transform's Log2Sub): the block-diagonal matrix
// of 16 >> b copies of the 2^b-point DFT, 8 uint4 per lane as product 2's
// part of the table above.
__host__ __device__ constexpr int diagonal_block_fragment_offset(int log2_block) {
  return block_fragment_table_offset + 32 * (block_fragment_uint4s_per_lane + 8 * (log2_block - 1));
}
constexpr int fragment_table_entries = diagonal_block_fragment_offset(4);
// The uint4 row (of 32 lanes, counted from block_fragment_table_offset) of
// product 2's first B fragment: F16's (log2_block 4) or the block-diagonal
// matrix's.
__host__ __device__ constexpr int product_2_first_row(int log2_block) {
  return log2_block == 4 ? 8 : (diagonal_block_fragment_offset(log2_block) - block_fragment_table_offset) / 32;
}
// block_transform's fragments, rows of 32 uint4 (one per lane): product 1's
// rows 0 ... 7 and product 2's rows 0 ... 7 (product_2_first_row on).
// From the table in device memory, read through L1 ...
struct DeviceFragments {
  const uint4* table;  // the block fragment table (block_fragment_table_offset)
  int product_2_first;  // product_2_first_row of the block transform's Log2Sub
  __device__ __forceinline__ uint4 product_1(int row, int lane) const { return __ldg(table + row * 32 + lane); }
  __device__ __forceinline__ uint4 product_2(int row, int lane) const {
    return __ldg(table + (product_2_first + row) * 32 + lane);
  }
};
// ... or from a copy of the 16 rows in shared memory (product 2's at rows 8
// ... 15; copy_fragments_to_shared, copies_fragments_to_shared): loads of
// shared memory instead of cached device memory, and L1 left to the twiddles.
constexpr int shared_fragment_bytes = block_fragment_uint4s_per_lane * 32 * 16;
struct SharedFragments {
  std::uint32_t address;  // of row 0 (a shared-memory address)
  __device__ __forceinline__ uint4 product_1(int row, int lane) const {
    return arch::load_shared_16_bytes(address + (row * 32 + lane) * 16);
  }
  __device__ __forceinline__ uint4 product_2(int row, int lane) const { return product_1(8 + row, lane); }
};
// Copies the 16 rows SharedFragments reads (product 1's rows 0 ... 7, then
// product 2's of a Log2Sub = log2_sub block transform) to `offset` bytes
// into the block's dynamic shared memory `shared`.  The executor allots
// them by copies_fragments_to_shared's rule; a launch without them stops
// here rather than overrun.  The caller's barrier makes the copy visible.
__device__ __forceinline__ void copy_fragments_to_shared(const uint4* block_fragments, int log2_sub,
                                                         unsigned char* shared, int offset, int threads) {
  if (arch::dynamic_shared_bytes() < static_cast<std::uint32_t>(offset + shared_fragment_bytes)) __trap();
  const DeviceFragments source{block_fragments, product_2_first_row(log2_sub)};
  auto* const rows = reinterpret_cast<uint4*>(shared + offset);
  for (int i = threadIdx.x; i < shared_fragment_bytes / 16; i += threads) {
    const int row = i >> 5, lane = i & 31;
    rows[i] = row < 8 ? source.product_1(row, lane) : source.product_2(row - 8, lane);
  }
}
// Calls transform(fragments) with the block transform's fragments: the copy
// at shared_address (InShared) or the table in device memory.  The address
// is opaque to the compiler, so the reads stay where block_transform uses
// them (hoisted out of a pass's loop, they spilled).
template <bool InShared, typename Transform>
__device__ __forceinline__ void with_block_fragments(std::uint32_t shared_address, const uint4* table,
                                                     int log2_sub, Transform&& transform) {
  if constexpr (InShared) {
    std::uint32_t address = shared_address;
    asm volatile("" : "+r"(address));
    transform(SharedFragments{address});
  } else {
    asm volatile("" : "+l"(table));
    transform(DeviceFragments{table, product_2_first_row(log2_sub)});
  }
}

struct PassParameters {
  const void* input = nullptr;
  void* output = nullptr;
  std::int64_t transform_size = 0;         // N
  std::int64_t inner_count = 1;            // I
  std::int64_t columns_per_transform = 0;  // N / P
  std::int64_t total_columns = 0;          // O * (N / P) * I
  std::int64_t stride_before = 1;          // A
  int pass_length = 0;                     // P
  int tile_columns = 0;                    // T
  int stage_count = 0;
  int radices[max_stages_per_pass] = {};
  // w_{A*P}^e = coarse[e >> fine_bits] * fine[e & fine_mask]; unused when A == 1.
  const void* pass_twiddles_coarse = nullptr;
  const void* pass_twiddles_fine = nullptr;
  int fine_bits = 0;
  const void* inner_twiddles = nullptr;  // w_P^i, i < P, in the compute precision
  // w_P^(a k2) at 256 a + k2 (a < R = P / 256, k2 < 256): the radix-R stage's twiddles of the
  // contiguous register-block passes of more than 256 points, lanes in k2 order (the plane pass:
  // w_P^PlaneDigits::twiddle_exponent(k2, a mod 8, a / 8)).
  const float2* radix_stage_twiddles = nullptr;
  // The CUDA-core kernels' radix-16 step twiddles in power order (cuda_core::step_twiddle): the whole-transform
  // kernels of 512 ... 16384 points (the plane kernel's last step) and cuda_core_pass_kernel, which read no
  // other table for them.
  const float2* power_order_twiddles = nullptr;
  // cuda_core_pass_kernel with A > 1: w_(A P)^(2^j T c') at j A + c' (plan::column_power_roots; null: from
  // the coarse / fine tables).
  const float2* pass_twiddle_columns = nullptr;
  const void* roots_of_sixteen = nullptr;  // w_16^k, k < 16, in the compute precision
  const uint4* mma_fragments = nullptr;  // fragment_table_entries
  double scale = 1.0;
  // Tiles in the order blocks ask for them (register_block_pass, the tile
  // kernel), or contiguous_register_transforms' chunks of register blocks
  // in the order warps ask: a zeroed counter in the workspace (null: a
  // static order), and where in the dynamic shared memory the two 8-byte
  // tile slots lie (not used by contiguous_register_transforms).
  unsigned int* tile_counter = nullptr;
  int tile_slots_offset = 0;
  // paired_halves_pass_kernel launched as clusters of its pairs, whose
  // blocks then wait at the cluster barrier between their reads and writes
  // of a transform: where the output is the input (in place).
  int pairs_in_clusters = 0;
  // cuda_core_pass_kernel's cross-row step (CrossRows): log2 of Q, the rows
  // (transforms of the pass) between a tile's four rows.
  int log2_cross_row_distance = 0;
};
// Every pass kernel's signature: what the executor's kernel tables hold.
using PassKernel = void (*)(PassParameters);

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
template <typename C>
__device__ __forceinline__ C complex_add(C a, C b) {
  return {a.x + b.x, a.y + b.y};
}
template <typename C>
__device__ __forceinline__ C complex_subtract(C a, C b) {
  return {a.x - b.x, a.y - b.y};
}

__device__ __forceinline__ std::uint32_t pack_halves(float low, float high) {
  const __half2 pair = __floats2half2_rn(low, high);
  return *reinterpret_cast<const std::uint32_t*>(&pair);
}

__host__ __device__ constexpr int log2_constant(int power_of_two) {
  return power_of_two <= 1 ? 0 : 1 + log2_constant(power_of_two / 2);
}

// log2 of the outputs per column (rows) a thread of register_block_pass's
// radix-R stage takes at once, given log2 of the stage's (column, k2) pairs
// per thread: R rows values live at a time (at most 16 complex), every
// thread keeps at least one pair, and the passes fetched in parts keep one
// (their rows would lie in different parts).
__host__ __device__ constexpr int radix_stage_log2_rows(int R, int log2_pairs_per_thread, bool fetches_in_parts) {
  if (R == 1) return 2;
  if (fetches_in_parts) return 0;
  const int most = R <= 4 ? 2 : (R == 8 ? 1 : 0);
  return most < log2_pairs_per_thread ? most : log2_pairs_per_thread;
}

// In-register radix-R DFT (R = 2 ... 32) by radix-2 decimation in time:
// natural order in, natural order out.  roots[k] = w_M^k, M = 2^Log2Roots >= R
// (w_16 by default; register_block_pass's radix 32 uses w_P).
template <int R, int Log2Roots = 4, typename C>
__device__ __forceinline__ void small_fft(C (&x)[R], const C* __restrict__ roots) {
  static_assert((1 << Log2Roots) >= R, "the roots of unity must include w_R");
  constexpr int bits = log2_constant(R);
  C y[R];
#pragma unroll
  for (int k = 0; k < R; ++k) y[__brev(k) >> (32 - bits)] = x[k];  // constant indices (a loop here kept y in local)
  // Constant trip counts in both loops (R/2 butterflies per level), so that
  // nvcc unrolls them fully and y stays in registers (loops whose bounds
  // depend on the level left y in local memory).
  // w_4 = (0, sign): the direction's quarter turn, b w_4 = (-sign b.y, sign b.x).
  const auto sign = roots[1 << (Log2Roots - 2)].y;
#pragma unroll
  for (int level = 0; level < bits; ++level) {
    const int half = 1 << level;
#pragma unroll
    for (int butterfly = 0; butterfly < R / 2; ++butterfly) {
      const int m = butterfly & (half - 1), start = (butterfly >> level) << (level + 1);
      const C a = y[start + m], b = y[start + m + half];
      if (m > 0 && 2 * m == half) {  // w_{2 half}^m = w_4: fused, the same values as the product and sums
        y[start + m] = {fma(-sign, b.y, a.x), fma(sign, b.x, a.y)};
        y[start + m + half] = {fma(sign, b.y, a.x), fma(-sign, b.x, a.y)};
        continue;
      }
      const C t = m > 0 ? complex_multiply(b, roots[m << (Log2Roots - 1 - level)]) : b;  // w_{2 half}^m
      y[start + m] = complex_add(a, t);
      y[start + m + half] = complex_subtract(a, t);
    }
  }
#pragma unroll
  for (int k = 0; k < R; ++k) x[k] = y[k];
}

// Shared-memory slot of tile element e.  A warp's 8-byte accesses are served
// per half warp, 16 elements (128 bytes, all 32 banks) per wavefront, so 16
// lanes must land on 16 different values of e mod 16.  The pass's patterns
// are 16 elements spread over four address bits above bit 3 (loads and
// stores: p*T strides) or 4 consecutive elements times 4 points a power-of-
// two stride apart (stage vectors); without a swizzle they conflict up to
// 16-way.  XOR-ing the low 4 bits with a linear function of the higher bits
// whose 4-bit columns repeat (0101, 1010, 0100, 1000) makes any 4
// consecutive higher bits (and any 2, for bits 2-3) reach all 16 values.
// Being XOR-linear, tile_slot(a ^ b) = tile_slot(a) ^ tile_slot(b): slots of
// fixed offsets are computed once per stage and combined with one XOR
// (offsets here have bits disjoint from their bases, so + equals ^).
__device__ __forceinline__ int tile_slot(int e) {
  int folded = e >> 4;
  folded ^= folded >> 8;
  folded ^= folded >> 4;  // 4-bit chunks folded: tiles hold at most 2^16 elements
  folded &= 15;
  return e ^ ((folded & 3) * 5) ^ ((folded >> 2) << 2);
}

// tile_slot(k * step) for k < 16, from the slots of step * 2^b (tile_slot is
// XOR-linear and k * step, step a power of two, has the bits of k shifted).
struct SlotBasis {
  int of_bit[4];
  __device__ __forceinline__ explicit SlotBasis(int step) {
#pragma unroll
    for (int b = 0; b < 4; ++b) of_bit[b] = tile_slot(step << b);
  }
  __device__ __forceinline__ int operator()(int k) const {  // k known at compile time after unrolling
    int slot = 0;
#pragma unroll
    for (int b = 0; b < 4; ++b) {
      if ((k >> b) & 1) slot ^= of_bit[b];
    }
    return slot;
  }
};

// Shape of one stage inside the tile.
struct StageShape {
  int log2_pass_length;  // P
  int log2_tile_columns;  // T
  int log2_stride;        // product of the earlier radices of the pass
  const void* inner_twiddles;
};

// Where input k of stage vector v lives, and where its output k goes.  Vectors
// are numbered with the tile column fastest (v = t * T + column).
template <int R>
struct StageIndex {
  int input_base, output_base, twiddle_j, t;
  __device__ __forceinline__ StageIndex(int v, const StageShape& s) {
    constexpr int log2_r = log2_constant(R);
    const int column = v & ((1 << s.log2_tile_columns) - 1);
    t = v >> s.log2_tile_columns;
    twiddle_j = t & ((1 << s.log2_stride) - 1);
    input_base = v;  // (t + k * P/R) * T + column = v + k * (P/R) * T
    output_base = ((((t >> s.log2_stride) << (s.log2_stride + log2_r)) + twiddle_j) << s.log2_tile_columns) + column;
  }
  __device__ __forceinline__ static int input_step(const StageShape& s) {
    return 1 << (s.log2_pass_length - log2_constant(R) + s.log2_tile_columns);
  }
  __device__ __forceinline__ static int output_step(const StageShape& s) {
    return 1 << (s.log2_stride + s.log2_tile_columns);
  }
};

// Inner twiddle w_{stride*R}^(j*k) = w_P^((j*k) * P/(stride*R)).
template <int R, typename C>
__device__ __forceinline__ C inner_twiddle(const StageShape& s, int j, int k) {
  const int shift = s.log2_pass_length - s.log2_stride - log2_constant(R);
  return __ldg(static_cast<const C*>(s.inner_twiddles) + ((j * k) << shift));
}

// One radix-R stage on the CUDA cores, from `source` to `destination`.
template <int R, typename C>
__device__ __forceinline__ void butterfly_stage(const C* __restrict__ source, C* __restrict__ destination,
                                                const StageShape& s, const C* __restrict__ roots, int threads) {
  const int vectors = 1 << (s.log2_pass_length + s.log2_tile_columns - log2_constant(R));
  const SlotBasis input_slots(StageIndex<R>::input_step(s)), output_slots(StageIndex<R>::output_step(s));
  for (int v = threadIdx.x; v < vectors; v += threads) {
    const StageIndex<R> index(v, s);
    const int input_slot = tile_slot(index.input_base), output_slot = tile_slot(index.output_base);
    C x[R];
#pragma unroll
    for (int k = 0; k < R; ++k) {
      x[k] = source[input_slot ^ input_slots(k)];
      if (k > 0 && s.log2_stride > 0) x[k] = complex_multiply(x[k], inner_twiddle<R, C>(s, index.twiddle_j, k));
    }
    small_fft<R>(x, roots);
#pragma unroll
    for (int k = 0; k < R; ++k) destination[output_slot ^ output_slots(k)] = x[k];
  }
}

// Split scale of a row or block whose largest |part| is max_abs: up = 2^e,
// down = 2^-e with e = precision::split_scale_exponent(max_abs) (max_abs
// scaled into [2^top, 2^(top+1))), clamped to e >= -126 so that both are
// normal floats and scaling is one exact multiply each way, from the
// exponent bits without branches.  Clamping only changes rows whose largest
// element is below 2^(top-126); they keep the full split precision down to
// 2^-140, below fp32's normal range.  A zero row gets e = -126 (its values
// stay zero); infinity and NaN get a large e and pass through as inf / NaN.
__device__ __forceinline__ void split_scales(float max_abs, float& up, float& down,
                                             int top_exponent = precision::split_top_exponent) {
  const int biased = (__float_as_int(max_abs) >> 23) & 0xff;  // exponent + 127
  const int up_biased = max(biased - top_exponent, 1);  // e + 127, e >= -126
  up = __int_as_float(up_biased << 23);
  down = __int_as_float((254 - up_biased) << 23);
}

// The same scales computed as precision::split_scale_exponent does (zero
// and non-finite maxima get e = 0, subnormal ones their exact exponent, then
// the clamp): equal results for finite values.  Only a code-generation
// choice: the kernels with 8-byte inputs (tensor_core_stage without
// LaneSlots) ran faster with it (fp32 storage 512^3: 4.37 vs 5.58 ms on the
// H100; ptxas spills fewer of their registers), the others slower (fp16
// N=1024: 0.61 vs 0.54 ms).
__device__ __forceinline__ void split_scales_with_branches(float max_abs, float& up, float& down) {
  const int bits = __float_as_int(max_abs) & 0x7fffffff;
  int exponent = 0;
  if (bits != 0 && bits < 0x7f800000) {
    exponent = (bits >= 0x00800000 ? (bits >> 23) - 127 : (31 - __clz(bits)) - 149) - precision::split_top_exponent;
  }
  exponent = max(-126, min(exponent, 127));
  up = __int_as_float((exponent + 127) << 23);
  down = __int_as_float((127 - exponent) << 23);
}

// hi and lo halves (precision/split.hpp) of an already scaled complex value.
__device__ __forceinline__ void split_complex(float re, float im, std::uint32_t& hi, std::uint32_t& lo) {
  static_assert(precision::split_lo_shift == 0, "lo is stored unscaled");
  const __half2 hi_pair = __floats2half2_rn(re, im);
  const float2 hi_float = __half22float2(hi_pair);
  hi = *reinterpret_cast<const std::uint32_t*>(&hi_pair);
  lo = pack_halves(re - hi_float.x, im - hi_float.y);
}

// Whether the split's correction products (the lo parts') may go into the
// hi product's accumulator.  fp32 storage keeps them apart: summed into one,
// the MMA's truncating fp32 additions cost 2.7x in relL2 (N = 256), 1.10x
// with the corrections first (r268, N = 2048 ... 2^14).  A pass that reads
// or writes fp16/bf16 storage or a compact intermediate belongs to a
// transform whose storage rounds at 2^-11 (bf16: 2^-8) of each value, so
// those additions' ~2^-23 cannot show, and one accumulator saves two
// additions per output and the second accumulator's registers.
template <typename InputStorage, typename OutputStorage>
constexpr bool folds_corrections() {
  return !std::is_same<InputStorage, float2>::value || !std::is_same<OutputStorage, float2>::value;
}

// One radix-R stage (R = 8 or 16) with tensor cores, from `source` to
// `destination`.  The data is the MMA's A operand: a warp takes 16 stage
// vectors at a time as 16 rows of R interleaved complex values (column 2p is
// the real part of point p, 2p+1 its imaginary part), and the B operand is the
// real 2R x 2R form of the DFT matrix (mma_fragment_table), so every lane
// holds whole complex numbers on both sides: points and outputs 4j + quad
// (j < R/4) of rows group and group + 8.  The split scale is per row, known to
// the four lanes of the row's quad.
// ExactInput: every input is an fp16 value and no inner twiddle applies (the
// first stage of a pass that reads fp16 storage without a pass twiddle): the
// inputs are their own hi parts, so the row scale, the split and the a_lo
// product are skipped (no precision lost: lo would be zero).
template <bool Split, int R, bool ExactInput, bool LaneSlots>
__device__ __forceinline__ void tensor_core_stage(const float2* __restrict__ source, float2* __restrict__ destination,
                                                  const StageShape& s, const uint4* __restrict__ fragments,
                                                  int threads) {
  using Mma = arch::SM80_16x8x16_F32F16F16F32_TN;
  constexpr int k_steps = R / 8;        // K = 16 reals = 8 complex points per step
  constexpr int n_tiles = R / 4;        // N = 8 reals = 4 complex outputs per tile
  constexpr int slots = R / 4;          // points per row per lane
  constexpr int pairs = k_steps * n_tiles;  // B fragments (2 x b32 each) per part
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warp_count = threads >> 5;
  const int group = lane >> 2, quad = lane & 3;
  const int vectors = 1 << (s.log2_pass_length + s.log2_tile_columns - log2_constant(R));
  const int in_step = StageIndex<R>::input_step(s), out_step = StageIndex<R>::output_step(s);

  std::uint32_t b_hi[pairs][2], b_lo[Split ? pairs : 1][2];
#pragma unroll
  for (int i = 0; i < pairs; i += 2) {
    const uint4 v = __ldg(fragments + (i / 2) * 32 + lane);
    b_hi[i][0] = v.x;
    b_hi[i][1] = v.y;
    b_hi[i + 1][0] = v.z;
    b_hi[i + 1][1] = v.w;
    if (Split) {
      const uint4 w = __ldg(fragments + (pairs / 2 + i / 2) * 32 + lane);
      b_lo[i][0] = w.x;
      b_lo[i][1] = w.y;
      b_lo[i + 1][0] = w.z;
      b_lo[i + 1][1] = w.w;
    }
  }

  // Slots of this lane's points 4j + quad (relative to their row): the
  // quad's part once, the 4j part constant in the fixed-shape kernels.
  const int quad_input_slot = tile_slot(quad * in_step), quad_output_slot = tile_slot(quad * out_step);
  const auto input_slots = [&](int j) { return quad_input_slot ^ tile_slot(4 * j * in_step); };
  const auto output_slots = [&](int j) { return quad_output_slot ^ tile_slot(4 * j * out_step); };
  // LaneSlots: row v = first + group + 8h, first a multiple of 16, so the
  // three parts have disjoint bits, and the stage's maps (input: v; output
  // and twiddle index: bit permutations of v) and tile_slot are XOR-linear:
  // the lane's part is computed once per stage, the part of 8 is a constant
  // in the fixed-shape kernels, first's part once per iteration.  It saves
  // instructions but holds registers: the kernels with 8-byte inputs (16
  // staged registers of the next tile) spilled 40% more and ran slower with
  // it, so they compute each row's index instead.
  const StageIndex<R> lane_index(group, s), eight_index(8, s);
  const int lane_output_slot = LaneSlots ? tile_slot(lane_index.output_base) : 0;
  const int eight_output_slot = LaneSlots ? tile_slot(eight_index.output_base) : 0;

  for (int first = warp * 16; first < vectors; first += warp_count * 16) {
    // Per row: its slots and split scale; the lane's points 4j + quad.
    const StageIndex<R> first_index(first, s);
    float2 x[2][slots];
    float down[2], up[2];  // 2^-e and 2^e of the row's scale exponent e
    int output_slot[2];
    bool row_valid[2];
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int v = first + group + 8 * h;
      row_valid[h] = (vectors & 15) == 0 || v < vectors;  // whole groups of 16 rows: always (constant when fixed)
      int input_slot, twiddle_j;
      if (LaneSlots) {
        output_slot[h] = tile_slot(first_index.output_base) ^ lane_output_slot ^ (h ? eight_output_slot : 0);
        input_slot = tile_slot(first) ^ (group + 8 * h);  // tile_slot(e) = e below 16
        twiddle_j = first_index.twiddle_j | lane_index.twiddle_j | (h ? eight_index.twiddle_j : 0);
      } else {
        const StageIndex<R> index(row_valid[h] ? v : 0, s);
        output_slot[h] = tile_slot(index.output_base);
        input_slot = tile_slot(index.input_base);
        twiddle_j = index.twiddle_j;
      }
      float max_abs = 0.0f;
#pragma unroll
      for (int j = 0; j < slots; ++j) {
        const int k = 4 * j + quad;
        float2 value = row_valid[h] ? source[input_slot ^ input_slots(j)] : float2{0.0f, 0.0f};
        if (!ExactInput && s.log2_stride > 0) {
          value = complex_multiply(value, inner_twiddle<R, float2>(s, twiddle_j, k));
        }
        x[h][j] = value;
        max_abs = fmaxf(max_abs, fmaxf(fabsf(value.x), fabsf(value.y)));
      }
      if (ExactInput) {
        down[h] = up[h] = 1.0f;
      } else {
        max_abs = fmaxf(max_abs, __shfl_xor_sync(0xffffffffu, max_abs, 1));
        max_abs = fmaxf(max_abs, __shfl_xor_sync(0xffffffffu, max_abs, 2));
        if (LaneSlots) {
          split_scales(max_abs, up[h], down[h]);
        } else {
          split_scales_with_branches(max_abs, up[h], down[h]);
        }
      }
    }
    // A fragments: a[0], a[1] = point 8ks + quad of rows group, group + 8;
    // a[2], a[3] = point 8ks + 4 + quad (slots 2ks and 2ks + 1).
    constexpr bool split_input = Split && !ExactInput;
    std::uint32_t a_hi[k_steps][4], a_lo[split_input ? k_steps : 1][4];
#pragma unroll
    for (int ks = 0; ks < k_steps; ++ks) {
#pragma unroll
      for (int r = 0; r < 4; ++r) {
        const int h = r & 1, j = 2 * ks + (r >> 1);
        const float re = x[h][j].x * down[h], im = x[h][j].y * down[h];
        if (split_input) {
          split_complex(re, im, a_hi[ks][r], a_lo[ks][r]);
        } else {
          a_hi[ks][r] = pack_halves(re, im);
        }
      }
    }
    // C of tile nt: c[0], c[1] = output 4nt + quad of row group; c[2], c[3] of row group + 8.
#pragma unroll
    for (int nt = 0; nt < n_tiles; ++nt) {
      float main[4] = {0, 0, 0, 0}, correction[4] = {0, 0, 0, 0};
#pragma unroll
      for (int ks = 0; ks < k_steps; ++ks) {
        const int pair = ks * n_tiles + nt;
        Mma::multiply_accumulate(main, a_hi[ks], b_hi[pair]);
        if (split_input) Mma::multiply_accumulate(correction, a_lo[ks], b_hi[pair]);
        if (Split) Mma::multiply_accumulate(correction, a_hi[ks], b_lo[pair]);
      }
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        if (!row_valid[h]) continue;
        float re = main[2 * h], im = main[2 * h + 1];
        if (Split) re += correction[2 * h], im += correction[2 * h + 1];  // lo is unscaled
        destination[output_slot[h] ^ output_slots(nt)] = {re * up[h], im * up[h]};
      }
    }
  }
}

// The first two stages of a pass (radix 16 twice: a 256-point DFT) with the
// data in registers between them.  The tile holds 2^log2_sub sub-transforms
// per column: sub-transform a takes points a + 2^log2_sub * m (m < 256) and
// writes its 256 outputs f to points 256 a + f, which is where the two
// Stockham stages put them.  One warp computes one (a, column) at a time, as
//   X[j + 16 k] = sum_t F16[t][k] * w256^(j t) * sum_n F16[j][n] x[t + 16 n]
// Product 1 takes the data as the B operand (K = point n, N = vector t) and
// F16 as A (block fragment table), so its C fragment has j on the lane's
// group and t on its quad, which is the A-operand layout of product 2
// (rows j, K = t) against F16 as B: no shuffle or shared-memory exchange
// between the stages.  Lane (group g, quad q) holds, in product 1's B
// operand, vector t = 8 nt + g and points n = block_input_point(ks, r, q)
// (b[r] of k step ks); in product 2's A operand rows j = g + 8 h and vectors
// t = block_vector(ks, q, r) (C columns 2q + r of product 1's n tile ks);
// its outputs are k = block_output(nt, q).
// Split: one power-of-two scale per sub-transform (see the loop).
// ExactInput as for tensor_core_stage: no lo product for the data of
// product 1.  Parts: block_twiddles (per lane, once), block_transform (the
// arithmetic of one sub-transform in registers), register_block_pass (fed
// from the shared-memory tile) and contiguous_register_transforms (from
// global memory).

// Twiddles w256^(j t) = w_P^(j t 2^log2_sub) of this lane's C elements of
// block_transform's product 1: row j = g + 8h, vector t =
// block_vector(nt, q, c).  inner_twiddles: w_P^i, i < P.  vector_mask: for
// the blocks of 16 2^b-point transforms of contiguous_register_transforms
// (P = 16 2^b, log2_sub = 0), 2^b - 1: vector t is point t mod 2^b of its
// transform, twiddle w_P^(j (t mod 2^b)).
__device__ __forceinline__ void block_twiddles(const float2* __restrict__ inner_twiddles, int log2_sub, int lane,
                                               float2 (&twiddle)[2][2][2], int vector_mask = 15) {
  const int g = lane >> 2, q = lane & 3;
#pragma unroll
  for (int h = 0; h < 2; ++h) {
#pragma unroll
    for (int nt = 0; nt < 2; ++nt) {
#pragma unroll
      for (int c = 0; c < 2; ++c) {
        const int j = g + 8 * h, t = block_vector(nt, q, c) & vector_mask;
        twiddle[h][nt][c] = __ldg(inner_twiddles + ((j * t) << log2_sub));
      }
    }
  }
}

// block_transform's product 2 (Log2Sub >= 1): y[h][nt][c] (row g + 8 h,
// vector block_vector(nt, q, c), twiddled) to z[h][nt] (output k =
// block_output(nt, q)), scaled by up_output[nt].
template <bool Split, int Log2Sub, bool FoldCorrections, typename Fragments>
__device__ __forceinline__ void block_product_2(const float2 (&y)[2][2][2], const float (&up_output)[4],
                                                const Fragments& fragments, int lane, float2 (&z)[2][4]) {
  static_assert(Log2Sub >= 1 && Log2Sub <= 4, "F16 or a block-diagonal matrix of 2 ... 8-point DFTs");
  using Mma = arch::SM80_16x8x16_F32F16F16F32_TN;
  // Product 2: the rows j (A, K = vectors t) times F16 (B), or the block-
  // diagonal matrix of 16 >> Log2Sub 2^Log2Sub-point DFTs (Fragments::product_2).
  std::uint32_t a_hi[2][4], a_lo[Split ? 2 : 1][4];  // [ks][register]
#pragma unroll
  for (int h = 0; h < 2; ++h) {
#pragma unroll
    for (int ks = 0; ks < 2; ++ks) {
#pragma unroll
      for (int c = 0; c < 2; ++c) {  // a[h + 2c]: row g + 8h, vector block_vector(ks, q, c)
        if (Split) {
          split_complex(y[h][ks][c].x, y[h][ks][c].y, a_hi[ks][h + 2 * c], a_lo[ks][h + 2 * c]);
        } else {
          a_hi[ks][h + 2 * c] = pack_halves(y[h][ks][c].x, y[h][ks][c].y);
        }
      }
    }
  }
#pragma unroll
  for (int nt = 0; nt < 4; ++nt) {
    float main[4] = {0, 0, 0, 0}, correction[4] = {0, 0, 0, 0};
    float(&lo_sum)[4] = FoldCorrections ? main : correction;
    // Each fragment is read once (the reads are volatile: see with_block_fragments).
    const auto half_of = [nt](const uint4& v, std::uint32_t(&b)[2]) {
      b[0] = nt % 2 ? v.z : v.x;
      b[1] = nt % 2 ? v.w : v.y;
    };
    const auto corrections = [&](int ks, const uint4& bh, const uint4& bl) {
      std::uint32_t b_hi[2], b_lo[2];
      half_of(bh, b_hi);
      half_of(bl, b_lo);
      Mma::multiply_accumulate(lo_sum, a_lo[ks], b_hi);
      Mma::multiply_accumulate(lo_sum, a_hi[ks], b_lo);
    };
    if constexpr (Split && FoldCorrections) {  // corrections first, as in block_transform
      uint4 bh[2], bl[2];
#pragma unroll
      for (int ks = 0; ks < 2; ++ks) {
        bh[ks] = fragments.product_2(ks * 2 + nt / 2, lane);
        bl[ks] = fragments.product_2((2 + ks) * 2 + nt / 2, lane);
      }
#pragma unroll
      for (int ks = 0; ks < 2; ++ks) corrections(ks, bh[ks], bl[ks]);
#pragma unroll
      for (int ks = 0; ks < 2; ++ks) {
        std::uint32_t b_hi[2];
        half_of(bh[ks], b_hi);
        Mma::multiply_accumulate(main, a_hi[ks], b_hi);
      }
    } else {
#pragma unroll
      for (int ks = 0; ks < 2; ++ks) {
        const uint4 bh = fragments.product_2(ks * 2 + nt / 2, lane);
        std::uint32_t b_hi[2];
        half_of(bh, b_hi);
        Mma::multiply_accumulate(main, a_hi[ks], b_hi);
        if (Split) corrections(ks, bh, fragments.product_2((2 + ks) * 2 + nt / 2, lane));
      }
    }
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      float re = main[2 * h], im = main[2 * h + 1];
      if (Split && !FoldCorrections) re += correction[2 * h], im += correction[2 * h + 1];
      z[h][nt] = {re * up_output[nt], im * up_output[nt]};
    }
  }
}

// The arithmetic of one 256-point sub-transform (a register block) whose
// inputs this lane holds (x[nt][ks][r]: point 8 nt + g + 16
// block_input_point(ks, r, q)); z[h][nt] gets output g + 8 h + 16
// block_output(nt, q).  twiddle: block_twiddles.
// Log2Sub = b < 4: the block holds 16 >> b independent transforms of 16 2^b
// points instead (contiguous_register_transforms of 16 ... 128 points):
// vector t is point t mod 2^b of transform t >> b, whose point u + 2^b n
// (u < 2^b, n < 16) sits at m = t + 16 n; product 2's matrix is block
// diagonal (16 >> b copies of the 2^b-point DFT, diagonal_block_fragment_
// offset), so output f = j + 16 k is output j + 16 (k mod 2^b) of transform
// k >> b.  Each transform gets its own split scale.  b = 0 (16 transforms
// of 16 points) needs product 1 only: z[h][2 nt + c] is then output g + 8 h
// of transform (vector) block_vector(nt, q, c).
// Input: float2, or __half2 straight from fp16 storage (ExactInput only):
// its bits are product 1's operand as they are, and the largest part is
// found with half2 maxima (a widen to float2 and a pack back cost 3
// instructions per element).
// ReduceMaximum (Log2Sub 4): the warp's largest part by one integer
// reduction instead of five dependent shuffle and maximum steps, where it
// measured faster (register_block_pass's reduces_warp_maximum).
// ScaledInputFitsHalf: every input is a bf16 value without a pass twiddle
// (bf16 storage read by a first pass): its 8-bit significand fits fp16's
// 11, so scaled by the split scale it is its own hi part and the lo product
// of the data is skipped (lo would be zero; only a part below 2^-23 of the
// transform's largest, an fp16 subnormal once scaled, rounds to fp16's
// 2^-24, a 2^-34 error relative to the largest; the split keeps 2^-22).
// FoldCorrections: the lo products into the hi products' accumulators
// (folds_corrections).
template <bool Split, bool ExactInput, int Log2Sub = 4, typename Input = float2, bool ReduceMaximum = false,
          bool ScaledInputFitsHalf = false, bool FoldCorrections = false, typename Fragments>
__device__ __forceinline__ void block_transform(const Input (&x)[2][2][2], const float2 (&twiddle)[2][2][2],
                                                const Fragments& fragments, int lane, float2 (&z)[2][4]) {
  static_assert(Log2Sub >= 0 && Log2Sub <= 4, "blocks of 16 ... 256-point transforms");
  constexpr bool half_input = std::is_same<Input, __half2>::value;
  static_assert(half_input ? ExactInput : std::is_same<Input, float2>::value, "float2, or exact fp16 inputs");
  using Mma = arch::SM80_16x8x16_F32F16F16F32_TN;
  const int q = lane & 3;
  // One split scale per transform: its largest input part is scaled into
  // [2^9, 2^10), so every value of product 2's input (at most 16 * sqrt(2)
  // times larger) stays below 2^15.5, inside fp16's range.  hi + lo keep 22
  // bits of every value above 2^-22 of the maximum, so one scale loses
  // nothing that per-vector scales would keep.  down_in[nt] scales this
  // lane's input vector 8 nt + g (product 1 keeps vectors apart);
  // down_vector[nt][c] product 1's output vector block_vector(nt, q, c), and
  // up_output[nt] undoes it for output k = block_output(nt, q) (b = 0: for
  // z[h][nt]).
  constexpr int block_top_exponent = 9;
  float max_abs[2] = {0.0f, 0.0f};
#pragma unroll
  for (int nt = 0; nt < 2; ++nt) {
    if constexpr (half_input) {
      __half2 largest = __habs2(x[nt][0][0]);
#pragma unroll
      for (int i = 1; i < 4; ++i) largest = __hmax2(largest, __habs2(x[nt][i >> 1][i & 1]));
      max_abs[nt] = fmaxf(__low2float(largest), __high2float(largest));
    } else {
#pragma unroll
      for (int ks = 0; ks < 2; ++ks) {
#pragma unroll
        for (int r = 0; r < 2; ++r) {
          max_abs[nt] = fmaxf(max_abs[nt], fmaxf(fabsf(x[nt][ks][r].x), fabsf(x[nt][ks][r].y)));
        }
      }
    }
  }
  float down_in[2], down_vector[2][2], up_output[4];
  if constexpr (Log2Sub == 4) {  // one transform
    float m = fmaxf(max_abs[0], max_abs[1]);
    if constexpr (ReduceMaximum) {
      // The bits of non-negative floats order as unsigned integers (a NaN,
      // above infinity, makes every output NaN anyway).
      m = __uint_as_float(__reduce_max_sync(0xffffffffu, __float_as_uint(m)));
    } else {
#pragma unroll
      for (int bit = 1; bit < 32; bit *= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, bit));
    }
    float up, down;
    split_scales(m, up, down, block_top_exponent);
    down_in[0] = down_in[1] = down_vector[0][0] = down_vector[0][1] = down_vector[1][0] = down_vector[1][1] = down;
    up_output[0] = up_output[1] = up_output[2] = up_output[3] = up;
  } else {
    // The lanes whose vectors 8 nt + g lie in one transform differ in q and
    // in g's bits below Log2Sub.
#pragma unroll
    for (int bit = 1; bit < (4 << Log2Sub); bit *= 2) {
#pragma unroll
      for (int nt = 0; nt < 2; ++nt) max_abs[nt] = fmaxf(max_abs[nt], __shfl_xor_sync(0xffffffffu, max_abs[nt], bit));
    }
    float up_in[2];
#pragma unroll
    for (int nt = 0; nt < 2; ++nt) split_scales(max_abs[nt], up_in[nt], down_in[nt], block_top_exponent);
    if constexpr (Log2Sub == 3) {  // transform nt, the same in every lane
#pragma unroll
      for (int nt = 0; nt < 2; ++nt) down_vector[nt][0] = down_vector[nt][1] = down_in[nt];
#pragma unroll
      for (int nt = 0; nt < 4; ++nt) up_output[nt] = q >> 1 ? up_in[1] : up_in[0];  // k = 4 q + nt
    } else {  // from the lane (g = t mod 8) whose input vector 8 (t >> 3) + g is t
#pragma unroll
      for (int nt = 0; nt < 2; ++nt) {
#pragma unroll
        for (int c = 0; c < 2; ++c) down_vector[nt][c] = __shfl_sync(0xffffffffu, down_in[nt], 4 * (2 * q + c));
      }
      if constexpr (Log2Sub == 0) {  // z[h][2 nt + c]: vector block_vector(nt, q, c)
#pragma unroll
        for (int nt = 0; nt < 2; ++nt) {
#pragma unroll
          for (int c = 0; c < 2; ++c) up_output[2 * nt + c] = __shfl_sync(0xffffffffu, up_in[nt], 4 * (2 * q + c));
        }
      } else {
#pragma unroll
        for (int nt = 0; nt < 4; ++nt) {  // vector t = k = 4 q + nt
          const int source = 4 * ((4 * q + nt) & 7);
          const float from_0 = __shfl_sync(0xffffffffu, up_in[0], source);
          const float from_1 = __shfl_sync(0xffffffffu, up_in[1], source);
          up_output[nt] = q >> 1 ? from_1 : from_0;
        }
      }
    }
  }

  // Product 1: F16 (A) times the data (B), per n tile of 8 vectors.  Exact
  // fp16 inputs are their own hi parts, unscaled (the scale is applied
  // after the product instead).
  constexpr bool data_lo = Split && !ExactInput && !ScaledInputFitsHalf;  // a lo product of the data
  std::uint32_t x_hi[2][2][2], x_lo[data_lo ? 2 : 1][2][2];  // [nt][ks][r]
#pragma unroll
  for (int nt = 0; nt < 2; ++nt) {
#pragma unroll
    for (int ks = 0; ks < 2; ++ks) {
#pragma unroll
      for (int r = 0; r < 2; ++r) {
        if constexpr (half_input) {
          x_hi[nt][ks][r] = *reinterpret_cast<const std::uint32_t*>(&x[nt][ks][r]);
        } else if (ExactInput) {
          x_hi[nt][ks][r] = pack_halves(x[nt][ks][r].x, x[nt][ks][r].y);
        } else if (data_lo) {
          split_complex(x[nt][ks][r].x * down_in[nt], x[nt][ks][r].y * down_in[nt], x_hi[nt][ks][r],
                        x_lo[nt][ks][r]);
        } else {
          x_hi[nt][ks][r] = pack_halves(x[nt][ks][r].x * down_in[nt], x[nt][ks][r].y * down_in[nt]);
        }
      }
    }
  }
  // y[h][nt][c]: row j = g + 8h, vector t = 8 nt + 4 c + q, twiddled, scaled.
  float2 y[2][2][2];
#pragma unroll
  for (int nt = 0; nt < 2; ++nt) {
    // [output part][C register].  The lo products get their own
    // accumulator unless FoldCorrections (folds_corrections).
    float main[2][4] = {}, correction[2][4] = {};
    float(&lo_sum)[2][4] = FoldCorrections ? main : correction;
#pragma unroll
    for (int part = 0; part < 2; ++part) {
      // Each fragment is read once (the reads are volatile: see with_block_fragments).
      const auto data_hi = [&](int ks) -> const std::uint32_t(&)[2] {
        return *reinterpret_cast<const std::uint32_t(*)[2]>(&x_hi[nt][ks][0]);
      };
      const auto main_product = [&](int ks, const uint4& f) {
        const std::uint32_t f_hi[4] = {f.x, f.y, f.z, f.w};
        Mma::multiply_accumulate(main[part], f_hi, data_hi(ks));
      };
      const auto corrections = [&](int ks, const uint4& f, const uint4& fl) {
        const std::uint32_t f_lo[4] = {fl.x, fl.y, fl.z, fl.w};
        Mma::multiply_accumulate(lo_sum[part], f_lo, data_hi(ks));
        if (data_lo) {
          const std::uint32_t f_hi[4] = {f.x, f.y, f.z, f.w};
          const std::uint32_t(&b_low)[2] = *reinterpret_cast<const std::uint32_t(*)[2]>(&x_lo[nt][ks][0]);
          Mma::multiply_accumulate(lo_sum[part], f_hi, b_low);
        }
      };
      if constexpr (Split && FoldCorrections) {
        // Folded, the small correction products go first: the hi products'
        // additions then round each sum at its own magnitude, as a separate
        // accumulator's final addition would.
        uint4 f[2], fl[2];
#pragma unroll
        for (int ks = 0; ks < 2; ++ks) {
          f[ks] = fragments.product_1(part * 2 + ks, lane);
          fl[ks] = fragments.product_1((2 + part) * 2 + ks, lane);
        }
#pragma unroll
        for (int ks = 0; ks < 2; ++ks) corrections(ks, f[ks], fl[ks]);
#pragma unroll
        for (int ks = 0; ks < 2; ++ks) main_product(ks, f[ks]);
      } else {
#pragma unroll
        for (int ks = 0; ks < 2; ++ks) {
          const uint4 f = fragments.product_1(part * 2 + ks, lane);
          main_product(ks, f);
          if (Split) corrections(ks, f, fragments.product_1((2 + part) * 2 + ks, lane));
        }
      }
    }
#pragma unroll
    for (int h = 0; h < 2; ++h) {
#pragma unroll
      for (int c = 0; c < 2; ++c) {
        float2 sum = {main[0][2 * h + c], main[1][2 * h + c]};
        if (Split && !FoldCorrections) sum.x += correction[0][2 * h + c], sum.y += correction[1][2 * h + c];
        if constexpr (Log2Sub == 0) {  // no twiddle: the output, scaled
          const float scale = ExactInput ? 1.0f : up_output[2 * nt + c];
          z[h][2 * nt + c] = {sum.x * scale, sum.y * scale};
        } else {
          float2 w = twiddle[h][nt][c];
          if (ExactInput) w.x *= down_vector[nt][c], w.y *= down_vector[nt][c];
          y[h][nt][c] = complex_multiply(sum, w);
        }
      }
    }
  }

  if constexpr (Log2Sub > 0) block_product_2<Split, Log2Sub, FoldCorrections>(y, up_output, fragments, lane, z);
}


// The register block's per-lane offsets into a tile: input_slot(m) is the
// slot of the sub-transform's point m, output_slot(f) that of its output f
// (both XOR-linear, as tile_slot).  The lane's part of each index (g, q) has
// bits disjoint from the rest (block_input_point and block_output add
// disjoint bit fields), so each offset is one lane value XOR a part that is
// a constant in the fixed-shape kernels.  input_offset[nt][ks][r]: point
// 8 nt + g + 16 block_input_point(ks, r, q); output_offset[h][nt]: output
// g + 8 h + 16 block_output(nt, q).
template <typename InputSlot, typename OutputSlot>
__device__ __forceinline__ void block_offsets(int lane, const InputSlot& input_slot, const OutputSlot& output_slot,
                                              int (&input_offset)[2][2][2], int (&output_offset)[2][4]) {
  const int g = lane >> 2, q = lane & 3;
  const int lane_input = input_slot(g + 16 * block_input_point(0, 0, q));
  const int lane_output = output_slot(g + 16 * block_output(0, q));
#pragma unroll
  for (int nt = 0; nt < 2; ++nt) {
#pragma unroll
    for (int ks = 0; ks < 2; ++ks) {
#pragma unroll
      for (int r = 0; r < 2; ++r) {
        input_offset[nt][ks][r] = lane_input ^ input_slot(8 * nt + 16 * block_input_point(ks, r, 0));
      }
    }
  }
#pragma unroll
  for (int h = 0; h < 2; ++h) {
#pragma unroll
    for (int nt = 0; nt < 4; ++nt) output_offset[h][nt] = lane_output ^ output_slot(8 * h + 16 * block_output(nt, 0));
  }
}

template <typename Storage, int Count>
struct StorageRun {  // Count consecutive elements, read with accesses of up to 16 bytes (StorageVector: always 16)
  static constexpr int bytes = Count * static_cast<int>(sizeof(Storage));
  static constexpr int access_bytes = bytes < 16 ? bytes : 16;
  using Access = typename std::conditional<access_bytes == 16, uint4,
                                           typename std::conditional<access_bytes == 8, uint2, unsigned>::type>::type;
  static_assert(bytes % access_bytes == 0 && sizeof(Access) == access_bytes, "runs of 4, 8 or 16n bytes");
  Storage values[Count];
  // aligned: the address is a multiple of access_bytes (else one element per access).
  __device__ __forceinline__ void load(const Storage* address, bool aligned) {
    if (aligned) {
      Access raw[bytes / access_bytes];
#pragma unroll
      for (int i = 0; i < bytes / access_bytes; ++i) raw[i] = __ldg(reinterpret_cast<const Access*>(address) + i);
      memcpy(values, raw, bytes);
    } else {
#pragma unroll
      for (int i = 0; i < Count; ++i) values[i] = load_stored(address + i);
    }
  }
};

// Transforms of P = 256 R points (R = 1, 2 or 4) that lie contiguously in
// memory (a single-pass 1D batch, or the last axis of a 2D/3D transform):
// each warp takes whole transforms and keeps them in registers from load to
// store, without shared memory (register_block_pass's input and exchange
// tiles cost about 25 of its 90 instructions per element, and its block-wide
// barriers leave warps waiting).  As in register_block_pass, sub-transform a
// < R takes points a + R m (m < 256) and runs block_transform, then
//   X[k2 + 256 k1] = sum_a w_R^(a k1) w_P^(a k2) Y_a[k2]
// runs in fp32 on the CUDA cores; block_transform gives every lane the same
// outputs k2 of each Y_a, so this last stage needs no exchange either.  A
// lane's inputs of the R sub-transforms lie side by side (points R m ... R m
// + R - 1), read as one access of R elements; 8 lanes read 8 R consecutive
// points, four such runs per instruction, and the next transform's inputs
// are loaded before this one's arithmetic.  Each transform is read and
// written by the same warp, so in place is safe.
// Shorter transforms (P = 16 2^b, b = Log2Length - 4 = 0 ... 3) go 256 / P at a
// time through one block_transform of Log2Sub b: a block of 256 elements
// holds transforms s < 256 / P, transform s's point u + 2^b n is the
// block's point m = u + 2^b s + 16 n (memory offset P s + u + 2^b n), and
// output f of the block is memory offset f.  The last block may hold fewer
// transforms: its missing inputs read as zeros, their outputs are not stored.
template <bool Split, int Log2Length, typename InputStorage, typename OutputStorage>
__device__ __forceinline__ void contiguous_register_transforms(const PassParameters& params, int threads,
                                                               unsigned char* shared) {
  static_assert(Log2Length >= 4 && Log2Length <= 10, "16 ... 1024 points");
  constexpr int log2_radix = Log2Length > 8 ? Log2Length - 8 : 0, R = 1 << log2_radix;
  constexpr int log2_sub = Log2Length < 8 ? Log2Length - 4 : 4;  // block_transform's Log2Sub
  constexpr int log2_per_block = Log2Length < 8 ? 8 - Log2Length : 0;  // transforms per block of 256 R
  constexpr int block_elements = 256 * R;
  constexpr bool exact_input = std::is_same<InputStorage, __half2>::value;  // no pass twiddle here
  // bf16 inputs, scaled, are their own hi parts (block_transform's ScaledInputFitsHalf).
  constexpr bool bf16_input = std::is_same<InputStorage, __nv_bfloat162>::value;
  using BlockInput = typename std::conditional<exact_input, __half2, float2>::type;  // block_transform's Input
  using Run = StorageRun<InputStorage, R>;
  const int lane = threadIdx.x & 31, g = lane >> 2, q = lane & 3;
  const auto* input = static_cast<const InputStorage*>(params.input);
  auto* output = static_cast<OutputStorage*>(params.output);
  const auto* inner = static_cast<const float2*>(params.inner_twiddles);  // w_P^i, i < P
  const auto* roots = static_cast<const float2*>(params.roots_of_sixteen);
  const float scale = static_cast<float>(params.scale);
  const bool scaled = params.scale != 1.0;
  const bool aligned = (reinterpret_cast<std::uintptr_t>(input) & (Run::access_bytes - 1)) == 0;
  float2 twiddle[2][2][2];
  block_twiddles(inner, log2_radix, lane, twiddle, Log2Length < 8 ? (1 << log2_sub) - 1 : 15);
  const uint4* block_fragments_base = params.mma_fragments + block_fragment_table_offset;
  // The fragments' copy in shared memory (copies_fragments_to_shared): the whole of it.
  constexpr bool fragments_in_shared =
      copies_fragments_to_shared(Split ? ComputeMode::split_fp16 : ComputeMode::single_fp16, true, true, false,
                                 true, Log2Length, false, false, static_cast<int>(sizeof(InputStorage)));
  const auto shared_fragments_address = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared));
  if constexpr (fragments_in_shared) {
    copy_fragments_to_shared(block_fragments_base, log2_sub, shared, 0, threads);
    __syncthreads();
  }
  // Memory offset in the block of the first point of the lane's input
  // vector 8 nt + g, point n (the fields are disjoint: offsets add).
  const auto input_offset = [](int nt, int g_, int n) {
    if constexpr (Log2Length >= 8) {
      return R * (8 * nt + g_ + 16 * n);
    } else {
      const int t = 8 * nt + g_;
      return ((t >> log2_sub) << Log2Length) + (t & ((1 << log2_sub) - 1)) + (n << log2_sub);
    }
  };
  // Memory offset in the block of z[h][nt] (block_transform's output map).
  const auto output_offset = [](int h, int nt, int g_, int q_) {
    if constexpr (log2_sub == 0) {
      return g_ + 8 * h + 16 * block_vector(nt >> 1, q_, nt & 1);
    } else {
      return g_ + 8 * h + 16 * block_output(nt, q_);
    }
  };
  const int lane_input = input_offset(0, g, block_input_point(0, 0, q)), lane_output = output_offset(0, 0, g, q);
  const std::int64_t blocks = (params.total_columns + (1 << log2_per_block) - 1) >> log2_per_block;
  const std::int64_t warp_step = static_cast<std::int64_t>(gridDim.x) * (threads >> 5);
  std::int64_t block = static_cast<std::int64_t>(blockIdx.x) * (threads >> 5) + (threadIdx.x >> 5);
  // The register blocks: where the warps take them from a counter
  // (takes_register_blocks_from_counter; the executor gives params.tile_
  // counter), chunks of `chunk` consecutive blocks in the order warps ask,
  // so warps that run faster take more (lane 0 asks for the chunk after
  // next a chunk early, so its atomic's latency stays off the loop's path);
  // else every warp_step-th block.  Compile-time, so the other instances
  // keep their registers.
  constexpr int chunk = register_transform_chunk_blocks(Log2Length, sizeof(InputStorage));
  unsigned int* const counter =
      takes_register_blocks_from_counter(static_cast<int>(sizeof(InputStorage)),
                                         static_cast<int>(sizeof(OutputStorage)))
          ? params.tile_counter
          : nullptr;
  unsigned int chunk_after_next = 0;  // lane 0's
  std::int64_t chunk_end = 0;
  if (counter) {
    unsigned int first_chunk = 0;
    if (lane == 0) {
      first_chunk = atomicAdd(counter, 1u);
      chunk_after_next = atomicAdd(counter, 1u);
    }
    block = static_cast<std::int64_t>(__shfl_sync(0xffffffffu, first_chunk, 0)) * chunk;
    chunk_end = block + chunk;
  }
  const auto following = [&](std::int64_t b) -> std::int64_t {  // the warp's block after b
    if (!counter) return b + warp_step;
    if (b + 1 < chunk_end) return b + 1;
    const std::int64_t start = static_cast<std::int64_t>(__shfl_sync(0xffffffffu, chunk_after_next, 0)) * chunk;
    if (lane == 0) chunk_after_next = atomicAdd(counter, 1u);
    chunk_end = start + chunk;
    return start;
  };
  // Transforms of block b present: all but in a last, partial block.
  const auto present = [&](std::int64_t b) {
    const std::int64_t left = params.total_columns - (b << log2_per_block);
    return left < (1 << log2_per_block) ? static_cast<int>(left) : (1 << log2_per_block);
  };
  Run next[2][2][2];  // [nt][ks][r]: points R m + a of m = 8 nt + g + 16 block_input_point(ks, r, q)
  const auto fetch = [&](std::int64_t b) {
    const InputStorage* base = input + b * block_elements + lane_input;
    const int transforms = Log2Length < 8 ? present(b) : 1;
    // Whole blocks load unconditionally: predicated loads made the kernel
    // 1.2x ... 1.9x slower with 8-byte elements and 1.1x ... 1.2x with
    // 4-byte ones (H100, r44; 256 points, which have no partial blocks,
    // included).
    if (transforms == (1 << log2_per_block)) {
#pragma unroll
      for (int nt = 0; nt < 2; ++nt) {
#pragma unroll
        for (int ks = 0; ks < 2; ++ks) {
#pragma unroll
          for (int r = 0; r < 2; ++r) {
            next[nt][ks][r].load(base + input_offset(nt, 0, block_input_point(ks, r, 0)), aligned);
          }
        }
      }
      return;
    }
    if constexpr (Log2Length < 8) {  // a last, partial block
#pragma unroll
      for (int nt = 0; nt < 2; ++nt) {
        const bool here = ((8 * nt + g) >> log2_sub) < transforms;
#pragma unroll
        for (int ks = 0; ks < 2; ++ks) {
#pragma unroll
          for (int r = 0; r < 2; ++r) {
            if (here) {
              next[nt][ks][r].load(base + input_offset(nt, 0, block_input_point(ks, r, 0)), aligned);
            } else {
#pragma unroll
              for (int a = 0; a < R; ++a) {
                next[nt][ks][r].values[a] = StorageTraits<InputStorage>::narrow(make_float2(0.0f, 0.0f));
              }
            }
          }
        }
      }
    }
  };
  if (block < blocks) fetch(block);
  std::int64_t next_block = 0;
#pragma unroll 1
  for (; block < blocks; block = next_block) {
    const Run current[2][2][2] = {{{next[0][0][0], next[0][0][1]}, {next[0][1][0], next[0][1][1]}},
                                  {{next[1][0][0], next[1][0][1]}, {next[1][1][0], next[1][1][1]}}};
    next_block = following(block);
    if (next_block < blocks) fetch(next_block);
    float2 z[R][2][4];  // [a][h][nt]: Y_a[k2], k2 = output_offset(h, nt, g, q)
#pragma unroll
    for (int a = 0; a < R; ++a) {
      BlockInput x[2][2][2];
#pragma unroll
      for (int nt = 0; nt < 2; ++nt) {
#pragma unroll
        for (int ks = 0; ks < 2; ++ks) {
#pragma unroll
          for (int r = 0; r < 2; ++r) {
            if constexpr (exact_input) {
              x[nt][ks][r] = current[nt][ks][r].values[a];
            } else {
              x[nt][ks][r] = StorageTraits<InputStorage>::widen(current[nt][ks][r].values[a]);
            }
          }
        }
      }
      with_block_fragments<fragments_in_shared>(
          shared_fragments_address, block_fragments_base, log2_sub, [&](const auto& fragments) {
            block_transform<Split, exact_input, log2_sub, BlockInput, false, bf16_input>(x, twiddle, fragments,
                                                                                       lane, z[a]);
          });
    }
    OutputStorage* base = output + block * block_elements + lane_output;
    const int transforms = Log2Length < 8 ? present(block) : 1;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
#pragma unroll
      for (int nt = 0; nt < 4; ++nt) {
        const int k2 = lane_output + output_offset(h, nt, 0, 0);
        if (Log2Length < 8 && transforms < (1 << log2_per_block) && (k2 >> Log2Length) >= transforms) continue;
        float2 y[R];
#pragma unroll
        for (int a = 0; a < R; ++a) y[a] = a > 0 ? complex_multiply(z[a][h][nt], __ldg(inner + a * k2)) : z[a][h][nt];
        if constexpr (R > 1) small_fft<R>(y, roots);
#pragma unroll
        for (int k1 = 0; k1 < R; ++k1) {
          float2 value = y[k1];
          if (scaled) value.x *= scale, value.y *= scale;
          StorageTraits<OutputStorage>::store(base + output_offset(h, nt, 0, 0) + 256 * k1, value);
        }
      }
    }
  }
}

// Byte offset in shared memory of byte `byte` of a tile of storage elements
// fetched with 16-byte copies (register_block_pass): each 16-byte chunk
// stays whole and moves within its 128-byte line, its three position bits
// XOR-ed with bits 1-3, 5-7 and 9-11 of the line index.  The register block
// reads one element of a sub-transform from each of 32 chunks; through this
// map every such pattern of register_block_pass (every radix, tile width and
// layout) has at most 4-way bank conflicts for 4-byte elements and 2-way for
// 8-byte ones, the least a chunk-preserving map allows (the shifts were
// chosen, and the bound checked, by enumerating the patterns).  XOR-linear,
// as tile_slot.
__host__ __device__ constexpr int raw_tile_offset(int byte) {
  const int chunk = byte >> 4, line = chunk >> 3;
  return ((chunk ^ (((line >> 1) ^ (line >> 5) ^ (line >> 9)) & 7)) << 4) | (byte & 15);
}

// Where element (point p, tile column c) of a tile lies in memory, relative
// to the tile's first element, for a pass map with 2^b columns side by side
// (stockham_pass.cuh's header: 2^b = (N/P) I when loading, A I when
// storing).  With 2^b > T the T columns of each point are contiguous runs
// 2^b apart; otherwise the tile is one contiguous block, whole groups of 2^b
// columns x P points.  compact(): the same order packed into P*T elements
// (the memory offset itself in the second case).  Both are XOR-linear in
// the bits of p and c.
struct TileMap {
  int log2_b, log2_p, log2_low;  // log2_low = min(b, log2 T): the column bits below the point's
  __device__ __forceinline__ TileMap(int b, int p, int t) : log2_b(b), log2_p(p), log2_low(b < t ? b : t) {}
  __device__ __forceinline__ int compact(int p, int c) const {
    return ((c >> log2_low) << (log2_low + log2_p)) | (p << log2_low) | (c & ((1 << log2_low) - 1));
  }
  __device__ __forceinline__ std::int64_t memory(int p, int c) const {
    return (static_cast<std::int64_t>(c >> log2_low) << (log2_b + log2_p)) + (static_cast<std::int64_t>(p) << log2_b) +
           (c & ((1 << log2_low) - 1));
  }
  __device__ __forceinline__ int column_of_compact(int r) const {
    return ((r >> (log2_low + log2_p)) << log2_low) | (r & ((1 << log2_low) - 1));
  }
  __device__ __forceinline__ std::int64_t memory_of_compact(int r) const {
    return memory((r >> log2_low) & ((1 << log2_p) - 1), column_of_compact(r));
  }
  // Memory index of the first element of the tile whose first column is `first`.
  __device__ __forceinline__ std::int64_t tile_start(std::int64_t first) const {
    return ((first >> log2_b) << (log2_b + log2_p)) + (first & ((std::int64_t{1} << log2_b) - 1));
  }
};

// The 2D DFT of a 128 x 128 plane (memory index 128 n1 + n2) with the
// arithmetic of the 2^14-point register-block pass.  Each axis's DFT of 128
// splits as 16 x 8 (n = u + 8 v, output K = kv + 16 j):
//   X[K1][K2] = sum_{u1,u2} w8^(u1 j1 + u2 j2) w128^(u1 kv1 + u2 kv2)
//               * (16 x 16 DFT over (v1, v2) of x[u1 + 8 v1][u2 + 8 v2])[kv1][kv2]
// The pass's point p = a + 64 m (a = a0 + 8 a1, m = t + 16 n) takes a0 = u2,
// a1 = u1, t = v1, n = v2: the register block over m, with its twiddles
// w256^(j t) left out, is the 16 x 16 DFT (output f = j + 16 k, j = kv2, k =
// kv1), and the radix-64 stage as 8 x 8 over (a1, a0) with the twiddle
// w128^(a1 kv1 + a0 kv2) in place of w_P^(a f) and without w64^(a0 c0) is
// the radix-8 stage of both axes (c0 = j1, c1 = j2).  t = v1, n = v2 rather
// than the other way keeps the register block's shared-memory reads at
// most 4-way bank conflicted, as in the 1D pass.
struct PlaneDigits {
  // Memory index in the plane of pass point p: bits u2 | u1 << 7 | v1 << 10 | v2 << 3.
  __host__ __device__ static constexpr int memory_of_point(int p) {
    return (p & 7) | (((p >> 3) & 7) << 7) | (((p >> 6) & 15) << 10) | ((p >> 10) << 3);
  }
  // Exponent of w_P (P = 2^14) of the radix-64 stage's twiddle for register-
  // block output f and point a = a0 + 8 a1: w128^(a1 kv1 + a0 kv2).
  __host__ __device__ static constexpr int twiddle_exponent(int f, int a0, int a1) {
    return (128 * (a1 * (f >> 4) + a0 * (f & 15))) & ((1 << 14) - 1);
  }
  // Memory index of output (f, c0, c1): K1 = kv1 + 16 c0, K2 = kv2 + 16 c1.
  __host__ __device__ static constexpr int memory_of_output(int f, int c0, int c1) {
    return 128 * ((f >> 4) + 16 * c0) + (f & 15) + 16 * c1;
  }
};

// A pass of P = 256 R points (R = 1 ... 64) as R register blocks and one
// radix-R stage, with two trips through shared memory instead of one per
// stage.  For each tile column (pass twiddle already applied to x):
//   X[k2 + 256 k1] = sum_a w_R^(a k1) w_P^(a k2) Y_a[k2],
//   Y_a = 256-point DFT of x[a + R m], m < 256  (block_transform's order)
// A tile of T columns arrives in shared memory in storage format by
// asynchronous 16-byte copies (issued during the previous tile's last stage,
// so no registers wait on device memory); each warp takes sub-transforms
// (column, a): reads them (with the pass twiddle), runs block_transform and
// puts Y_a in the exchange tile.  Then each thread takes outputs k2 of one
// column, applies w_P^(a k2), runs the radix-R DFT in fp32 on the CUDA cores
// (small_fft: no split needed, and cheaper than a third tensor-core stage)
// and writes X straight to device memory, threads in memory order.  A tile's
// outputs are written after its inputs are read and before the next tile's
// fetch is waited for, as in stockham_pass_kernel, so in place is safe where
// it is there.
// Contiguous: whole transforms side by side (A = 1, N = P, I = 1: a
// single-pass batch or a contiguous last axis), the maps become constants.
// ExactInput: fp16 inputs without a pass twiddle (block_transform's).  Both
// compile-time (see stockham_pass_kernel's Contiguous).
// Plane (R = 64, contiguous): the 2D DFT of each 128 x 128 plane (the last
// two axes fused, plane_pass_kernel) instead of a 2^14-point 1D DFT; see
// PlaneDigits for how the same arithmetic does it.
// P = 32 ... 128 (strided only): R = 1, and each register block holds the
// transforms of 256 / P neighbouring columns (block_transform's Log2Sub;
// runs_register_block_pass selects 128 points from 8-byte inputs).
// exchanges_in_place: Y_a[f] of column c goes where input point a + R f of
// column c was (the warp's own inputs), so `exchange` is `raw`; the next
// tile is then fetched after this tile's outputs are written.
// Threads: the block's, as launched (pass_threads: a power of two).
template <bool Split, int Log2Length, int Log2Columns, bool Contiguous, bool ExactInput, typename InputStorage,
          typename OutputStorage, int Threads, bool Plane = false, bool HalfOfPair = false>
__device__ __forceinline__ void register_block_pass(const PassParameters& params, unsigned char* shared) {
  static_assert(!Plane || (Log2Length == 14 && Contiguous), "the plane pass is the contiguous 2^14-point shape");
  // HalfOfPair: the block is one of two (blocks 2 j and 2 j + 1) that compute
  // a 2P-point transform (paired_halves_pass_kernel) by one radix-2 step of
  // decimation in frequency: block r takes y_r[n] = (x[n] + (-1)^r x[n + P])
  // w_2P^(r n), n < P, whose P-point DFT is X[2 k + r].  Each block fetches
  // both halves of x, x[n] into `raw` and x[n + P] into the second half of
  // the exchange tile, which the register blocks fill last (below).  The two
  // blocks run at the same time, so that x is read from device memory once
  // and from L2 the second time.
  static_assert(!HalfOfPair || (Log2Length == 14 && Contiguous && !Plane && !ExactInput &&
                                sizeof(InputStorage) == 4 && Log2Columns == 0),
                "the paired halves are two contiguous 2^14-point shapes reading 4-byte storage");
  static_assert(Threads >= 32 && (Threads & (Threads - 1)) == 0, "whole warps, a power of two");
  constexpr int threads = Threads;
  constexpr int log2_P = Log2Length, P = 1 << log2_P, T = 1 << Log2Columns;
  // Passes of 32 ... 128 points: each register block holds 2^log2_block_columns
  // columns' transforms (block_transform's Log2Sub), and R = 1.
  constexpr int Log2Radix = log2_P > 8 ? log2_P - 8 : 0, R = 1 << Log2Radix;
  constexpr int log2_sub = log2_P < 8 ? log2_P - 4 : 4, log2_block_columns = 4 - log2_sub;
  constexpr int log2_K2 = log2_P < 8 ? log2_P : 8, K2 = 1 << log2_K2;  // points of a sub-transform
  // 16-point blocks would give their outputs in another order (block_transform).
  static_assert(log2_sub >= 1 && (log2_block_columns == 0 || !Contiguous) && Log2Columns >= log2_block_columns,
                "32 ... 128-point passes with columns apart, whole register blocks of columns");
  constexpr int elements = P * T, input_bytes = static_cast<int>(sizeof(InputStorage));
  using Raw = typename std::conditional<input_bytes == 4, std::uint32_t, uint2>::type;  // storage bits
  static_assert(sizeof(Raw) == sizeof(InputStorage), "4- or 8-byte storage elements");
  constexpr bool in_place = exchanges_in_place(Split ? ComputeMode::split_fp16 : ComputeMode::single_fp16, log2_P,
                                                Log2Columns, Contiguous, input_bytes,
                                                static_cast<int>(sizeof(OutputStorage)));
  static_assert(!in_place || (input_bytes == 8 && (R <= 16 || (R == 64 && Contiguous))),
                "outputs fit where the inputs were");
  // block_transform's ReduceMaximum.  Measured on the H100 against the
  // shuffle steps (r88/r89, 20 repeats, two rounds): 4-byte inputs fp16
  // N = 2048 ... 16384 0.86x ... 0.96x the time, 2^20 0.95x, 1024^2 0.96x,
  // 128^3 0.93x ... 0.95x; 8-byte inputs in the split mode fp32 storage
  // N = 8192 0.92x, 128^3 0.97x, but contiguous 2048 points 1.05x slower;
  // the single-product mode's 8-byte inputs 1.02x ... 1.03x slower (2^26,
  // 1024^2, 4096^2), as were contiguous_register_transforms (N = 256 and
  // 1024 fp16 1.06x ... 1.12x), which keep the shuffles.
  constexpr bool reduces_warp_maximum = input_bytes == 4 || (Split && (!Contiguous || log2_P >= 12));
  // block_transform's FoldCorrections (folds_corrections says where it keeps
  // the accuracy), where it measured faster on the H100 (r266, r267, r272:
  // A/B, split mode, relL2 the same to six digits): the contiguous passes of
  // fp16/bf16 storage, N = 2048 ... 16384 0.92x ... 0.98x the time.  Not
  // the paired halves (N = 2^15 1.03x ... 1.05x slower), nor the strided
  // passes (2^18 1.10x, 512^3 1.05x, 1024^2 and 128^3 1.03x slower) or
  // contiguous_register_transforms (N = 128 1.18x slower): ptxas's
  // schedules of those came out worse.
  constexpr bool folds_block_corrections =
      Contiguous && !HalfOfPair && folds_corrections<InputStorage, OutputStorage>();
  unsigned char* const raw = shared;  // elements * input_bytes
  // The passes in place whose tile takes 2^14 elements of 8 bytes (one
  // block per SM: the contiguous 2^14-point pass of fp32 storage, strided
  // 2048-point passes of 8 columns and 4096-point ones of 4) keep the tile
  // in `parts` parts of 2^log2_part_bytes bytes (tile elements 2^14 / parts
  // j ...) among 2 parts - 1 part slots: the next tile's parts 0 ... parts
  // - 2 are fetched into the free slots as soon as this tile's inputs are
  // in, and its last part into this tile's part-0 slot once this tile's
  // outputs are out, so that only one part of each fetch is waited for.  A
  // lane's reads and writes of its register blocks, and a thread's of one
  // radix-stage output, all lie in one part: the tile element of point p =
  // a + R m of column c is p T + c (whole groups of T columns, checked
  // below), so the part is the top two bits of m, the lane's q, and for
  // point a + R k2 those of k2.  Not the plane pass, whose lanes' points lie
  // in several parts (PlaneDigits).
  constexpr bool fetches_in_parts = fetches_tile_in_parts(in_place, log2_P, Contiguous, Plane);
  static_assert(!fetches_in_parts || (log2_P + Log2Columns == 14 && input_bytes == 8), "2^14-element tiles in parts");
  constexpr int parts = fetches_in_parts ? plan::in_place_tile_parts : 1, part_slots = 2 * parts - 1;
  constexpr int log2_part_bytes = log2_constant(elements * input_bytes) - log2_constant(parts);
  constexpr int in_part_mask = fetches_in_parts ? (1 << log2_part_bytes) - 1 : -1;  // of a byte offset
  int first_slot = 0;  // the part slot of this tile's part 0
  // Where byte offset `offset` of the tile whose part 0 is in slot `slot0`
  // lies in `raw`: the slot's start (a multiple of 2^log2_part_bytes) | the offset in the
  // part, so a part's start XOR an offset in it is the address (32-bit
  // offsets throughout: pointers per part cost registers and spilled).
  const auto part_offset = [&](int slot0, int offset) {
    if constexpr (!fetches_in_parts) return offset;
    int slot = slot0 + (offset >> log2_part_bytes);
    if (slot >= part_slots) slot -= part_slots;
    return (slot << log2_part_bytes) | (offset & in_part_mask);
  };
  // elements float2; in place: Y_a[f] of column c where point a + R f of column c was in `raw`.
  float2* const exchange = reinterpret_cast<float2*>(in_place ? shared : shared + elements * input_bytes);
  // HalfOfPair: x[n + P] (4-byte elements, at `raw`'s offsets) in the second half of `exchange`.
  unsigned char* const second_half = reinterpret_cast<unsigned char*>(exchange) + elements * input_bytes;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warp_count = threads >> 5;
  const int g = lane >> 2, q = lane & 3;
  const auto* input = static_cast<const Raw*>(params.input);
  auto* output = static_cast<OutputStorage*>(params.output);
  const int pair_rank = HalfOfPair ? static_cast<int>(blockIdx.x & 1) : 0;  // HalfOfPair: the block's r
  const auto* inner = static_cast<const float2*>(params.inner_twiddles);  // w_P^i, i < P
  // w_P^(a k2) at 256 a + k2: lanes of consecutive k2 read consecutive entries (inner's a k2 would
  // put them 8 a bytes apart, up to a cache line per lane for R = 16 ... 64).
  const float2* radix_twiddles = params.radix_stage_twiddles;
  const auto* roots = static_cast<const float2*>(params.roots_of_sixteen);
  const auto* coarse = static_cast<const float2*>(params.pass_twiddles_coarse);
  const auto* fine = static_cast<const float2*>(params.pass_twiddles_fine);
  const int fine_mask = (1 << params.fine_bits) - 1;
  // w_{A P}^e, e < A P <= N <= 2^30 (the pass twiddle of point p of column c: e = p (c mod A)).
  const auto pass_twiddle = [&](int e) {
    return complex_multiply(coarse[e >> params.fine_bits], fine[e & fine_mask]);
  };
  const float scale = static_cast<float>(params.scale);
  const bool scaled = params.scale != 1.0;
  const std::int64_t columns = params.total_columns;
  const int log2_I = Contiguous ? 0 : log2_of(params.inner_count);
  const int log2_A = Contiguous ? 0 : log2_of(params.stride_before);
  const int twiddle_mask = static_cast<int>(params.stride_before) - 1;  // c mod A
  // HalfOfPair: block 1's inputs take w_2P^n (the pass twiddle of "column" c_mod_a = 1 with A = 2).
  const bool twiddled = HalfOfPair ? pair_rank == 1 : !Contiguous && !ExactInput && params.stride_before > 1;
  const TileMap load(Contiguous ? 0 : log2_of(params.columns_per_transform) + log2_I, log2_P, Log2Columns);
  const TileMap store(log2_A + log2_I, log2_P, Log2Columns);
  // In parts, the columns come in whole groups of T (the executor picks no
  // such instance otherwise, CudaExecutor).
  if (fetches_in_parts && load.log2_low != Log2Columns) __trap();
  // 16-byte copies need aligned, contiguous 16-byte runs.
  const bool vector_fetch = (reinterpret_cast<std::uintptr_t>(input) & 15) == 0 &&
                            (load.log2_b <= Log2Columns || T * input_bytes >= 16);

  // Parts part_begin ... part_end - 1 of the T columns from `first` into `raw` (zeros past the last
  // column), part 0 in slot slot0 (fetches_in_parts; else the whole tile, at its offsets).
  // HalfOfPair: `half` 0 fetches x[n] into `raw`, 1 x[n + P] into second_half.
  const auto fetch = [&](std::int64_t first, int part_begin, int part_end, int slot0, int half = 0) {
    unsigned char* const destination = half ? second_half : raw;
    const auto wanted = [&](int offset) {
      return !fetches_in_parts || ((offset >> log2_part_bytes) >= part_begin && (offset >> log2_part_bytes) < part_end);
    };
    const Raw* source = input + (HalfOfPair ? 2 * load.tile_start(first) + half * P : load.tile_start(first));
    if (vector_fetch && first + T <= columns) {
      // Chunk threadIdx.x + k Threads starts at element r = lane part | k
      // part (disjoint bits: Threads is a power of two), and both maps are
      // linear in those parts (raw_tile_offset XOR-linear, TileMap's memory
      // index additive over its bit fields, the k part in the point field),
      // so the lane's offsets are computed once and each copy adds a
      // constant (the loop unrolls) and a multiple of one memory step:
      // about 4 instructions per copy instead of 30.  H100 r91/r92 against
      // the per-copy maps: fp16 N = 4096 ... 16384 0.96x ... 0.98x the
      // time, 2^20 0.96x ... 0.97x, 2^24 and 2^26 fp32 storage split 0.94x ...
      // 0.95x, 128^3 0.92x ... 0.95x; unrolled by two, 2^26 single_fp16 fp16
      // ran 1.04x where whole it ran 0.96x.  The contiguous 8192-point pass
      // of 8-byte elements unrolls by two: whole, ptxas spilled 24 bytes
      // and fp32 storage N = 8192 (split) ran 1.05x slower (twice).
      constexpr int per_chunk = 16 / input_bytes, chunks = elements / per_chunk, step = Threads * per_chunk;
      constexpr int copies = (chunks + Threads - 1) / Threads;
      constexpr int unrolled = Contiguous && input_bytes == 8 && log2_P == 13 ? 2 : copies;
      const int lane_element = static_cast<int>(threadIdx.x) * per_chunk;
      const int lane_offset = raw_tile_offset(lane_element * input_bytes);
      static_assert(!fetches_in_parts || step * input_bytes <= (1 << log2_part_bytes), "lane offsets in part 0");
      const Raw* lane_source = source + load.memory_of_compact(lane_element);
      const std::int64_t memory_step = load.memory_of_compact(step);
#pragma unroll(unrolled)
      for (int k = 0; k < copies; ++k, lane_source += memory_step) {
        if (chunks % Threads != 0 && static_cast<int>(threadIdx.x) + k * Threads >= chunks) break;
        const int copy_offset = raw_tile_offset(k * step * input_bytes);  // its part is the copy's
        if (wanted(copy_offset)) {
          arch::copy_16_bytes_async(destination + part_offset(slot0, lane_offset ^ copy_offset), lane_source);
        }
      }
    } else {
      for (int r = threadIdx.x; r < elements; r += threads) {
        const int offset = raw_tile_offset(r * input_bytes);
        if (!wanted(offset)) continue;
        Raw value{};
        if (first + load.column_of_compact(r) < columns) value = source[load.memory_of_compact(r)];
        *reinterpret_cast<Raw*>(destination + part_offset(slot0, offset)) = value;
      }
    }
  };

  float2 twiddle[2][2][2];
  if constexpr (Plane) {  // the 16 x 16 block is a 2D DFT: no twiddles (PlaneDigits)
#pragma unroll
    for (int i = 0; i < 8; ++i) twiddle[i >> 2][(i >> 1) & 1][i & 1] = make_float2(1.0f, 0.0f);
  } else {
    block_twiddles(inner, Log2Radix, lane, twiddle, (1 << log2_sub) - 1);
  }
  // Tile element (compact order) of pass point p of column 0.
  const auto point_element = [&](int p) { return Plane ? PlaneDigits::memory_of_point(p) : load.compact(p, 0); };
  // Register-block point m: column m mod 16 >> log2_sub of the block, point
  // (m mod 2^log2_sub) + 2^log2_sub (m >> 4) of its transform (block_transform).
  const auto block_column = [](int m) { return (m & 15) >> log2_sub; };
  const auto block_point = [](int m) { return (m & ((1 << log2_sub) - 1)) | ((m >> 4) << log2_sub); };
  const uint4* block_fragments_base = params.mma_fragments + block_fragment_table_offset;
  // The fragments' copy in shared memory, after the tiles (copies_fragments_to_shared; made visible by the
  // barrier at the top of the tile loop).
  constexpr bool fragments_in_shared =
      copies_fragments_to_shared(Split ? ComputeMode::split_fp16 : ComputeMode::single_fp16, true, false,
                                 fetches_in_parts, Contiguous, log2_P, Plane, HalfOfPair, input_bytes);
  // The tiles' bytes, as the executor allots them.
  constexpr int tiles_bytes =
      static_cast<int>(pass_shared_bytes(true, false, in_place, fetches_in_parts, elements, input_bytes, 0));
  const auto shared_fragments_address = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared + tiles_bytes));
  if constexpr (fragments_in_shared) {
    copy_fragments_to_shared(block_fragments_base, log2_sub, shared, tiles_bytes, threads);
  }
  int input_offset[2][2][2];  // [nt][ks][r]: of point a + R m in the tile (block_offsets)
  int exchange_offset[2][4];  // [h][nt]: of output f in the exchange tile
  block_offsets(
      lane,
      [&](int m) {
        return raw_tile_offset((point_element(R * block_point(m)) | load.compact(0, block_column(m))) * input_bytes);
      },
      [&](int f) {
        if constexpr (in_place) {  // the slot of input point a + R f of column f >> log2_K2 (a: the item's base)
          return raw_tile_offset((point_element(R * (f & (K2 - 1))) | load.compact(0, f >> log2_K2)) * 8) >> 3;
        } else {
          return tile_slot(((f & (K2 - 1)) << Log2Columns) | (f >> log2_K2));
        }
      },
      input_offset, exchange_offset);
  // The part of every point a + 64 m the lane reads or writes (fetches_in_parts; input_offset[0][0][0] is
  // the lane's part of the offsets, the others add offsets within the part).
  const int lane_part = input_offset[0][0][0] >> log2_part_bytes;
  if constexpr (fetches_in_parts) {  // the part is the lane's (lane_part_offset below)
#pragma unroll
    for (int i = 0; i < 8; ++i) input_offset[i >> 2][(i >> 1) & 1][i & 1] &= in_part_mask;
#pragma unroll
    for (int i = 0; i < 8; ++i) exchange_offset[i >> 2][i & 3] &= in_part_mask >> 3;
  }
  // Slot in `exchange` of Y_a[k2] of tile column `column`.
  // XOR-linear in (a, k2, column) as both maps are: exchange_slot(a, k2, c) ^ exchange_slot(a', 0, 0) is
  // the slot of Y_(a + a')[k2] where a and a' have disjoint bits.
  const auto exchange_slot = [&](int a, int k2, int column) {
    if constexpr (in_place) {
      return raw_tile_offset((point_element(a + R * k2) | load.compact(0, column)) * 8) >> 3;
    } else {
      return tile_slot((k2 << Log2Columns) + column) ^ tile_slot((256 * a) << Log2Columns);
    }
  };

  // exchange_slot's slot in this tile's part slots (fetches_in_parts; the same slot otherwise).
  const auto exchange_part_slot = [&](int slot) { return part_offset(first_slot, slot * 8) >> 3; };

  // The tiles: where the pass takes them from a counter (takes_tiles_from_
  // counter; the executor gives it params.tile_counter) each block takes the
  // next tile as it goes, so blocks that run faster take more tiles; else
  // every gridDim.x-th from blockIdx.x.  Thread 0 takes the tile after next
  // one iteration early (its atomic is off the barrier's path) and passes
  // the next one on through two slots after the tile
  // (params.tile_slots_offset), one per iteration's parity.  Compile-time, so
  // the other instances keep their registers.
  unsigned int* const tile_counter =
      takes_tiles_from_counter(Split ? ComputeMode::split_fp16 : ComputeMode::single_fp16,
                               static_cast<int>(sizeof(OutputStorage))) &&
              !HalfOfPair
          ? params.tile_counter
          : nullptr;
  auto* const tile_slots = reinterpret_cast<std::int64_t*>(shared + params.tile_slots_offset);
  unsigned int tile_after_next = 0;  // thread 0's
  // HalfOfPair: both blocks of a pair take the same transforms (a "column" is a 2P-point transform).
  const std::int64_t tile_step = static_cast<std::int64_t>(HalfOfPair ? gridDim.x >> 1 : gridDim.x) * T;
  std::int64_t first = static_cast<std::int64_t>(HalfOfPair ? blockIdx.x >> 1 : blockIdx.x) * T;
  if (tile_counter) {
    if (threadIdx.x == 0) {
      tile_slots[0] = static_cast<std::int64_t>(atomicAdd(tile_counter, 1u)) * T;
      tile_after_next = atomicAdd(tile_counter, 1u);
    }
    __syncthreads();
    first = tile_slots[0];
  }
  if (first < columns) fetch(first, 0, parts, first_slot);
  if (HalfOfPair && first < columns) fetch(first, 0, parts, 0, 1);
  std::int64_t next = 0;  // the block's next tile (its first column)
#pragma unroll 1
  for (int parity = 1; first < columns; first = next, parity ^= 1) {
    if (tile_counter && threadIdx.x == 0) {
      tile_slots[parity] = static_cast<std::int64_t>(tile_after_next) * T;
      tile_after_next = atomicAdd(tile_counter, 1u);
    }
    arch::wait_for_async_copies();
    __syncthreads();  // this tile's inputs are in `raw`; the last tile is done with `exchange`
    // HalfOfPair in place: this block has read its transform (the pair is a cluster; the other block
    // writes over it once both have).
    if (HalfOfPair && params.pairs_in_clusters) arch::arrive_at_cluster_barrier();
    next = tile_counter ? tile_slots[parity] : first + tile_step;
    const int next_slot = first_slot + parts < part_slots ? first_slot + parts : first_slot + parts - part_slots;
    if (fetches_in_parts && next < columns) fetch(next, 0, parts - 1, next_slot);
    // The register blocks' reads and writes (in place: the lane's part).
    const int lane_part_offset = fetches_in_parts ? part_offset(first_slot, lane_part << log2_part_bytes) : 0;
    // Exact fp16 inputs go to block_transform as they are stored.
    using BlockInput = typename std::conditional<ExactInput, InputStorage, float2>::type;
    // Where register block `item`'s points lie in `raw`, for its first column and sub-transform a.
    const auto item_input_base = [&](int column, int a) {
      return raw_tile_offset((load.compact(0, column) | point_element(a)) * input_bytes) ^ lane_part_offset;
    };
    // The inputs of register block `item` (a sub-transform a of a column), with their pass twiddles.
    const auto read_block_inputs = [&](int item, BlockInput (&x)[2][2][2]) {
      // The block's first column and its sub-transform a.
      const int column = (item >> Log2Radix) << log2_block_columns, a = item & (R - 1);
      const int input_base = item_input_base(column, a);
      const int c_mod_a = HalfOfPair ? 1 : static_cast<int>((first + column) >> log2_I) & twiddle_mask;
      // Twiddled passes of one column per block: c mod A is the warp's, and with p = p_lane + R (8 nt +
      // 32 ks + 16 r) (m = g + 64 q + 8 nt + 32 ks + 16 r, block_input_point) the lane's eight pass
      // twiddles w^(p c) are one scattered table read for p_lane times three warp-uniform steps
      // (broadcast reads), not eight scattered reads: the coarse table of a large N misses L1.  Two
      // columns per block (128-point passes): n tile nt is column nt (block_column) and p = p_lane +
      // R (16 ks + 8 r), so each column's four twiddles are one scattered read times two
      // warp-uniform steps (H100 r181: fp32 storage N = 2^15 0.97x the time split, 0.94x
      // single_fp16, against a read per point).
      constexpr bool steps_twiddles = log2_block_columns <= 1;
      float2 stepped_twiddle[2][2][2];  // [nt][ks][r]
      if (log2_block_columns == 0 && twiddled) {
        const float2 lane_base = pass_twiddle((a + R * (g + 64 * q)) * c_mod_a);
        const float2 by_nt = pass_twiddle(8 * R * c_mod_a), by_ks = pass_twiddle(32 * R * c_mod_a),
                     by_r = pass_twiddle(16 * R * c_mod_a);  // exponents < A P
        stepped_twiddle[0][0][0] = lane_base;
        stepped_twiddle[0][0][1] = complex_multiply(lane_base, by_r);
#pragma unroll
        for (int r = 0; r < 2; ++r) stepped_twiddle[0][1][r] = complex_multiply(stepped_twiddle[0][0][r], by_ks);
#pragma unroll
        for (int i = 0; i < 4; ++i) {
          stepped_twiddle[1][i >> 1][i & 1] = complex_multiply(stepped_twiddle[0][i >> 1][i & 1], by_nt);
        }
      } else if (log2_block_columns == 1 && twiddled) {
#pragma unroll
        for (int nt = 0; nt < 2; ++nt) {
          const int c = static_cast<int>((first + column + nt) >> log2_I) & twiddle_mask;
          const float2 lane_base = pass_twiddle((a + R * (g + 32 * q)) * c);
          const float2 by_ks = pass_twiddle(16 * R * c), by_r = pass_twiddle(8 * R * c);
          stepped_twiddle[nt][0][0] = lane_base;
          stepped_twiddle[nt][0][1] = complex_multiply(lane_base, by_r);
#pragma unroll
          for (int r = 0; r < 2; ++r) stepped_twiddle[nt][1][r] = complex_multiply(stepped_twiddle[nt][0][r], by_ks);
        }
      }
#pragma unroll
      for (int nt = 0; nt < 2; ++nt) {
#pragma unroll
        for (int ks = 0; ks < 2; ++ks) {
#pragma unroll
          for (int r = 0; r < 2; ++r) {
            const int offset = input_base ^ input_offset[nt][ks][r];
            const Raw bits = *reinterpret_cast<const Raw*>(raw + offset);
            InputStorage value;
            memcpy(&value, &bits, sizeof value);
            if constexpr (ExactInput) {
              x[nt][ks][r] = value;  // no pass twiddle (the executor checks)
            } else {
              x[nt][ks][r] = StorageTraits<InputStorage>::widen(value);
              if constexpr (HalfOfPair) {  // y_r = x[n] + (-1)^r x[n + P]
                const Raw second_bits = *reinterpret_cast<const Raw*>(second_half + offset);
                InputStorage second_value;
                memcpy(&second_value, &second_bits, sizeof second_value);
                const float2 first_point = x[nt][ks][r];
                const float2 second_point = StorageTraits<InputStorage>::widen(second_value);
                x[nt][ks][r] = pair_rank == 0
                                   ? make_float2(first_point.x + second_point.x, first_point.y + second_point.y)
                                   : make_float2(first_point.x - second_point.x, first_point.y - second_point.y);
              }
              if (!twiddled) continue;
              if constexpr (steps_twiddles) {
                x[nt][ks][r] = complex_multiply(x[nt][ks][r], stepped_twiddle[nt][ks][r]);
              } else {  // w_{A P}^(p (c mod A)), p = a + R m, each point's own column
                const int m = 8 * nt + g + 16 * block_input_point(ks, r, q);
                const int c_mod_a_m = static_cast<int>((first + column + block_column(m)) >> log2_I) & twiddle_mask;
                x[nt][ks][r] = complex_multiply(x[nt][ks][r], pass_twiddle((a + R * block_point(m)) * c_mod_a_m));
              }
            }
          }
        }
      }
    };
    // Register block `item`'s transform, to `exchange`.
    const auto transform_block = [&](int item, const BlockInput (&x)[2][2][2]) {
      const int column = (item >> Log2Radix) << log2_block_columns, a = item & (R - 1);
      float2 z[2][4];
      // bf16 storage is read by first passes only, without a pass twiddle (as fp16's ExactInput).
      constexpr bool bf16_input = std::is_same<InputStorage, __nv_bfloat162>::value && !HalfOfPair;
      with_block_fragments<fragments_in_shared>(
          shared_fragments_address, block_fragments_base, log2_sub, [&](const auto& fragments) {
            block_transform<Split, ExactInput, log2_sub, BlockInput, reduces_warp_maximum, bf16_input,
                            folds_block_corrections>(x, twiddle, fragments, lane, z);
          });
      if constexpr (in_place) __syncwarp();  // every lane has read the inputs its outputs replace
      const int exchange_base =
          in_place ? item_input_base(column, a) >> 3 : tile_slot(((256 * a) << Log2Columns) + column);
#pragma unroll
      for (int h = 0; h < 2; ++h) {
#pragma unroll
        for (int nt = 0; nt < 4; ++nt) exchange[exchange_base ^ exchange_offset[h][nt]] = z[h][nt];
      }
    };
    if constexpr (HalfOfPair) {
      // Items 0 ... 31 write Y_a to the first half of `exchange`; items 32 ... 63 to the second, which
      // holds x[P ...] until every item has read its points: each warp reads both of its later
      // items' inputs before the barrier.
      static_assert(R == 64 && T == 1 && Threads == 512, "16 warps, two items of each half");
#pragma unroll 1
      for (int item = warp; item < 32; item += warp_count) {
        BlockInput x[2][2][2];
        read_block_inputs(item, x);
        transform_block(item, x);
      }
      BlockInput later[2][2][2][2];
      read_block_inputs(warp + 32, later[0]);
      read_block_inputs(warp + 48, later[1]);
      __syncthreads();  // x[P ...] is read
      transform_block(warp + 32, later[0]);
      transform_block(warp + 48, later[1]);
    } else {
#pragma unroll 1
      for (int item = warp; item < (T * R) >> log2_block_columns; item += warp_count) {
        BlockInput x[2][2][2];  // [nt][ks][r]
        read_block_inputs(item, x);
        transform_block(item, x);
      }
    }
    __syncthreads();  // `raw` is free (unless in place); `exchange` holds every Y_a
    // In flight during the radix-R stage (in place: after it, below).
    if (!in_place && next < columns) fetch(next, 0, parts, 0);
    if (HalfOfPair && params.pairs_in_clusters) arch::wait_for_cluster();  // both blocks have read the transform
    // HalfOfPair: block r writes X[2 k + r] of its 2P-point transform.
    constexpr int output_stride = HalfOfPair ? 2 : 1;
    OutputStorage* const tile_output =
        output + (HalfOfPair ? 2 * store.tile_start(first) + pair_rank : store.tile_start(first));
    if constexpr (R == 64) {
      // Radix 64 as 8 x 8 (64 values per thread would not fit in registers),
      // in place in `exchange`: with a = a0 + 8 a1 and k1 = c0 + 8 c1,
      //   X[k2 + 256 k1] = sum_a0 w_8^(a0 c1) w_64^(a0 c0) U_a0[c0],
      //   U_a0[c0] = sum_a1 w_8^(a1 c0) w_P^(a k2) Y_a[k2],
      // U_a0[c0] (twiddled) stored where Y_(a0 + 8 c0)[k2] was.  Contiguous
      // tiles only (T = 1 at P = 2^14): threads in k2 order are in memory order.
      // Plane: the twiddles of PlaneDigits instead.
      static_assert(Contiguous, "radix 64 only in contiguous passes");
#pragma unroll 1
      for (int v = threadIdx.x; v < T * 256 * 8; v += threads) {
        const int k2 = v & 255, a0 = (v >> 8) & 7, column = v >> 11;
        const int base = exchange_part_slot(exchange_slot(a0, k2, column));
        // In parts (fp32 storage), w_P^((a0 + 8 a1) k2) = w_P^(a0 k2)
        // w_P^(8 a1 k2) from rows a0 and 8 a1 of the table: 15 of its 64
        // rows (30 KB instead of 128 KB), which stay in L1 beside the 224 KB
        // of parts; one more complex product per point.  H100 r169 (A/B, two
        // rounds): fp32 storage N = 2^14 0.97x the time (split), 0.99x
        // (single_fp16), relL2 1.83e-7 against 1.81e-7; fp16/bf16 storage
        // (192 KB of tiles, not in parts) 0.99x ... 1.02x, so not there.
        // The plane pass too: its exponent 128 (a1 kv1 + a0 kv2) is additive
        // in a0 and a1 like a k2 (PlaneDigits), and its 128 KB table overflows
        // the L1 beside its tiles (fp32: 128 KB in place; fp16/bf16: 192 KB).
        // H100 r202 (A/B, two rounds): 128 x 128 fp16 0.94x the time (split),
        // 0.97x (single_fp16), bf16 0.97x / 0.97x, fp32 0.97x / 0.92x; 128^3
        // fp32 0.98x / 0.95x, fp16/bf16 unchanged; fp32 relL2 1.73e-7 against
        // 1.67e-7 (cuFFT fp32 1.87e-7).
        constexpr bool factored_twiddles = fetches_in_parts || Plane;
        const float2 row_a0 = factored_twiddles ? __ldg(radix_twiddles + 256 * a0 + k2) : make_float2(1.0f, 0.0f);
        float2 y[8];
#pragma unroll
        for (int a1 = 0; a1 < 8; ++a1) {
          y[a1] = exchange[base ^ exchange_slot(8 * a1, 0, 0)];
          if constexpr (!factored_twiddles) {  // w_P^((a0 + 8 a1) k2), or PlaneDigits::twiddle_exponent(k2, a0, a1)
            if (a1 > 0 || a0 > 0) y[a1] = complex_multiply(y[a1], __ldg(radix_twiddles + 256 * (a0 + 8 * a1) + k2));
          } else if (a1 == 0) {  // row_a0 is 1 where a0 = 0
            if (a0 > 0) y[0] = complex_multiply(y[0], row_a0);
          } else {
            y[a1] = complex_multiply(y[a1], complex_multiply(row_a0, __ldg(radix_twiddles + 256 * 8 * a1 + k2)));
          }
        }
        small_fft<8>(y, roots);
#pragma unroll
        for (int c0 = 0; c0 < 8; ++c0) {
          if (!Plane && c0 > 0 && a0 > 0) {
            y[c0] = complex_multiply(y[c0], __ldg(inner + 256 * a0 * c0));  // w_64^(a0 c0)
          }
          exchange[base ^ exchange_slot(8 * c0, 0, 0)] = y[c0];
        }
      }
      __syncthreads();  // every U_a0 is in `exchange`
      // In parts, the top bits of k2 (its part) vary slowest, so that the
      // first half of the outputs reads parts 0 and 1 only: the next tile's
      // last part then goes to this tile's part-0 slot (next_slot + parts -
      // 1 = first_slot mod part_slots) and arrives during the second half
      // instead of being waited for.  H100 r132 (against the fetch after the
      // whole stage): fp32 storage N = 2^14 0.95x the time (split), 0.94x
      // (single_fp16), 2 x 16384 0.97x.  Not kept in the strided passes in
      // parts: 4096^2 split 1.04x ... 1.12x slower (r130/r131; the loop
      // issued 17% ... 26% more instructions).
      const auto radix_outputs = [&](int begin, int end) {
#pragma unroll 1
        for (int v = begin + static_cast<int>(threadIdx.x); v < end; v += threads) {
          const int k2 = fetches_in_parts ? (v & 63) | (((v >> 9) & 3) << 6) : v & 255;
          const int c0 = fetches_in_parts ? (v >> 6) & 7 : (v >> 8) & 7, column = v >> 11;
          if (first + column >= columns) continue;
          const int base = exchange_part_slot(exchange_slot(8 * c0, k2, column));
          float2 y[8];
#pragma unroll
          for (int a0 = 0; a0 < 8; ++a0) y[a0] = exchange[base ^ exchange_slot(a0, 0, 0)];
          small_fft<8>(y, roots);
          OutputStorage* const destination =
              tile_output + (Plane ? store.memory(0, column) + PlaneDigits::memory_of_output(k2, c0, 0)
                                   : (store.memory(k2, column) + 256 * c0) * output_stride);
#pragma unroll
          for (int c1 = 0; c1 < 8; ++c1) {
            float2 value = y[c1];
            if (scaled) value.x *= scale, value.y *= scale;
            StorageTraits<OutputStorage>::store(destination + (Plane ? 16 : 2048 * output_stride) * c1, value);
          }
        }
      };
      if constexpr (fetches_in_parts) {
        radix_outputs(0, T * 1024);
        __syncthreads();  // parts 0 and 1 are read
        if (next < columns) fetch(next, parts - 1, parts, next_slot);
        radix_outputs(T * 1024, T * 2048);
      } else {
        radix_outputs(0, T * 2048);
      }
    } else {
      // Threads in memory order: the column bits below the point first, then k2.
      const int low_mask = (1 << store.log2_low) - 1;
      const int tile_columns = columns - first < T ? static_cast<int>(columns - first) : T;
      const std::int64_t k1_step = std::int64_t{256} << store.log2_b;  // memory step of output k2 + 256 k1
      // Each thread takes outputs k2 + K2 / rows m (m < rows) of one column,
      // whose exchange slots differ by constants (exchange_slot is XOR-
      // linear), whose twiddles w_P^(a (k2 + K2 / rows m)) by immediate
      // offsets and whose addresses by one step, so the index arithmetic of
      // the thread's column and k2 serves R rows outputs.  Passes of 256
      // points or less (R = 1) copy Y_0 out 4 rows at a time (one output per
      // thread cost 40 instructions per element, 35% of the stall samples of
      // 128^3's strided pass; H100 r95: 128^3 fp16 0.95x the time, 256^3
      // 0.98x ... 0.99x split).  radix_stage_log2_rows has the other radices
      // (H100 r175, against one output per thread: radix-4 loop 137 -> 77
      // instructions per butterfly; fp32 storage N = 2^18 0.93x the time,
      // 2^20 0.98x / 0.92x split / single_fp16, 1024^2 0.97x / 0.96x).
      constexpr int log2_rows = radix_stage_log2_rows(R, log2_constant(T * K2 / threads), fetches_in_parts);
      constexpr int rows = 1 << log2_rows;
      constexpr int log2_thread_K2 = log2_K2 - log2_rows;
      static_assert(R > 1 || !in_place, "R = 1 passes exchange through their own tile");
      // Radix stages whose twiddle table overflows the L1 beside their tiles form w_P^((a0 + F a1) k)
      // as w_P^(a0 k) w_P^(F a1 k) from rows a0 < F and F a1 (F = 8 for radix 32, 4 for radix 16):
      // 11 of 32 rows, 7 of 16, for one more complex product per point where a0 and a1 are both
      // nonzero.  The contiguous 8192-point pass from 4-byte elements (fp16/bf16 storage: two 96 KB
      // tiles per SM leave ~60 KB of L1 beside a 64 KB table), H100 r198 (A/B, two rounds): fp16
      // N = 8192 0.94x the time (split), 0.89x (single_fp16), bf16 0.98x / 0.93x, 8192^2 0.97x ...
      // 0.98x; ncu L1 hit rate 36% -> 52%.  The strided 4096-point pass in parts (224 KB of parts
      // leave ~28 KB of L1; its twiddles w_P^(a k) come from `inner`, 32 KB), r206: 4096^2 fp32
      // 0.96x (split), 0.98x (single_fp16), 64 x 4096 x 256 0.99x; ncu: the pass 0.97x ... 0.98x,
      // L1 load sectors 0.90x.  Not where L1 holds the whole table (r199: every contiguous radix-16
      // and -32 pass, no change under ncu and fp32 relL2 slightly up).
      constexpr bool factored_radix_twiddles =
          (Contiguous && R == 32 && input_bytes == 4) || (!Contiguous && fetches_in_parts && R == 16);
      const std::int64_t row_step = std::int64_t{1} << (log2_thread_K2 + store.log2_b);
      // Scaled and unscaled copies of the loop: a run-time test inside it
      // became 2R predicated multiplies per thread, issued even when unscaled.
      const auto radix_stage = [&](auto scaled_constant) {
        constexpr bool Scaled = decltype(scaled_constant)::value;
#pragma unroll 1
        for (int v = threadIdx.x; v < T * K2 / rows; v += threads) {
          const int k2 = (v >> store.log2_low) & ((K2 / rows) - 1);
          const int column = ((v >> (store.log2_low + log2_thread_K2)) << store.log2_low) | (v & low_mask);
          if (column >= tile_columns) continue;
          // w_P^(a k2) at 256 a (immediate offsets); strided tiles: lanes share k2 in runs of
          // columns, so inner's a k2 is as good.
          const float2* lane_radix_twiddles = radix_twiddles + k2;
          asm volatile("" : "+l"(lane_radix_twiddles));  // one address, then immediate offsets
          // In parts (one row): Y_a[k2] of every a lies in the part of k2.
          const int part_slot = exchange_part_slot(exchange_slot(0, k2, column));
          OutputStorage* row_destination = tile_output + store.memory(k2, column);
#pragma unroll
          for (int m = 0; m < rows; ++m, row_destination += row_step) {
            const int row = m << log2_thread_K2;  // this output's k2 is k2 + row
            float2 y[R];
            const auto radix_twiddle = [&](int a) {  // w_P^(a (k2 + row))
              return Contiguous ? __ldg(lane_radix_twiddles + 256 * a + row) : __ldg(inner + a * k2 + a * row);
            };
            if constexpr (factored_radix_twiddles) {
              // w_P^((a0 + F a1) k) = w_P^(a0 k) w_P^(F a1 k): rows a0 < F and F a1 of the table.
              constexpr int F = R == 32 ? 8 : 4;
              float2 row_fa1[R / F];
#pragma unroll
              for (int a1 = 1; a1 < R / F; ++a1) row_fa1[a1] = radix_twiddle(F * a1);
#pragma unroll
              for (int a0 = 0; a0 < F; ++a0) {
                const float2 row_a0 = a0 > 0 ? radix_twiddle(a0) : make_float2(1.0f, 0.0f);
#pragma unroll
                for (int a1 = 0; a1 < R / F; ++a1) {
                  const int a = a0 + F * a1;
                  y[a] = exchange[part_slot ^ exchange_slot(a, row, 0)];
                  if (a1 == 0) {
                    if (a0 > 0) y[a] = complex_multiply(y[a], row_a0);
                  } else {
                    y[a] = complex_multiply(y[a], a0 > 0 ? complex_multiply(row_a0, row_fa1[a1]) : row_fa1[a1]);
                  }
                }
              }
            } else {
#pragma unroll
              for (int a = 0; a < R; ++a) {
                y[a] = exchange[part_slot ^ exchange_slot(a, row, 0)];
                if (a > 0) y[a] = complex_multiply(y[a], radix_twiddle(a));
              }
            }
            if constexpr (R == 32) {
              small_fft<R, log2_P>(y, inner);  // w_32^m = w_P^(256 m)
            } else if constexpr (R > 1) {
              small_fft<R>(y, roots);
            }
            OutputStorage* destination = row_destination;
#pragma unroll
            for (int k1 = 0; k1 < R; ++k1, destination += k1_step) {
              float2 value = y[k1];
              if (Scaled) value.x *= scale, value.y *= scale;
              StorageTraits<OutputStorage>::store(destination, value);
            }
          }
        }
      };
      if (scaled) {
        radix_stage(std::true_type{});
      } else {
        radix_stage(std::false_type{});
      }
    }
    if constexpr (in_place) {
      if constexpr (!(fetches_in_parts && R == 64)) {  // (the contiguous pass fetched its last part above)
        __syncthreads();  // every Y_a is read: `raw` is free
        // In parts: the next tile's last part goes to slot next_slot + parts - 1 = first_slot (mod part_slots).
        if (next < columns) fetch(next, fetches_in_parts ? parts - 1 : 0, parts, next_slot);
      }
      first_slot = fetches_in_parts ? next_slot : 0;
    }
    if (HalfOfPair && next < columns) {  // the next x[n + P], once the radix stage is done with `exchange`
      __syncthreads();
      fetch(next, 0, parts, 0, 1);
    }
  }
}

// One stage of the pass from `source` to `destination`; `radix` is a
// compile-time constant in the fixed-shape kernels (the dispatch folds away).
template <ComputeMode Mode, bool LaneSlots, typename C>
__device__ __forceinline__ void run_stage(int radix, bool exact_input, const C* source, C* destination,
                                          const StageShape& shape, const PassParameters& params, int threads) {
  const C* roots = static_cast<const C*>(params.roots_of_sixteen);
  if constexpr (plan::tensor_core_mode(Mode)) {
    constexpr bool split = Mode == ComputeMode::split_fp16;
    const uint4* fragments_16 = params.mma_fragments + fragment_table_offset(16);
    const uint4* fragments_8 = params.mma_fragments + fragment_table_offset(8);
    if (radix == 16) {
      if (exact_input) {
        tensor_core_stage<split, 16, true, LaneSlots>(source, destination, shape, fragments_16, threads);
      } else {
        tensor_core_stage<split, 16, false, LaneSlots>(source, destination, shape, fragments_16, threads);
      }
    } else if (radix == 8) {
      if (exact_input) {
        tensor_core_stage<split, 8, true, LaneSlots>(source, destination, shape, fragments_8, threads);
      } else {
        tensor_core_stage<split, 8, false, LaneSlots>(source, destination, shape, fragments_8, threads);
      }
    } else if (radix == 4) {
      butterfly_stage<4>(source, destination, shape, roots, threads);
    } else {
      butterfly_stage<2>(source, destination, shape, roots, threads);
    }
  } else {
    switch (radix) {
      case 16: butterfly_stage<16>(source, destination, shape, roots, threads); break;
      case 8: butterfly_stage<8>(source, destination, shape, roots, threads); break;
      case 4: butterfly_stage<4>(source, destination, shape, roots, threads); break;
      default: butterfly_stage<2>(source, destination, shape, roots, threads); break;
    }
  }
}

// Runs the pass's stages on the tile in `source`, ping-ponging with `other`;
// returns the buffer that holds the result.  Log2PassLength >= 0: a kernel
// compiled for that pass length, whose stages are the default schedule's,
// unrolled (every index, stride and twiddle shift becomes a constant).
// exact_input: the tile holds fp16 values without a pass twiddle
// (tensor_core_stage's ExactInput, for the first stage).
template <ComputeMode Mode, int Log2PassLength, bool LaneSlots, typename C>
__device__ __forceinline__ C* run_stages(C* source, C* other, const PassParameters& params, int log2_pass_length,
                                         int log2_tile_columns, int threads, bool exact_input) {
  StageShape shape{log2_pass_length, log2_tile_columns, 0, params.inner_twiddles};
  const auto stage = [&](int radix, bool exact) {
    run_stage<Mode, LaneSlots>(radix, exact, source, other, shape, params, threads);
    __syncthreads();
    C* const destination = other;
    other = source;
    source = destination;
    shape.log2_stride += radix == 16 ? 4 : radix == 8 ? 3 : radix == 4 ? 2 : 1;
  };
  if constexpr (Log2PassLength >= 0) {
#pragma unroll
    for (int s = 0; s < default_stage_count(Log2PassLength); ++s) {
      stage(default_stage_radix(Log2PassLength, s), s == 0 && exact_input);
    }
  } else {
    for (int s = 0; s < params.stage_count; ++s) stage(params.radices[s], s == 0 && exact_input);
  }
  return source;
}

// Tile-local order in which consecutive threads touch consecutive addresses
// (see the header: memory index = ((g >> b) << (b + log2 P)) + (p << b) +
// (g mod 2^b)).  For loop index `idx` of a tile of T columns, gives the point
// p, the tile column and the memory offset from the tile's first element.
struct TileOrder {
  int log2_b, log2_p, log2_t;
  __device__ __forceinline__ void map(int idx, int& p, int& local, int& offset) const {
    if (log2_b >= log2_t) {  // T consecutive columns are contiguous for each p
      p = idx >> log2_t;
      local = idx & ((1 << log2_t) - 1);
      offset = (p << log2_b) + local;
    } else {  // the tile holds whole blocks of 2^b columns x P points
      const int r = idx & ((1 << log2_b) - 1);
      p = (idx >> log2_b) & ((1 << log2_p) - 1);
      local = ((idx >> (log2_b + log2_p)) << log2_b) | r;
      offset = idx;
    }
  }
  // Tile element (p << log2_t) + local of loop index idx.  The map permutes
  // the bits of idx, so for idx aligned to a vector width V > u,
  // element(idx + u) = element(idx) ^ element(u).
  __device__ __forceinline__ int element(int idx) const {
    int p, local, offset;
    map(idx, p, local, offset);
    return (p << log2_t) + local;
  }
  // Memory index of the tile's first element (column `first`, p = 0).
  __device__ __forceinline__ std::int64_t first_offset(std::int64_t first) const {
    const std::int64_t block = first >> log2_b;
    return (block << (log2_b + log2_p)) + (first & ((std::int64_t{1} << log2_b) - 1));
  }
};

template <typename Storage>
constexpr int vector_width() {
  return sizeof(Storage) >= 16 ? 1 : static_cast<int>(16 / sizeof(Storage));
}

// 16 bytes of consecutive elements.  Moved to and from memory as one uint4:
// a plain struct copy of it compiles to one 4-byte access per __half2 (their
// copy constructors), four times the memory instructions.
template <typename Storage, int V>
struct alignas(16) StorageVector {
  Storage values[V];
  __device__ __forceinline__ static StorageVector load(const Storage* address) {
    const uint4 raw = *reinterpret_cast<const uint4*>(address);
    StorageVector vector;
    memcpy(&vector, &raw, sizeof raw);
    return vector;
  }
  __device__ __forceinline__ void store(Storage* address) const {
    uint4 raw;
    memcpy(&raw, this, sizeof raw);
    *reinterpret_cast<uint4*>(address) = raw;
  }
};

// Log2PassLength, Log2TileColumns >= 0: compiled for that pass shape (P, T,
// and pass_threads(...) threads, which the launch must use); -1: any
// shape, read from params at run time.
// Contiguous (with a fixed shape of 256 ... 8192 points, tensor-core modes):
// the launch guarantees whole transforms side by side (A = 1, N = P, I = 1),
// and the kernel runs register_block_pass's contiguous instance, or
// contiguous_register_transforms (runs_contiguous_register_transforms).  A
// kernel of its own: in one kernel with the general instance, ptxas spilled
// (registers are allocated per kernel).
// Threads of the fixed-shape kernel instance (P = 2^Log2PassLength, T =
// 2^Log2TileColumns), as the executor launches it.
template <ComputeMode Mode, typename InputStorage, typename OutputStorage, int Log2PassLength, int Log2TileColumns,
          bool Contiguous>
constexpr int fixed_shape_threads() {
  constexpr int log2_elements = Log2PassLength + Log2TileColumns < 0 ? 0 : Log2PassLength + Log2TileColumns;
  return pass_threads(Mode, Log2PassLength, Contiguous, sizeof(InputStorage), sizeof(OutputStorage),
                      std::int64_t{1} << log2_elements,
                      IsCompactIntermediate<InputStorage>::value);
}
// __launch_bounds__ of the contiguous instances (own_launch_bounds): their
// own thread count and enough blocks per SM for contiguous_register_cap
// registers per thread: 128, more for contiguous_register_transforms' 512-
// and 1024-point passes, 84 (three blocks of 256 threads) for the split
// mode's 1024- and 2048-point register-block passes reading 8-byte elements
// (4096 points: two blocks of 256, 8192: one of 512, both 128).
// The split mode's 4-byte-input register-block passes (2048 ... 16384 points)
// keep (512 threads, no minimum: the 0; an explicit 1 changed ptxas's
// register choices), as every strided instance does (with their own bounds
// ptxas spilled in them and 512^3 ran 1.05x slower).  Measured on the H100
// when introduced: fp32 storage split N = 1024 and 2048 0.95x the time (80
// registers, 8-16 bytes spilled), N = 256 split 0.96x, single_fp16 N = 256
// ... 1024 0.94x ... 0.96x; the same kind of bounds on the strided
// instances made 512^3 1.06x ... 1.09x slower.
// The split mode's contiguous 2048-point pass from fp16/bf16 storage to
// fp16/bf16 storage (whole transforms in one pass) takes six 128-thread
// blocks per SM (80 registers, no spills; 89 uncapped, five): H100 r255
// (three rounds), fp16 / bf16 N = 2048 0.980x / 0.988x the time (compact:
// the same pass, 0.982x / 0.986x); r257 0.988x / 1.001x.  Not where the
// same pass writes fp32 intermediates (2048^2, 512 x 2048 full: 1.008x ...
// 1.024x slower) nor in the single-product mode (fp16 N = 2048 1.03x slower).
constexpr bool caps_split_storage_pass(ComputeMode mode, int log2_pass_length, bool storage_to_storage) {
  return mode == ComputeMode::split_fp16 && log2_pass_length == 11 && storage_to_storage;
}
// storage_to_storage: from fp16/bf16 storage to fp16/bf16 storage (4-byte elements, not compact).
constexpr bool own_launch_bounds(ComputeMode mode, bool contiguous, int input_bytes, int log2_pass_length,
                                 bool storage_to_storage = false) {
  return contiguous && (runs_contiguous_register_transforms(mode, log2_pass_length, input_bytes) ||
                        caps_split_storage_pass(mode, log2_pass_length, storage_to_storage) ||
                        !(mode == ComputeMode::split_fp16 && input_bytes == 4 && log2_pass_length >= 9));
}
// Registers per thread the contiguous instances may use (contiguous_min_blocks):
// contiguous_register_transforms hold R sub-transforms' outputs per lane, so
// 512 points get up to 168 (three 128-thread blocks per SM) and 1024 points
// up to 255 (two).  Measured on the H100 (fp16 split): 512 points 0.225 ms
// with 128 registers (16-20 bytes spilled) against 0.200 ms with 168; 1024
// points 0.306 ms with 168 (208 bytes spilled) against 0.233 ms with 252.
// The tensor-core modes' register-block passes of 512 ... 2048 points from
// 8-byte elements take 84 (three 256-thread blocks; the single-product
// mode's took 88 ... 90 under 128, two blocks, and ran slower than the
// split mode's: with 84, H100 r185, fp32 storage N = 1024 and 2048 0.96x
// the time, 1024^2 and 2048^2 0.98x); 4096 points 128 (two 256-thread
// blocks, pass_threads).
// The single-product mode's 1024-point register transforms from fp16/bf16
// storage to compact intermediates take 168 (three blocks, no spills; 188 ...
// 195 uncapped, two): H100 r254 (against 255, three rounds), single_fp16
// compact fp16 / bf16 1024^2 0.969x / 0.965x the time, 4096 x 1024 0.970x /
// 0.983x, 64 x 1024^2 0.982x / 0.980x, the rest within noise.  r253: the
// same cap where they write fp32 intermediates or storage ran 1.01x ...
// 1.04x slower (N = 1024, 1024^2 full), and 128 for 512 points 1.08x ...
// 1.10x slower (N = 512).
constexpr int contiguous_register_cap(ComputeMode mode, int input_bytes, int log2_pass_length,
                                      bool storage_to_compact = false, bool storage_to_storage = false) {
  if (runs_contiguous_register_transforms(mode, log2_pass_length, input_bytes)) {
    if (mode == ComputeMode::single_fp16 && storage_to_compact && log2_pass_length == 10) return 168;
    return log2_pass_length == 10 ? 255 : log2_pass_length == 9 ? 168 : 128;
  }
  if (caps_split_storage_pass(mode, log2_pass_length, storage_to_storage)) return 85;  // six 128-thread blocks
  return plan::tensor_core_mode(mode) && input_bytes == 8 && log2_pass_length >= 9 && log2_pass_length < 12 ? 84
                                                                                                           : 128;
}
// Whether an instance reads fp16/bf16 storage (4-byte elements, not compact
// intermediates) and writes the same, or compact intermediates.
template <typename Input, typename Output>
constexpr bool storage_to_storage() {
  return sizeof(Input) == 4 && sizeof(Output) == 4 && !IsCompactIntermediate<Input>::value &&
         !IsCompactIntermediate<Output>::value;
}
template <typename Input, typename Output>
constexpr bool storage_to_compact() {
  return sizeof(Input) == 4 && !IsCompactIntermediate<Input>::value && IsCompactIntermediate<Output>::value;
}
template <ComputeMode Mode, typename Input, typename Output, int Log2PassLength, int Log2TileColumns>
constexpr int contiguous_min_blocks() {
  const int threads = fixed_shape_threads<Mode, Input, Output, Log2PassLength, Log2TileColumns, true>();
  const int blocks = 65536 / (threads * contiguous_register_cap(Mode, sizeof(Input), Log2PassLength,
                                                                storage_to_compact<Input, Output>(),
                                                                storage_to_storage<Input, Output>()));
  return blocks < 1 ? 1 : blocks;
}
template <ComputeMode Mode, typename InputStorage, typename OutputStorage, int Log2PassLength = -1,
          int Log2TileColumns = -1, bool Contiguous = false>
__global__ void __launch_bounds__(
    own_launch_bounds(Mode, Contiguous, sizeof(InputStorage), Log2PassLength,
                      storage_to_storage<InputStorage, OutputStorage>())
        ? fixed_shape_threads<Mode, InputStorage, OutputStorage, Log2PassLength, Log2TileColumns, Contiguous>()
        : max_threads_per_block,
    own_launch_bounds(Mode, Contiguous, sizeof(InputStorage), Log2PassLength,
                      storage_to_storage<InputStorage, OutputStorage>())
        ? contiguous_min_blocks<Mode, InputStorage, OutputStorage, Log2PassLength, Log2TileColumns>()
        : 0)
    stockham_pass_kernel(PassParameters params) {
  using Real = typename std::conditional<Mode == ComputeMode::fp64, double, float>::type;
  using C = typename ComplexOf<Real>::type;
  extern __shared__ __align__(16) unsigned char shared_bytes[];

  constexpr bool fixed_shape = Log2PassLength >= 0;
  static_assert(fixed_shape == (Log2TileColumns >= 0), "a fixed shape fixes both P and T");
  const int log2_P = fixed_shape ? Log2PassLength : log2_of(params.pass_length);
  const int log2_T = fixed_shape ? Log2TileColumns : log2_of(params.tile_columns);
  const int P = 1 << log2_P;
  const int T = 1 << log2_T;
  const int elements = P * T;
  constexpr int fixed_elements = fixed_shape ? 1 << (fixed_shape ? Log2PassLength + Log2TileColumns : 0) : 0;
  constexpr int fixed_threads =
      fixed_shape ? fixed_shape_threads<Mode, InputStorage, OutputStorage, Log2PassLength, Log2TileColumns, Contiguous>()
                  : 1;
  // A fixed-shape instance's loops assume the threads it was compiled for
  // (pass_threads); a launch with another count is a bug: stop the kernel
  // (the launch then fails) rather than compute with missing or extra threads.
  if (fixed_shape && blockDim.x != static_cast<unsigned>(fixed_threads)) __trap();
  const int threads = fixed_shape ? fixed_threads : static_cast<int>(blockDim.x);
  C* const tile = reinterpret_cast<C*>(shared_bytes);
  C* const second_tile = tile + elements;
  const std::int64_t A = params.stride_before;
  const auto* input = static_cast<const InputStorage*>(params.input);
  auto* output = static_cast<OutputStorage*>(params.output);
  const auto* coarse = static_cast<const C*>(params.pass_twiddles_coarse);
  const auto* fine = static_cast<const C*>(params.pass_twiddles_fine);
  const int fine_mask = (1 << params.fine_bits) - 1;
  const Real scale = static_cast<Real>(params.scale);
  const bool scaled = params.scale != 1.0;  // most passes: skip the multiplies
  constexpr bool register_blocks =
      runs_register_blocks(Mode, Log2PassLength, Contiguous, static_cast<int>(sizeof(InputStorage)));
  if constexpr (fixed_shape && register_blocks) {
    constexpr bool split = Mode == ComputeMode::split_fp16, fp16_input = std::is_same<InputStorage, __half2>::value;
    constexpr int t = Log2TileColumns;
    // fp16 inputs are exact: only a first pass reads storage, and it has no
    // pass twiddle (the executor checks).
    if constexpr (Contiguous && runs_contiguous_register_transforms(Mode, Log2PassLength, sizeof(InputStorage))) {
      contiguous_register_transforms<split, Log2PassLength, InputStorage, OutputStorage>(params, threads,
                                                                                      shared_bytes);
    } else {
      register_block_pass<split, Log2PassLength, t, Contiguous, fp16_input, InputStorage, OutputStorage,
                          fixed_threads>(params, shared_bytes);
    }
    return;
  }
  const std::int64_t tile_count = (params.total_columns + T - 1) / T;
  const int log2_I = log2_of(params.inner_count);
  const int log2_columns = log2_of(params.columns_per_transform);
  const int log2_A = log2_of(A);
  const TileOrder load_order{log2_columns + log2_I, log2_P, log2_T};
  const TileOrder store_order{log2_A + log2_I, log2_P, log2_T};
  constexpr int VI = vector_width<InputStorage>(), VO = vector_width<OutputStorage>();
  const bool input_aligned = (reinterpret_cast<std::uintptr_t>(input) & 15) == 0;
  const bool output_aligned = (reinterpret_cast<std::uintptr_t>(output) & 15) == 0;

  // The pass twiddle of point p of tile column `local`.
  const auto pass_twiddle = [&](std::int64_t first, int p, int local) {
    const int c_mod_a = static_cast<int>(((first + local) >> log2_I) & (A - 1));
    const int e = p * c_mod_a;  // < A*P <= N <= 2^30
    return complex_multiply(coarse[e >> params.fine_bits], fine[e & fine_mask]);
  };

  // Full tiles are read with 16-byte vectors, and the next tile's vectors are
  // fetched into registers before this tile's stages run, so that a block's
  // device-memory reads overlap its own arithmetic (without it, each block
  // waits out the memory latency once per tile).
  using InputVector = StorageVector<InputStorage, VI>;
  // Vectors per thread: the exact count for a fixed shape (unused slots would
  // still hold registers), else enough for 16 elements.
  constexpr int staged_elements = fixed_shape ? fixed_elements / fixed_threads : 16;
  constexpr int staged_capacity = VI > 1 && plan::tensor_core_mode(Mode)
                                      ? (staged_elements > VI ? (staged_elements < 16 ? staged_elements : 16) / VI : 1)
                                      : 1;
  const bool vector_load = input_aligned && VI > 1 && (load_order.log2_b > log2_T ? T : elements) >= VI;
  // Only in the tensor-core modes: the fp32/fp64 butterfly kernels need the
  // registers (measured: with staging they spill and run 1.5x slower).
  constexpr bool stage_next_tile = plan::tensor_core_mode(Mode);
  const bool staged_load =
      stage_next_tile && vector_load && elements <= threads * VI * staged_capacity;
  int element_step[VI];  // element(idx + u) = element(idx) ^ element_step[u]
  int load_slot_step[VI];  // tile_slot(element(idx + u)) = tile_slot(element(idx)) ^ load_slot_step[u]
#pragma unroll
  for (int u = 0; u < VI; ++u) {
    element_step[u] = load_order.element(u);
    load_slot_step[u] = tile_slot(element_step[u]);
  }
  const auto is_full = [&](std::int64_t tile_index) { return (tile_index + 1) * T <= params.total_columns; };
  InputVector staged[staged_capacity];
  const auto fetch = [&](std::int64_t tile_index) {
    const InputStorage* tile_input = input + load_order.first_offset(tile_index * T);
#pragma unroll
    for (int i = 0; i < staged_capacity; ++i) {
      const int idx = (threadIdx.x + i * threads) * VI;
      if (idx < elements) {
        int p, local, offset;
        load_order.map(idx, p, local, offset);
        staged[i] = InputVector::load(tile_input + offset);
      }
    }
  };
  // Widens one vector at loop index idx into the tile, with the pass twiddle.
  const auto commit = [&](std::int64_t first, int idx, const InputVector& vector) {
    int p, local, offset;
    load_order.map(idx, p, local, offset);
    const int element = (p << log2_T) + local, slot = tile_slot(element);
    if (A > 1) {
#pragma unroll
      for (int u = 0; u < VI; ++u) {
        const int element_u = element ^ element_step[u];
        const int pu = element_u >> log2_T, lu = element_u & (T - 1);
        C value = StorageTraits<InputStorage>::widen(vector.values[u]);
        if (pu > 0) value = complex_multiply(value, pass_twiddle(first, pu, lu));
        tile[slot ^ load_slot_step[u]] = value;
      }
    } else {  // the first pass of an axis: no pass twiddle
#pragma unroll
      for (int u = 0; u < VI; ++u) {
        tile[slot ^ load_slot_step[u]] = StorageTraits<InputStorage>::widen(vector.values[u]);
      }
    }
  };
  // The tiles: where the pass takes them from a counter (takes_tiles_from_
  // counter in the tensor-core modes; the executor gives params.tile_
  // counter), in the order blocks ask, else every gridDim.x-th from
  // blockIdx.x.  Thread 0 asks for the tile two iterations ahead at the
  // start of an iteration and writes it at the end, before the barrier,
  // into the slot (params.tile_slots_offset) that held this iteration's:
  // the atomic's latency stays off the barrier's path, and a tile's index
  // is known an iteration early for the staged fetch.
  unsigned int* const tile_counter =
      takes_tiles_from_counter(Mode, static_cast<int>(sizeof(OutputStorage))) ? params.tile_counter : nullptr;
  auto* const tile_slots = reinterpret_cast<std::int64_t*>(shared_bytes + params.tile_slots_offset);
  std::int64_t tile_index = blockIdx.x;
  if (tile_counter) {
    if (threadIdx.x == 0) {
      tile_slots[0] = atomicAdd(tile_counter, 1u);
      tile_slots[1] = atomicAdd(tile_counter, 1u);
    }
    __syncthreads();
    tile_index = tile_slots[0];
  }
  if (staged_load && tile_index < tile_count && is_full(tile_index)) fetch(tile_index);

  std::int64_t next = 0;  // the block's next tile
  for (int parity = 0; tile_index < tile_count; tile_index = next, parity ^= 1) {
    unsigned int tile_after_next = 0;  // thread 0's
    if (tile_counter && threadIdx.x == 0) tile_after_next = atomicAdd(tile_counter, 1u);
    next = tile_counter ? tile_slots[parity ^ 1] : tile_index + gridDim.x;
    const std::int64_t first = tile_index * T;
    const bool full_tile = is_full(tile_index);
    const InputStorage* tile_input = input + load_order.first_offset(first);
    // Load, with the pass twiddle, in memory order.
    if (full_tile && staged_load) {
#pragma unroll
      for (int i = 0; i < staged_capacity; ++i) {
        const int idx = (threadIdx.x + i * threads) * VI;
        if (idx < elements) commit(first, idx, staged[i]);
      }
      if (next < tile_count && is_full(next)) fetch(next);  // in flight during the stages
    } else if (full_tile && vector_load) {
      for (int idx = threadIdx.x * VI; idx < elements; idx += threads * VI) {
        int p, local, offset;
        load_order.map(idx, p, local, offset);
        commit(first, idx, InputVector::load(tile_input + offset));
      }
    } else {
      for (int idx = threadIdx.x; idx < elements; idx += threads) {
        int p, local, offset;
        load_order.map(idx, p, local, offset);
        C value = {0, 0};
        if (first + local < params.total_columns) {
          value = StorageTraits<InputStorage>::load(tile_input + offset);
          if (A > 1 && p > 0) value = complex_multiply(value, pass_twiddle(first, p, local));
        }
        tile[tile_slot((p << log2_T) + local)] = value;
      }
    }
    __syncthreads();
    const bool exact_input = std::is_same<InputStorage, __half2>::value && A == 1;
    constexpr bool lane_slots = sizeof(InputStorage) < 8;  // see tensor_core_stage
    const C* result =
        run_stages<Mode, Log2PassLength, lane_slots>(tile, second_tile, params, log2_P, log2_T, threads, exact_input);
    // Store in memory order, with the normalization.
    OutputStorage* tile_output = output + store_order.first_offset(first);
    if (full_tile && output_aligned && VO > 1 && (store_order.log2_b > log2_T ? T : elements) >= VO) {
      int slot_step[VO];  // tile_slot(element(idx + u)) = tile_slot(element(idx)) ^ slot_step[u]
#pragma unroll
      for (int u = 0; u < VO; ++u) slot_step[u] = tile_slot(store_order.element(u));
      for (int idx = threadIdx.x * VO; idx < elements; idx += threads * VO) {
        int k, local, offset;
        store_order.map(idx, k, local, offset);
        const int slot = tile_slot((k << log2_T) + local);
        StorageVector<OutputStorage, VO> vector;
#pragma unroll
        for (int u = 0; u < VO; ++u) {
          C value = result[slot ^ slot_step[u]];
          if (scaled) value.x *= scale, value.y *= scale;
          vector.values[u] = StorageTraits<OutputStorage>::narrow(value);
        }
        vector.store(tile_output + offset);
      }
    } else {
      for (int idx = threadIdx.x; idx < elements; idx += threads) {
        int k, local, offset;
        store_order.map(idx, k, local, offset);
        if (first + local < params.total_columns) {
          C value = result[tile_slot((k << log2_T) + local)];
          if (scaled) value.x *= scale, value.y *= scale;
          StorageTraits<OutputStorage>::store(tile_output + offset, value);
        }
      }
    }
    if (tile_counter && threadIdx.x == 0) tile_slots[parity] = tile_after_next;  // every thread has read it
    __syncthreads();
  }
}

// The kernels built on register_block_pass's contiguous 2^14-point shape
// (the plane pass, the paired halves) take the threads, launch bounds and
// shared memory of the 1D 2^14-point instance.
constexpr int single_pass_shape_log2 = 14;
template <ComputeMode Mode, typename InputStorage, typename OutputStorage>
constexpr int single_pass_shape_threads() {
  return fixed_shape_threads<Mode, InputStorage, OutputStorage, single_pass_shape_log2, 0, true>();
}
template <ComputeMode Mode, typename InputStorage, typename OutputStorage>
constexpr int single_pass_shape_bound_threads() {  // __launch_bounds__'s threads
  return own_launch_bounds(Mode, true, sizeof(InputStorage), single_pass_shape_log2)
             ? single_pass_shape_threads<Mode, InputStorage, OutputStorage>()
             : max_threads_per_block;
}
template <ComputeMode Mode, typename InputStorage, typename OutputStorage>
constexpr int single_pass_shape_bound_blocks() {  // __launch_bounds__'s blocks per SM
  return own_launch_bounds(Mode, true, sizeof(InputStorage), single_pass_shape_log2)
             ? contiguous_min_blocks<Mode, InputStorage, OutputStorage, single_pass_shape_log2, 0>()
             : 0;
}

// The last two axes of 128 x 128 planes in one pass (plan::runs_plane_pass):
// the 2^14-point shape with PlaneDigits, one plane per tile (fp32 storage: in
// place, exchanges_in_place).
template <ComputeMode Mode, typename InputStorage, typename OutputStorage>
__global__ void __launch_bounds__(single_pass_shape_bound_threads<Mode, InputStorage, OutputStorage>(),
                                  single_pass_shape_bound_blocks<Mode, InputStorage, OutputStorage>())
    plane_pass_kernel(PassParameters params) {
  static_assert(plan::tensor_core_mode(Mode), "a tensor-core mode");
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  constexpr int threads = single_pass_shape_threads<Mode, InputStorage, OutputStorage>();
  if (blockDim.x != static_cast<unsigned>(threads)) __trap();  // as in stockham_pass_kernel
  register_block_pass<Mode == ComputeMode::split_fp16, single_pass_shape_log2, 0, true,
                      std::is_same<InputStorage, __half2>::value, InputStorage, OutputStorage, threads, true>(
      params, shared_bytes);
}

// A 2^15-point transform as two 2^14-point halves (register_block_pass's
// HalfOfPair), reading fp16/bf16 storage: two blocks per transform, one read
// (from device memory by one block, from L2 by the other) and one write,
// where two passes would write and read the intermediates once more.  The
// executor launches pairs of blocks; in place, clusters of two (sm_90,
// PassParameters::pairs_in_clusters), which run at the same time and wait
// at the cluster barrier between both blocks' reads of a transform and their
// writes of it.  Out of place the pairs need no order (and the barrier cost
// 1.09x the time at N = 2^15, H100 r313).
template <ComputeMode Mode, typename InputStorage, typename OutputStorage>
__global__ void __launch_bounds__(single_pass_shape_bound_threads<Mode, InputStorage, OutputStorage>(),
                                  single_pass_shape_bound_blocks<Mode, InputStorage, OutputStorage>())
    paired_halves_pass_kernel(PassParameters params) {
  static_assert(plan::tensor_core_mode(Mode) && sizeof(InputStorage) == 4, "a tensor-core mode, fp16/bf16 storage");
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  constexpr int threads = single_pass_shape_threads<Mode, InputStorage, OutputStorage>();
  if (blockDim.x != static_cast<unsigned>(threads)) __trap();  // as in stockham_pass_kernel
  if (gridDim.x & 1) __trap();  // blocks 2 j and 2 j + 1 are a pair
  register_block_pass<Mode == ComputeMode::split_fp16, single_pass_shape_log2, 0, true, false, InputStorage,
                      OutputStorage, threads, false, true>(params, shared_bytes);
}

}  // namespace tensorfft::cuda
