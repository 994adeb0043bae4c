// The CUDA executor: turns the plan's passes (every axis, last axis first)
// into stockham_pass_kernel launches, uploads the twiddle tables and MMA
// fragments once at plan time, and owns the workspace between passes (the
// plan's intermediate format: plan::intermediate_format).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "cuda/cuda_core_kernel_table.cuh"
#include "cuda/cuda_core_pass.cuh"
#include "cuda/cuda_core_transform.cuh"
#include "cuda/column_table.cuh"
#include "cuda/fixed_shape_kernels.cuh"
#include "cuda/layout_copy.cuh"
#include "cuda/stockham_pass.cuh"
#include "plan/executors.hpp"
#include "plan/twiddles.hpp"
#include "precision/split.hpp"

namespace tensorfft {
namespace {

using cuda::PassParameters;

void check(cudaError_t status, const char* what, Status failure = Status::execution_failed) {
  if (status != cudaSuccess) {
    throw Error(failure, std::string(what) + " failed: " + cudaGetErrorString(status));
  }
}

// The exponent of the least power of two >= value (value >= 1): log2 of a power of two.
int ceil_log2(std::int64_t value) {
  int log2 = 0;
  while ((std::int64_t{1} << log2) < value) ++log2;
  return log2;
}

// Elements a tile aims for: enough columns to fill a block of warps.
constexpr int target_tile_elements = 2048;

using KernelFunction = cuda::PassKernel;

// Kernels by (format of the input, format of the output): the caller's
// storage type or the intermediate format of the workspace.
using LayoutCopy = void (*)(const void*, void*, cuda::LayoutMap, cudaStream_t, int);

using FixedShapeLookup = cuda::PassKernel (*)(bool, bool, int, int, bool);
using SinglePassShapeLookup = cuda::PassKernel (*)(bool);  // by output_is_intermediate

// The CUDA-core kernels (cuda::CudaCoreKernels, in the fp32-arithmetic modes) and the others.
struct KernelChoice : cuda::CudaCoreKernels {
  KernelFunction storage_to_storage = nullptr, storage_to_intermediate = nullptr,
                 intermediate_to_intermediate = nullptr, intermediate_to_storage = nullptr;
  LayoutCopy gather = nullptr, scatter = nullptr;  // caller layout <-> packed array of the storage type (exact copies)
  FixedShapeLookup fixed_shape = nullptr;         // cuda::fixed_shape_kernel, in the tensor-core modes
  SinglePassShapeLookup plane = nullptr;          // cuda::plane_kernel, in the tensor-core modes
  SinglePassShapeLookup paired_halves = nullptr;  // cuda::paired_halves_kernel, in the tensor-core modes
  int intermediate_bytes = 0;                     // sizeof the kernels' intermediate element
  KernelFunction pick(bool input_is_intermediate, bool output_is_intermediate) const {
    if (input_is_intermediate) return output_is_intermediate ? intermediate_to_intermediate : intermediate_to_storage;
    return output_is_intermediate ? storage_to_intermediate : storage_to_storage;
  }
};

// Gathered inputs and scattered outputs stay in the storage type: the copy is
// exact, and the passes read and write that type as they would the caller's.
template <typename Storage>
void launch_gather(const void* input, void* packed, cuda::LayoutMap map, cudaStream_t stream, int grid) {
  cuda::gather_kernel<Storage><<<grid, 256, 0, stream>>>(static_cast<const Storage*>(input),
                                                         static_cast<Storage*>(packed), map);
}
template <typename Storage>
void launch_scatter(const void* packed, void* output, cuda::LayoutMap map, cudaStream_t stream, int grid) {
  cuda::scatter_kernel<Storage><<<grid, 256, 0, stream>>>(static_cast<const Storage*>(packed),
                                                          static_cast<Storage*>(output), map);
}

static_assert(cuda::CudaCorePassShape<12, 4, 2>::tile_bytes == plan::longest_cuda_core_pass_tile_bytes &&
                  (std::int64_t{1} << cuda::cuda_core_pass_max_log2_length) == plan::longest_cuda_core_pass,
              "the plan's longest CUDA-core pass and its tile are the kernel's");
static_assert(cuda::CudaCorePassShape<13, 4, 2>::tile_bytes == plan::cross_row_8192_tile_bytes &&
                  (std::int64_t{1} << cuda::cuda_core_two_row_pass_log2_length) == plan::two_row_cuda_core_pass,
              "the plan's 8192-point pass of two rows and its tile are the kernel's");
static_assert(cuda::cuda_core_odd_row_staging_bytes == plan::cross_row_8192_odd_row_staging_bytes,
              "the plan's and the kernel's staging of the step of four's odd rows");

template <ComputeMode Mode, typename Storage, typename Intermediate>
KernelChoice kernels_for() {
  KernelChoice choice;
  choice.storage_to_storage = &cuda::stockham_pass_kernel<Mode, Storage, Storage>;
  choice.storage_to_intermediate = &cuda::stockham_pass_kernel<Mode, Storage, Intermediate>;
  choice.intermediate_to_intermediate = &cuda::stockham_pass_kernel<Mode, Intermediate, Intermediate>;
  choice.intermediate_to_storage = &cuda::stockham_pass_kernel<Mode, Intermediate, Storage>;
  choice.gather = &launch_gather<Storage>;
  choice.scatter = &launch_scatter<Storage>;
  choice.intermediate_bytes = static_cast<int>(sizeof(Intermediate));
  if constexpr (plan::tensor_core_mode(Mode)) {
    choice.fixed_shape = &cuda::fixed_shape_kernel<Mode, Storage, Intermediate>;
    choice.plane = &cuda::plane_kernel<Mode, Storage, Intermediate>;
    choice.paired_halves = &cuda::paired_halves_kernel<Mode, Storage, Intermediate>;
  }
  if constexpr (Mode != ComputeMode::fp64) {
    cuda::set_cuda_core_storage_kernels<Storage>(choice);
    cuda::set_cuda_core_intermediate_kernels<Storage, Intermediate>(choice);
  }
  return choice;
}

// The kernels of a mode for the plan's storage type and intermediate format
// (plan::intermediate_format: the compact formats only in the tensor-core modes).
template <ComputeMode Mode>
KernelChoice kernels_for_storage(StorageType storage, plan::IntermediateFormat intermediate) {
  constexpr bool tensor_cores = plan::tensor_core_mode(Mode);
  switch (storage) {
    case StorageType::complex_fp16:
      if constexpr (tensor_cores) {
        if (intermediate == plan::IntermediateFormat::shared_exponent_e6m13) {
          return kernels_for<Mode, __half2, cuda::IntermediateE6M13>();
        }
      }
      return kernels_for<Mode, __half2, float2>();
    case StorageType::complex_bf16:
      if constexpr (tensor_cores) {
        if (intermediate == plan::IntermediateFormat::shared_exponent_e8m12) {
          return kernels_for<Mode, __nv_bfloat162, cuda::IntermediateE8M12>();
        }
      }
      return kernels_for<Mode, __nv_bfloat162, float2>();
    default: return kernels_for<Mode, float2, float2>();
  }
}

// TENSORFFT_RUNTIME_SHAPE_KERNELS=1 runs every pass with the run-time-shape
// kernel (to compare it with the fixed-shape ones, or to rule them out).  A
// pass only the register-block kernels hold (the 2^14-point single pass of
// and 2^15-point single passes of fp16/bf16 storage, plan::pass_limits, and
// the 128 x 128 plane pass) then fails with not_supported.
bool runtime_shape_kernels_forced() {
  const char* value = std::getenv("TENSORFFT_RUNTIME_SHAPE_KERNELS");
  return value != nullptr && value[0] != '\0' && std::strcmp(value, "0") != 0;
}

// Whether a pass runs the default schedule's stages for its length (what a
// fixed-shape kernel runs).
bool has_default_stages(const plan::AxisSchedule& axis, const plan::Pass& pass, int log2_length) {
  if (pass.stage_count != cuda::default_stage_count(log2_length)) return false;
  for (int s = 0; s < pass.stage_count; ++s) {
    if (axis.stages[pass.first_stage + s].radix != cuda::default_stage_radix(log2_length, s)) return false;
  }
  return true;
}

// The CUDA-core kernel of a whole transform of 2^log2_length points
// (cuda_core_transform.cuh; null for other lengths, in the fp64 mode, and
// for 2^15 points without thread-block clusters), its threads,
// its shared memory without [0] and with [1] the next transform's fetch,
// its blocks per transform (a cluster of them where more than one) or
// transforms per block, and its grid in resident blocks (at most).
struct CudaCoreKernel {
  KernelFunction kernel = nullptr;
  int threads = 0;
  int shared_bytes[2] = {0, 0};
  int parts = 1;
  int transforms_per_block = 1;
  int resident_multiple = 1;
};
CudaCoreKernel cuda_core_kernel(const KernelChoice& kernels, int log2_length, int sign, int storage_bytes,
                                bool clusters, bool memory_rich) {
  const int direction = sign < 0 ? 0 : 1;
  if (log2_length == cuda::cuda_core_16384_log2_length + 1) {
    if (!clusters) return {};
    // Four times the active clusters in 4-byte storage on a memory-rich device: H200 r451 (A/B, three rounds,
    // split) fp16 / bf16 0.983x / 0.979x the time of the active clusters (two times 0.985x / 0.982x), fp32
    // storage 1.007x.
    return {kernels.cuda_core_halves[direction],
            cuda::cuda_core_16384_threads,
            {cuda::cuda_core_16384_shared_bytes(storage_bytes, false),
             cuda::cuda_core_16384_shared_bytes(storage_bytes, true)},
            2,  // the halves fetch their own half (4-byte storage) or its first half (fp32)
            1,
            memory_rich && storage_bytes == 4 ? 4 : 1};
  }
  // The grids: whole transforms of 128 ... 2048 points run in eight times
  // the resident blocks, which the SMs take as they free up; 4096 ... 16384
  // points keep the resident blocks, whose next transform's loads overlap
  // this one's stages (memory-rich devices: whole_transform_multiple and
  // the 16384 and 32768 rules below).  H100 r358/r359 (grids of 1, 2, 4, 8 times the
  // resident blocks and one block per transform, 2^26 elements): 1024 and
  // 2048 points 0.89x ... 0.90x the time at 8x in fp16/bf16 (512 alike),
  // 4096 and 8192 within 1.3% at 2x ... 8x and 1.08x ... 1.26x slower with
  // a block per transform.  (Those grids divided the transforms by the tile
  // columns of other passes, 2048 / N: 128 and 256 points ran 1024 and 2048
  // blocks whatever the multiple.  Counting transforms, r363: 128 points
  // 0.94x the time of r361's launch, 256 0.98x.)
  constexpr int many_blocks = 8;  // resident_multiple up to 2048 points
  if (log2_length == cuda::cuda_core_16_point_log2_length) {
    constexpr int shared = cuda::cuda_core_16_point_shared_bytes;
    return {kernels.cuda_core_16_point[direction], cuda::cuda_core_16_point_threads, {shared, shared}, 1,
            cuda::cuda_core_16_point_threads, many_blocks};
  }
  // fp32 storage's 32 ... 4096 points on a memory-rich device in 32 times the resident blocks (about a block
  // per transform from 1024 points).  H200 (A/B, three rounds, split): r430, the warp kernel, 128 / 256 points
  // 0.960x / 0.972x the time of eight times (one block per run alike); r447, the eight-thread kernel, 32 / 64
  // points 0.973x / 0.967x (0.967x one block per run); r449 / r450, the short kernel, 512 ... 4096 points
  // 0.981x ... 0.992x at 16 times, and 0.980x ... 0.996x at 32 times against 16 (64 times r451: 1.005x ...
  // 1.026x against 32).  4-byte storage ran 1.01x ... 1.07x slower so (r430 with staged copies at 32 / 64
  // points, r447 without, r449 the short kernel at 16 times).
  const int whole_transform_multiple = memory_rich && storage_bytes == 8 ? 4 * many_blocks : many_blocks;
  if (log2_length >= cuda::cuda_core_eight_thread_min_log2_length &&
      log2_length <= cuda::cuda_core_eight_thread_max_log2_length) {
    const int shared = cuda::cuda_core_eight_thread_shared_bytes(log2_length);
    return {kernels.cuda_core_eight_thread[log2_length - cuda::cuda_core_eight_thread_min_log2_length][direction],
            cuda::cuda_core_eight_thread_threads,
            {shared, shared},
            1,
            cuda::cuda_core_eight_thread_transforms_per_block,
            whole_transform_multiple};
  }
  if (log2_length >= cuda::cuda_core_warp_min_log2_length && log2_length <= cuda::cuda_core_warp_max_log2_length) {
    const int shared = cuda::cuda_core_warp_shared_bytes(log2_length);
    return {kernels.cuda_core_warp[log2_length - cuda::cuda_core_warp_min_log2_length][direction],
            cuda::cuda_core_warp_threads,
            {shared, shared},
            1,
            cuda::cuda_core_warp_transforms_per_block(log2_length),
            whole_transform_multiple};
  }
  // 4096 points in the short kernel's shape on a memory-rich device (plan::memory_rich_bytes_per_sm_cycle):
  // H200 r414 (A/B, three rounds, against cuda_core_transform_kernel) fp16 0.91x the time, bf16 0.89x,
  // fp32 0.96x; there four blocks of 64 registers per SM, each fetching its next transform, and eight times
  // the resident blocks as the grid (the fetch alone 0.93x; without it 1.01x ... 1.05x slower; the 4096
  // kernel on that grid 0.97x).
  const bool short_shape = log2_length < cuda::cuda_core_transform_log2_length || memory_rich;
  if (log2_length >= cuda::cuda_core_short_min_log2_length && log2_length <= cuda::cuda_core_short_max_log2_length &&
      short_shape) {
    return {kernels.cuda_core_short[log2_length - cuda::cuda_core_short_min_log2_length][direction],
            1 << (log2_length - 4),
            {cuda::cuda_core_short_shared_bytes(log2_length, storage_bytes, false),
             cuda::cuda_core_short_shared_bytes(log2_length, storage_bytes, true)},
            1,
            1,
            whole_transform_multiple};
  }
  switch (log2_length) {
    case cuda::cuda_core_transform_log2_length:  // no fetch: it measured slower there
      return {kernels.cuda_core_transform[direction], cuda::cuda_core_transform_threads,
              {cuda::cuda_core_transform_shared_bytes, cuda::cuda_core_transform_shared_bytes}};
    case cuda::cuda_core_8192_log2_length:
      return {kernels.cuda_core_8192[direction], cuda::cuda_core_8192_threads,
              {cuda::cuda_core_8192_shared_bytes(storage_bytes, false),
               cuda::cuda_core_8192_shared_bytes(storage_bytes, true)}};
    case cuda::cuda_core_16384_log2_length:
      // Four times the resident blocks (one per SM) in fp32 storage on a memory-rich device: H200 r450 / r451
      // (A/B, three rounds, split) 0.983x / 0.982x the time of the resident blocks (two times 0.987x); fp16 /
      // bf16 1.020x / 1.014x slower so.  (8192 points: 1.010x / 1.012x slower at four times in fp32 storage.)
      return {kernels.cuda_core_16384[direction],
              cuda::cuda_core_16384_threads,
              {cuda::cuda_core_16384_shared_bytes(storage_bytes, false),
               cuda::cuda_core_16384_shared_bytes(storage_bytes, true)},
              1,
              1,
              memory_rich && storage_bytes == 8 ? 4 : 1};
    default: return {};
  }
}

// The CUDA-core plane kernel (cuda_core_transform_16384_kernel's PlaneColumns) of planes of 2^log2_columns
// columns from storage to storage or to the intermediates, as cuda_core_kernel gives the 16384-point
// transform's (null for other planes than those of 64 ... 256 columns).
CudaCoreKernel cuda_core_plane_kernel(const KernelChoice& kernels, int log2_columns, int sign, int storage_bytes,
                                      bool output_is_intermediate, bool memory_rich) {
  if (log2_columns < cuda::cuda_core_plane_min_log2_columns || log2_columns > cuda::cuda_core_plane_max_log2_columns) {
    return {};
  }
  CudaCoreKernel choice =
      cuda_core_kernel(kernels, cuda::cuda_core_16384_log2_length, sign, storage_bytes, false, memory_rich);
  choice.kernel = kernels.cuda_core_plane[output_is_intermediate][log2_columns - cuda::cuda_core_plane_min_log2_columns]
                                         [sign < 0 ? 0 : 1];
  return choice;
}

// Whether a pass of 2^log2_length points runs the stages of
// plan::radix_schedule(2^log2_length, max_radix).
bool has_stages_of_radix_schedule(const plan::AxisSchedule& axis, const plan::Pass& pass, int log2_length,
                                  int max_radix) {
  const std::vector<int> radices = plan::radix_schedule(std::int64_t{1} << log2_length, max_radix);
  if (pass.stage_count != static_cast<int>(radices.size())) return false;
  for (int s = 0; s < pass.stage_count; ++s) {
    if (axis.stages[pass.first_stage + s].radix != radices[s]) return false;
  }
  return true;
}

KernelChoice choose_kernels(const Problem& problem, plan::IntermediateFormat intermediate) {
  switch (problem.mode) {
    case ComputeMode::split_fp16: return kernels_for_storage<ComputeMode::split_fp16>(problem.storage, intermediate);
    case ComputeMode::single_fp16: return kernels_for_storage<ComputeMode::single_fp16>(problem.storage, intermediate);
    case ComputeMode::fp32: return kernels_for_storage<ComputeMode::fp32>(problem.storage, intermediate);
    case ComputeMode::fp64: return kernels_for<ComputeMode::fp64, double2, double2>();
  }
  throw Error(Status::internal_error, "no kernel for the compute mode");
}

// The DFT matrices of radix 8 and 16 as mma.sync B fragments (layout in
// cuda/arch/mma_sm80.cuh) of their real 2R x 2R form, whose row 2p + a takes
// part a (0 real, 1 imaginary) of input point p and whose column 2q + c gives
// part c of output q:
//   B[2p][2q] = Re F[q][p]   B[2p+1][2q] = -Im F[q][p]
//   B[2p][2q+1] = Im F[q][p] B[2p+1][2q+1] = Re F[q][p]
// Fragment (k step ks, n tile nt) of a lane: b[r] holds rows 16ks + 8r + 2quad
// (+1) of column 8nt + group.  Entries are split into fp16 hi and lo parts
// (precision/split.hpp); cuda::fragment_table_offset gives the layout.
// Entry of the real form for DFT matrix entry F[q][p]: the factor of part a
// (0 real, 1 imaginary) of input p in part c of output q.
template <typename Complex>
double real_form_entry(const Complex& entry, int a, int c) {
  return a == c ? entry.real() : (a == 0 ? entry.imag() : -entry.imag());
}

// The fp16 bits of the hi (part 0) or lo (part 1) half of a DFT matrix entry
// (|F| <= 1: no scale).
std::uint32_t fp16_part(double value, int part) {
  const precision::HiLo parts = precision::split_hi_lo(static_cast<float>(value));
  return precision::float_to_fp16_bits(part == 0 ? parts.hi : parts.lo);
}

std::vector<std::uint32_t> build_mma_fragment_table(int sign) {
  std::vector<std::uint32_t> table(4 * cuda::fragment_table_entries);
  for (int radix : {8, 16}) {
    const auto matrix = plan::dft_matrix(radix, sign);
    const int k_steps = radix / 8, n_tiles = radix / 4, pairs = k_steps * n_tiles;
    const auto real_form = [&](int row, int column) {
      return real_form_entry(matrix[(column / 2) * radix + row / 2], row % 2, column % 2);
    };
    for (int lane = 0; lane < 32; ++lane) {
      const int group = lane / 4, quad = lane % 4;
      for (int part = 0; part < 2; ++part) {  // hi, lo
        for (int pair = 0; pair < pairs; ++pair) {
          const int ks = pair / n_tiles, nt = pair % n_tiles;
          for (int r = 0; r < 2; ++r) {
            std::uint32_t word = 0;
            for (int half = 0; half < 2; ++half) {
              const int row = 16 * ks + 8 * r + 2 * quad + half, column = 8 * nt + group;
              word |= fp16_part(real_form(row, column), part) << (16 * half);
            }
            const int uint4_index = part * (pairs / 2) + pair / 2;
            const std::size_t at =
                4 * (static_cast<std::size_t>(cuda::fragment_table_offset(radix)) + uint4_index * 32 + lane) +
                2 * (pair % 2) + r;
            table[at] = word;
          }
        }
      }
    }
  }
  // The radix-16 matrix F for block_transform (layout there): as the A
  // operand of product 1, one 16 x 32 real matrix per output part o (0 real,
  // 1 imaginary), row = output j, column kappa of k step ks = part
  // c = kappa % 2 of input point n = block_input_point(ks, kappa / 8,
  // (kappa % 8) / 2); a[i] of a lane holds row group + 8 (i % 2), columns
  // 2 quad + 8 (i / 2) (+1):
  //   o = 0: c = 0 -> Re F[j][n], c = 1 -> -Im F[j][n]
  //   o = 1: c = 0 -> Im F[j][n], c = 1 ->  Re F[j][n]
  // (real_form_entry with input part c, output part o), and as the B operand of product 2 in the real form of the radix-8/16
  // table above, K row 8r + 2 quad + a of k step ks = part a of input
  // t = block_vector(ks, quad, r), column group of n tile nt = part
  // group % 2 of output k = block_output(nt, group / 2).
  std::vector<std::complex<long double>> block_matrices[5];  // 2^b-point DFTs, b = 1 ... 4
  for (int b = 1; b <= 4; ++b) block_matrices[b] = plan::dft_matrix(1 << b, sign);
  const auto& matrix = block_matrices[4];
  const auto at = [](int uint4_index, int lane, int word) {
    return 4 * (static_cast<std::size_t>(cuda::block_fragment_table_offset) + uint4_index * 32 + lane) + word;
  };
  for (int lane = 0; lane < 32; ++lane) {
    const int group = lane / 4, quad = lane % 4;
    for (int part = 0; part < 2; ++part) {
      for (int ks = 0; ks < 2; ++ks) {
        for (int output_part = 0; output_part < 2; ++output_part) {  // product 1's A
          for (int i = 0; i < 4; ++i) {
            std::uint32_t word = 0;
            for (int half = 0; half < 2; ++half) {
              const int j = group + 8 * (i % 2), kappa = 2 * quad + 8 * (i / 2) + half, c = kappa % 2;
              const auto entry = matrix[j * 16 + cuda::block_input_point(ks, kappa / 8, (kappa % 8) / 2)];
              word |= fp16_part(real_form_entry(entry, c, output_part), part) << (16 * half);
            }
            table[at((part * 2 + output_part) * 2 + ks, lane, i)] = word;
          }
        }
        // Product 2's B: F16, then (diagonal_block_fragment_offset) the
        // block-diagonal matrices of 16 >> b 2^b-point DFTs, b = 1 ... 3.
        for (int log2_block = 1; log2_block <= 4; ++log2_block) {
          const int block = 1 << log2_block;
          const auto& block_matrix = block_matrices[log2_block];
          const int first_row = cuda::product_2_first_row(log2_block);
          for (int nt = 0; nt < 4; ++nt) {
            for (int r = 0; r < 2; ++r) {
              std::uint32_t word = 0;
              for (int a = 0; a < 2; ++a) {
                const int t = cuda::block_vector(ks, quad, r), k = cuda::block_output(nt, group / 2), c = group % 2;
                const auto entry = (k >> log2_block) != (t >> log2_block)
                                       ? std::complex<long double>(0)
                                       : block_matrix[(k % block) * block + t % block];
                word |= fp16_part(real_form_entry(entry, a, c), part) << (16 * a);
              }
              table[at(first_row + (part * 2 + ks) * 2 + nt / 2, lane, 2 * (nt % 2) + r)] = word;
            }
          }
        }
      }
    }
  }
  return table;
}

// The table depends on the direction only, so each is built once per
// process: building it took about 170 of the 320 microseconds of every CUDA
// plan (H100 host, r260; docs/BENCHMARKS.md).  Function-local statics are
// initialized once even when plans are made from several threads.
const std::vector<std::uint32_t>& mma_fragment_table(int sign) {
  if (sign < 0) {
    static const std::vector<std::uint32_t> forward = build_mma_fragment_table(-1);
    return forward;
  }
  static const std::vector<std::uint32_t> inverse = build_mma_fragment_table(+1);
  return inverse;
}

// One kernel launch: a pass along one axis.
struct Launch {
  KernelFunction kernel;
  PassParameters parameters;  // input/output filled at execution
  int input_buffer;           // caller_input, caller_output or a workspace half (0, 1)
  int output_buffer;
  bool input_is_intermediate;   // else the storage type (the caller's, or gathered into the workspace)
  bool output_is_intermediate;  // else the storage type (the caller's, or to be scattered)
  dim3 grid, block;
  std::size_t shared_bytes;
  std::size_t twiddle_coarse, twiddle_fine, twiddle_inner;  // table offsets until the upload
  std::size_t twiddle_radix_stage;                          // (no_table: none)
  std::size_t twiddle_power_order = ~std::size_t{0};        // cuda_core::step_twiddle's (no_table: none)
  std::size_t twiddle_columns = ~std::size_t{0};            // plan::column_power_roots (no_table: none)
  bool twiddle_columns_on_device = false;  // twiddle_columns counts from the end of the uploaded tables
  int tile_counter = -1;  // the pass's tile (or register-block) counter in the workspace (-1: a static order)
  bool paired_halves = false;  // two blocks per transform (cuda::paired_halves_pass_kernel)
  int parts = 1;  // blocks per transform (paired halves: 2; CUDA-core kernels: 2 or 4)
  bool clusters = false;  // launched in clusters of `parts` blocks (the CUDA-core kernels of parts)
  // The paired halves: in place (input == output at execution), clusters of
  // the pairs on cluster_grid (PassParameters::pairs_in_clusters).
  bool clusters_in_place = false;
  dim3 cluster_grid;
};
constexpr std::size_t no_table = ~std::size_t{0};

// The configuration of a launch of `grid` blocks in clusters of launch.parts
// (along x) on `stream`, for cudaLaunchKernelEx and cudaOccupancyMaxActiveClusters.
class ClusterLaunch {
 public:
  ClusterLaunch(const Launch& launch, dim3 grid, cudaStream_t stream) {
    attribute_.id = cudaLaunchAttributeClusterDimension;
    attribute_.val.clusterDim.x = static_cast<unsigned>(launch.parts);
    attribute_.val.clusterDim.y = 1;
    attribute_.val.clusterDim.z = 1;
    configuration_.gridDim = grid;
    configuration_.blockDim = launch.block;
    configuration_.dynamicSmemBytes = launch.shared_bytes;
    configuration_.stream = stream;
    configuration_.attrs = &attribute_;
    configuration_.numAttrs = 1;
  }
  ClusterLaunch(const ClusterLaunch&) = delete;  // configuration_ points at attribute_
  ClusterLaunch& operator=(const ClusterLaunch&) = delete;
  const cudaLaunchConfig_t* configuration() const { return &configuration_; }

 private:
  cudaLaunchAttribute attribute_{};
  cudaLaunchConfig_t configuration_{};
};
constexpr int caller_input = -1;
constexpr int caller_output = -2;

// A pass of the packed array seen as [O][N][I] (stockham_pass.cuh).
struct PassView {
  const plan::AxisSchedule* axis;
  const plan::Pass* pass;  // null: a copy with the normalization (all axes of size 1)
  std::int64_t inner;
  bool in_place_capable;  // the axis has one pass: each tile writes back the elements it read
  bool plane = false;     // the last two axes' 128 x 128 planes in one pass (plan.plane_pass)
  // The next axis's cross-row step in this pass (plan::Pass::in_previous_pass), or null.
  const plan::AxisSchedule* cross_row_axis = nullptr;
};

class CudaExecutor final : public Executor {
 public:
  explicit CudaExecutor(const PlanImplementation& plan) : plan_(plan) {
    const Problem& problem = plan.problem;
    const bool fp64 = problem.mode == ComputeMode::fp64;
    const int intermediate_bytes = plan::intermediate_element_bytes(plan.intermediate);
    const int compute_bytes = fp64 ? 16 : 8;  // a complex value on chip
    const int storage_bytes = static_cast<int>(element_bytes(problem.storage));
    const int sign = plan::direction_sign(problem.direction);
    check(cudaGetDevice(&device_), "cudaGetDevice", Status::no_device);
    check(cudaDeviceGetAttribute(&max_shared_, cudaDevAttrMaxSharedMemoryPerBlockOptin, device_),
          "cudaDeviceGetAttribute");
    int sm_count = 0;
    check(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device_), "cudaDeviceGetAttribute");
    int compute_capability_major = 0;
    check(cudaDeviceGetAttribute(&compute_capability_major, cudaDevAttrComputeCapabilityMajor, device_),
          "cudaDeviceGetAttribute");
    const bool bulk_copies = compute_capability_major >= 9;  // cuda::arch::device_has_bulk_copies
    const bool clusters = compute_capability_major >= 9;  // thread-block clusters (arch/cluster_sm90.cuh)
    const bool memory_rich = plan::memory_rich(cuda_memory_bytes_per_sm_cycle());

    // Host copies of every table, then one upload.
    std::vector<unsigned char> tables;
    auto append = [&tables](const void* data, std::size_t bytes) {
      const std::size_t offset = (tables.size() + 255) / 256 * 256;
      tables.resize(offset + bytes);
      std::memcpy(tables.data() + offset, data, bytes);
      return offset;
    };
    // w_length^(i*step), i < count, in the compute precision (kept per process).
    auto append_roots = [&](std::int64_t count, std::int64_t step, std::int64_t length) {
      const auto roots = plan::rounded_unit_roots(count, step, length, sign, fp64);
      return append(roots->data(), roots->size());
    };
    // w_P^(a k2) at 256 a + k2 for a < P / 256, k2 < 256 (PassParameters::radix_stage_twiddles; the
    // plane pass's exponents are its digits'): entries of w_P^i, i < P, reordered, so the values are the same.
    auto append_radix_stage_roots = [&](std::int64_t length, bool plane) {
      const auto roots = plan::rounded_unit_roots(length, 1, length, sign, false);
      const auto* w = reinterpret_cast<const float*>(roots->data());  // (re, im) pairs
      std::vector<float> table(static_cast<std::size_t>(2 * length));
      for (int a = 0; a < length / 256; ++a) {
        for (int k2 = 0; k2 < 256; ++k2) {
          const int exponent = plane ? cuda::PlaneDigits::twiddle_exponent(k2, a % 8, a / 8) : a * k2;
          const auto to = static_cast<std::size_t>(2 * (256 * a + k2)), from = static_cast<std::size_t>(2 * exponent);
          table[to] = w[from];
          table[to + 1] = w[from + 1];
        }
      }
      return append(table.data(), table.size() * sizeof(float));
    };
    // plan::power_order_roots: cuda_core::step_twiddle's table.
    auto append_power_order_roots = [&](std::int64_t length) {
      const std::vector<float> table = plan::power_order_roots(ceil_log2(length), sign);
      return append(table.data(), table.size() * sizeof(float));
    };
    const std::vector<std::uint32_t>& fragments = mma_fragment_table(sign);
    const std::size_t fragment_offset = append(fragments.data(), fragments.size() * sizeof(std::uint32_t));
    const std::size_t roots_offset = append_roots(16, 1, 16);
    // Column tables filled on the device (cuda::column_power_roots_kernel) after the uploaded ones: offsets
    // from their end, and log2 A.
    std::size_t device_filled_bytes = 0;
    std::vector<std::pair<std::size_t, int>> device_column_tables;
    auto reserve_device_column_table = [&](std::int64_t columns) {
      const std::size_t offset = device_filled_bytes;
      device_filled_bytes += static_cast<std::size_t>(32 * columns + 255) / 256 * 256;
      device_column_tables.emplace_back(offset, ceil_log2(columns));
      return offset;
    };

    // Every pass of every axis, in execution order.
    std::vector<PassView> views;
    if (plan.plane_pass) views.push_back({&plan.axes[0], &plan.axes[0].passes[0], 1, true, true});
    for (std::size_t a = plan.plane_pass ? 2 : 0; a < plan.axes.size(); ++a) {  // the plane pass holds axes 0, 1
      const plan::AxisSchedule& axis = plan.axes[a];
      std::int64_t inner = 1;
      for (std::size_t later = axis.axis + 1; later < problem.sizes.size(); ++later) inner *= problem.sizes[later];
      for (const plan::Pass& pass : axis.passes) {
        if (pass.in_previous_pass) {  // the cross-row step: in the previous pass, whose outputs then move
          if (views.empty() || views.back().cross_row_axis) {
            throw Error(Status::internal_error, "a cross-row step without a pass before it: " + plan.description);
          }
          views.back().cross_row_axis = &axis;
          views.back().in_place_capable = false;
          continue;
        }
        views.push_back({&axis, &pass, inner, axis.passes.size() == 1});
      }
    }
    if (views.empty()) views.push_back({nullptr, nullptr, 1, true});  // every axis has size 1

    // Buffers: passes of an axis with one pass work in place when their input
    // and output elements have one size; the others ping-pong between the
    // workspace halves.  A caller layout that is not packed is gathered into
    // half 0 first (in the storage type) and scattered from the last pass's
    // packed result (in the storage type) at the end.
    kernels_ = choose_kernels(problem, plan.intermediate);
    const KernelChoice& kernels = kernels_;
    if (kernels.intermediate_bytes != intermediate_bytes) {  // kernels_for_storage must follow the plan
      throw Error(Status::internal_error, "the kernels' intermediate elements have " +
                                              std::to_string(kernels.intermediate_bytes) + " bytes, the plan's " +
                                              plan::to_string(plan.intermediate) + " " +
                                              std::to_string(intermediate_bytes) + ": " + plan.description);
    }
    gather_ = !plan.input_layout.packed;
    scatter_ = !plan.output_layout.packed;
    int current = gather_ ? 0 : caller_input;
    int halves_used = gather_ ? 1 : 0;
    for (std::size_t index = 0; index < views.size(); ++index) {
      const PassView& view = views[index];
      const bool last = index + 1 == views.size();
      Launch launch{};
      launch.input_buffer = current;
      launch.input_is_intermediate = index > 0;
      launch.output_is_intermediate = !last;
      const int input_element_bytes = launch.input_is_intermediate ? intermediate_bytes : storage_bytes;
      const int output_element_bytes = launch.output_is_intermediate ? intermediate_bytes : storage_bytes;
      if (last && !scatter_) {
        launch.output_buffer = caller_output;
      } else if (view.in_place_capable && current >= 0 && input_element_bytes == output_element_bytes) {
        launch.output_buffer = current;
      } else {
        launch.output_buffer = current == 0 ? 1 : 0;
      }
      if (launch.output_buffer >= 0) halves_used = std::max(halves_used, launch.output_buffer + 1);
      current = launch.output_buffer;

      PassParameters& p = launch.parameters;
      // A plane pass is one contiguous pass over whole planes (of the last two axes, plan.axes[0] and [1]).
      const std::int64_t plane_elements = view.plane ? plan.axes[0].size * plan.axes[1].size : 0;
      const std::int64_t n = view.plane ? plane_elements : view.axis ? view.axis->size : 1;
      const std::int64_t length = view.plane ? plane_elements : view.pass ? view.axis->pass_length(*view.pass) : 1;
      const int log2_pass_length = ceil_log2(length);
      // Stages of fp32 arithmetic: the fp32 mode's default stages, or the
      // radix-4 schedule in any mode (fp32 butterflies in the tensor-core
      // modes too; plan::problem_max_radix), which the CUDA-core kernels run.
      const bool fp32_arithmetic_stages =
          view.pass && !view.plane && !runtime_shape_kernels_forced() &&
          ((problem.mode == ComputeMode::fp32 && has_default_stages(*view.axis, *view.pass, log2_pass_length)) ||
           has_stages_of_radix_schedule(*view.axis, *view.pass, log2_pass_length, 4));
      // Whole 512- ... 32768-point transforms (the axis's one pass, from
      // storage to storage) whose stages are fp32 arithmetic: the fp32 mode's
      // default stages, or the radix-4 schedule in any mode (fp32 butterflies
      // in the tensor-core modes too; plan::problem_max_radix).  One block
      // (2^15 points: a cluster of two) each on the CUDA cores
      // (cuda::cuda_core_short_transform_kernel, cuda_core_transform_kernel,
      // cuda_core_transform_8192_kernel, cuda_core_transform_16384_kernel),
      // whose 16-point DFTs are two radix-4 steps.  Intermediates count as
      // storage where they are fp32 storage's own elements (full
      // intermediates of fp32 storage): the contiguous axis of a 2D/3D
      // transform, whose pass writes them, so runs its whole transforms on
      // the same kernels as the 1D sizes.  Not with the next axis's
      // cross-row step (view.cross_row_axis), which those kernels lack.
      // H200 r453 (A/B, three rounds, split) against cuda::cuda_core_pass_kernel
      // there: 1024^2 0.976x the time, 256^3 0.974x, 512^3 0.978x; 4096^2
      // 1.011x, and 1.001x in r454 (three rounds; the pass kernel ran the 1D
      // 4096 points 1.05x slower there); 8192^2 (cross-row) unchanged.
      const bool intermediates_are_storage = !fp64 && storage_bytes == 8 && intermediate_bytes == storage_bytes;
      const bool cuda_core_stages =
          fp32_arithmetic_stages && view.inner == 1 && view.axis->passes.size() == 1 && !view.cross_row_axis &&
          (intermediates_are_storage || (!launch.input_is_intermediate && !launch.output_is_intermediate));
      // 8192 points in fp16/bf16 storage: cuda::cuda_core_pass_kernel's tiles of two rows (one block per SM,
      // the next tile's loads issued during stage 3) instead of cuda_core_transform_8192_kernel (two blocks,
      // copy-engine fetches): H100 r378 (three rounds) fp16 / bf16 0.977x / 0.973x the time in the split mode,
      // 0.985x / 0.972x in the fp32 mode; fp32 storage 1.06x slower (r383, with one lane's loads early: 1.09x).
      // Its w_P (in power order) waits in shared memory after the tile (cuda::cuda_core_shared_twiddle_bytes:
      // r403 0.95x the time).
      const std::size_t shared_twiddle_bytes =
          static_cast<std::size_t>(cuda::cuda_core_shared_twiddle_bytes(cuda::cuda_core_two_row_pass_log2_length));
      const bool pass_of_8192 = cuda_core_stages && log2_pass_length == cuda::cuda_core_two_row_pass_log2_length &&
                                storage_bytes == 4 && kernels.cuda_core_8192_pass[0] != nullptr &&
                                cuda::cuda_core_pass_launch(log2_pass_length, 2).shared_bytes + shared_twiddle_bytes <=
                                    static_cast<std::size_t>(max_shared_);
      // A plane pass whose two axes run the radix-4 schedule (plan::runs_plane_pass): the CUDA-core plane
      // kernel, from storage.
      const bool plane_on_cuda_cores =
          view.plane && !launch.input_is_intermediate && !runtime_shape_kernels_forced() &&
          has_stages_of_radix_schedule(plan.axes[0], plan.axes[0].passes[0], ceil_log2(plan.axes[0].size), 4) &&
          has_stages_of_radix_schedule(plan.axes[1], plan.axes[1].passes[0], ceil_log2(plan.axes[1].size), 4);
      const CudaCoreKernel cuda_core =
          plane_on_cuda_cores
              ? cuda_core_plane_kernel(kernels, ceil_log2(plan.axes[0].size), sign, storage_bytes,
                                       launch.output_is_intermediate, memory_rich)
          : cuda_core_stages && !pass_of_8192
              ? cuda_core_kernel(kernels, log2_pass_length, sign, storage_bytes, clusters, memory_rich)
              : CudaCoreKernel{};
      if (plane_on_cuda_cores && cuda_core.kernel == nullptr) {
        throw Error(Status::not_supported, "no CUDA-core plane kernel for this storage or plane: " +
                                               plan.description);
      }
      const bool cuda_core_transform = cuda_core.kernel != nullptr;
      // Any other pass of 64 ... 4096 points whose stages are fp32 arithmetic
      // (of several, or along a strided axis): cuda::cuda_core_pass_kernel,
      // tiles of a fixed number of columns (8192 points only in tiles of two rows: with the cross-row step,
      // or as the single pass of fp16/bf16 storage, pass_of_8192).
      const int longest_cuda_core_pass = view.cross_row_axis || pass_of_8192
                                             ? cuda::cuda_core_two_row_pass_log2_length
                                             : cuda::cuda_core_pass_max_log2_length;
      const bool cuda_core_pass_stages = fp32_arithmetic_stages && !cuda_core_transform &&
                                         log2_pass_length >= cuda::cuda_core_pass_min_log2_length &&
                                         log2_pass_length <= longest_cuda_core_pass;
      // A, the product of the axis's earlier passes (the pass twiddle's stride).
      std::int64_t stride_before = 1;
      if (view.pass && !view.plane) {
        for (const plan::Pass* earlier = view.axis->passes.data(); earlier != view.pass; ++earlier) {
          stride_before *= view.axis->pass_length(*earlier);
        }
      }
      // Two lanes per thread (twice the columns: cuda::cuda_core_pass_lanes) for 4-byte inputs of 1024 ...
      // 4096 points and for 8-byte inputs of 4096 (2048 with 4-byte outputs) whose outputs lie apart (a later
      // pass of several, a strided axis: the output map's runs are A x I), where that tile fits the device's
      // shared memory.
      const bool outputs_apart = stride_before > 1 || view.inner > 1;
      // (The cross-row steps and the 8192-point pass need two lanes: tiles of four rows, two rows.)
      int cuda_core_pass_lanes =
          view.cross_row_axis || pass_of_8192
              ? 2
              : cuda::cuda_core_pass_lanes(log2_pass_length, input_element_bytes, output_element_bytes, outputs_apart);
      if (cuda_core_pass_stages && cuda_core_pass_lanes == 2 &&
          cuda::cuda_core_pass_launch(log2_pass_length, 2).shared_bytes > max_shared_) {
        cuda_core_pass_lanes = 1;
      }
      KernelFunction cuda_core_pass =
          cuda_core_pass_stages && log2_pass_length <= cuda::cuda_core_pass_max_log2_length
              ? kernels.cuda_core_pass[launch.input_is_intermediate][launch.output_is_intermediate]
                                      [log2_pass_length - cuda::cuda_core_pass_min_log2_length]
                                      [cuda_core_pass_lanes - 1][sign < 0 ? 0 : 1]
              : nullptr;
      if (pass_of_8192) cuda_core_pass = kernels.cuda_core_8192_pass[sign < 0 ? 0 : 1];
      // 4096 points in two lanes from compact intermediates to fp16/bf16 storage whose outputs lie in runs of
      // eight columns or more (A I >= 8): tiles in pairs, 32-byte runs (cuda::cuda_core_pass_kernel's
      // PairedStores), where the tile and the staging fit the device's shared memory.
      const std::size_t paired_staging_bytes = cuda::cuda_core_paired_staging_bytes;
      const bool paired_stores =
          cuda_core_pass && !view.cross_row_axis && !pass_of_8192 && log2_pass_length == 12 &&
          cuda_core_pass_lanes == 2 && launch.input_is_intermediate && input_element_bytes == 4 &&
          !launch.output_is_intermediate && stride_before * view.inner >= 8 && kernels.cuda_core_paired_pass[0] &&
          cuda::cuda_core_pass_launch(12, 2).shared_bytes + paired_staging_bytes <= static_cast<std::size_t>(max_shared_);
      if (paired_stores) cuda_core_pass = kernels.cuda_core_paired_pass[sign < 0 ? 0 : 1];
      std::size_t odd_row_staging_bytes = 0;  // the step of four in the 8192-point pass, 4-byte storage
      if (view.cross_row_axis) {  // only the 4096- and 8192-point two-lane instances from storage to intermediates
        // The step's points: the length of the axis's first pass (plan::cross_row_step_points).
        const std::int64_t step_points = view.cross_row_axis->pass_length(view.cross_row_axis->passes.front());
        const int cross_row_kernel = log2_pass_length == cuda::cuda_core_pass_max_log2_length ? 0
                                     : step_points == 2                                      ? 1
                                                                                             : 2;
        const bool holds = (step_points == 4 || log2_pass_length == cuda::cuda_core_two_row_pass_log2_length) &&
            cuda_core_pass_stages && log2_pass_length >= cuda::cuda_core_pass_max_log2_length &&
            cuda_core_pass_lanes == 2 && !launch.input_is_intermediate && launch.output_is_intermediate &&
            view.inner == 1 && view.axis->passes.size() == 1 &&
            kernels.cuda_core_cross_row_pass[cross_row_kernel][0] != nullptr;
        if (!holds) {
          throw Error(Status::internal_error, "no kernel runs this pass with the next axis's cross-row step: " +
                                                  plan.description);
        }
        cuda_core_pass = kernels.cuda_core_cross_row_pass[cross_row_kernel][sign < 0 ? 0 : 1];
        if (cross_row_kernel == 2) odd_row_staging_bytes = static_cast<std::size_t>(cuda::cuda_core_odd_row_staging_bytes);
        int log2_distance = 0;  // Q = S / (the step's points) rows
        while ((step_points << log2_distance) < view.cross_row_axis->size) {
          ++log2_distance;
        }
        p.log2_cross_row_distance = log2_distance;
      }
      // A 2^15-point single pass reading fp16/bf16 storage: two 2^14-point halves, one block each
      // (cuda::paired_halves_pass_kernel; plan::pass_limits).
      launch.paired_halves = !cuda_core_transform && plan::tensor_core_mode(problem.mode) && storage_bytes == 4 &&
                             view.pass && !view.plane && view.inner == 1 && view.axis->passes.size() == 1 &&
                             length == (std::int64_t{1} << cuda::single_pass_shape_log2) * 2 &&
                             !launch.input_is_intermediate;
      launch.parts = launch.paired_halves ? 2 : cuda_core.parts;
      // Blocks that share a transform run as a cluster (their kernels wait at its barrier); the
      // paired halves only in place.
      launch.clusters = cuda_core_transform && launch.parts > 1;
      launch.clusters_in_place = launch.paired_halves;
      if (launch.parts > 1 && !clusters) {
        throw Error(Status::not_supported, "a pass of " + std::to_string(length) + " points in blocks of " +
                                               std::to_string(length / launch.parts) + " needs thread-block "
                                               "clusters (sm_90 or later): " + plan.description);
      }
      // The points of the pass each block runs.
      const std::int64_t block_length = length / launch.parts;
      if (!launch.input_is_intermediate && stride_before > 1) {  // the kernels read storage as exact (untwiddled) input
        throw Error(Status::internal_error, "a pass with a pass twiddle reads the caller's input: " + plan.description);
      }
      p.transform_size = n;
      p.inner_count = view.inner;
      p.pass_length = static_cast<int>(length);
      p.columns_per_transform = n / length;
      p.total_columns = plan.transform_elements * problem.batch / length;
      p.stride_before = stride_before;
      p.stage_count = view.pass ? view.pass->stage_count : 0;
      for (int s = 0; s < p.stage_count; ++s) p.radices[s] = view.axis->stages[view.pass->first_stage + s].radix;
      p.scale = last ? static_cast<double>(plan.scale) : 1.0;
      if (stride_before > 1 || launch.parts > 1) {  // parts h > 0: w_(parts P)^(h n)
        const std::int64_t twiddle_length = stride_before * length;
        p.fine_bits = ceil_log2(std::min<std::int64_t>(twiddle_length, 1024));
        const std::int64_t fine_count = std::int64_t{1} << p.fine_bits;
        launch.twiddle_coarse = append_roots(twiddle_length / fine_count, fine_count, twiddle_length);
        launch.twiddle_fine = append_roots(fine_count, 1, twiddle_length);
      }
      launch.twiddle_inner = append_roots(block_length, 1, block_length);
      // The whole-transform kernels of 512 ... 16384 points (2^15: its halves; the plane kernel's stage 3)
      // and the CUDA-core passes read their radix-16 steps' twiddles in power order (cuda_core::step_twiddle).
      if ((cuda_core_transform && block_length >= (std::int64_t{1} << cuda::cuda_core_short_min_log2_length)) ||
          cuda_core_pass) {
        launch.twiddle_power_order = append_power_order_roots(block_length);
      }
      // The CUDA-core passes' pass twiddles w^(2^j T c') from a table by column (cuda::cuda_core_pass_kernel;
      // up to cuda::cuda_core_pass_max_log2_column_table, longer where one lane per thread loads them a tile
      // ahead, and beyond cuda_core_pass_max_log2_prefetched_column_table filled on the device).
      const int max_log2_column_table = cuda_core_pass_lanes == 1 && !view.cross_row_axis && !pass_of_8192
                                            ? cuda::cuda_core_pass_max_log2_prefetched_column_table
                                            : cuda::cuda_core_pass_max_log2_column_table;
      if (cuda_core_pass && stride_before > 1 && stride_before <= (std::int64_t{1} << max_log2_column_table)) {
        const std::vector<float> table = plan::column_power_roots(stride_before, sign);
        launch.twiddle_columns = append(table.data(), table.size() * sizeof(float));
      } else if (cuda_core_pass && stride_before > 1 &&
                 max_log2_column_table > cuda::cuda_core_pass_max_log2_column_table &&  // one lane per thread
                 stride_before <= (std::int64_t{1} << cuda::cuda_core_pass_max_log2_device_column_table)) {
        launch.twiddle_columns = reserve_device_column_table(stride_before);
        launch.twiddle_columns_on_device = true;
      }

      // Tile: ~target_tile_elements, at least 4 ... 32 columns when the
      // columns lie apart in memory (several passes, strided axes; cuda::
      // strided_log2_min_columns).
      const bool columns_apart = view.inner > 1 || (view.axis && view.axis->passes.size() > 1);
      const int log2_length = ceil_log2(block_length);
      // A pass with columns apart that reads storage is the first of several of the last axis.
      const std::int64_t min_columns =
          columns_apart ? std::int64_t{1} << cuda::strided_log2_min_columns(problem.mode, log2_length,
                                                                            input_element_bytes, output_element_bytes,
                                                                            !launch.input_is_intermediate)
                        : 1;
      std::int64_t tile_columns =
          launch.parts > 1 ? 1 : std::max<std::int64_t>(min_columns, target_tile_elements / length);
      while (tile_columns > 1 && tile_columns / 2 >= p.total_columns) tile_columns /= 2;
      const cuda::CudaCorePassLaunch cuda_core_pass_shape =
          cuda_core_pass ? cuda::cuda_core_pass_launch(log2_pass_length, cuda_core_pass_lanes)
                         : cuda::CudaCorePassLaunch{};
      if (cuda_core_pass) tile_columns = cuda_core_pass_shape.columns;  // the kernel's
      if (cuda_core_transform) tile_columns = cuda_core.transforms_per_block;  // what a block takes at a time
      const bool contiguous = p.stride_before == 1 && p.columns_per_transform == 1 && p.inner_count == 1;
      // The shape whose fixed-shape kernel runs contiguous_register_transforms rather than register_block_pass.
      const bool register_transforms =
          contiguous && cuda::runs_contiguous_register_transforms(problem.mode, log2_length, input_element_bytes);
      const bool fixed_shape_possible = kernels.fixed_shape && view.pass && !view.plane && !launch.paired_halves &&
                                        !runtime_shape_kernels_forced() &&
                                        has_default_stages(*view.axis, *view.pass, log2_length);
      // Fewer columns where the tile would not fit in shared memory (the
      // longest strided passes; the fixed-shape instances are compiled for
      // the same choice on sm_90, fixed_log2_tile_columns).
      std::int64_t elements = 0;
      int threads = 0;
      bool register_blocks = false;  // the kernel runs cuda::register_block_pass (or contiguous_register_transforms)
      for (;;) {
        elements = block_length * tile_columns;
        const int log2_columns = ceil_log2(tile_columns);
        threads = cuda::threads_for_tile(elements,
                                         cuda::elements_per_thread(problem.mode, input_element_bytes, log2_length));
        launch.kernel = kernels.pick(launch.input_is_intermediate, launch.output_is_intermediate);
        register_blocks = false;
        // Where a register-block pass of this tile exchanges in place (the kernels follow the same rule).
        const bool in_place = cuda::exchanges_in_place(problem.mode, log2_length, log2_columns, contiguous,
                                                       input_element_bytes, output_element_bytes);
        // A pass only one kernel holds: that kernel, or not_supported.
        const auto only_kernel = [&](SinglePassShapeLookup lookup, bool holds_this_pass, const char* name) {
          const cuda::PassKernel kernel = lookup && holds_this_pass && !runtime_shape_kernels_forced()
                                              ? lookup(launch.output_is_intermediate)
                                              : nullptr;
          if (!kernel) {
            throw Error(Status::not_supported, std::string("no ") + name + " kernel for this storage, mode, input "
                                               "or schedule (or TENSORFFT_RUNTIME_SHAPE_KERNELS is set): " +
                                               plan.description);
          }
          return kernel;
        };
        if (cuda_core_transform) {
          launch.kernel = cuda_core.kernel;
          threads = cuda_core.threads;
        } else if (cuda_core_pass) {
          launch.kernel = cuda_core_pass;
          threads = cuda_core_pass_shape.threads;
        } else if (view.plane) {  // only plane_pass_kernel computes a plane's 2D DFT in one pass
          launch.kernel = only_kernel(kernels.plane, !launch.input_is_intermediate, "plane pass");
          register_blocks = true;
        } else if (launch.paired_halves) {  // only paired_halves_pass_kernel holds it
          launch.kernel = only_kernel(kernels.paired_halves,
                                      has_default_stages(*view.axis, *view.pass, log2_length + 1), "paired-halves");
          register_blocks = true;
          threads = cuda::pass_threads(problem.mode, log2_length, true, input_element_bytes, output_element_bytes,
                                       elements, false);
        } else if (fixed_shape_possible) {
          cuda::PassKernel fixed = kernels.fixed_shape(launch.input_is_intermediate, launch.output_is_intermediate,
                                                       log2_length, log2_columns, contiguous);
          // A tile fetched in parts needs its columns side by side in whole
          // groups of T (register_block_pass); else the run-time-shape kernel.
          const bool in_parts = cuda::fetches_tile_in_parts(in_place, log2_length, contiguous, false);
          if (in_parts && p.columns_per_transform * view.inner < tile_columns) fixed = nullptr;
          register_blocks =
              fixed && cuda::runs_register_blocks(problem.mode, log2_length, contiguous, input_element_bytes);
          if (fixed) {  // the instance, with the thread count it was compiled for
            launch.kernel = fixed;
            const bool reads_compact_intermediates = launch.input_is_intermediate && intermediate_bytes == 4;
            threads = cuda::pass_threads(problem.mode, log2_length, contiguous, input_element_bytes,
                                         output_element_bytes, elements, reads_compact_intermediates);
          }
        }
        const bool in_parts = cuda::fetches_tile_in_parts(in_place, log2_length, contiguous, view.plane);
        launch.shared_bytes = static_cast<std::size_t>(
            cuda::pass_shared_bytes(register_blocks, register_transforms, in_place, in_parts, elements,
                                    input_element_bytes, compute_bytes) +
            (cuda::copies_fragments_to_shared(problem.mode, register_blocks, register_transforms, in_parts,
                                              contiguous, log2_length, view.plane, launch.paired_halves,
                                              input_element_bytes)
                 ? cuda::shared_fragment_bytes
                 : 0));
        // The next transform's fetch where the device has bulk copies (sm_90)
        // and the shared memory for it; the kernels load directly without it.
        if (cuda_core_transform) {
          launch.shared_bytes = cuda_core.shared_bytes[bulk_copies && cuda_core.shared_bytes[1] <= max_shared_];
        }
        if (cuda_core_pass) {  // its tile of fixed columns, or not_supported below
          launch.shared_bytes = static_cast<std::size_t>(cuda_core_pass_shape.shared_bytes) +
                                (paired_stores ? paired_staging_bytes : 0) + (pass_of_8192 ? shared_twiddle_bytes : 0) +
                                odd_row_staging_bytes;
          break;
        }
        if (launch.shared_bytes <= static_cast<std::size_t>(max_shared_) || tile_columns == 1) break;
        tile_columns /= 2;
      }
      p.tile_columns = static_cast<int>(tile_columns);
      launch.block = dim3(threads);
      // register_block_pass's radix-R stage (R = P / 256 > 1) of a contiguous pass (a plane pass is
      // one: whole planes side by side) reads its twiddles from the radix-stage table.
      launch.twiddle_radix_stage = register_blocks && contiguous && block_length > 256
                                       ? append_radix_stage_roots(block_length, view.plane)
                                       : no_table;
      const bool strided_register_blocks = register_blocks && !contiguous;
      // register_block_pass launches that write 8-byte elements take their
      // tiles from a counter (PassParameters::tile_counter), so blocks that
      // run faster take more tiles: a persistent copy whose warps took their
      // chunks so ran at 2.96 TB/s against 2.78 in a fixed order (H100,
      // r149).  H100 r155 (A/B, two rounds): fp32 storage 0.97x the time
      // (geometric mean of 30 cases; N = 2^15 0.91x ... 0.93x, 2^17 0.93x
      // ... 0.95x, 2^26 0.95x, 4096 0.94x ... 0.96x, 1024^2 split 0.95x, 3D
      // 0.94x ... 0.97x), fp16 1.00x (256^3 0.96x ... 0.97x, N = 2048 split
      // 0.95x); the passes that write fp16/bf16 storage keep the fixed order
      // (cuda::takes_tiles_from_counter): with counters too (r154) fp16 N =
      // 2^14 ... 2^23 and 1024^2 ran 1.02x ... 1.12x slower.
      // The tile kernel of the tensor-core modes (passes of 2 ... 128 points,
      // and the run-time-shape instances) takes its tiles so as well: H100
      // r160 (A/B, two rounds), fp16 N = 2^15 (whose 32-point pass writes
      // fp32 intermediates) 0.975x the time (split) and 0.99x (single), the
      // other cases with such passes (fp32 N = 2^15, 4096^2, 8192^2, 128^3)
      // within noise.  (A 32-bit counter: the tiles plus two per block must
      // stay below 2^32.)
      const std::int64_t tiles = (p.total_columns + tile_columns - 1) / tile_columns;
      // Every pass kernel but contiguous_register_transforms (below) and the
      // whole-transform CUDA-core kernels (their own grid-stride loops) reads
      // tiles.  (Those kernels had been given an unread counter where they
      // write 8-byte storage; without it, H100 r365: fp32 storage 8192 ...
      // 32768 split 0.99x ... 1.00x the time.)
      const bool reads_tiles = !(register_blocks && register_transforms) && !cuda_core_transform;
      if (reads_tiles && launch.parts == 1 && !cuda_core_pass &&
          cuda::takes_tiles_from_counter(problem.mode, output_element_bytes) && tiles < (std::int64_t{1} << 31)) {
        p.tile_slots_offset = static_cast<int>((launch.shared_bytes + 15) / 16 * 16);
        launch.shared_bytes = static_cast<std::size_t>(p.tile_slots_offset) + 2 * sizeof(std::int64_t);
        launch.tile_counter = tile_counters_++;
      }
      if (launch.shared_bytes > static_cast<std::size_t>(max_shared_)) {
        throw Error(Status::not_supported, "pass of length " + std::to_string(length) + " needs " +
                                               std::to_string(launch.shared_bytes) + " bytes of shared memory; the "
                                               "device allows " + std::to_string(max_shared_) + ": " +
                                               plan.description);
      }
      // Several passes may share one kernel function: allow the device's
      // maximum once, so a later pass never lowers an earlier one's limit.
      check(cudaFuncSetAttribute(reinterpret_cast<const void*>(launch.kernel),
                                 cudaFuncAttributeMaxDynamicSharedMemorySize, max_shared_),
            "cudaFuncSetAttribute");
      int blocks_per_sm = 0;
      check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, reinterpret_cast<const void*>(launch.kernel),
                                                          threads, launch.shared_bytes),
            "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
      // Strided register-block passes keep at most 16 warps per SM: the
      // split mode's kernels reach no more (128 registers), and the
      // single-product ones, with half the registers, ran slower with more
      // blocks in flight (H100, single_fp16, fp16 storage: 1024^2 0.83 vs
      // 1.07 ms, N = 2^20 1.09 vs 1.15 ms; the partial-sector stores of
      // 4-column tiles, docs/BENCHMARKS.md).
      if (strided_register_blocks) blocks_per_sm = std::min(blocks_per_sm, std::max(1, 512 / threads));
      const std::int64_t resident = static_cast<std::int64_t>(sm_count) * std::max(blocks_per_sm, 1);
      launch.grid = dim3(static_cast<unsigned>(std::min<std::int64_t>(tiles, resident)));
      if (launch.parts > 1) {  // blocks parts j ... parts j + parts - 1 take transform j (a cluster's blocks)
        const std::int64_t resident_groups = std::max<std::int64_t>(resident / launch.parts, 1);
        launch.grid = dim3(static_cast<unsigned>(launch.parts * std::min<std::int64_t>(tiles, resident_groups)));
        if (launch.clusters || launch.clusters_in_place) {
          int active_clusters = 0;
          check(cudaOccupancyMaxActiveClusters(&active_clusters, reinterpret_cast<const void*>(launch.kernel),
                                               ClusterLaunch(launch, dim3(launch.parts), nullptr).configuration()),
                "cudaOccupancyMaxActiveClusters");
          if (active_clusters < 1) {
            throw Error(Status::not_supported, "no cluster of " + std::to_string(launch.parts) + " blocks of " +
                                                   std::to_string(launch.shared_bytes) + " bytes fits the device: " +
                                                   plan.description);
          }
          launch.cluster_grid =
              dim3(static_cast<unsigned>(launch.parts * std::min<std::int64_t>(
                                                             tiles, std::int64_t{active_clusters} *
                                                                        cuda_core.resident_multiple)));
          if (launch.clusters) launch.grid = launch.cluster_grid;
        }
      }
      // contiguous_register_transforms of 8-byte elements (fp32 storage),
      // and of 16-point transforms, launch eight times the resident blocks,
      // each warp taking every (grid x warps)-th register block: the blocks
      // then start in order and the addresses in flight stay closer
      // together (a persistent grid-stride copy kernel ran at 2.79 TB/s
      // against 3.00 for one element per thread on the H100, r142).  H100
      // r143/r144: fp32 storage single_fp16 N = 16 ... 512 0.95x ... 0.97x
      // the time, split N = 16 and 512 0.95x ... 0.97x, the rest within
      // noise; r147: fp16/bf16 N = 16 single_fp16 0.91x, split 1.00x.  The
      // single-product mode's 32- and 64-point transforms of 4-byte elements
      // too (r244/r245, with their fragments in shared memory: fp16/bf16
      // 0.89x ... 0.93x the time, where the split mode ran 0.99x ... 1.03x).
      // Not for longer transforms of 4-byte elements: fp16 split N = 256 ...
      // 1024 ran 1.02x ... 1.03x slower at four times, 1.2x ... 1.45x with a
      // block per register block (each warp's twiddle and fragment setup
      // then serves one register block).
      // Where their warps take register blocks from a counter instead
      // (cuda::takes_register_blocks_from_counter: 8-byte inputs or
      // outputs), the resident blocks suffice.  H100 r159/r160 (A/B against
      // the 8x grid, two rounds each): fp32 storage N = 512 0.95x ... 0.97x
      // the time, N = 16 and 256 split 0.985x ... 0.99x, 512^3 0.98x ...
      // 0.99x (its contiguous first axis), the rest within noise.  From
      // fp16/bf16 storage to fp32 intermediates (the contiguous first axis of
      // 2D/3D) too, against the fixed order (r168, two rounds): 1024^2 0.965x
      // ... 0.985x, 512^3 0.97x ... 0.98x, 256^3 0.99x ... 1.00x.  Not from
      // 4-byte to 4-byte elements (r159: fp16 N = 16 ... 1024 split 1.01x
      // ... 1.03x slower), which keep the fixed order.  (A 32-bit counter:
      // the chunks plus two per warp must stay below 2^32.)
      if (register_blocks && register_transforms) {
        const std::int64_t register_block_elements = std::max<std::int64_t>(256, length);
        const std::int64_t register_block_count =
            (p.total_columns * length + register_block_elements - 1) / register_block_elements;
        const std::int64_t warps_per_block = threads / 32;
        const std::int64_t chunk = cuda::register_transform_chunk_blocks(log2_length, input_element_bytes);
        const std::int64_t chunks = (register_block_count + chunk - 1) / chunk;
        if (cuda::takes_register_blocks_from_counter(input_element_bytes, output_element_bytes) &&
            chunks + 2 * resident * warps_per_block < (std::int64_t{1} << 31)) {
          launch.tile_counter = tile_counters_++;
          const std::int64_t blocks_for_all_chunks = (chunks + warps_per_block - 1) / warps_per_block;
          launch.grid = dim3(static_cast<unsigned>(std::min(blocks_for_all_chunks, resident)));
        } else if (input_element_bytes == 8 || log2_length == 4 ||
                   (problem.mode == ComputeMode::single_fp16 && log2_length <= 6)) {
          constexpr std::int64_t resident_multiple = 8;
          const std::int64_t blocks_for_all = (register_block_count + warps_per_block - 1) / warps_per_block;
          launch.grid = dim3(static_cast<unsigned>(std::min(blocks_for_all, resident * resident_multiple)));
        }
      }
      if (cuda_core_transform && launch.parts == 1) {  // CudaCoreKernel::resident_multiple
        launch.grid = dim3(static_cast<unsigned>(std::min(tiles, resident * cuda_core.resident_multiple)));
      }
      // 1024- and 2048-point passes in one lane that write 8-byte elements (the strided pass of fp32 storage's
      // 1024^2, 4096^2, N = 2^21 and 2^22; the 2048-point passes of 2^23 and 2048^2) run on an odd number of
      // blocks.  H200 r475 (grid sweep, whole transforms, fp32 storage): 1024^2 0.562 / 0.565 ms on 132 / 128
      // blocks against 0.547 / 0.550 on 131 / 129, N = 2^21 0.681 / 0.679 against 0.656 / 0.659 (ncu r474: the
      // pass 0.343 -> 0.324 ms, 1024^2's 0.298 -> 0.277).
      // Every odd count of 127 ... 131 ran faster than every even one of 128 ... 132; not so for the other
      // passes (N = 2^26: 512- and 256-point passes 1.01x slower on 131; the 1024-point pass writing fp16
      // storage 1.01x ... 1.02x slower), which keep min(tiles, resident).  Why the parity matters was not found.
      // r476 (A/B, three rounds, both tensor-core modes): fp32 storage N = 2^20 ... 2^22, 1024^2, 4096^2 0.95x
      // ... 0.97x the time, 64 x 1024 x 1024 and 1024 x 1024 x 64 0.97x ... 0.98x in every storage; the rest
      // within noise (0.98x ... 1.01x); relL2 the same.  Only where the block fewer takes no more rounds of
      // tiles (2^26 elements: 8192 tiles, 63 rounds either way): with fewer tiles than blocks (a transform of
      // 2^20 elements has 128) a block would take two tiles where every block took one.  2048 points: H200
      // r479 (A/B, three rounds, split): fp32 storage N = 2^23 0.978x the time, 2048^2 and 2048 x 1024
      // 0.974x; fp16 storage (the same passes writing fp32 intermediates) and N = 2^21, 2^25, 2^26 0.993x ...
      // 1.006x.
      const auto rounds = [&](std::int64_t blocks) { return (tiles + blocks - 1) / blocks; };
      if (cuda_core_pass && (log2_pass_length == 10 || log2_pass_length == 11) && cuda_core_pass_lanes == 1 &&
          output_element_bytes == 8 && launch.grid.x > 1 && launch.grid.x % 2 == 0 &&
          rounds(launch.grid.x - 1) == rounds(launch.grid.x)) {
        launch.grid.x -= 1;
      }
      launches_.push_back(launch);
    }
    scatter_source_ = current;
    for (int which = 0; which < 2; ++which) {
      const plan::ResolvedLayout& layout = which == 0 ? plan.input_layout : plan.output_layout;
      cuda::LayoutMap& map = which == 0 ? gather_map_ : scatter_map_;
      map.rank = static_cast<int>(problem.sizes.size());
      for (int k = 0; k < map.rank; ++k) {
        map.sizes[k] = problem.sizes[k];
        map.pitch[k] = layout.pitch[k];
      }
      map.distance = layout.distance;
      map.transform_elements = plan.transform_elements;
      map.total_elements = plan.transform_elements * problem.batch;
    }
    copy_grid_ = static_cast<int>(std::min<std::int64_t>((gather_map_.total_elements + 255) / 256, sm_count * 8));

    // Workspace: the intermediate array(s) between passes, and the gathered
    // input or the output to scatter.
    const int workspace_element_bytes = (gather_ || scatter_) ? std::max(intermediate_bytes, storage_bytes)
                                                             : intermediate_bytes;
    half_workspace_ = static_cast<std::size_t>(plan.transform_elements) * static_cast<std::size_t>(problem.batch) *
                      static_cast<std::size_t>(workspace_element_bytes);
    // Then the tile counters, zeroed before every transform.
    tile_counters_offset_ = (halves_used * half_workspace_ + 255) / 256 * 256;
    workspace_bytes_ = tile_counters_ > 0
                           ? tile_counters_offset_ + static_cast<std::size_t>(tile_counters_) * sizeof(unsigned int)
                           : halves_used * half_workspace_;

    // One allocation holds the tables and, unless the caller supplies the
    // workspaces (PlanOptions::allocate_workspace), the workspace after them:
    // a cudaMalloc took 4 ... 300 us on the H100 hosts (r259, r263).
    const std::size_t tables_bytes = (tables.size() + 255) / 256 * 256;
    const bool owns_workspace = plan.options.allocate_workspace && workspace_bytes_ > 0;
    const std::size_t allocation = tables_bytes + device_filled_bytes + (owns_workspace ? workspace_bytes_ : 0);
    check(cudaMalloc(&device_memory_, allocation),
          ("cudaMalloc of the plan's " + std::to_string(tables_bytes + device_filled_bytes) + " bytes of tables" +
           (owns_workspace ? " and " + std::to_string(workspace_bytes_) + "-byte workspace" : std::string()))
              .c_str(),
          Status::allocation_failed);
    if (owns_workspace) own_workspace_ = static_cast<char*>(device_memory_) + tables_bytes + device_filled_bytes;
    try {
      for (const auto& [offset, log2_columns] : device_column_tables) {
        const std::int64_t entries = std::int64_t{4} << log2_columns;
        const auto blocks = static_cast<unsigned>(std::min<std::int64_t>((entries + 255) / 256, 1024));
        auto* const table = reinterpret_cast<float2*>(static_cast<char*>(device_memory_) + tables_bytes + offset);
        if (sign < 0) {
          cuda::column_power_roots_kernel<-1><<<blocks, 256, 0, cudaStreamLegacy>>>(table, log2_columns);
        } else {
          cuda::column_power_roots_kernel<1><<<blocks, 256, 0, cudaStreamLegacy>>>(table, log2_columns);
        }
        check(cudaGetLastError(), "launch of column_power_roots_kernel");
      }
      upload_tables(tables);  // (its synchronization finishes the fills too)
    } catch (...) {
      cudaFree(device_memory_);  // the destructor does not run for a constructor that throws
      throw;
    }

    const auto at = [this](std::size_t offset) {
      return static_cast<const void*>(static_cast<char*>(device_memory_) + offset);
    };
    for (Launch& launch : launches_) {
      PassParameters& p = launch.parameters;
      p.mma_fragments = static_cast<const uint4*>(at(fragment_offset));
      p.roots_of_sixteen = at(roots_offset);
      p.inner_twiddles = at(launch.twiddle_inner);
      if (launch.twiddle_radix_stage != no_table) {
        p.radix_stage_twiddles = static_cast<const float2*>(at(launch.twiddle_radix_stage));
      }
      if (launch.twiddle_power_order != no_table) {
        p.power_order_twiddles = static_cast<const float2*>(at(launch.twiddle_power_order));
      }
      if (launch.twiddle_columns != no_table) {
        p.pass_twiddle_columns = static_cast<const float2*>(
            at(launch.twiddle_columns + (launch.twiddle_columns_on_device ? tables_bytes : 0)));
      }
      if (p.stride_before > 1 || launch.parts > 1) {
        p.pass_twiddles_coarse = at(launch.twiddle_coarse);
        p.pass_twiddles_fine = at(launch.twiddle_fine);
      }
    }
  }

  ~CudaExecutor() override {
    if (device_memory_) cudaFree(device_memory_);  // the tables and the own workspace
  }

  std::size_t workspace_bytes() const override { return workspace_bytes_; }
  void* own_workspace() const override { return own_workspace_; }

  void check_pointers(const void* input, const void* output) const override {
    for (const auto& [pointer, name] : {std::pair<const void*, const char*>{input, "input"}, {output, "output"}}) {
      cudaPointerAttributes attributes{};
      const cudaError_t status = cudaPointerGetAttributes(&attributes, pointer);
      if (status != cudaSuccess || attributes.type == cudaMemoryTypeHost ||
          attributes.type == cudaMemoryTypeUnregistered) {
        cudaGetLastError();  // clear the sticky-free error of the query
        throw Error(Status::invalid_value, std::string(name) +
                                               " pointer is not device memory: the CUDA backend needs "
                                               "cudaMalloc'd (or managed) buffers");
      }
    }
  }

  void execute(const void* input, void* output, void* stream, void* workspace) const override {
    const auto cuda_stream = static_cast<cudaStream_t>(stream);
    char* halves[2] = {static_cast<char*>(workspace), static_cast<char*>(workspace) + half_workspace_};
    const auto buffer = [&](int which) -> void* {
      if (which == caller_input) return const_cast<void*>(input);
      if (which == caller_output) return output;
      return halves[which];
    };
    unsigned int* tile_counters = nullptr;
    if (tile_counters_ > 0) {
      tile_counters = reinterpret_cast<unsigned int*>(static_cast<char*>(workspace) + tile_counters_offset_);
      check(cudaMemsetAsync(tile_counters, 0, static_cast<std::size_t>(tile_counters_) * sizeof(unsigned int),
                            cuda_stream),
            "cudaMemsetAsync of the tile counters");
    }
    if (gather_) {
      kernels_.gather(input, halves[0], gather_map_, cuda_stream, copy_grid_);
      check(cudaGetLastError(), "gather kernel launch");
    }
    for (const Launch& launch : launches_) {
      PassParameters p = launch.parameters;
      p.input = buffer(launch.input_buffer);
      p.output = buffer(launch.output_buffer);
      if (launch.tile_counter >= 0) p.tile_counter = tile_counters + launch.tile_counter;
      p.pairs_in_clusters = launch.clusters_in_place && p.input == p.output ? 1 : 0;
      if (launch.clusters || p.pairs_in_clusters) {
        check(cudaLaunchKernelEx(ClusterLaunch(launch, launch.cluster_grid, cuda_stream).configuration(),
                                 launch.kernel, p),
              "cluster kernel launch");
      } else {
        launch.kernel<<<launch.grid, launch.block, launch.shared_bytes, cuda_stream>>>(p);
        check(cudaGetLastError(), "kernel launch");
      }
    }
    if (scatter_) {
      kernels_.scatter(buffer(scatter_source_), output, scatter_map_, cuda_stream, copy_grid_);
      check(cudaGetLastError(), "scatter kernel launch");
    }
  }

 private:
  // Copies the host tables to the start of device_memory_ in pieces of 64
  // KB: a copy from pageable memory returns once the data is staged, and
  // larger ones then took 0.6 ... 0.8 ms to land on one H100 host (r263:
  // most of a plan made again whose tables exceed 64 KB), where pieces of
  // up to 64 KB went straight through.  The synchronization finishes the
  // copies (ordered on the legacy stream only), so that a transform on a
  // non-blocking stream never reads the tables early.
  void upload_tables(const std::vector<unsigned char>& tables) {
    constexpr std::size_t piece_bytes = std::size_t{64} << 10;
    for (std::size_t offset = 0; offset < tables.size(); offset += piece_bytes) {
      check(cudaMemcpy(static_cast<char*>(device_memory_) + offset, tables.data() + offset,
                       std::min(piece_bytes, tables.size() - offset), cudaMemcpyHostToDevice),
            "cudaMemcpy of the tables");
    }
    check(cudaStreamSynchronize(cudaStreamLegacy), "cudaStreamSynchronize after the table upload");
  }

  const PlanImplementation& plan_;
  int device_ = 0;
  int max_shared_ = 0;
  std::vector<Launch> launches_;
  KernelChoice kernels_{};
  bool gather_ = false, scatter_ = false;
  int scatter_source_ = caller_output;
  cuda::LayoutMap gather_map_, scatter_map_;
  int copy_grid_ = 1;
  void* device_memory_ = nullptr;  // the tables, then the own workspace (if any)
  void* own_workspace_ = nullptr;
  std::size_t half_workspace_ = 0;
  std::size_t workspace_bytes_ = 0;
  int tile_counters_ = 0;                 // launches with a tile counter (Launch::tile_counter)
  std::size_t tile_counters_offset_ = 0;  // where the counters start in the workspace
};

}  // namespace

bool cuda_available(std::string* reason) {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    cudaGetLastError();
    if (reason) {
      *reason = status != cudaSuccess ? std::string("no usable CUDA device (") + cudaGetErrorString(status) + ")"
                                      : std::string("no CUDA device found");
    }
    return false;
  }
  int device = 0, major = 0, minor = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  if (major < 8) {
    if (reason) {
      *reason = "CUDA device " + std::to_string(device) + " has compute capability " + std::to_string(major) + "." +
                std::to_string(minor) + ", below the 8.0 the tensor-core kernels need";
    }
    return false;
  }
  cudaDeviceProp properties{};
  cudaGetDeviceProperties(&properties, device);
  if (reason) {
    *reason = std::string("CUDA device ") + std::to_string(device) + " (" + properties.name + ", sm_" +
              std::to_string(major) + std::to_string(minor) + ")";
  }
  return true;
}

std::int64_t cuda_shared_bytes_per_block() {
  int device = 0, bytes = 0;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return bytes;
}

bool cuda_device_has_clusters() {
  int device = 0, major = 0;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return major >= 9;
}

double cuda_memory_bytes_per_sm_cycle() {
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  // TENSORFFT_MEMORY_BYTES_PER_SM_CYCLE: plan as for a device of that bandwidth (testing another device's choices).
  const double assumed = plan::assumed_memory_bytes_per_sm_cycle(std::getenv("TENSORFFT_MEMORY_BYTES_PER_SM_CYCLE"));
  if (assumed > 0) return assumed;
  // Read once per device and process: a device's peak clocks do not change, and since make_plan and the
  // executor read these attributes on every plan (db578e8, the only device calls it added) the H200's plans
  // made again took 1.6 ... 2.8 ms (bench plan_ms, r415 ... r421) instead of 0.03 ... 0.76 (r413).
  static std::mutex mutex;
  static std::map<int, double> by_device;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto known = by_device.find(device);
  if (known != by_device.end()) return known->second;
  int memory_khz = 0, bus_bits = 0, sm_khz = 0, sm_count = 0;
  if (cudaDeviceGetAttribute(&memory_khz, cudaDevAttrMemoryClockRate, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&sm_khz, cudaDevAttrClockRate, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  if (sm_khz <= 0 || sm_count <= 0) return 0;
  // Two transfers per memory clock (double data rate).
  const double bytes_per_second = 2.0 * memory_khz * 1e3 * (bus_bits / 8.0);
  const double bytes_per_sm_cycle = bytes_per_second / (static_cast<double>(sm_count) * sm_khz * 1e3);
  by_device.emplace(device, bytes_per_sm_cycle);
  return bytes_per_sm_cycle;
}

bool cuda_supports(const PlanImplementation& plan, std::string* reason) {
  (void)plan;
  (void)reason;
  return true;  // every rank, layout, storage type and mode of a valid plan
}

std::unique_ptr<Executor> make_cuda_executor(const PlanImplementation& plan) {
  std::string reason;
  if (!cuda_supports(plan, &reason)) throw Error(Status::not_supported, reason + ": " + plan.description);
  return std::make_unique<CudaExecutor>(plan);
}

}  // namespace tensorfft
