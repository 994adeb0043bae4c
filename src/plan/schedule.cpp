#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "plan/plan_implementation.hpp"

namespace tensorfft::plan {

std::vector<int> radix_schedule(std::int64_t size, int max_radix) {
  std::vector<int> radices;
  int log_size = 0;
  while ((std::int64_t{1} << log_size) < size) ++log_size;
  int log_max = 0;
  while ((1 << log_max) < max_radix) ++log_max;
  const int remainder = log_size % log_max;
  for (int i = 0; i < log_size / log_max; ++i) radices.push_back(max_radix);
  if (remainder != 0) radices.push_back(1 << remainder);
  return radices;  // empty for size 1: the transform is the identity (times the scale)
}

int problem_max_radix(const Problem& problem, double memory_bytes_per_sm_cycle) {
  if (problem.max_radix != 0) return problem.max_radix;
  // The fp32 mode: its stages are fp32 arithmetic at any radix, so the
  // radix-4 schedule only changes which kernels run; it takes the cross-row
  // step's two passes where the last two axes meet it (4096^2, 8192^2,
  // 8192 x 4096): H100 r376 (A/B, two rounds) 8192^2 0.49x the time in fp32
  // storage (2.186 -> 1.069 ms; cuFFT fp32 1.125), 0.53x in fp16/bf16;
  // 4096^2 0.92x in fp32 storage, 0.69x in fp16/bf16, at the split mode's
  // relL2; H200 r457 (A/B, three rounds) 8192 x 4096 0.70x in fp32 storage,
  // 0.61x / 0.62x in fp16 / bf16 (its default plan's strided 64-point pass
  // is not a CUDA-core pass).
  if (problem.mode == ComputeMode::fp32) {
    const std::size_t rank = problem.sizes.size();
    const bool square_of = rank >= 2 && problem.sizes[rank - 1] == problem.sizes[rank - 2];
    const std::int64_t side = square_of ? problem.sizes[rank - 1] : 0;
    const bool rows_of_4096 = rank == 2 && problem.sizes[1] == longest_cuda_core_pass &&
                              problem.sizes[0] == two_row_cuda_core_pass;
    const bool cross_row_shape = side == longest_cuda_core_pass || side == two_row_cuda_core_pass || rows_of_4096;
    return cross_row_shape ? 4 : default_max_radix;
  }
  if (!tensor_core_mode(problem.mode)) return default_max_radix;
  const bool narrow_storage =
      problem.storage == StorageType::complex_fp16 || problem.storage == StorageType::complex_bf16;
  const bool split = problem.mode == ComputeMode::split_fp16;
  // Storage whose transforms the CUDA-core kernels run where they exist: fp16/bf16, and fp32 on a device of
  // memory_rich_bytes_per_sm_cycle or more, where the tensor-core passes' instructions bound fp32 storage (H200
  // r414, A/B, two rounds, radix 4 against the default radices: split 128 ... 4096 points 0.86x ... 0.93x the
  // time, 2^16 ... 2^19 0.79x ... 0.87x, 1024^2 0.86x, 256^3 0.90x, 512^3 0.91x, relL2 the same or lower;
  // single_fp16 0.88x ... 0.99x, relL2 3.1e-4 ... 6.0e-4 -> 1.4e-7 ... 2.7e-7; 128^3 not: 1.11x / 1.24x
  // slower).  On the H100 they ran 1.01x ... 1.08x slower there (r296, r335, r359).
  const bool rich = memory_rich(memory_bytes_per_sm_cycle);
  const bool cuda_core_storage = narrow_storage || (problem.storage == StorageType::complex_fp32 && rich);
  // Compact (4-byte) intermediates, which the CUDA-core passes read and write too.
  const bool compact = narrow_storage && problem.intermediates == Intermediates::compact;
  const std::int64_t n = problem.sizes[0];
  int log2_n = 0;
  while ((std::int64_t{1} << log2_n) < n) ++log2_n;
  if (problem.sizes.size() > 1) {
    // 2D / 3D, every axis one pass of 256 ... 1024 points on the CUDA cores
    // (1024^2, 256^3, 512 x 512 x 256), fp16/bf16 storage, the split mode;
    // with compact intermediates the single-product mode too (H100 r328:
    // 0.71x ... 0.97x the time of its tensor-core passes), and axes of up to
    // 4096 points (r339: 4096^2 split 0.82x, single_fp16 0.89x; 2048^2
    // 0.94x / 1.01x, relL2 5.4e-4 -> 3.1e-4 in single_fp16).  With full
    // intermediates axes of 4096 points too (r341: 4096^2 split 0.90x), and
    // of 2048 since its strided pass runs in two lanes (r341 had 2048^2 1.02x
    // slower; r376, A/B, two rounds: 2048^2 split 0.80x the time (0.853 ->
    // 0.680 ms), single_fp16 0.81x, 2048 x 1024 0.73x ... 0.83x, 1024 x 2048
    // split 0.91x, single_fp16 1.00x; single_fp16's relL2 5.1e-4 -> 2.78e-4).  The single-product mode with full
    // intermediates too since r342, where it ran 1.03x (1024^2) ... 1.08x
    // (4096^2) the split mode's time on its tensor-core passes: the same
    // passes then run (fp32 arithmetic, the same plan) at the split mode's
    // relL2.
    // fp32 storage: where every axis has 4096 points (r345, two rounds:
    // 4096^2 split 0.93x the time of its tensor-core passes, single_fp16
    // 0.99x; relL2 2.09e-7, was 2.93e-7 and 4.69e-4).  Compact
    // intermediates also take axes of 128 points (r349: 128^3 as three
    // CUDA-core passes instead of a 128 x 128 plane and a pass, split 0.83x
    // the time in fp16, 0.85x in bf16; single_fp16 1.00x, relL2 5.35e-4 ->
    // 3.35e-4).  Not with full intermediates (r349: 1.33x slower).
    // 8192^2, any storage: two passes on the CUDA cores with the cross-row
    // step (runs_cross_row_step) instead of three on the tensor cores (H100
    // r373, A/B, three rounds: fp16 / bf16 split 0.86x the time, compact
    // 0.83x / 0.80x, single_fp16 0.89x ... 0.93x at the split mode's relL2
    // (2.78e-4 instead of 5.1e-4); fp32 storage split 0.80x, single 0.90x,
    // relL2 2.29e-7 instead of 3.38e-7).
    std::int64_t elements = 1;
    bool long_axes = true, axes_of_4096 = true;
    for (std::int64_t size : problem.sizes) {
      elements *= size;
      long_axes = long_axes && (size >= (compact ? 128 : 256) || size == shortest_cuda_core_pass);
      axes_of_4096 = axes_of_4096 && size == 4096;
    }
    // Longer axes too, where every axis has 256 points or more (128 with compact intermediates) or 64: strided
    // axes of 8192 ... 65536 points as passes of 64 ... 4096 points, contiguous ones of 32768 and 65536 as
    // two, 512 ... 4096 x 8192 in fp32 storage with the step of two (make_plan keeps the default radices
    // where a pass would be shorter than 64 points).  H200
    // r459 / r460 (A/B, two and three rounds, against the tensor-core passes): split 16384 x 256 ... 2048,
    // 32768 x 1024 / 2048, 65536 x 256, 256 / 1024 x 65536 0.76x ... 0.78x the time in fp16 / bf16, compact
    // 0.57x ... 0.67x, fp32 storage 0.82x ... 0.86x; 2048 x 32768 0.68x (fp16), 0.80x (fp32 storage); 2048 /
    // 1024 / 512 x 8192 in fp32 storage 0.76x / 0.83x / 0.86x (1.33x cuFFT fp32 -> 1.01x at 2048 x 8192);
    // single_fp16 0.86x ... 0.92x in fp16 / bf16, 0.89x ... 0.91x in fp32 storage (there 1.01x at 1024 /
    // 512 x 8192) at the split mode's relL2 (fp32 storage 4.7e-4 ... 6.0e-4 -> 2.2e-7 ... 2.6e-7).  A
    // contiguous axis of 16384 points then takes two passes of 128 instead of one tensor-core pass: only in
    // the split mode and with 2048 rows or more (2048 / 4096 x 16384 0.89x / 0.95x in fp16, 0.97x in fp32
    // storage; single_fp16 1.03x ... 1.13x slower, 1024 x 16384 1.01x ... 1.02x, 256 x 16384 1.06x ...
    // 1.07x slower; compact relL2 3.08e-4 -> 3.35e-4 in fp16).  Axes of 64 points (cuda::cuda_core_pass_kernel's
    // shortest pass) since r461 (A/B, three rounds, against the tensor-core passes): 8192 x 256 ... 2048 (128 |
    // 64) split 0.70x ... 0.72x the time in fp16 / bf16 (0.63x ... 0.68x cuFFT fp16 -> 0.44x ... 0.48x), compact
    // 0.60x ... 0.64x, fp32 storage 0.75x ... 0.76x (1.33x ... 1.35x cuFFT fp32 -> 1.00x ... 1.01x), single_fp16
    // 0.68x ... 0.82x; 64 x 1024 x 1024 split 0.69x (fp16), 0.76x (fp32 storage: 1.30x cuFFT fp32 -> 0.99x);
    // 64 x 4096 x 256 0.68x / 0.73x, 64 x 256 x 256 0.72x / 0.78x, 1024 x 1024 x 64 0.87x / 0.81x, 256 x 256
    // x 64 0.93x / 0.88x; relL2 the same or lower (single_fp16 fp16 5.8e-4 ... 6.6e-4 -> 2.8e-4 ... 3.4e-4).
    // single_fp16 where the contiguous axis has 64 points: 0.85x ... 0.98x, but 256 x 256 x 64 (full) and
    // 1024 x 1024 x 64 (compact) 1.02x ... 1.04x slower (at half the relL2).
    const std::int64_t contiguous = problem.sizes.back();
    const bool long_axes_on_cuda_cores =
        cuda_core_storage && long_axes && (contiguous != 16384 || (split && elements / contiguous >= 2048));
    // S x 8192 with the step of two rows too: H100 r380 (two rounds, split,
    // the radix-4 plan against the default's) fp16 4096 x 8192 0.75x the
    // time, 1024 x 8192 0.90x, 256 x 8192 0.96x (full intermediates); fp32
    // storage 4096 x 8192 0.89x, but 1024 x 8192 1.01x and 256 x 8192 1.03x
    // slower.  (8192 x 4096 and 8192 x 1024, three passes with or without
    // radix 4: 1.18x ... 1.26x slower; 8192 x 4096 now takes the step of
    // four in its 4096-point pass, rows_of_4096.)
    // Compact intermediates too (r392, three rounds, 256 ... 4096 x 8192):
    // split 0.66x ... 0.80x the time, single_fp16 0.70x ... 0.94x, relL2 the
    // same or lower (single_fp16 fp16 5.4e-4 -> 3.1e-4).
    const std::int64_t across = problem.sizes.front();
    const bool rows_of_8192 = problem.sizes.size() == 2 && problem.sizes[1] == two_row_cuda_core_pass &&
                              (across == two_row_cuda_core_pass ||
                               (narrow_storage ? across >= 256 && across <= 4096 : across == 4096));
    // 8192 x 4096 and 16384 x 4096, any storage: the 4096-point pass with the cross-row step of four, then
    // one strided pass of S / 4 points, instead of three tensor-core passes (H200 r455, A/B, three rounds,
    // both tensor-core modes): 8192 x 4096 fp16 / bf16 split 0.57x / 0.56x the time, compact 0.53x, fp32
    // storage 0.72x (1.333x cuFFT fp32 -> 0.96x); 16384 x 4096 0.79x ... 0.84x, compact 0.63x ... 0.73x;
    // relL2 the same or lower (single_fp16 fp16 5.1e-4 -> 2.8e-4, fp32 storage 5.3e-4 -> 2.3e-7).  16384 x
    // 4096 with full intermediates then as 4096 | 128 | 128 without the step (cross_row_step_after_4096).
    const bool rows_of_4096 = problem.sizes.size() == 2 && problem.sizes[1] == longest_cuda_core_pass &&
                              (across == 8192 || across == 16384);
    // Up to 2^27 elements (512^3) on a memory-rich device with full intermediates: H200 r414 (A/B, two rounds,
    // radix 4 against the default radices) 512^3 split 0.91x the time in fp16 and fp32 storage, single_fp16
    // 0.96x / 0.99x, relL2 6.4e-4 -> 2.8e-4 (fp16), 3.6e-7 -> 2.5e-7 (fp32 split).
    const int log2_most_elements = rich && !compact ? 27 : 26;
    // Fewer elements than 2^20 too in the split mode (the 128 x 128 plane, which then kept its register-block
    // plane pass, takes the CUDA-core plane below since r465): H200 r462
    // (A/B, three rounds, split): 64^3, 64^2, 256^2, 512^2, 1024 x 512, 64 x 256 ... 4096 and 256 ... 4096 x 64
    // 0.61x ... 0.95x the time in every storage (fp16 64 x 1024 0.63x, 64^3 0.72x, 256^2 0.81x), compact
    // 128 x 64 x 64 0.73x ... 0.75x, fp16 64^2 compact 1.03x slower; 128^2 compact (three passes instead of
    // its plane) 1.28x ... 1.32x slower.  single_fp16 below 2^20 only where the contiguous axis has 256 points
    // or more: 256^2, 512^2, 1024 x 512, 64 x 256 ... 4096 0.71x ... 0.98x the time there (r462, at the split
    // mode's relL2: fp16 5e-4 ... 6e-4 -> 2.8e-4), but 1.06x ... 1.10x slower at 256 x 64, 1024 x 64, 4096 x 64
    // compact and 1.20x ... 1.23x at 64^2 compact (64^3 0.81x ... 0.92x, left out with them).
    // Last two axes of 16384 points, 128 x 128, 256 x 64 or 64 x 256 (cuda_core_plane_shape): the plane pass on
    // the CUDA cores (cuda::cuda_core_transform_16384_kernel's PlaneColumns; runs_plane_pass), where the
    // storage's CUDA-core kernels serve, in both tensor-core modes and with both intermediates (make_plan keeps
    // the default radices, so the register-block plane pass for 128 x 128, where a later axis's pass would
    // not be a CUDA-core pass).  H200 r465 (A/B, three rounds, against the tensor-core
    // plane pass, whose later axes took radix 4 there; with compact intermediates against three CUDA-core
    // passes): split 128^3 0.83x the time in fp16 (0.563 -> 0.466 ms, 1.16x cuFFT fp16 -> 0.96x), 0.82x in
    // bf16, 0.87x in fp32 storage, compact 0.70x ... 0.72x; 128 x 128 0.69x ... 0.79x; 64 ... 2048 x 128 x
    // 128 0.82x ... 0.89x (compact 0.70x ... 0.76x); single_fp16 0.85x ... 0.95x at the split mode's relL2
    // (fp16 3.7e-4 -> 2.8e-4, fp32 storage 3.1e-4 -> 2.0e-7).  r467 (the same A/B): 256 x 64 0.39x ... 0.48x
    // the time (fp16 0.216 ms, cuFFT fp16 0.580; fp32 storage 0.57x ... 0.62x), 128 x 256 x 64 0.53x ...
    // 0.70x, 64 x 256 0.75x ... 0.84x in fp16/bf16 (fp16 0.318 ms, cuFFT fp16 0.293), 0.96x in fp32 storage;
    // 64 / 1024 x 64 x 256 0.80x ... 0.89x, fp32 storage 0.98x; single_fp16 at the split mode's relL2.  r469,
    // the 64 x 256 planes' warps writing 32 neighbouring outputs (A/B against r467's kernel): 64 x 256 0.82x
    // ... 0.83x the time (fp16 0.264 ms: 0.90x cuFFT fp16), fp32 storage 0.73x; 64 / 1024 x 64 x 256 0.81x ...
    // 0.84x (compact 0.97x ... 0.99x).  Not measured on the H100.
    const bool planes_on_cuda_cores = cuda_core_storage && cuda_core_plane_shape(problem);
    const bool radix_four =
        planes_on_cuda_cores ||
        (((cuda_core_storage ? long_axes_on_cuda_cores : axes_of_4096) || rows_of_8192 || rows_of_4096) &&
         (split || elements >= (std::int64_t{1} << 20) || contiguous >= 256) &&
         elements <= (std::int64_t{1} << log2_most_elements));
    return radix_four ? 4 : default_max_radix;
  }
  // One CUDA-core kernel per transform length (cuda_core_transform.cuh) for
  // 128 ... 4096 points in fp16/bf16 storage, both tensor-core modes: H100
  // r360 (A/B, three rounds, against the tensor-core products of 128 ...
  // 512 points and the persistent grid at 1024, 2048) split 0.88x ...
  // 0.95x the time, single_fp16 0.88x ... 1.00x at a lower relL2 (2.78e-4
  // instead of 3.6e-4 in fp16).  fp32 storage keeps its tensor-core
  // products below 8192 (r359: the warp kernel ran 1.04x their time at 128).
  // The single-product mode at 8192 and 16384 points too (r408, three
  // rounds, against its tensor-core products): fp16 0.98x / 0.99x the time,
  // bf16 0.93x / 0.98x, relL2 3.7e-4 -> 2.78e-4 in fp16 (the split mode's
  // kernels, which take the same time), and at 32768 (the split mode's
  // cluster of two blocks; r410, three rounds: fp16 1.000x, bf16 1.006x the
  // time, relL2 4.3e-4 -> 2.77e-4 in fp16).
  // fp32 storage on a memory-rich device up to 16384 points (r414: single_fp16 at 32768 1.04x slower; the
  // split mode's rule below takes it).
  if (cuda_core_storage && n >= 128 && n <= (narrow_storage ? 32768 : 16384)) return 4;
  // 16 ... 64 points on a memory-rich device, in both modes: cuda_core_16_point_kernel (staged copies) and
  // cuda_core_eight_thread_kernel (32, 64).  H200 r427/r432 (A/B, three rounds, against the tensor-core
  // kernels; 32 and 64 then on the warp kernel with staged copies): split fp32 storage 64 / 32 / 16 points
  // 0.84x / 0.89x / 0.94x the time, fp16 0.90x / 0.92x / 0.86x, bf16 0.87x / 0.87x / 0.94x; single_fp16 at
  // 16 0.98x / 1.00x / 0.96x (fp32 / fp16 / bf16 storage), at 64 / 32 in fp32 storage 0.93x / 0.99x, relL2
  // 2.0e-4 ... 2.9e-4 -> 6.6e-8 ... 9.5e-8 in fp32 storage; fp16/bf16 single_fp16 at 32 / 64 then 1.06x ...
  // 1.16x slower.  On the eight-thread kernel (r436/r437, three rounds) the split mode took 0.78x ... 0.79x
  // (32) and 0.75x (64) the staged copies' time in fp16/bf16, so single_fp16 there too: fp16 / bf16 32 points
  // 0.146 ms against its tensor-core kernels' 0.162 / 0.174 (0.90x / 0.84x), 64 points 0.138 against 0.173 /
  // 0.161 (0.80x / 0.86x), at the split mode's relL2 (2.78e-4 instead of 3.6e-4 in fp16).  Without staged
  // copies or eight threads a transform the warp kernel ran 1.01x ... 5.4x slower there (r416).  Not
  // measured on the H100.
  if (rich && (n == 16 || n == 32 || n == 64)) return 4;
  if (split && (n == 8192 || n == 16384 || n == 32768)) return 4;
  // Several passes of 128 ... 4096 points (cuda::cuda_core_pass_kernel;
  // make_plan keeps them where every pass is one): 2^16 ... 2^26 points in
  // two or three passes, fp32 storage from 2^20; the single-product mode
  // where its own passes are slower: fp16/bf16 storage (H100 r335: 2^17 ...
  // 2^20 0.96x ... 0.99x the time, relL2 5.13e-4 -> 2.78e-4 in fp16; r338,
  // since the 4096 x 1024 passes: 2^22 0.94x, compact 0.91x), fp32 storage
  // from 2^21 (1.02x ... 1.04x slower at 2^17 ... 2^20).  fp32 storage's
  // 2^23 kept its two tensor-core passes until the CUDA cores ran it as
  // 4096 x 2048 (r338: 0.81x the time, single_fp16 0.88x).  Compact
  // intermediates (fp16/bf16 storage) take the same rules: there the passes
  // take 0.56x ... 0.86x the time of the default radices' (H100 r328), in
  // both modes.  2^16 as 256 x 256 too (r348, A/B, three rounds, against
  // the default radices' tensor-core passes: fp16 split 0.89x the time,
  // compact 0.61x; single_fp16 1.00x, compact 0.67x; fp32 storage keeps
  // them: the fp32 mode's CUDA-core passes ran 1.03x their time).
  const bool several_cuda_core_passes = log2_n >= 16 && log2_n <= 26;
  if (split && several_cuda_core_passes && (cuda_core_storage || log2_n >= 20)) return 4;
  if (problem.mode == ComputeMode::single_fp16 && several_cuda_core_passes && (cuda_core_storage || log2_n >= 21)) {
    return 4;
  }
  return default_max_radix;
}

double assumed_memory_bytes_per_sm_cycle(const char* value) {
  if (value == nullptr || value[0] == '\0') return 0;
  char* end = nullptr;
  const double bytes = std::strtod(value, &end);
  if (end == value || *end != '\0' || !std::isfinite(bytes) || bytes <= 0) {
    throw Error(Status::invalid_value, std::string("TENSORFFT_MEMORY_BYTES_PER_SM_CYCLE=") + value +
                                           ": not a positive number of bytes per SM cycle");
  }
  return bytes;
}

bool single_pass_in_clusters(const Problem& problem, bool device_clusters, double memory_bytes_per_sm_cycle) {
  // H200 r414 (three rounds, 32768 points): the two passes 0.91x the time of the cluster (0.621 -> 0.565 ms),
  // relL2 1.75e-7 -> 1.94e-7 (cuFFT fp32 2.86e-7); single_fp16 the same time (0.998x), fp16/bf16 storage
  // 1.03x ... 1.05x slower (compact intermediates 0.98x).  r498, after the cluster's twiddles went to power
  // order (0.87x its time): the two passes still 0.98x the cluster's time (0.5686 against 0.5786 ms, three rounds).
  const bool two_passes = problem.storage == StorageType::complex_fp32 && problem.mode == ComputeMode::split_fp16 &&
                          memory_rich(memory_bytes_per_sm_cycle);
  return device_clusters && !two_passes;
}

bool passes_run_on_cuda_cores(const AxisSchedule& axis) {
  for (const Pass& pass : axis.passes) {
    if (pass.in_previous_pass) continue;  // the cross-row step, in the CUDA-core pass before it
    const std::int64_t length = axis.pass_length(pass);
    if (length < shortest_cuda_core_pass || length > longest_cuda_core_pass) return false;
  }
  return !axis.passes.empty();
}

std::int64_t on_chip_elements(StorageType storage, ComputeMode mode) {
  // Single-pass limits of the CUDA kernels: the tile is held in fp32 (fp64)
  // on chip, once for the tensor-core modes (stages run in place, results in
  // registers: 512 threads x 4 MMA groups x 8 columns x 16 = 2^13) and twice
  // for the scalar modes (stages ping-pong).  fp16/bf16 storage could hold
  // 2^14 with a second register layout; not done yet.
  (void)storage;
  switch (mode) {
    case ComputeMode::split_fp16:
    case ComputeMode::single_fp16: return std::int64_t{1} << 13;
    case ComputeMode::fp32: return std::int64_t{1} << 13;
    case ComputeMode::fp64: return std::int64_t{1} << 12;
  }
  return std::int64_t{1} << 12;
}

PassLimits pass_limits(StorageType storage, ComputeMode mode, int max_radix, bool reads_packed_storage,
                       bool writes_packed_storage, std::int64_t shared_bytes_per_block,
                       int intermediate_element_bytes, bool thread_block_clusters, double memory_bytes_per_sm_cycle) {
  const std::int64_t on_chip = on_chip_elements(storage, mode);
  PassLimits limits{on_chip, on_chip / min_columns_per_tile, on_chip / min_columns_per_tile};
  // A whole 16384-point transform between packed storage in the stages the
  // CUDA-core kernel runs (the radix-4 schedule in any mode, the fp32 mode's
  // default stages) takes one pass where its tile fits; 2^15 points too
  // where the device has thread-block clusters (two blocks of that tile per
  // transform, cuda::cuda_core_transform_16384_kernel's Parts).  Not 2^16
  // (four blocks): two passes of 256 points on the CUDA cores took 0.68x
  // (fp32 storage) and 0.81x (fp16) of its time in the fp32 mode (H100
  // r348, A/B, three rounds).
  const bool cuda_core_stages = max_radix == 4 || (mode == ComputeMode::fp32 && max_radix == default_max_radix);
  if (mode != ComputeMode::fp64 && cuda_core_stages && reads_packed_storage && writes_packed_storage &&
      cuda_core_16384_tile_bytes <= shared_bytes_per_block) {
    limits.contiguous_single_pass = std::int64_t{1} << (thread_block_clusters ? 15 : 14);
  }
  // Those stages run the first of two passes of an unstrided axis at 4096
  // points on the CUDA cores (cuda::cuda_core_pass_kernel; its outputs are
  // contiguous) where the second then has 1024 points,
  // or 2048 with fp32 intermediates (whose 2048-point pass reads 32-byte
  // runs): N = 2^22 as 4096 x 1024 instead of 2048 x 2048, 2^23 with fp32
  // intermediates as 4096 x 2048 instead of three passes.  H100 r338 (A/B,
  // two rounds): 2^22 fp16 split 0.87x the time (compact 0.90x), bf16 0.87x,
  // fp32 storage 0.99x; 2^23 fp16 / bf16 0.94x, fp32 storage 0.81x (from
  // the tensor-core passes), the fp32 mode 0.81x.  Not where the second pass
  // would be shorter (r337: 2^19 ... 2^21 as 4096 x 128 ... 512 1.02x ...
  // 1.09x slower), nor 4096-point passes whose outputs lie apart in tiles of
  // two columns (r336: 8- or 16-byte runs; 2^24 as 4096 x 4096 1.9x slower,
  // the strided axis of 4096^2 1.7x; four columns below, where they measured
  // faster), nor 2^23 with compact intermediates
  // (r336: 4096 x 2048 1.15x slower than three passes: the 2048-point pass
  // then reads 16-byte runs).
  if (mode != ComputeMode::fp64 && cuda_core_stages && longest_cuda_core_pass_tile_bytes <= shared_bytes_per_block) {
    // A strided axis of 4096 points in one pass with compact intermediates,
    // whose 4-byte inputs take tiles of four columns (two lanes per thread,
    // cuda::CudaCorePassShape): H100 r339 (A/B, two rounds) 4096^2 fp16
    // 0.82x the time of the tensor-core pass in split mode, 0.89x in
    // single_fp16 (relL2 5.5e-4 -> 3.1e-4).  And 1D N = 2^23 as 4096 x 2048
    // (r396, A/B, three rounds, since the paired stores: fp16 / bf16 split
    // 0.925x / 0.911x the time of three passes, single_fp16 0.927x / 0.914x,
    // relL2 3.35e-4 -> 3.08e-4 in fp16; r339 had measured it 1.08x slower),
    // but not 2^24 as 4096 x 4096 (r396: 1.04x ... 1.06x slower).
    if (intermediate_element_bytes == 4 && (storage == StorageType::complex_fp16 || storage == StorageType::complex_bf16)) {
      limits.strided_axis_single_pass = std::max(limits.strided_axis_single_pass, longest_cuda_core_pass);
      limits.first_of_several = std::max(limits.first_of_several, longest_cuda_core_pass);
    }
    // With fp32 intermediates too, in tiles of four 8-byte columns (two
    // lanes per thread, loads at the tile's start): r341 (A/B, two rounds)
    // 4096^2 fp16 split 0.90x the time of the tensor-core passes, the fp32
    // mode 0.59x ... 0.66x; and a later pass of 4096 points, N = 2^24 as
    // 4096 x 4096: in fp32 storage 0.94x the time of three passes (r341),
    // in fp16 / bf16 storage 0.94x / 0.94x (split), 0.94x / 0.94x
    // (single_fp16), 0.94x / 0.93x (the fp32 mode), relL2 the same (r396,
    // A/B, three rounds; r341 had measured it 1.03x slower).
    // Not the later pass on a memory-rich device, where the three passes' 256-point tiles move their bytes
    // at the copy's rate and the strided 4096-point pass (1.66 TB/s, ncu) does not: H200 r419 (A/B, three
    // rounds) 2^24 as 256 x 256 x 256 0.92x ... 0.93x the time of 4096 x 4096 in every storage and both
    // tensor-core modes (fp16 split 0.808 -> 0.744 ms), relL2 the same in fp16/bf16, 2.14e-7 -> 2.43e-7 in
    // fp32 storage (cuFFT fp32 ~3e-7); r420 (three rounds) 4096 x 4096 1.07x ... 1.08x slower in the fp32
    // mode too.  2^23 keeps 4096 x 2048 (as 256 x 256 x 128 1.06x slower, r419).
    if (intermediate_element_bytes == 8) {
      limits.first_of_several = std::max(limits.first_of_several, longest_cuda_core_pass);  // 2^23: 4096 x 2048
      limits.strided_axis_single_pass = std::max(limits.strided_axis_single_pass, longest_cuda_core_pass);
      if (!memory_rich(memory_bytes_per_sm_cycle)) {
        limits.strided_pass = std::max(limits.strided_pass, longest_cuda_core_pass);
      }
    }
    // Not with compact intermediates on a memory-rich device, where 2^22 then runs as 2048 x 2048: H200 r422
    // (A/B, three rounds) 0.95x the time of 4096 x 1024 in fp16/bf16 storage, both modes (fp16 split 0.649 ->
    // 0.617 ms), relL2 the same; with fp32 intermediates 1.05x ... 1.06x slower (fp32 storage 1.01x).
    limits.first_of_two =
        intermediate_element_bytes == 4 && memory_rich(memory_bytes_per_sm_cycle) ? 0 : longest_cuda_core_pass;
    limits.first_of_two_shortest_second = std::int64_t{1} << log2_longest_whole_sector_pass;
    limits.first_of_two_longest_second = intermediate_element_bytes == 8 ? std::int64_t{2048} : std::int64_t{1024};
  }
  // The CUDA register-block passes (tensor-core modes, fixed-shape kernels of
  // the default radices) need register_block_shared_bytes, not two tiles of
  // intermediates: a contiguous 2^14-point pass reading 4-byte storage takes
  // 192 KB, a 4096-point pass of two 8-byte columns 128 KB.
  if (!tensor_core_mode(mode) || max_radix != default_max_radix) return limits;
  const bool narrow_storage = storage == StorageType::complex_fp16 || storage == StorageType::complex_bf16;
  // A strided axis in two passes ends with a 4-point pass where the first
  // holds the rest, rather than balanced passes (H100, r29, fp16 and fp32
  // storage, both modes: 8192^2's strided axis as 2048 x 4 0.90x ... 0.96x
  // the time of 128 x 64, 4096^2's as 1024 x 4 0.94x ... 0.99x of 64 x 64).
  limits.strided_last_of_two = 4;
  // fp32 storage: a strided axis of 8192 points ends with a 16-point pass
  // in the split mode (512 x 16) and an 8-point pass in the single-product
  // mode (1024 x 8), since the 512- and 1024-point passes take tiles of 16
  // columns and their radix stage several outputs per thread
  // (cuda::radix_stage_log2_rows); longer strided axes keep balanced
  // passes.  H100 r177/r178 (one build, two rounds each, against 2048 x
  // 4): 8192^2 split 0.935x ... 0.948x the time, single
  // 0.963x ... 0.970x, 8192 x 64 x 128 0.952x / 0.972x; 16384 x 4096 as
  // 1024 x 16 1.03x slower and as 2048 x 8 1.17x, 32768 x 2048 as 2048 x 16
  // 1.17x; fp16 storage mixed (8192^2 split with 16 0.98x, its single-
  // product mode and 4096^2 1.03x ... 1.16x slower), so it keeps 4.
  if (!narrow_storage) {
    const bool split = mode == ComputeMode::split_fp16;
    limits.strided_last_of_two = split ? 16 : 8;
    limits.strided_longest_first_of_two = split ? 512 : 1024;
  }
  // fp32 storage: the 2^14-point pass puts its outputs where its inputs
  // were (cuda::exchanges_in_place), a 128 KB tile with room for the next
  // tile's parts (tile_in_parts_shared_bytes).
  const std::int64_t single_pass_bytes = narrow_storage ? register_block_shared_bytes(std::int64_t{1} << 14, 4)
                                                        : tile_in_parts_shared_bytes(std::int64_t{1} << 14, 8);
  if (reads_packed_storage && single_pass_bytes <= shared_bytes_per_block) {
    limits.contiguous_single_pass = std::int64_t{1} << 14;
    // fp16/bf16 storage: 2^15 points in one pass too where it writes 4-byte
    // elements (the storage, or compact intermediates), as two 2^14-point
    // halves (one radix-2 step of decimation in frequency), one block each
    // (cuda::paired_halves_pass_kernel).  H100 r224 (A/B against two passes,
    // two rounds): N = 2^15 fp16 split 0.89x the time, single_fp16 0.76x,
    // bf16 0.87x / 0.76x, compact intermediates 0.58x ... 0.77x; 4 x 2^15
    // with compact intermediates 0.62x ... 0.69x, but with full ones (8-byte
    // outputs, every other one per block) 1.05x ... 1.07x slower (split).
    // The two blocks run as a thread-block cluster (sm_90), whose barrier
    // orders their reads before their writes in place.
    if (narrow_storage && (writes_packed_storage || intermediate_element_bytes == 4) && thread_block_clusters) {
      limits.contiguous_single_pass = std::int64_t{1} << 15;
    }
  }
  // The first of several passes of an unstrided axis writes whole runs (its
  // outputs are contiguous), so two 8-byte columns per tile do there; later
  // passes of 4096 points with two columns ran slower than three shorter
  // passes (H100: N = 2^24 1.12x ... 1.29x, 4096^2 1.16x ... 1.32x).
  if (register_block_shared_bytes((std::int64_t{1} << 12) * 2, 8) <= shared_bytes_per_block) {  // two columns
    limits.first_of_several = std::int64_t{1} << 12;
  }
  // A transform that reads and writes fp16/bf16 storage in several passes
  // runs every pass after the first at 1024 points, the longest whose
  // narrow-storage tiles fill whole sectors, rather than balanced lengths
  // (H100, split / single_fp16 fp16: N = 2^15 32 x 1024 0.72x / 0.78x the
  // time of 256 x 128, 2^16 64 x 1024 0.83x / 0.86x, 2^17 0.95x / 0.84x,
  // 2^19 0.93x / 0.99x, 2^22 4096 x 1024 0.86x / 0.88x, 2^18 1.02x / 0.83x;
  // three passes, fp16 and bf16: 2^24 16 x 1024 x 1024 0.90x ... 0.99x of
  // 256 x 256 x 256, 2^25 0.99x, 2^26 0.91x ... 0.97x).  fp32 storage
  // measured slower so.
  if (reads_packed_storage && writes_packed_storage && narrow_storage) {
    limits.later_pass = std::int64_t{1} << log2_longest_whole_sector_pass;
    // With full intermediates, only where a balanced pass after the first
    // would be longer (N = 2^22: 4096 x 1024 rather than 2048 x 2048), since
    // the strided passes of 8-byte elements take tiles of whole 128-byte
    // lines (cuda::strided_log2_min_columns) and their radix stage several
    // outputs per thread (cuda::radix_stage_log2_rows).  H100, split /
    // single_fp16 against the 1024-point later passes: r116 (split, fp16)
    // N = 2^16 256 x 256 0.92x the time of 64 x 1024, 2^17 0.88x, 2^24 256^3
    // 0.91x, 2^25 0.87x, 2^26 0.90x, 2^22 as 2048 x 2048 1.14x slower; r133
    // (single_fp16, fp16 / bf16) 2^16 0.95x / 0.94x, 2^17 0.92x, 2^24 0.95x
    // / 0.97x, 2^25 0.91x / 0.90x, 2^26 0.93x / 0.92x; r187/r188 (fp16 / bf16,
    // since the radix-stage rows) N = 2^15 256 x 128 0.91x / 0.91x (split),
    // 0.94x / 0.95x (single), 2^18 512 x 512 0.92x / 0.92x, 0.97x / 0.97x,
    // 2^19 1024 x 512 0.97x / 0.98x, 0.96x / 0.99x; 2^22 as 2048 x 2048
    // 1.14x ... 1.28x slower.
    limits.later_pass_over_balanced = intermediate_element_bytes == 8;
    // With full intermediates, two passes do not start with 2048 points
    // (tiles of four 4-byte columns; its second pass of 1024 points takes 8
    // columns): N = 2^21 runs as 4096 x 512 (whose second pass takes 16
    // columns) rather than 2048 x 1024.  H100 r210 (fp16, two rounds):
    // split 0.92x the time, single_fp16 0.985x; r211 (A/B) fp16 0.94x /
    // 0.99x, bf16 0.95x / 0.94x; 2^20 as 2048 x 512 or 4096 x 256 ran 1.08x
    // ... 1.11x slower than 1024 x 1024.
    if (intermediate_element_bytes == 8) limits.slow_first_of_two = std::int64_t{1} << 11;
  }
  // fp32 storage: two passes whose first would take 4096 points (tiles of two
  // 8-byte columns, 16-byte runs) put the 4096 points in the second pass
  // instead, in place in tiles of four columns fetched in parts (as a
  // strided axis of 4096 points): N = 2^23 as 2048 x 4096 rather than 4096 x
  // 2048.  H100 r210 (two rounds): split 0.96x the time, single_fp16 0.97x
  // (r211, A/B: 0.987x / 0.983x); 2^24 as 4096 x 4096 ran 1.02x ... 1.16x
  // slower than 256^3, 2^22 as 1024 x 4096 1.01x ... 1.03x slower than 2048
  // x 2048.
  limits.second_of_two_in_place = !narrow_storage;
  // fp32 storage's N = 2^15 takes balanced passes: since the strided
  // 128-point pass runs register blocks in tiles of 32 columns
  // (cuda::strided_log2_min_columns) 256 x 128 beat the 2048 x 16 that r37
  // chose (H100 r115: split 0.91x the time, single_fp16 0.98x; 512 x 64
  // 0.98x / 1.03x), and 128 x 256 (the shorter first, the 256-point pass
  // second in tiles of 16 columns) beats 256 x 128: r212 split 0.96x,
  // single_fp16 0.99x, r213 (A/B) 0.96x / 0.99x, 4 x 2^15 0.97x / 0.99x
  // (2^17 as 256 x 512 0.98x / 1.01x, 2^19 as 512 x 1024 1.05x / 1.02x:
  // longer passes keep the longer first).
  if (!narrow_storage) limits.shorter_first_of_two_up_to = 256;
  // With 4-byte (compact) intermediates every pass reads and writes 4-byte
  // elements, so a pass with columns apart holds 4096 points in tiles of four
  // columns (the first of several passes already does): N = 2^24 and
  // 4096^2 in two passes instead of three.
  if (narrow_storage && intermediate_element_bytes == 4 &&
      register_block_shared_bytes((std::int64_t{1} << 12) * min_columns_per_tile, 4) <= shared_bytes_per_block) {
    limits.strided_pass = std::int64_t{1} << 12;
  }
  // A strided axis of 4096 points that reads and writes 8-byte elements
  // (fp32 storage, or full intermediates) runs in one pass, in place in
  // tiles of four columns fetched in parts (cuda::strided_tile_in_parts,
  // tile_in_parts_shared_bytes): fp32 storage 4096^2 in two passes instead
  // of three (H100 r128: 0.85x the time in split mode, 0.84x single_fp16),
  // fp16 / bf16 64 x 4096 x 256 0.85x / 0.84x (r134).  Not where it writes
  // fp16/bf16 storage (4096^2: four 4-byte columns are half a sector;
  // r134, 1.02x ... 1.03x slower), nor the passes of an unstrided axis
  // (N = 2^24 as 4096 x 4096 ran 1.07x slower than 256^3 in split mode,
  // r126).
  if (intermediate_element_bytes == 8 && !(narrow_storage && writes_packed_storage) &&
      tile_in_parts_shared_bytes(std::int64_t{1} << 14, 8) <= shared_bytes_per_block) {
    limits.strided_axis_single_pass = std::int64_t{1} << log2_longest_in_place_strided_pass;
  }
  return limits;
}

namespace {

int log2_floor(std::int64_t value) {
  int log2 = 0;
  while ((std::int64_t{2} << log2) <= value) ++log2;
  return log2;
}

// Passes of 2^log2 points (in order) on `axis`, each with the radix
// schedule of its own length; the stages' strides run on across passes.
void fill_passes(AxisSchedule& axis, const std::vector<int>& pass_log2_lengths, int max_radix) {
  std::int64_t stride = 1;
  for (int log2_length : pass_log2_lengths) {
    const std::vector<int> radices = radix_schedule(std::int64_t{1} << log2_length, max_radix);
    axis.passes.push_back(Pass{static_cast<int>(axis.stages.size()), static_cast<int>(radices.size())});
    for (int radix : radices) {
      axis.stages.push_back(Stage{radix, stride});
      stride *= radix;
    }
  }
}

}  // namespace

bool cuda_core_plane_shape(const Problem& problem) {
  const std::size_t rank = problem.sizes.size();
  if (rank < 2) return false;
  const std::int64_t columns = problem.sizes[rank - 1], rows = problem.sizes[rank - 2];
  return columns >= cuda_core_plane_min_columns && columns <= cuda_core_plane_max_columns &&
         rows * columns == cuda_core_plane_points;
}

bool runs_plane_pass(const Problem& problem, int max_radix, bool input_packed, std::int64_t shared_bytes_per_block) {
  // The radix-4 schedule: the CUDA-core plane kernel, one block of its 16384-point tile per plane (from the
  // caller's input, or from the workspace a gathered input was copied to).
  if (max_radix == 4) {
    return tensor_core_mode(problem.mode) && cuda_core_plane_shape(problem) &&
           cuda_core_16384_tile_bytes <= shared_bytes_per_block;
  }
  const std::size_t rank = problem.sizes.size();
  if (rank < 2 || problem.sizes[rank - 1] != plane_side || problem.sizes[rank - 2] != plane_side) return false;
  // The single-pass limit does not depend on the intermediates' format.
  const PassLimits limits =
      pass_limits(problem.storage, problem.mode, max_radix, input_packed, false, shared_bytes_per_block);
  return limits.contiguous_single_pass >= plane_side * plane_side;
}

void schedule_axis(AxisSchedule& axis, int max_radix, const PassLimits& limits, bool strided_axis) {
  axis.stages.clear();
  axis.passes.clear();
  if (axis.size <= 1) return;  // the identity: no stages
  const int log2_size = log2_floor(axis.size);
  const std::int64_t single_pass_limit =
      strided_axis ? std::max(limits.strided_pass, limits.strided_axis_single_pass) : limits.contiguous_single_pass;
  std::vector<int> pass_log2_lengths;
  if (axis.size <= single_pass_limit) {
    pass_log2_lengths.push_back(log2_size);
  } else {
    // The fewest balanced passes (longer first) whose first fits
    // first_of_several (unstrided axes) and whose others fit strided_pass.
    const int log2_max_pass = std::max(1, log2_floor(limits.strided_pass));
    const int log2_max_first =
        strided_axis ? log2_max_pass : std::max(log2_max_pass, log2_floor(limits.first_of_several));
    const auto length_of = [&](int pass_count, int p) {
      return log2_size / pass_count + (p < log2_size % pass_count);
    };
    int pass_count = 2;
    while (length_of(pass_count, 0) > log2_max_first || length_of(pass_count, 1) > log2_max_pass) ++pass_count;
    for (int p = 0; p < pass_count; ++p) pass_log2_lengths.push_back(length_of(pass_count, p));
    // The length of every pass after the first where a rule of PassLimits fixes it.
    const std::int64_t later =
        strided_axis ? (pass_count == 2 ? limits.strided_last_of_two : 0) : limits.later_pass;
    if (later > 0) {
      const int log2_later = log2_floor(later);
      const int log2_first = log2_size - (pass_count - 1) * log2_later;
      // later_pass_over_balanced: only where a balanced pass after the first
      // (the second is the longest of them) would be longer than later.
      const bool balanced_longer = pass_log2_lengths[1] > log2_later;
      const bool first_fits =
          log2_first >= 1 && log2_first <= log2_max_first &&
          (!strided_axis || (std::int64_t{1} << log2_first) <= limits.strided_longest_first_of_two);
      if (first_fits && log2_later <= log2_max_pass &&
          (strided_axis || !limits.later_pass_over_balanced || balanced_longer)) {
        pass_log2_lengths.assign(pass_count, log2_later);
        pass_log2_lengths[0] = log2_first;
      }
    }
    // Two passes of an unstrided axis: the reorderings of PassLimits.
    if (!strided_axis && pass_log2_lengths.size() == 2) {
      int& first = pass_log2_lengths[0];
      int& second = pass_log2_lengths[1];
      if (limits.first_of_two > 0) {
        const int log2_first = log2_floor(limits.first_of_two), log2_rest = log2_size - log2_first;
        if (log2_first > first && log2_rest <= log2_floor(limits.first_of_two_longest_second) &&
            log2_rest >= log2_floor(limits.first_of_two_shortest_second)) {
          first = log2_first;
          second = log2_rest;
        }
      }
      if (limits.slow_first_of_two > 0 && first == log2_floor(limits.slow_first_of_two) && first < log2_max_first &&
          second - (log2_max_first - first) >= 1) {
        second -= log2_max_first - first;
        first = log2_max_first;
      }
      if (limits.second_of_two_in_place && limits.strided_axis_single_pass > 0 &&
          first == log2_floor(limits.strided_axis_single_pass) && second < first) {
        std::swap(first, second);
      }
      if (limits.shorter_first_of_two_up_to > 0 && second < first &&
          first <= log2_floor(limits.shorter_first_of_two_up_to)) {
        std::swap(first, second);
      }
    }
  }
  fill_passes(axis, pass_log2_lengths, max_radix);
}

bool runs_cross_row_step(const Problem& problem, int max_radix, std::int64_t shared_bytes_per_block) {
  const std::size_t rank = problem.sizes.size();
  if (rank < 2 || max_radix != 4 || problem.mode == ComputeMode::fp64) return false;  // (fp64 storage: the fp64 mode)
  const std::int64_t contiguous = problem.sizes[rank - 1], across = problem.sizes[rank - 2];
  if (contiguous == longest_cuda_core_pass) {
    return cross_row_step_after_4096(across, problem.intermediates == Intermediates::compact) &&
           longest_cuda_core_pass_tile_bytes <= shared_bytes_per_block;
  }
  // 8192: the other pass, across / 2 points, one of 128 ... 4096 (64 not measured with the step).
  return contiguous == two_row_cuda_core_pass && across >= 256 &&
         across <= 2 * longest_cuda_core_pass &&
         cross_row_8192_tile_bytes <= shared_bytes_per_block;
}

int cross_row_step_points(const Problem& problem, std::int64_t shared_bytes_per_block) {
  const std::size_t rank = problem.sizes.size();
  const std::int64_t contiguous = problem.sizes[rank - 1], across = problem.sizes[rank - 2];
  if (contiguous != two_row_cuda_core_pass) return 4;
  const bool narrow_storage =
      problem.storage == StorageType::complex_fp16 || problem.storage == StorageType::complex_bf16;
  const bool step_of_four = narrow_storage && across == two_row_cuda_core_pass &&
                            cross_row_8192_tile_bytes + cross_row_8192_odd_row_staging_bytes <= shared_bytes_per_block;
  return step_of_four ? 4 : 2;
}

void schedule_axis_after_cross_row_step(AxisSchedule& axis, int max_radix, int step_points) {
  axis.stages.clear();
  axis.passes.clear();
  const int log2_step = log2_floor(step_points);
  fill_passes(axis, {log2_step, log2_floor(axis.size) - log2_step}, max_radix);
  axis.passes.front().in_previous_pass = true;
}

std::int64_t AxisSchedule::pass_length(const Pass& pass) const {
  std::int64_t length = 1;
  for (int s = pass.first_stage; s < pass.first_stage + pass.stage_count; ++s) length *= stages[s].radix;
  return length;
}

}  // namespace tensorfft::plan
