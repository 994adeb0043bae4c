// The backend-neutral plan: what make_plan builds and both executors read.
// Glossary (Stockham autosort formulation, Govindaraju et al. 2008):
//   radix          size of the small DFT a stage applies (2, 4, 8, 16)
//   stride         product of the radices of the earlier stages of the axis
//                  (FFTPACK's l1): a stage combines sub-transforms of this
//                  length into ones of length stride * radix
//   twiddle        exp(sign*2*pi*i * (j*k) / (stride*radix)), j < stride,
//                  k < radix, applied to stage inputs before the small DFT
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tensorfft/tensorfft.hpp"

namespace tensorfft {

namespace plan {

struct Stage {
  int radix = 0;
  std::int64_t stride = 1;  // product of the earlier radices of this axis
};

// Consecutive stages a GPU kernel keeps on chip: one read and one write of
// device memory per pass.
struct Pass {
  int first_stage = 0;
  int stage_count = 0;
  // The cross-row step (plan::runs_cross_row_step): this pass, the first of
  // its axis, runs in the kernel of the pass executed before it (the
  // contiguous axis's one pass), so no intermediate lies between them.
  bool in_previous_pass = false;
};

struct AxisSchedule {
  int axis = 0;             // index into Problem::sizes
  std::int64_t size = 0;
  std::vector<Stage> stages;
  std::vector<Pass> passes;
  std::int64_t pass_length(const Pass& pass) const;
};

// A layout with defaults filled in (embed = the sizes' shape, packed distance).
struct ResolvedLayout {
  std::vector<std::int64_t> embed;
  std::vector<std::int64_t> pitch;  // elements between neighbours along each axis
  std::int64_t distance = 0;
  std::int64_t extent = 0;  // elements from the first to one past the last touched
  bool packed = false;      // element (b, i) at b * prod(sizes) + linear(i)
  bool operator==(const ResolvedLayout& other) const {
    return pitch == other.pitch && distance == other.distance;
  }
};

// Columns of a multi-pass tile: the columns lie N/P elements apart in device
// memory, so fewer than 4 (32 bytes of fp32) would waste most of each sector.
constexpr std::int64_t min_columns_per_tile = 4;

// The largest radix the default schedule uses.
constexpr int default_max_radix = 16;

// The largest radix of the problem's stages: Problem::max_radix (0:
// default_max_radix), except in the tensor-core modes' default schedules of
// 1D transforms whose CUDA-core kernel is faster than their tensor-core
// products, which take radix 4: 4096 points in fp16/bf16 storage (both
// modes), 1024 and 2048 points in fp16/bf16 storage and 8192, 16384 and
// 32768 points in every storage (the split mode).  Radix-4 stages run as fp32
// butterflies in these modes, and the CUDA executor runs such a transform
// as one kernel on the CUDA cores (cuda_core_transform.cuh), at the split
// mode's accuracy or better.  H100, split_fp16 against its radix-16
// products: 4096 points 0.85x the time at the same relL2 (r283; 2.78e-4
// fp16, 2.22e-3 bf16), 0.91x of that since (r288), faster than
// single_fp16's one product too (r289, r290: so single_fp16 takes it
// there); fp32 storage stays radix 16 (1.08x slower on the CUDA cores,
// r294).  1024 / 2048 points (r296): fp16 0.93x / 0.88x, bf16 0.93x /
// 0.87x; fp32 storage 1.06x ... 1.08x slower, 512 points 1.09x: radix 16.
// 8192 points (r294, r298): fp32 storage 0.91x (relL2 1.51e-7 against
// 1.81e-7), bf16 0.90x, fp16 0.93x.  16384 points (r301): fp16 0.81x, bf16
// 0.82x, fp32 storage 0.95x (relL2 1.56e-7 against 1.83e-7).  32768
// points (r311, two rounds; a cluster of two 16384-point blocks): fp16
// 0.86x the time of the paired halves' products, bf16 0.87x, the same
// relL2; fp32 storage (r312: the fp32 mode's run of the same kernel) 0.94x
// the time of two tensor-core passes, relL2 1.75e-7 against 2.50e-7;
// 65536 points (four blocks) 1.12x ... 1.50x slower (radix 16), and
// slower than two CUDA-core passes of 256 (r348): not kept.
// single_fp16's one product is as fast or faster than these kernels at
// 1024, 2048, 8192, 16384 and 32768 and keeps radix 16 (docs/BENCHMARKS.md,
// the thirty-third to thirty-fifth sessions).
// Radix 4 also where the transform takes passes of 64 ... 4096 points that
// the CUDA executor runs on the CUDA cores (cuda::cuda_core_pass_kernel;
// make_plan keeps it only where every axis's passes are such passes): 1D
// 2^16 ... 2^26 points in the split mode (fp32 storage from 2^20),
// single_fp16 in fp16/bf16 storage (fp32 storage from 2^21), with compact
// intermediates 2^16 ... 2^26 in both modes, and 2D/3D shapes of 2^20 ...
// 2^26 elements with axes of 256 ... 1024 or 4096 points (fp16/bf16
// storage, both modes; with compact intermediates also 128 and 2048; fp32
// storage where every axis has 4096).  H100 (the
// thirty-sixth session, r319, r322, r323), against the tensor-core passes:
// split fp16 0.87x ... 0.98x the
// time, bf16 0.82x ... 0.98x, fp32 storage 0.89x at 2^21 / 2^22 (1.00x ...
// 1.01x at 2^18, 2^19, 2^23), 1024^2 fp16 0.96x, 256^3 0.98x; relL2 the
// same (fp16/bf16) or lower (fp32 storage).  The thirty-seventh session:
// compact intermediates 0.56x ... 0.86x (r328), single_fp16 fp16/bf16
// 2^17 ... 2^20 0.96x ... 0.99x (r335).  The thirty-eighth session: 2^22 and
// 2^23 with a 4096-point first pass (pass_limits; r338), which also brought
// single_fp16's 2^22 and fp32 storage's 2^23 to the CUDA cores.  The
// thirty-ninth session: 2^16 as 256 x 256 (r348), 128^3 with compact
// intermediates (r349, r350).
// memory_bytes_per_sm_cycle: the bandwidth of the device planned for
// (cuda_memory_bytes_per_sm_cycle; default_memory_bytes_per_sm_cycle without one).
int problem_max_radix(const Problem& problem, double memory_bytes_per_sm_cycle);

// Device-memory bandwidth per SM and SM clock cycle, in bytes, from which fp32
// storage takes the CUDA-core kernels in the tensor-core modes as fp16/bf16
// storage does (problem_max_radix), and whole 4096-point transforms run in
// cuda::cuda_core_short_transform_kernel's shape: there the tensor-core
// passes' instructions, not the memory, bound fp32 storage.  The H200 moves
// 18.8 bytes (4.9 TB/s over 132 SMs at 1.98 GHz), the H100 SXM 12.8 (3.35 TB/s).
constexpr double memory_rich_bytes_per_sm_cycle = 16.0;
constexpr bool memory_rich(double memory_bytes_per_sm_cycle) {
  return memory_bytes_per_sm_cycle >= memory_rich_bytes_per_sm_cycle;
}
// The value of TENSORFFT_MEMORY_BYTES_PER_SM_CYCLE (null: unset), which makes the plans those of a device of
// that bandwidth (cuda_memory_bytes_per_sm_cycle), so that one device's GPU suite can run another's choices
// (12.8: the H100 SXM's on an H200).  0 where unset or empty; anything but a positive finite number is an
// invalid_value error naming the variable.
double assumed_memory_bytes_per_sm_cycle(const char* value);
// Whether a contiguous single pass may run on thread-block clusters (2^15
// points as two blocks: pass_limits' thread_block_clusters): where the device
// launches them (device_clusters), except fp32 storage in the split mode on a
// memory-rich device, whose 2^15 points take two CUDA-core passes (256 x 128).
bool single_pass_in_clusters(const Problem& problem, bool device_clusters, double memory_bytes_per_sm_cycle);
// The bandwidth planned for where no CUDA device is present: the H100 SXM's
// (the sm_90 device of default_shared_bytes_per_block), so that a plan is the
// same on any machine without one.
constexpr double default_memory_bytes_per_sm_cycle = 12.8;

// Radices for a power-of-two size: as many max_radix stages as fit, the
// remainder (a smaller power of two) last, so that a pass of 256 ... 2048
// points starts with two radix-16 stages (the CUDA register block).  Mixed
// radices and Bluestein extend this function only.
std::vector<int> radix_schedule(std::int64_t size, int max_radix);

// The longest pass the CUDA kernels keep on chip: a whole unstrided axis in
// one pass (contiguous_single_pass), a pass whose columns lie apart in memory
// (a strided axis or one pass of several; strided_pass, room for
// min_columns_per_tile columns), and the first of several passes of an
// unstrided axis (first_of_several >= strided_pass: its outputs are
// contiguous, so fewer columns per tile do).  later_pass, when not 0, is
// the length every pass of an unstrided axis after the first takes (the
// first the rest) wherever the first fits first_of_several (and, with
// later_pass_over_balanced, where the balanced lengths would have a pass
// after the first longer than later_pass), instead of balanced lengths;
// strided_last_of_two, when not 0, the length the second
// of two passes of a strided axis takes where the first fits strided_pass
// and has at most strided_longest_first_of_two points;
// strided_axis_single_pass, when above strided_pass, the longest strided
// axis that runs in one pass (fp32 storage: 4096 points in place, cuda::
// strided_tile_in_parts).
// Two passes of an unstrided axis, when not 0: slow_first_of_two, a first
// pass length that gives way to first_of_several (the second pass takes the
// rest); second_of_two_in_place, whether a first pass of
// strided_axis_single_pass points with a shorter second swaps with it (the
// second then runs in place, as a strided axis of that length does);
// shorter_first_of_two_up_to, the longest pass that goes second where the
// other is shorter; first_of_two, the length the first pass takes where the
// second then has first_of_two_shortest_second ... first_of_two_longest_second
// points.
struct PassLimits {
  std::int64_t contiguous_single_pass;
  std::int64_t strided_pass;
  std::int64_t first_of_several;
  std::int64_t later_pass = 0;
  bool later_pass_over_balanced = false;
  std::int64_t strided_last_of_two = 0;
  std::int64_t strided_longest_first_of_two = std::int64_t{1} << 62;
  std::int64_t strided_axis_single_pass = 0;
  std::int64_t slow_first_of_two = 0;
  bool second_of_two_in_place = false;
  std::int64_t shorter_first_of_two_up_to = 0;
  std::int64_t first_of_two = 0, first_of_two_shortest_second = 0, first_of_two_longest_second = 0;
};
// The longest pass whose tiles of 4-byte elements (fp16/bf16 storage) with
// columns apart take 8 columns, so that each point's run of columns fills a
// 32-byte sector (cuda strided_log2_min_columns; longer passes would not fit
// 8 columns in shared memory).
constexpr int log2_longest_whole_sector_pass = 10;
// The longest pass with columns apart that the CUDA register-block passes of
// 8-byte elements (fp32 storage or intermediates, to 8-byte elements) run
// in place (cuda::exchanges_in_place): 4096 points in tiles of 4 columns,
// fetched in parts (tile_in_parts_shared_bytes).
constexpr int log2_longest_in_place_strided_pass = 12;
// The limits for an axis in this storage and mode: on_chip_elements (and a
// quarter of it when strided), longer for the fixed-shape register-block
// passes of the tensor-core modes with the default radices where
// `shared_bytes_per_block` holds them; `reads_packed_storage`: the axis is the
// first executed and reads the caller's packed input; `writes_packed_storage`:
// it is the last executed and writes the caller's packed output;
// `intermediate_element_bytes`: of the plan's intermediates (4 for the
// compact formats, which let passes with columns apart reach 4096 points);
// `thread_block_clusters`: the device launches them (sm_90; as if so
// without a device), which the CUDA-core kernel of 2^15 points needs;
// `memory_bytes_per_sm_cycle`: the device's bandwidth (memory_rich).
PassLimits pass_limits(StorageType storage, ComputeMode mode, int max_radix, bool reads_packed_storage,
                       bool writes_packed_storage, std::int64_t shared_bytes_per_block,
                       int intermediate_element_bytes = 8, bool thread_block_clusters = true,
                       double memory_bytes_per_sm_cycle = default_memory_bytes_per_sm_cycle);
// Shared memory per block assumed where no CUDA device is present (sm_90's
// opt-in maximum), so that a plan is the same on any machine without one;
// the CUDA fixed-shape instances' tiles are chosen for it too.
constexpr std::int64_t default_shared_bytes_per_block = 227 * 1024;

// The pass lengths, of several passes or along a strided axis, that the CUDA
// executor runs on the CUDA cores where their stages are fp32 arithmetic
// (cuda::cuda_core_pass_kernel, with fp32 or compact intermediates): 64 ... 4096.
constexpr std::int64_t shortest_cuda_core_pass = 64, longest_cuda_core_pass = 4096;
// The shared memory of that kernel's 4096-point tile in two lanes per thread (cuda::CudaCorePassShape<12,
// 4, 2>::tile_bytes: four columns of 16 regions of 257 fp32 complex values, 4 apart), which 4096-point
// passes need.
constexpr std::int64_t longest_cuda_core_pass_tile_bytes = 4 * (16 * 257 + 4) * 8;
// Whether every pass of `axis` is such a pass.
bool passes_run_on_cuda_cores(const AxisSchedule& axis);

// The exchange tile of the CUDA kernel of whole 16384-point transforms on
// the CUDA cores (cuda::cuda_core_transform_16384_kernel: 16 regions of
// 1041 fp32 complex values); pass_limits gives such transforms one pass
// where it fits.
constexpr std::int64_t cuda_core_16384_tile_bytes = 16 * 1041 * 8;
// Shared memory of a CUDA register-block pass over a tile of `elements`: the
// input tile in storage format beside the fp32 exchange tile.
constexpr std::int64_t register_block_shared_bytes(std::int64_t elements, int input_element_bytes) {
  return elements * (input_element_bytes + 8);
}
// Shared memory of a register-block pass that exchanges in place in a tile
// of 2^14 8-byte elements (cuda::exchanges_in_place, cuda::
// fetches_tile_in_parts: the contiguous 2^14-point pass, strided 2048- and
// 4096-point passes): the tile in in_place_tile_parts parts among 2
// in_place_tile_parts - 1 part slots, so that all but the last part of the
// next tile arrive while this one runs (cuda::register_block_pass).
constexpr int in_place_tile_parts = 4;
constexpr std::int64_t tile_in_parts_shared_bytes(std::int64_t elements, int input_element_bytes) {
  return elements * input_element_bytes / in_place_tile_parts * (2 * in_place_tile_parts - 1);
}

// Stages and passes of an axis of `size` points.  One pass with
// radix_schedule(size) while the axis fits on chip (limits.
// contiguous_single_pass, or limits.strided_pass (strided_axis_single_pass
// where longer) for a strided axis, one with
// later axes read with stride I).  Otherwise the fewest passes of balanced
// power-of-two lengths (longer first) that fit limits.strided_pass (the
// first: first_of_several on an unstrided axis), or the lengths that
// limits.later_pass and strided_last_of_two set, each pass with the
// radix_schedule of its own length: grouping one axis-wide schedule instead
// would let the radix granularity force an extra pass through memory (2^20
// = 16^5 does not split into two passes of radix-16 stages of <= 2^11
// points).  Fills stages (with their strides) and passes; size must be a
// power of two.
void schedule_axis(AxisSchedule& axis, int max_radix, const PassLimits& limits, bool strided_axis);

// Whether the last two axes run as one CUDA pass computing each plane's 2D
// DFT instead of one pass per axis.  With the default radices the 128 x 128
// planes of the 2^14-point register-block pass (cuda::plane_pass_kernel),
// where a contiguous 2^14-point single pass would run (pass_limits with
// reads_packed_storage: fp16/bf16 storage read packed, a tensor-core mode,
// shared_bytes_per_block for its tiles); with the radix-4 schedule (max_radix
// 4) the CUDA-core plane kernel's planes (cuda_core_plane_shape; cuda::
// cuda_core_transform_16384_kernel's PlaneColumns), in a tensor-core mode
// where its tile fits (problem_max_radix gives them radix 4 where the
// CUDA-core kernels serve the storage, and the later axes then take radix 4
// with them).
// The axes keep their own stages; the host executor runs them axis by axis.
constexpr std::int64_t plane_side = 128;  // the register-block plane pass's planes: 128 x 128
// The CUDA-core plane kernel's planes: R x C = 16384 points with C (the contiguous axis) of 64 ... 256 points.
constexpr std::int64_t cuda_core_plane_points = 16384, cuda_core_plane_min_columns = 64,
                       cuda_core_plane_max_columns = 256;
// Whether the problem's last two axes are such a plane.
bool cuda_core_plane_shape(const Problem& problem);
bool runs_plane_pass(const Problem& problem, int max_radix, bool input_packed, std::int64_t shared_bytes_per_block);

// The cross-row step: the first pass of the axis executed second (the one
// before the contiguous axis), a DFT of cross_row_step_points across rows
// S / points apart (S its size), runs inside the contiguous axis's one pass
// on the CUDA cores, whose tiles of that many rows (cuda::
// cuda_core_pass_kernel's CrossRows; two lanes per thread) are then those
// rows; the axis's other pass has S / points points.  Where
// - the contiguous axis has 4096 points and the other 4096, 8192 or 16384
//   (cross_row_step_after_4096): 4 points across rows S / 4 apart, inside
//   the 4096-point pass.  The strided 4096-point pass it replaces reads 16-
//   or 32-byte runs per column group and ran at 1.1 ... 1.5 TB/s (ncu, H100
//   r352 / r353); 4096^2 took 0.68x ... 0.80x the time in fp16/bf16
//   storage (r354), 0.92x in fp32 storage (r355; cuda_core_pass.cuh).
//   8192 x 4096 and 16384 x 4096 took three tensor-core passes before
//   (H200 r455: 0.53x ... 0.84x the time with the step; problem_max_radix);
// - the contiguous axis has 8192 points and the other 256 ... 8192: 2
//   points across rows S / 2 apart, inside an 8192-point pass of two rows
//   (its only use: no 8192-point pass runs on the CUDA cores otherwise).
//   8192^2 then takes two passes instead of three: H100 r373, fp16 split
//   0.998 ms instead of 1.155 (cuFFT fp16 1.879), fp32 storage 1.068
//   instead of 1.327 (cuFFT fp32 1.124; problem_max_radix);
// - 8192^2 in fp16/bf16 storage, where the device's shared memory also holds
//   the staging of the odd rows (cross_row_8192_odd_row_staging_bytes): 4
//   points across rows S / 4 apart in that pass (each tile of two rows reads
//   four and writes two of the step's outputs), so that the strided pass has
//   2048 points (64-byte runs) instead of 4096 (32-byte runs).  H200 r489
//   (A/B, three rounds): fp16 / bf16 split 0.90x the time (0.762 -> 0.686
//   ms), single_fp16 0.90x, compact 0.93x; the fp32 mode (the same
//   kernels) 0.89x / 0.91x (r492); relL2 the same.  Its 8192-point
//   pass ran 0.334 ms against the step of two's 0.250 (both tiles of a
//   quartet read all four rows), its 2048-point pass 0.351 against the
//   4096-point pass's 0.514 (ncu, r487 / r489).
//   Not elsewhere: 256 ... 4096 x 8192 ran 1.06x ... 1.21x slower (their
//   strided passes were short already), fp32 storage (its odd rows fetched
//   in stage 1, which 8-byte rows need for want of shared memory) 1.04x
//   slower at 8192^2 (r488).
// with the radix-4 schedule (any storage but fp64), where the device's
// shared memory holds the tile.
// The contiguous pass of two rows: 8192 points (cuda::cuda_core_two_row_pass_log2_length).
constexpr std::int64_t two_row_cuda_core_pass = 8192;
// The step's points (4 or 2) where runs_cross_row_step.
int cross_row_step_points(const Problem& problem, std::int64_t shared_bytes_per_block);
// The axes (of `across` points) that a 4096-point contiguous axis takes the step of four from: the pass after
// it then has 1024, 2048 or 4096 points.  (Shorter ones keep a strided pass of their own, not measured with
// the step.)  16384 only with compact intermediates: with full ones its two strided passes of 128 points (the
// radix-4 schedule without the step) ran 0.95x the step's time in fp16 / bf16 storage, 0.98x / 0.99x in fp32
// storage (H200 r458, A/B, three rounds, both tensor-core modes; relL2 the same), while compact
// intermediates, rounded once more that way, ran 0.97x (fp16) / 1.00x (bf16) at a higher relL2 (fp16 3.08e-4
// -> 3.35e-4).
constexpr bool cross_row_step_after_4096(std::int64_t across, bool compact_intermediates) {
  return across == 4096 || across == 8192 || (across == 16384 && compact_intermediates);
}
// The tile of the 8192-point pass of two rows (cuda::CudaCorePassShape<13, 4, 2>::tile_bytes: two columns of
// 16 regions of 513 fp32 complex values, 8 apart).
constexpr std::int64_t cross_row_8192_tile_bytes = 2 * (16 * 513 + 8) * 8;
// With the step of four, rows 1 and 3 of the next tile wait after it (cuda::cuda_core_odd_row_staging_bytes).
constexpr std::int64_t cross_row_8192_odd_row_staging_bytes = 2 * 8192 * 4;
bool runs_cross_row_step(const Problem& problem, int max_radix, std::int64_t shared_bytes_per_block);
// Schedules `axis` as the cross-row step's pass (in_previous_pass) of
// step_points (cross_row_step_points) and one pass of the rest, each with the radix schedule of its length.
void schedule_axis_after_cross_row_step(AxisSchedule& axis, int max_radix, int step_points);

// The modes whose radix-8 and 16 stages run on tensor cores (split_fp16,
// single_fp16); only they have the CUDA register-block kernels.
constexpr bool tensor_core_mode(ComputeMode mode) {
  return mode == ComputeMode::split_fp16 || mode == ComputeMode::single_fp16;
}

// Whether a stage of this radix runs on tensor cores in this mode: radix 8
// and 16 in the fp16 modes; radix 2 and 4 (whose DFT entries are 0 and +-1,
// +-i) run as fp32 butterflies, exact products and cheaper than an MMA.
inline bool stage_uses_tensor_cores(ComputeMode mode, int radix) {
  return tensor_core_mode(mode) && radix >= 8;
}

// The element format of the intermediates between passes (and axes): fp64
// in the fp64 mode; with Intermediates::compact in the tensor-core modes with
// fp16/bf16 storage a 4-byte complex with one exponent for both parts
// (precision/shared_exponent.hpp: two thirds of the bytes of a two-pass
// transform, at most 2^-12 (fp16) or 2^-11 (bf16) of the larger part's
// magnitude added per pass); else fp32.
enum class IntermediateFormat { fp32, fp64, shared_exponent_e6m13, shared_exponent_e8m12 };
inline IntermediateFormat intermediate_format(StorageType storage, ComputeMode mode, Intermediates intermediates) {
  if (mode == ComputeMode::fp64) return IntermediateFormat::fp64;
  const bool tensor_cores = tensor_core_mode(mode) && intermediates == Intermediates::compact;
  if (tensor_cores && storage == StorageType::complex_fp16) return IntermediateFormat::shared_exponent_e6m13;
  if (tensor_cores && storage == StorageType::complex_bf16) return IntermediateFormat::shared_exponent_e8m12;
  return IntermediateFormat::fp32;
}
// Whether Intermediates::compact gives this storage and mode a format of its own.
inline bool compact_intermediates_exist(StorageType storage, ComputeMode mode) {
  return intermediate_format(storage, mode, Intermediates::compact) !=
         intermediate_format(storage, mode, Intermediates::full);
}
inline int intermediate_element_bytes(IntermediateFormat format) {
  switch (format) {
    case IntermediateFormat::fp64: return 16;
    case IntermediateFormat::fp32: return 8;
    default: return 4;
  }
}
inline const char* to_string(IntermediateFormat format) {
  switch (format) {
    case IntermediateFormat::fp64: return "fp64";
    case IntermediateFormat::fp32: return "fp32";
    case IntermediateFormat::shared_exponent_e6m13: return "e6m13";
    case IntermediateFormat::shared_exponent_e8m12: return "e8m12";
  }
  return "?";
}

// Elements of one transform a single pass of the tile kernel keeps on chip,
// by storage type and mode (pass_limits builds on it).
std::int64_t on_chip_elements(StorageType storage, ComputeMode mode);

}  // namespace plan

class Executor {
 public:
  virtual ~Executor() = default;
  virtual void execute(const void* input, void* output, void* stream, void* workspace) const = 0;
  virtual std::size_t workspace_bytes() const { return 0; }
  // Workspace owned by the executor itself (allocated at plan time), or null.
  virtual void* own_workspace() const { return nullptr; }
  // Which memory the pointers must be in; checked before execute.
  virtual void check_pointers(const void* input, const void* output) const {
    (void)input;
    (void)output;
  }
};

struct PlanImplementation {
  Problem problem;
  PlanOptions options;
  Backend backend = Backend::host;
  std::string backend_reason;
  std::string description;
  std::vector<plan::AxisSchedule> axes;  // in execution order: last axis first
  bool plane_pass = false;               // axes[0] and axes[1] in one pass (plan::runs_plane_pass)
  plan::IntermediateFormat intermediate = plan::IntermediateFormat::fp32;  // between passes
  plan::ResolvedLayout input_layout;
  plan::ResolvedLayout output_layout;
  std::int64_t transform_elements = 0;  // product of the sizes
  long double scale = 1.0L;             // normalization applied to the output
  std::unique_ptr<Executor> executor;
};

// Internal helpers shared by the executors.
namespace plan {
// Passes through device memory the CUDA executor runs for the plan (the plane
// pass counts once); each but the last stores an intermediate.
int pass_count(const PlanImplementation& plan);
// sign of the exponent: -1 forward, +1 inverse
inline int direction_sign(Direction direction) { return direction == Direction::forward ? -1 : +1; }
}  // namespace plan

}  // namespace tensorfft
