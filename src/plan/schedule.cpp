#include <algorithm>

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

std::int64_t contiguous_single_pass_elements(StorageType storage, ComputeMode mode) {
  // The CUDA register-block pass keeps the input tile in storage format (4
  // bytes per element) beside its fp32 exchange tile: 2^14 elements take 192
  // KB of shared memory (an 8-byte input tile would need 256 KB).
  const bool tensor_mode = mode == ComputeMode::split_fp16 || mode == ComputeMode::single_fp16;
  const bool narrow_storage = storage == StorageType::complex_fp16 || storage == StorageType::complex_bf16;
  return tensor_mode && narrow_storage ? std::int64_t{1} << 14 : on_chip_elements(storage, mode);
}

namespace {

int log2_floor(std::int64_t value) {
  int log2 = 0;
  while ((std::int64_t{2} << log2) <= value) ++log2;
  return log2;
}

}  // namespace

void schedule_axis(AxisSchedule& axis, int max_radix, std::int64_t on_chip_elements, bool strided_axis,
                   std::int64_t single_pass_elements) {
  axis.stages.clear();
  axis.passes.clear();
  if (axis.size <= 1) return;  // the identity: no stages
  const int log2_size = log2_floor(axis.size);
  const std::int64_t single_pass_limit = strided_axis ? on_chip_elements / min_columns_per_tile
                                                     : std::max(on_chip_elements, single_pass_elements);
  std::vector<int> pass_log2_lengths;
  if (axis.size <= single_pass_limit) {
    pass_log2_lengths.push_back(log2_size);
  } else {
    const int log2_max_pass = std::max(1, log2_floor(on_chip_elements / min_columns_per_tile));
    const int pass_count = (log2_size + log2_max_pass - 1) / log2_max_pass;
    for (int p = 0; p < pass_count; ++p) pass_log2_lengths.push_back(log2_size / pass_count + (p < log2_size % pass_count));
  }
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

std::int64_t AxisSchedule::pass_length(const Pass& pass) const {
  std::int64_t length = 1;
  for (int s = pass.first_stage; s < pass.first_stage + pass.stage_count; ++s) length *= stages[s].radix;
  return length;
}

}  // namespace tensorfft::plan
