// One pass of 64 ... 4096 points of any axis, on the CUDA cores in
// fp32: the passes of several (a 1D transform too long for one pass) and
// the passes along a strided axis of a 2D/3D transform, where the whole-
// transform kernels of cuda_core_transform.cuh do not apply.  The same
// arithmetic as cuda_core_short_transform_kernel (two radix-16 steps, then
// radix R = P / 256 (2 ... 16); 256 points: none; 128 / 64 points: one
// radix-16 step, then radix 8 / 4), on a tile of C columns at once, with
// stockham_pass.cuh's pass maps: column g's P inputs at n = c + p (N / P)
// (times the pass twiddle w_{A P}^(p (c mod A))), its outputs at (c / A) A P
// + (c mod A) + A k, through TileMap (the glossary is stockham_pass.cuh's).
//
// Why: the tensor-core register-block passes that run these passes
// otherwise are bound by latency (docs/BENCHMARKS.md); so were the CUDA
// cores' whole transforms of 512 ... 16384 points faster (the thirty-third
// and thirty-fourth sessions).  H100 (the thirty-sixth session, r319, r322;
// radix 4 against the default radices' tensor-core passes, split_fp16, the
// same relL2 in fp16/bf16 storage, lower in fp32): fp16 N = 2^17 0.94x the
// time, 2^19 0.93x, 2^20 0.91x, 2^21 0.87x, 2^24 0.90x; bf16 0.82x ...
// 0.98x; fp32 storage 2^21 / 2^22 0.89x, 2^18 / 2^19 1.00x; 1024^2 fp16
// 0.96x (fp32 storage 1.06x slower); the fp32 mode's tile kernel 0.47x ...
// 0.53x.
//
// Threads: C columns x T = P / 16 lanes of 16 points, 512 threads in all
// (C = 64, 32, 16, 8, 4, 2 for P = 128 ... 4096 in one lane per thread,
// twice that in two: see CudaCorePassShape), one block per SM with up to 128
// registers: the next tile's 16 loads per lane are issued before the
// last stage and held as stored (raw) meanwhile.  r318 (A/B): two blocks
// of 64 registers spilled 124 ... 260 bytes with those loads and ran 1.5x
// slower (N = 2^20 fp16 1.09 against 0.70 ms); 2048 points in 8 columns
// of 1024 threads (64 registers, spilling) 1.24x slower than in 4 columns
// (N = 2^22 fp16).  The first version (r317: two blocks, no early loads,
// 16 bytes spilled) took 1.07x (fp16) and 1.13x (fp32 storage) the time at
// 2^20.  The loads issued before stage 2 instead (r320) ran 0.96x ...
// 1.10x the time: not kept; nor were they staged in shared memory by
// cp.async (r330: two or three buffers of 4-/8-byte copies, 93 ... 104
// registers, 1.05x ... 1.32x the time).  A thread's column
// and point residue t come from its index with the column fastest where
// the memory holds runs of C columns (the strided maps: a warp then reads
// or writes runs of C elements), else t fastest (a contiguous map: runs of
// 32 points).  Loads and stores may take different orders; stage 2 runs
// column-fastest.  The tile holds, per column, the short kernel's 16
// regions of T + 1 elements, and the columns lie column_pitch apart, 16 / C
// mod 16 elements (1 for C >= 16), which spreads one half-warp's C columns
// x 16 / C consecutive t over the 16 pairs of banks (8-byte accesses are
// served per half-warp).  The pitch of 32 / C before it left the columns of
// a half-warp colliding in pairs (ncu, H100 r326, N = 2^20: 4 wavefronts
// per column-fastest request where 2 would do); r327 (A/B): fp16 N = 2^18
// ... 2^21 0.96x ... 0.98x the time, fp32 storage unchanged.
//
// 4096 points (the thirty-eighth session; H100 r336 ... r341): the first of
// two passes (its outputs contiguous) of N = 2^22 and 2^23, a strided axis
// of 4096 points, fp32 storage's 2^24 as 4096 x 4096.  Two columns are 8-
// or 16-byte runs: as a pass whose outputs lie apart they ran 1.7x ... 1.9x
// slower than the passes they would replace (r336); four columns of 4-byte
// inputs (two lanes per thread) took 0.92x ... 0.94x the time of two as a
// first pass (r339: N = 2^22, 2^23 fp16) and 0.82x of the tensor-core pass
// as 4096^2's strided axis (compact); four of 8-byte inputs 0.90x there
// with fp32 intermediates (r341), but 1.05x the time of two as a first pass
// (fp32 storage), which keeps two.
//
// 64 points (the fifty-sixth session): one radix-16 step, then four DFTs of
// 4 per lane, 128 columns a tile.  Before it, 8192-point strided axes (128 |
// 64) and axes of 64 points took the tensor-core passes (or, in the fp32
// mode, the scalar Stockham pass).  H200 r461 (A/B, three rounds): 8192 x
// 256 ... 2048 0.60x ... 0.82x the time in every storage and mode (fp32
// storage 1.33x cuFFT fp32 -> 1.00x), the fp32 mode's 64^3 0.59x ... 0.61x,
// 64 x 1024 x 1024 0.76x ... 0.80x (plan::problem_max_radix).
//
// Inputs and outputs are the storage type or the plan's intermediates:
// fp32, or the compact 4-byte format, whose passes take 16 bytes per
// element for two passes against fp32's 24 (H100 r328: compact fp16 N =
// 2^17 ... 2^26 0.58x ... 0.86x the time of its tensor-core passes).
#pragma once

#include <cstdint>
#include <cstring>

#include "cuda/cuda_core_transform.cuh"
#include "cuda/stockham_pass.cuh"
#include "cuda/storage.cuh"

namespace tensorfft::cuda {

constexpr int cuda_core_pass_min_log2_length = 6, cuda_core_pass_max_log2_length = 12;
// And 8192 points in tiles of two rows: the contiguous pass with the cross-row step (CrossRows, below), and
// the single pass of 8192 points in fp16/bf16 storage (the executor's pass_of_8192).
constexpr int cuda_core_two_row_pass_log2_length = 13;

// Lanes: a lane (column, t) of the tile takes t's 16 points of the column;
// 512 threads, each one lane (W = 1) or two (W = 2, which the kernel runs at
// 512 ... 4096 points: thread i runs lanes i and i + 512, twice the columns
// of one lane, so twice the run of consecutive elements each column-fastest
// warp access covers).
// The next tile's loads are issued during this tile's last stage
// (early_lanes), but with two lanes of 8-byte inputs, whose loads would not
// fit the registers twice, only the first lane's: the second's are issued
// at the tile's start (its latency then hides behind the first lane's stage
// 1).  H100 r382 (three rounds) against both lanes at the tile's start:
// 8192^2 fp16 split 0.88x the time (0.875 ms against 0.997), fp32 storage
// 0.92x, 4096 x 8192 0.90x / 0.97x, fp16 N = 2^23 (its 2048-point pass)
// 0.94x, the rest 0.99x ... 1.01x (ptxas: 40 ... 88 bytes spilled, 32 ...
// 76 before); both lanes early (80 ... 248 bytes) 1.00x ... 1.11x.  Nor
// did staging the second lane's loads in shared memory by cp.async pay,
// though it spilled nothing (r398: 8192^2 1.02x ... 1.06x slower, 2^24
// 0.98x ... 1.02x).  The
// executor takes two lanes (cuda_core_pass_lanes) where the tile fits the
// device's shared memory, for
// - 4-byte inputs of 1024 ... 4096 points: H100 r347 / r348 (A/B, two and
//   three rounds) fp16 N = 2^19 ... 2^21 0.98x the time, compact 2^20 0.98x,
//   2^21 0.94x; 4096 points since r339 (the thirty-eighth session).  Not
//   512 points, whose 32 columns (128-byte runs) ran N = 2^17 and compact
//   2^26 1.01x ... 1.02x slower than 16 (r347 / r348);
// - 8-byte inputs of 4096 points whose outputs lie apart (r341);
// - 8-byte inputs of 2048 points whose 4-byte outputs lie apart, which one
//   lane writes in 16-byte runs (four columns), half a sector: H100 r370
//   (A/B, three rounds) N = 2^23 (4096 x 2048) fp16 / bf16 0.97x the time in
//   both tensor-core modes, the fp32 mode's 2048^2 in fp16 / bf16 storage
//   0.79x / 0.78x; with 8-byte outputs (fp32 storage's 2^23) 1.05x slower.
//   Not at 512 and 1024 points (r347: 2^18 ... 2^26 with fp32 intermediates
//   1.07x ... 1.13x slower: their loads wait for the tile's start, and one
//   lane's runs fill whole sectors there).
//
// Paired stores (PairedStores; 4096 points in two lanes from compact
// intermediates to fp16/bf16 storage whose outputs lie in runs of 8
// columns or more): one lane writes its tile's four columns in 16-byte runs, half a
// sector, so a block takes its tiles in pairs of neighbours (A, B): A's
// outputs wait in shared memory (cuda_core_paired_staging_bytes after the
// tile, 196 KB in all) and B's last stage writes both, lane 4 r + j
// columns 2 j and 2 j + 1 of the pair's row r (A's from the staging, B's by
// warp shuffles), whole 32-byte sectors.  H100 r386 / r387 (A/B, three
// rounds each): 8192^2 with compact intermediates 0.79x ... 0.83x the time
// (fp16 split 0.761 ms against 0.966, bf16 0.805 against 0.974); relL2
// the same.  Not from 8-byte inputs (fp32 intermediates): there
// 8192^2 ran 1.07x ... 1.08x slower, its pass reading 989 MB against 556
// (ncu): a block's tile A reads every other sector of each line, and the
// line's rest, fetched with it (load_stored_with_line), leaves L2 before
// tile B reads it; without the line hint 1.18x ... 1.20x slower (1002 MB).
// Whole-sector or wider stores do not pay from 8-byte inputs: tiles paired
// across a cluster of two blocks (the two read their neighbouring sectors at
// once; each writes half the rows of both tiles from a distributed-shared-
// memory exchange) ran 2^24 fp16 1.015x ... 1.025x slower and 8192^2 0.99x
// ... 1.00x (H100 r399, three rounds; from compact inputs, in place of the
// pairs above, 1.10x ... 1.12x slower); the tile's outputs staged in shared
// memory and written as whole rows, 16 bytes a store (a quarter of the
// store instructions, one more barrier), 1.02x ... 1.10x slower at 2048 and
// 4096 points (r400).  ncu (r401): those passes are bound by issue and the
// load/store queue (2^24's second pass: 1.43 instructions a cycle, LG
// throttle the largest stall, 983,040 spill requests), not by their sectors.
constexpr int cuda_core_paired_staging_bytes = 4096 * 4 * 4;  // A's outputs: 4096 points x 4 columns x 4 bytes

// Shared twiddles (SharedTwiddles; the 8192-point single pass of fp16/bf16
// storage only): the w_P^e its stages 1 and 2 read wait in shared memory
// after the tile (cuda_core_shared_twiddle_bytes: the power-order table,
// cuda_core::step_twiddle's), copied once per block, instead of four global
// loads per 16-point DFT.  Why: that
// pass is bound by issue (r401), and the shared loads take fewer
// instructions.  H100 r403 (A/B, three rounds): fp16 8192 0.95x the time
// (0.2312 ms against 0.2437), bf16 0.99x; relL2 the same.  Not in the other
// two-lane passes: the 8-byte-input ones spill 128 bytes instead of 40
// (2^24 and 8192^2 with fp32 intermediates 1.24x ... 1.39x slower), the
// paired-stores pass ran 8192^2 compact 1.12x ... 1.13x slower, the rest
// 0.99x ... 1.02x.
constexpr int cuda_core_shared_twiddle_bytes(int log2_length) {
  return plan::power_order_entries(log2_length) * 8;
}
// The 8192-point pass with the cross-row step of four, 4-byte storage: rows 1 and 3 of the next tile wait in
// shared memory after the tile (copied asynchronously during this tile's last stage).
constexpr int cuda_core_odd_row_staging_bytes = 2 * 8192 * 4;

// The pass twiddles w_(A P)^(2^j T c') of a pass after A columns come from a table by column
// (PassParameters::pass_twiddle_columns, 4 A entries) up to A = 2^9 (two lanes per thread) or 2^18 (one lane, which
// loads them with the next tile's data; beyond 2^12 filled on the device, below); beyond, from the coarse / fine
// tables. Why: a warp's neighbouring columns then read runs of neighbouring entries (the fine table's reads spread
// over up to 32 lines), and the entries are rounded once.  H200 r500 (A/B, three rounds, split, the table read in
// stage 1): A <= 512 (2^16, 2^18, 2^26's second pass) 0.95x ... 0.99x the time; but A = 1024 (2^20) 1.01x ...
// 1.04x, A = 2048 ... 4096 (2^21, 2^22, 2^24) 1.03x ... 1.09x slower (tables of 32 ... 128 KB beside a tile of 64
// KB or more), and A = 2^18 (2^26's last pass, 8 MB) 1.01x.  Loaded a tile ahead in one lane
// (cuda_core_pass_kernel's fetch) with the table up to 2^16, r505 (A/B, three rounds, split, against the table up
// to 2^9 read in stage 1): 2^20 ... 2^22 0.96x ... 0.97x the time in fp16 and fp32 storage, fp16 2^24 0.96x, fp32
// 2^23 0.96x, 4096^2 0.97x ... 0.98x, fp16 2^16 0.96x, the rest 0.98x ... 1.01x but fp32 storage 2^16 1.02x slower
// (its 256-point pass at the 128-register cap); the same prefetch with the table up to 2^9 alone 0.98x ... 1.01x.
// Uploaded only up to 2^12 (128 KB): r505's table up to 2^16 (2^24's last pass, 2 MB) made each plan of 2^24 take
// 1.42 ms instead of 0.20 (its copy and upload), where plans should stay well under one.
constexpr int cuda_core_pass_max_log2_column_table = 9;
constexpr int cuda_core_pass_max_log2_prefetched_column_table = 12;
// Beyond, up to A = 2^18 (8 MB: 2^24's, 2^25's and 2^26's last passes), one lane's column tables are filled
// on the device at plan time (column_power_roots_kernel).  H200 r509 (A/B, three rounds, split): fp16 / bf16
// 2^24 0.972x ... 0.973x the time, 2^25 0.975x ... 0.976x, 2^26 0.975x ... 0.976x; fp32 storage 0.996x ...
// 0.999x; 2^22 / 2^23 (no such pass) 0.999x ... 1.004x; later plans of 2^24 / 2^26 as long as before (0.24 ...
// 0.42 / 0.48 ... 0.63 ms against 0.25 ... 0.35 / 0.47 ... 0.70).
constexpr int cuda_core_pass_max_log2_device_column_table = 18;

// Whether the executor holds an instance of two lanes per thread for that length, input and output.
constexpr bool cuda_core_pass_has_two_lanes(int log2_length, int input_bytes, int output_bytes) {
  return input_bytes == 4 ? log2_length >= 10 : log2_length == 12 || (log2_length == 11 && output_bytes == 4);
}
constexpr int cuda_core_pass_lanes(int log2_length, int input_bytes, int output_bytes, bool outputs_apart) {
  return cuda_core_pass_has_two_lanes(log2_length, input_bytes, output_bytes) && (input_bytes == 4 || outputs_apart)
             ? 2
             : 1;
}
template <int Log2Length, int InputBytes, int Lanes>
struct CudaCorePassShape {
  static_assert(Log2Length >= cuda_core_pass_min_log2_length &&
                    (Log2Length <= cuda_core_pass_max_log2_length ||
                     (Log2Length == cuda_core_two_row_pass_log2_length && Lanes == 2)),
                "64 ... 4096 points (8192 in two lanes)");
  static_assert(Lanes == 1 || (Lanes == 2 && Log2Length >= 9), "two lanes per thread need a third stage");
  static constexpr int length = 1 << Log2Length;
  static constexpr int log2_column_threads = Log2Length - 4, column_threads = 1 << log2_column_threads;  // T
  static constexpr int threads = 512;
  static constexpr int lanes_per_thread = Lanes;  // W
  // Lanes whose next tile's loads are issued early (during the last stage); the rest at the tile's start.
  static constexpr int early_lanes = Lanes == 1 || InputBytes == 4 ? Lanes : 1;
  // C: 128, 64, 32, 16, 8, 4 or 2 columns for 64 ... 4096 points in one lane, twice as many in two (8192: two).
  static constexpr int log2_columns = 13 - Log2Length + (Lanes == 2 ? 1 : 0), columns = 1 << log2_columns;
  static_assert(columns * column_threads == threads * lanes_per_thread, "every lane of the tile");
  // R (1: no third stage; 0: 64 and 128 points, whose second stage is radix T = 4 or 8; 32: 8192 points, a pair
  // of lanes each)
  static constexpr int last_radix = length / 256;
  static constexpr int region = column_threads + 1;
  static constexpr int column_pitch = 16 * region + (columns < 16 ? 16 / columns : 1);
  static constexpr int tile_bytes = columns * column_pitch * 8;
};
// The shape's threads, columns and tile bytes, for the executor: by length,
// input element size and lanes per thread.
struct CudaCorePassLaunch {
  int threads, columns, shared_bytes;
};
template <int Log2Length, int InputBytes, int Lanes>
constexpr CudaCorePassLaunch cuda_core_pass_launch_of() {
  using Shape = CudaCorePassShape<Log2Length, InputBytes, Lanes>;
  return {Shape::threads, Shape::columns, Shape::tile_bytes};
}
// (The element size changes no shape's launch: only when its loads are issued.)
constexpr CudaCorePassLaunch cuda_core_pass_launch(int log2_length, int lanes) {
  switch (log2_length) {
    case 6: return cuda_core_pass_launch_of<6, 8, 1>();
    case 7: return cuda_core_pass_launch_of<7, 8, 1>();
    case 8: return cuda_core_pass_launch_of<8, 8, 1>();
    case 9: return cuda_core_pass_launch_of<9, 8, 1>();
    case 10: return lanes == 2 ? cuda_core_pass_launch_of<10, 8, 2>() : cuda_core_pass_launch_of<10, 8, 1>();
    case 11: return lanes == 2 ? cuda_core_pass_launch_of<11, 8, 2>() : cuda_core_pass_launch_of<11, 8, 1>();
    case 12: return lanes == 2 ? cuda_core_pass_launch_of<12, 8, 2>() : cuda_core_pass_launch_of<12, 8, 1>();
    default: return cuda_core_pass_launch_of<13, 8, 2>();
  }
}

namespace cuda_core {

// Lane `lane` of the tile: its column and point residue t (see the file's comment).
struct PassLane {
  int column, t;
};
template <typename Shape>
__device__ __forceinline__ PassLane pass_lane(bool column_fastest, int lane) {
  return column_fastest ? PassLane{lane & (Shape::columns - 1), lane >> Shape::log2_columns}
                        : PassLane{lane >> Shape::log2_column_threads, lane & (Shape::column_threads - 1)};
}

}  // namespace cuda_core

// The cross-row step (plan::runs_cross_row_step), CrossRows: a contiguous
// 4096-point pass in two lanes per thread whose tile g holds the four rows
// n' + Q r (r < 4, n' = g mod Q, of the block of 4Q rows g / Q) computes
// the DFT of 4 over r besides each row's DFT, and writes output s of it to
// row 4 g + s: the first pass (of 4 points, Stockham's map) of the next
// axis, whose second pass then has Q points.  The two commute (one acts
// along the rows, the other across them), so the step's butterflies run
// where whole lanes meet in one thread: across rows r and r + 2 in stage 2
// (one thread's two lanes; row 1 + 2's difference times w_4), across rows
// 2 p and 2 p + 1 in stage 3 (each lane reads both, lane w writes output
// p + 2 w: their sum or difference).
// Why: the strided 4096-point pass it replaces by a 1024-point one reads
// 16- or 32-byte runs per column group; ncu (H100 r352 / r353, 4096^2
// fp16): 1.09 TB/s with compact intermediates (L2 the busiest unit, half of
// each sector used), 1.44 TB/s with fp32 ones, against 2.0 ... 2.6 TB/s for
// the contiguous pass.  r354 (A/B, three rounds): 4096^2 0.69x the time with
// fp32 intermediates (fp16 split 0.628 ms against 0.911), 0.75x compact
// (0.570 against 0.757), bf16 0.68x / 0.80x, single_fp16 alike; relL2 the
// same.  fp32 storage (8-byte rows, the second lane's loaded at the tile's
// start; 88 bytes spilled): r355 (A/B, three rounds) 0.92x the time (split
// 0.838 ms against 0.910, cuFFT fp32 0.887), relL2 2.28e-7 against 2.09e-7.
// The step of four before the DFT (8192 points, CrossRowPoints = 4; 8192^2
// in fp16/bf16 storage, plan::cross_row_step_points): the tile of two
// columns from `first` holds outputs s = 2 h + w (h = first / 2 mod 2) of
// the DFT of 4 over rows n' + Q r (r < 4, n' = first / 4 mod Q), so both
// tiles of a quartet read its four rows (the second from L2).  Rows 0 and
// 2 arrive as the lanes' inputs; rows 1 and 3 are copied asynchronously
// into shared memory after the tile during the previous tile's last stage
// (loaded in stage 1 instead, the pass ran 0.387 ms against 0.334, H200
// r488 / r489, ncu).  Stage 1 forms (x0 + x2) +- (x1 + x3) and (x0 - x2)
// +- w_4 (x1 - x3) before the DFT; column w is written to row first + w.
// The step of two (8192 points): the tile of two rows
// n' and n' + Q (tile g = n' of its block of 2Q rows), each thread's two
// lanes the two rows at one t; stage 1 takes their sum (lane 0) and
// difference (lane 1) before its DFT, and column s of the tile is written
// to row 2 g + s.  Why: no CUDA-core pass of 8192 points ran before, so
// 8192^2 took three passes (8192, then 512 x 16 along the strided axis);
// the step leaves that axis one strided 4096-point pass.  H100 r373 (A/B,
// three rounds): 8192^2 fp16 split 0.86x the time (0.998 ms against
// 1.155), compact 0.83x, fp32 storage 0.80x (1.068 against 1.327; cuFFT
// fp32 1.124).  Two lanes per
// thread as the others; stage 1's sum and difference are formed once (each
// lane recomputing them from the raw rows spilled 156 bytes in fp16
// storage; now none, 48 bytes in fp32 storage).  The same tiles of two
// rows without the step run the single pass of 8192 points in fp16/bf16
// storage (H100 r378: 0.97x ... 0.985x the time of cuda_core_transform_
// 8192_kernel; 36 bytes spilled; in fp32 storage 1.06x slower, and with
// its first lane's loads early (r383) 1.09x).
// Stage 3's DFTs of 32 (both uses) run whole, one row per thread (cuda_core::
// radix_2_step_of_32_point_dft, then two DFTs of 16: each row value read
// once), where they ran in pairs of lanes that each read the whole row
// (half_of_32_point_dft, as cuda_core_transform_8192_kernel still does in
// its 64 registers).  H100 r407 (A/B, three rounds; 32 of 96 shared loads
// and 5% of the instructions fewer, no spills in fp16/bf16 storage): fp16
// 8192 split 0.94x the time (0.216 ms against 0.230), bf16 0.90x; compact
// 8192^2 0.98x, 4096 x 8192 compact 0.95x ... 0.97x; full 8192^2 0.99x ...
// 1.00x; fp32 storage 8192^2 1.01x (80 bytes spilled instead of 48), within
// that run's cuFFT drift (1.01x).  The results are the same bits.

// Runs one pass (params: stockham_pass_kernel's) of 2^Log2Length points over
// params.total_columns columns, tiles of C columns in a persistent loop;
// in place too (a tile's inputs are all read before any of its outputs is
// written, and they are the same elements where input == output).
// params.power_order_twiddles: w_P in power order; the pass twiddles (A > 1): coarse / fine as
// for stockham_pass_kernel; params.scale the normalization (1 but in the
// last pass).  The launch allots CudaCorePassShape::tile_bytes of dynamic
// shared memory (PairedStores: and cuda_core_paired_staging_bytes) and
// CudaCorePassShape::threads threads.  PairedStores: in place too (tile A's
// outputs, written with B's, are its own inputs, read long before; B's
// inputs are read before its last stage).  Thread i runs lanes
// i + 512 w (w < W): with two lanes, one warp's column-fastest lanes span
// the tile's C columns x 32 / C t (C <= 32).
template <typename InputStorage, typename OutputStorage, int Sign, int Log2Length, int Lanes, int CrossRowPoints = 0,
          bool PairedStores = false, bool SharedTwiddles = false>
__global__ void __launch_bounds__(CudaCorePassShape<Log2Length, sizeof(InputStorage), Lanes>::threads, 1)
    cuda_core_pass_kernel(PassParameters params) {
  using Shape = CudaCorePassShape<Log2Length, sizeof(InputStorage), Lanes>;
  constexpr bool CrossRows = CrossRowPoints > 0;
  static_assert(!SharedTwiddles || (Log2Length == cuda_core_two_row_pass_log2_length && !CrossRows && !PairedStores),
                "shared twiddles: the 8192-point single pass");
  static_assert(!PairedStores || (Log2Length == 12 && Lanes == 2 && sizeof(OutputStorage) == 4 && !CrossRows),
                "paired stores: 4096 points in two lanes, 4-byte outputs");
  static_assert(!PairedStores || (1 << Log2Length) * Shape::columns * 4 == cuda_core_paired_staging_bytes,
                "the staging of tile A's outputs");
  static_assert(CrossRowPoints == 0 || (Log2Length == 12 && Lanes == 2 && CrossRowPoints == 4) ||
                    (Log2Length == 13 && Lanes == 2 && (CrossRowPoints == 2 || CrossRowPoints == 4)),
                "the cross-row step runs in the tile of four rows (4096 points) or two (8192: a step of two or four)");

  // The step of four across stages 2 and 3 (4096 points), or of two or four before stage 1's DFT (8192).
  constexpr bool step_across_lanes = CrossRows && Log2Length == 12, step_before_dft = CrossRows && Log2Length == 13;
  constexpr bool step_of_four_before_dft = step_before_dft && CrossRowPoints == 4;
  // The odd rows of the step of four arrive in shared memory (cuda_core_odd_row_staging_bytes) during the
  // previous tile's last stage, which 8-byte rows would not fit.
  static_assert(!step_of_four_before_dft || sizeof(InputStorage) == 4,
                "the step of four in the 8192-point pass reads 4-byte storage");
  constexpr int log2_step = CrossRowPoints == 4 ? 2 : 1;  // log2 plan::cross_row_step_points
  using InputTraits = StorageTraits<InputStorage>;
  using OutputTraits = StorageTraits<OutputStorage>;
  constexpr int T = Shape::column_threads, C = Shape::columns, R = Shape::last_radix, W = Shape::lanes_per_thread;
  constexpr int region = Shape::region, pitch = Shape::column_pitch;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  float2* const tile = reinterpret_cast<float2*>(shared_bytes);
  const auto* input = static_cast<const InputStorage*>(params.input);
  auto* output = static_cast<OutputStorage*>(params.output);
  // w_P in power order (cuda_core::step_twiddle): stage 1 at stride 1 (lane t), stage 2 at stride 16.
  // Why: a warp's reads of each power are then one run of neighbouring entries instead of 32 lines.
  // H200 r498 (A/B, three rounds): 8192 fp16 0.970x the time, 2D 0.977x ... 0.989x, 2^20 0.990x, the
  // strided-pass sizes 0.995x ... 1.005x; relL2 the same.
  const auto* power_order = params.power_order_twiddles;
  // SharedTwiddles: that table copied into shared memory after the tile once, and read there.
  float2* const shared_twiddles = reinterpret_cast<float2*>(shared_bytes + Shape::tile_bytes);
  if constexpr (SharedTwiddles) {
    for (int i = static_cast<int>(threadIdx.x); i < cuda_core_shared_twiddle_bytes(Log2Length) / 8;
         i += Shape::threads) {
      shared_twiddles[i] = __ldg(power_order + i);
    }
    __syncthreads();
  }
  // values[k] *= w_P^(s i k), k < 16, for the step of stride s (std::integral_constant).
  const auto inner_twiddle = [&](auto stride, float2 (&values)[16], int i) {
    constexpr int s = decltype(stride)::value;
    if constexpr (SharedTwiddles) {
      constexpr int count = plan::power_order_count(Log2Length, s);
      const float2* const p = shared_twiddles + plan::power_order_offset(Log2Length, s) + i;
      cuda_core::twiddle_by_powers(values, p[0], p[count], p[2 * count], p[3 * count]);
    } else {
      cuda_core::step_twiddle<Log2Length, s>(values, power_order, i);
    }
  };
  constexpr std::integral_constant<int, 1> first_step{};
  constexpr std::integral_constant<int, 16> second_step{};
  const float scale = static_cast<float>(params.scale);
  const std::int64_t columns = params.total_columns;
  const int log2_I = log2_of(params.inner_count);
  const TileMap load(log2_of(params.columns_per_transform) + log2_I, Log2Length, Shape::log2_columns);
  const TileMap store(log2_of(params.stride_before) + log2_I, Log2Length, Shape::log2_columns);
  const bool load_column_fastest = load.log2_b >= Shape::log2_columns;
  const bool store_column_fastest = store.log2_b >= Shape::log2_columns;
  const int thread = static_cast<int>(threadIdx.x);
  const auto lane_of = [&](bool column_fastest, int w) {
    return cuda_core::pass_lane<Shape>(column_fastest, thread + Shape::threads * w);
  };
  const bool twiddled = params.stride_before > 1;
  const int column_mod_a_mask = static_cast<int>(params.stride_before) - 1;
  const auto* coarse = static_cast<const float2*>(params.pass_twiddles_coarse);
  const auto* fine = static_cast<const float2*>(params.pass_twiddles_fine);
  const float2* const column_powers = params.pass_twiddle_columns;  // w_{A P}^(2^j T c') at j A + c'
  const auto pass_twiddle = [&](int e) {  // w_{A P}^e, e < A P
    return complex_multiply(__ldg(coarse + (e >> params.fine_bits)), __ldg(fine + (e & ((1 << params.fine_bits) - 1))));
  };
  // CrossRows: the first element of the tile's row r (tile g = first / S, S = 4 or 2 rows: row (g / Q) S Q +
  // g mod Q + Q r).
  const auto cross_row_start = [&](std::int64_t first, int r) {
    const int log2_q = params.log2_cross_row_distance;
    const std::int64_t g = first >> log2_step;
    const std::int64_t row = ((g >> log2_q) << (log2_q + log2_step)) + (g & ((std::int64_t{1} << log2_q) - 1)) +
                             (std::int64_t{r} << log2_q);
    return row << Log2Length;
  };
  const std::int64_t load_step = std::int64_t{T} << load.log2_b;  // from point p to p + T
  const std::int64_t store_step = std::int64_t{T} << store.log2_b;
  // The inputs of the tile from column `first` as stored (widened in stage 1), zeros past the last column.
  // PairedStores: a block takes tiles in pairs (first, first + C), first a multiple of 2 C; tile A's outputs
  // wait in shared memory (staging, after the tile) and tile B writes both, whole 32-byte sectors.
  const std::int64_t step = std::int64_t{gridDim.x} * C * (PairedStores ? 2 : 1);
  const std::int64_t block_first = std::int64_t{blockIdx.x} * C * (PairedStores ? 2 : 1);
  const auto next_first = [&](std::int64_t first) {
    if constexpr (PairedStores) {
      return (first & C) == 0 ? first + C : first + step - C;
    } else {
      return first + step;
    }
  };
  // Paired loads (two lanes of 4-byte inputs, 1024 ... 4096 points, column-fastest loads; not with the
  // cross-row step or paired stores): thread i's two lanes are the neighbouring columns 2 j and 2 j + 1 (j =
  // i mod C / 2) at t = i / (C / 2), both loaded by one 8-byte access, half the load instructions.  Why: ncu
  // (H100 r401, 2^24 fp16) found these passes stalled most on the load/store queue (LG throttle: 2.0 of 8.5
  // cycles per issued instruction); r402 (A/B, three rounds, split mode): compact intermediates N = 2^20
  // 0.96x ... 0.97x the time, 2^21 0.97x, 1024^2 0.97x ... 0.99x; fp32 intermediates 2^21 0.99x; the rest
  // 0.99x ... 1.01x (geometric mean of 40 cases 0.993x); relL2 the same.
  constexpr bool pairs_loads = Lanes == 2 && sizeof(InputStorage) == 4 && !CrossRows && !PairedStores &&
                               Log2Length <= cuda_core_pass_max_log2_length;
  static_assert(!pairs_loads || Shape::early_lanes == Lanes, "paired loads fetch both lanes at once");
  const bool paired_loads = pairs_loads && load_column_fastest;
  const auto loader_of = [&](int w) {
    return paired_loads ? cuda_core::PassLane{2 * (thread & (C / 2 - 1)) + w, thread >> (Shape::log2_columns - 1)}
                        : lane_of(load_column_fastest, w);
  };
  const bool input_aligned = (reinterpret_cast<std::uintptr_t>(input) & 7) == 0;
  InputStorage raw[W][16];
  // One lane per thread: the pass twiddles' loads of the next tile's column (the base w^(c' t) as coarse and
  // fine, and the four powers from the column table) are issued with its data in fetch, so stage 1 finds
  // them in registers rather than waiting on L2 (12 registers, no spills; cuda_core_pass_max_log2_
  // prefetched_column_table says what that gained).  (The cross-row, paired-store and shared-twiddle
  // instances have two lanes.)
  constexpr bool prefetches_pass_twiddles = W == 1;
  struct PassTwiddleLoads {
    float2 coarse, fine, powers[4];
  };
  PassTwiddleLoads held_pass_twiddles{};
  const auto load_pass_twiddles = [&](std::int64_t column, int t) {
    PassTwiddleLoads loads;
    const int c = static_cast<int>(column >> log2_I) & column_mod_a_mask;
    const int e = c * t;
    loads.coarse = __ldg(coarse + (e >> params.fine_bits));
    loads.fine = __ldg(fine + (e & ((1 << params.fine_bits) - 1)));
    if (column_powers != nullptr) {
#pragma unroll
      for (int j = 0; j < 4; ++j) loads.powers[j] = __ldg(column_powers + c + j * (column_mod_a_mask + 1));
    }
    return loads;
  };
  // CrossRows: lane w loads row w of the tile's rows; with the step of four before the DFT, row 2 w (the
  // odd rows: stage_odd_rows).
  const auto fetch = [&](std::int64_t first, int lanes_begin, int lanes_end) {
    // Paired loads: both lanes at once (4-byte inputs are all fetched early), where the input is aligned
    // and both columns are the pass's; else each lane as below.
    if (paired_loads && input_aligned && first + loader_of(1).column < columns) {
      const cuda_core::PassLane loader = loader_of(0);
      const InputStorage* source = input + load.tile_start(first) + load.memory(loader.t, loader.column);
#pragma unroll
      for (int m = 0; m < 16; ++m) {
        const uint2 both = load_stored_with_line(reinterpret_cast<const uint2*>(source + m * load_step));
        memcpy(&raw[0][m], &both.x, 4);
        memcpy(&raw[1][m], &both.y, 4);
      }
      return;
    }
#pragma unroll
    for (int w = 0; w < W; ++w) {
      if (w < lanes_begin || w >= lanes_end) continue;
      const cuda_core::PassLane loader = loader_of(w);
      if (first + loader.column < columns) {
        const InputStorage* source =
            input + (CrossRows ? cross_row_start(first, step_of_four_before_dft ? 2 * loader.column : loader.column) +
                                     loader.t
                               : load.tile_start(first) + load.memory(loader.t, loader.column));
#pragma unroll
        for (int m = 0; m < 16; ++m) raw[w][m] = load_stored_with_line(source + m * load_step);
        if constexpr (prefetches_pass_twiddles) {
          if (twiddled) held_pass_twiddles = load_pass_twiddles(first + loader.column, loader.t);
        }
      } else {  // zeros past the last column (stage 1 then needs no select per value)
#pragma unroll
        for (int m = 0; m < 16; ++m) raw[w][m] = InputStorage{};
      }
    }
  };
  // The step of four: thread i copies rows 1 and 3 at its own t (= i) into [row][m][t], and reads only
  // those (no barrier between).
  auto* const odd_row_staging = reinterpret_cast<InputStorage*>(shared_bytes + Shape::tile_bytes);
  const auto stage_odd_rows = [&](std::int64_t first) {
#pragma unroll
    for (int w = 0; w < W; ++w) {
      const cuda_core::PassLane loader = loader_of(w);
      if (first + loader.column >= columns) continue;
      const InputStorage* const source = input + cross_row_start(first, 2 * w + 1) + loader.t;
#pragma unroll
      for (int m = 0; m < 16; ++m) {
        arch::copy_4_bytes_async(odd_row_staging + (w * 16 + m) * T + loader.t, source + m * load_step);
      }
    }
  };
  constexpr int E = Shape::early_lanes;
  if constexpr (E > 0) fetch(block_first, 0, E);
  if constexpr (step_of_four_before_dft) stage_odd_rows(block_first);
  // One lane per thread: its stage-1 twiddles w_P^(t k0) depend on its t only, which every tile shares, so
  // their four powers are read once (8 registers; no spills).  H200 r501 (A/B, three rounds, split, with the
  // column table up to A = 2^9): 2^20 ... 2^24 0.97x ... 0.99x the time, 2^16 ... 2^18 0.94x ... 0.98x, 2^26
  // 0.99x ... 1.00x.
  constexpr bool first_step_powers_held = W == 1 && !SharedTwiddles;
  float2 first_step_powers[4];
  if constexpr (first_step_powers_held) {
    constexpr int count = plan::power_order_count(Log2Length, 1);
    const float2* const p = power_order + plan::power_order_offset(Log2Length, 1) + loader_of(0).t;
#pragma unroll
    for (int j = 0; j < 4; ++j) first_step_powers[j] = __ldg(p + j * count);
  }
  const auto scaled = [&](float2 v) { return scale == 1.0f ? v : float2{v.x * scale, v.y * scale}; };
  // 128 and 256 points: outputs k + 16 j of the storer's column of the tile from `first`, y[j], j < 16 or 8.
  const auto store_every_sixteenth = [&](std::int64_t first, const cuda_core::PassLane& storer, int k, const auto& y) {
    constexpr int count = sizeof(y) / sizeof(y[0]);
    if (first + storer.column >= columns) return;
    OutputStorage* const destination = output + store.tile_start(first) + store.memory(k, storer.column);
#pragma unroll
    for (int j = 0; j < count; ++j) {
      OutputTraits::store(destination + (std::int64_t{16 * j} << store.log2_b), scaled(y[j]));
    }
  };
  for (std::int64_t first = block_first; first < columns; first = next_first(first)) {
    if constexpr (E < W) fetch(first, E, W);
    float2 x[16], difference[step_before_dft ? 16 : 1];
    // Stage 1: lane (column, t) takes points p = t + T m, DFT -> k0, twiddle w_P^(t k0).  One lane per
    // thread computes before the barrier (the previous tile's last stage reading the tile); two lanes
    // after it, so that one lane's results need not wait in registers for the other's.
    if constexpr (W > 1) __syncthreads();
#pragma unroll
    for (int w = 0; w < W; ++w) {
      const cuda_core::PassLane loader = loader_of(w);
      const std::int64_t column = first + loader.column;
      if constexpr (step_before_dft) {
        // Lane w: the step of two's output w over rows 0 and 1 (the same t), their sum (w = 0) or difference.
        // The step of four's output s = 2 h + w over rows 0 ... 3, h = the tile's half of the four outputs:
        // (x0 + x2) +- (x1 + x3) (w = 0), (x0 - x2) +- w_4 (x1 - x3) (w = 1); the lanes' inputs are then rows
        // 0 and 2, and the odd rows wait in shared memory (stage_odd_rows).
        if (w == 0) {
#pragma unroll
          for (int m = 0; m < 16; ++m) {
            const float2 row_0 = InputTraits::widen(raw[0][m]), other_row = InputTraits::widen(raw[1][m]);
            x[m] = complex_add(row_0, other_row);
            difference[m] = complex_subtract(row_0, other_row);
          }
          if constexpr (step_of_four_before_dft) {
            arch::wait_for_async_copies();
#pragma unroll
            for (int m = 0; m < 16; ++m) {
              raw[0][m] = odd_row_staging[m * T + loader.t];
              raw[1][m] = odd_row_staging[(16 + m) * T + loader.t];
            }
            const bool upper_half = ((first >> 1) & 1) != 0;
#pragma unroll
            for (int m = 0; m < 16; ++m) {
              const float2 row_1 = InputTraits::widen(raw[0][m]), row_3 = InputTraits::widen(raw[1][m]);
              const float2 sum = complex_add(row_1, row_3);
              const float2 turned = cuda_core::quarter_turn<Sign>(complex_subtract(row_1, row_3));
              x[m] = upper_half ? complex_subtract(x[m], sum) : complex_add(x[m], sum);
              difference[m] = upper_half ? complex_subtract(difference[m], turned) : complex_add(difference[m], turned);
            }
          }
        } else {
#pragma unroll
          for (int m = 0; m < 16; ++m) x[m] = difference[m];
        }
      } else {
        // Past the last column raw holds zeros (fetch), so no select per value here (one took 32 FSEL a lane and
        // tile, and 40 bytes of spills in the 2048-point pass from fp32 intermediates to fp16).
#pragma unroll
        for (int m = 0; m < 16; ++m) x[m] = InputTraits::widen(raw[w][m]);
      }
      if (twiddled) {  // w_{A P}^(p c'), c' = c mod A: w^(c' t) (w^(c' T))^m
        const int c = static_cast<int>(column >> log2_I) & column_mod_a_mask;
        if constexpr (prefetches_pass_twiddles) {
          const PassTwiddleLoads& h = held_pass_twiddles;
          const float2 base = complex_multiply(h.coarse, h.fine);
          if (column_powers != nullptr) {
            cuda_core::twiddle_by_powers(x, base, h.powers[0], h.powers[1], h.powers[2], h.powers[3]);
          } else {
            cuda_core::twiddle_by_powers(x, base, pass_twiddle(c * T), pass_twiddle(2 * c * T),
                                         pass_twiddle(4 * c * T), pass_twiddle(8 * c * T));
          }
        } else if (column_powers != nullptr) {
          const float2* const q = column_powers + c;
          cuda_core::twiddle_by_powers(x, pass_twiddle(c * loader.t), __ldg(q), __ldg(q + column_mod_a_mask + 1),
                                       __ldg(q + 2 * (column_mod_a_mask + 1)), __ldg(q + 3 * (column_mod_a_mask + 1)));
        } else {
          cuda_core::twiddle_by_powers(x, pass_twiddle(c * loader.t), pass_twiddle(c * T), pass_twiddle(2 * c * T),
                                       pass_twiddle(4 * c * T), pass_twiddle(8 * c * T));
        }
      }
      cuda_core::dft16<Sign>(x);
      if constexpr (first_step_powers_held) {
        cuda_core::twiddle_by_powers(x, first_step_powers[0], first_step_powers[1], first_step_powers[2],
                                     first_step_powers[3]);
      } else {
        inner_twiddle(first_step, x, loader.t);
      }
      if constexpr (W == 1) __syncthreads();  // the previous tile's last stage has read the tile
      float2* const own = tile + loader.column * pitch + loader.t;
#pragma unroll
      for (int k0 = 0; k0 < 16; ++k0) own[k0 * region] = x[k0];
    }
    __syncthreads();
    if constexpr (R == 0) {  // 64 and 128 points: stage 2, thread (column, t < T) takes regions k0 = t + T h
      // (h < 16 / T), each a DFT of T over its T points, giving outputs k0 + 16 k1
      static_assert(W == 1, "one lane per thread");
      const cuda_core::PassLane storer = lane_of(store_column_fastest, 0);
      fetch(next_first(first), 0, W);  // the next tile's loads (raw is free since stage 1)
#pragma unroll
      for (int h = 0; h < 16 / T; ++h) {
        const int k0 = storer.t + T * h;
        const float2* const own = tile + storer.column * pitch + k0 * region;
        float2 y[T];
#pragma unroll
        for (int b = 0; b < T; ++b) y[b] = own[b];
        cuda_core::small_dft<Sign>(y);
        store_every_sixteenth(first, storer, k0, y);
      }
    } else if constexpr (R == 1) {  // 256 points: stage 2 over region k0's 16 points gives outputs k0 + 16 k1
      static_assert(W == 1, "one lane per thread");
      const cuda_core::PassLane storer = lane_of(store_column_fastest, 0);
      const int k0 = storer.t;
      const float2* const own = tile + storer.column * pitch + k0 * region;
#pragma unroll
      for (int b = 0; b < 16; ++b) x[b] = own[b];
      cuda_core::dft16<Sign>(x);
      fetch(next_first(first), 0, W);  // the next tile's loads (raw is free since stage 1)
      store_every_sixteenth(first, storer, k0, x);
    } else {
      // Stage 2's lanes: column-fastest; CrossRows: rows c and c + 2 in one thread, c = bit 2 of its index
      // and t's bits 2 and 3 from its bits 4 and 3, so that a half-warp's 2 x 8 lanes fall in the 16
      // pairs of banks as the column-fastest 4 x 4 do.
      const auto worker_of = [&](int w) {
        if constexpr (step_across_lanes) {
          const int t = (thread & 3) | (thread & 8) | ((thread >> 2) & 4) | ((thread >> 5) << 4);
          return cuda_core::PassLane{((thread >> 2) & 1) + 2 * w, t};
        } else {
          return lane_of(true, w);
        }
      };
      {  // Stage 2: lane (column, k0 + 16 a) takes b (points a + R b of region k0), DFT -> k1, twiddle w_T^(a k1);
        // every lane's reads before any lane's writes (in place).
        float2 y[W][16];
#pragma unroll
        for (int w = 0; w < W; ++w) {
          const cuda_core::PassLane worker = worker_of(w);
          const int k0 = worker.t & 15, a = worker.t >> 4;
          const float2* const own = tile + worker.column * pitch + k0 * region;
#pragma unroll
          for (int b = 0; b < 16; ++b) y[w][b] = own[a + R * b];
          if constexpr (!step_across_lanes) {
            cuda_core::dft16<Sign>(y[w]);
            inner_twiddle(second_step, y[w], a);  // w_T = w_P^16
          }
        }
        if constexpr (step_across_lanes) {  // the step's butterflies across rows c and c + 2, then as above
          const cuda_core::PassLane worker = worker_of(0);
          const bool turned = worker.column == 1;
#pragma unroll
          for (int b = 0; b < 16; ++b) {
            const float2 difference = complex_subtract(y[0][b], y[1][b]);
            y[0][b] = complex_add(y[0][b], y[1][b]);
            y[1][b] = turned ? cuda_core::quarter_turn<Sign>(difference) : difference;
          }
#pragma unroll
          for (int w = 0; w < W; ++w) {
            cuda_core::dft16<Sign>(y[w]);
            inner_twiddle(second_step, y[w], worker.t >> 4);
          }
        }
        __syncthreads();
#pragma unroll
        for (int w = 0; w < W; ++w) {
          const cuda_core::PassLane worker = worker_of(w);
          const int k0 = worker.t & 15, a = worker.t >> 4;
          float2* const own = tile + worker.column * pitch + k0 * region;
#pragma unroll
          for (int k1 = 0; k1 < 16; ++k1) own[16 * a + k1] = y[w][k1];
        }
        __syncthreads();
      }
      // The next tile's loads, in flight during stage 3 (raw is free since stage 1; no registers wait
      // on device memory before then).
      if constexpr (E > 0) fetch(next_first(first), 0, E);
      if constexpr (step_of_four_before_dft) stage_odd_rows(next_first(first));
      // Stage 3: lane (column, k0 + 16 c) takes rows k1 = c + R q, a DFT of R each; output t + T q + 256 k2.
      // CrossRows of four: thread i's lanes read rows 2 p and 2 p + 1 (p = i / T) at t = i mod T and write
      // output p + 2 w, their sum (w = 0) or difference (the step's last butterflies).
      // R = 32 (two lanes per thread): thread i takes row k1 of region k0 of one column whole, its DFT of 32
      // (outputs k2 at k0 + 16 k1 + 256 k2), r = k0 + 16 k1 and the column from i as the stores' lanes
      // order them.  (Else the lanes' loop below, R <= 16.)
      if constexpr (R == 32) {
        const int r = store_column_fastest ? thread >> 1 : thread & 255;
        const int column = store_column_fastest ? thread & 1 : thread >> 8;
        const int k0 = r & 15, k1 = r >> 4;
        if (first + column >= columns) continue;
        const float2* const own = tile + column * pitch + k0 * region;
        float2 even[16], odd[16];
        cuda_core::radix_2_step_of_32_point_dft<Sign>(even, odd, [&](int a) { return own[16 * a + k1]; });
        OutputStorage* const destination = output + store.tile_start(first) + store.memory(r, column);
        const std::int64_t half_step = std::int64_t{256} << store.log2_b;  // from output 2 k' to 2 k' + 1
        cuda_core::dft16<Sign>(even);
#pragma unroll
        for (int k = 0; k < 16; ++k) OutputTraits::store(destination + k * store_step, scaled(even[k]));
        cuda_core::dft16<Sign>(odd);
#pragma unroll
        for (int k = 0; k < 16; ++k) OutputTraits::store(destination + half_step + k * store_step, scaled(odd[k]));
      } else {
#pragma unroll
        for (int w = 0; w < W; ++w) {
          const cuda_core::PassLane storer =
              step_across_lanes ? cuda_core::PassLane{(thread >> Shape::log2_column_threads) + 2 * w, thread & (T - 1)}
                                : lane_of(store_column_fastest, w);
          const int k0 = storer.t & 15, c = storer.t >> 4;
          const int read_column = step_across_lanes ? 2 * (thread >> Shape::log2_column_threads) : storer.column;
          const float2* const own = tile + read_column * pitch + k0 * region;
          if constexpr (PairedStores) {  // R = 16, column-fastest stores of 8 columns side by side
            // Outputs t + 256 k2.  Tile A (with a tile B): into staging, [output][column]; tile B: lane 4 r + j
            // writes columns 2 j, 2 j + 1 of the pair at row r, A's from staging (j < 2), B's from lanes 4 r +
            // 2 (j - 2) and the next (every lane takes part in the shuffles).
            auto* const staging = reinterpret_cast<std::uint32_t*>(shared_bytes + Shape::tile_bytes);
            const bool tile_a = (first & C) == 0, staged = tile_a && first + C < columns;
            std::uint32_t words[16];  // the outputs as stored
            {
              float2 y[16];
#pragma unroll
              for (int a = 0; a < 16; ++a) y[a] = own[16 * a + c];
              cuda_core::small_dft<Sign>(y);
#pragma unroll
              for (int k2 = 0; k2 < 16; ++k2) {
                const OutputStorage narrowed = OutputTraits::narrow(scaled(y[k2]));
                memcpy(&words[k2], &narrowed, sizeof(words[k2]));
              }
            }
            if (staged) {
#pragma unroll
              for (int k2 = 0; k2 < 16; ++k2) staging[(storer.t + 256 * k2) * C + storer.column] = words[k2];
            } else if (tile_a) {  // no tile B: as unpaired
              if (first + storer.column < columns) {
                auto* const destination = reinterpret_cast<std::uint32_t*>(
                    output + store.tile_start(first) + store.memory(storer.t, storer.column));
#pragma unroll
                for (int k2 = 0; k2 < 16; ++k2) destination[std::int64_t{256 * k2} << store.log2_b] = words[k2];
              }
            } else {
              const int j = storer.column, lane = thread & 31, source = (lane & ~3) | ((j & 1) << 1);
              const std::int64_t pair_first = first - C, column = pair_first + 2 * j;
              auto* const destination = reinterpret_cast<std::uint32_t*>(output + store.tile_start(pair_first) + 2 * j +
                                                                         (std::int64_t{storer.t} << store.log2_b));
              const bool both = column + 1 < columns, aligned = (reinterpret_cast<std::uintptr_t>(output) & 7) == 0;
#pragma unroll
              for (int k2 = 0; k2 < 16; ++k2) {
                uint2 pair{__shfl_sync(0xffffffffu, words[k2], source),
                           __shfl_sync(0xffffffffu, words[k2], source + 1)};
                if (j < 2) pair = *reinterpret_cast<const uint2*>(staging + (storer.t + 256 * k2) * C + 2 * j);
                std::uint32_t* const at = destination + (std::int64_t{256 * k2} << store.log2_b);
                if (column >= columns) continue;
                if (both && aligned) {
                  *reinterpret_cast<uint2*>(at) = pair;
                } else {
                  at[0] = pair.x;
                  if (both) at[1] = pair.y;
                }
              }
            }
            continue;
          }
          if (first + storer.column >= columns) continue;
          if constexpr (R <= 16) {
            OutputStorage* const destination = output + store.tile_start(first) + store.memory(storer.t, storer.column);
#pragma unroll
            for (int q = 0; q < 16 / R; ++q) {
              float2 y[R];
#pragma unroll
              for (int a = 0; a < R; ++a) {
                y[a] = own[16 * a + c + R * q];
                if constexpr (step_across_lanes) {
                  const float2 other = own[pitch + 16 * a + c + R * q];
                  y[a] = w == 0 ? complex_add(y[a], other) : complex_subtract(y[a], other);
                }
              }
              cuda_core::small_dft<Sign>(y);
#pragma unroll
              for (int k2 = 0; k2 < R; ++k2) {
                OutputTraits::store(destination + q * store_step + (std::int64_t{256 * k2} << store.log2_b),
                                    scaled(y[k2]));
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace tensorfft::cuda
