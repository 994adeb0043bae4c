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
  if (remainder != 0) radices.push_back(1 << remainder);
  for (int i = 0; i < log_size / log_max; ++i) radices.push_back(max_radix);
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

namespace {

// Groups stages into exactly pass_count passes of balanced length, none
// longer than on_chip; returns an empty list when that is impossible.
std::vector<Pass> group_into(const std::vector<Stage>& stages, std::int64_t on_chip, int pass_count) {
  std::vector<Pass> passes;
  const int stage_count = static_cast<int>(stages.size());
  int first = 0;
  for (int p = 0; p < pass_count && first < stage_count; ++p) {
    const int passes_left = pass_count - p;
    long double remaining = 1.0L;
    for (int s = first; s < stage_count; ++s) remaining *= stages[s].radix;
    long double later_capacity = 1.0L;
    for (int i = 1; i < passes_left; ++i) later_capacity *= static_cast<long double>(on_chip);
    std::int64_t length = 1;
    int count = 0;
    while (first + count < stage_count) {
      if (passes_left > 1 && first + count >= stage_count - (passes_left - 1)) break;  // leave a stage per pass
      const std::int64_t next = length * stages[first + count].radix;
      if (next > on_chip) break;
      const bool must_take = remaining / static_cast<long double>(length) > later_capacity;
      long double power = 1.0L;
      for (int i = 0; i < passes_left; ++i) power *= static_cast<long double>(length);
      if (passes_left > 1 && count > 0 && !must_take && power >= remaining) break;  // balanced enough
      length = next;
      ++count;
    }
    if (count == 0) return {};
    passes.push_back(Pass{first, count});
    first += count;
  }
  if (first != stage_count) return {};
  return passes;
}

}  // namespace

std::vector<Pass> group_into_passes(const std::vector<Stage>& stages, std::int64_t on_chip, bool strided_axis) {
  if (stages.empty()) return {};
  std::int64_t total = 1;
  for (const Stage& stage : stages) total *= stage.radix;
  if (!strided_axis && total <= on_chip) return {Pass{0, static_cast<int>(stages.size())}};
  // Several passes, or a strided axis: each tile holds at least
  // min_columns_per_tile columns.
  on_chip /= min_columns_per_tile;
  if (total <= on_chip) return {Pass{0, static_cast<int>(stages.size())}};
  // The fewest passes that work; radix granularity may need one more than
  // log(total)/log(on_chip).
  for (int pass_count = 1; pass_count <= static_cast<int>(stages.size()); ++pass_count) {
    std::vector<Pass> passes = group_into(stages, on_chip, pass_count);
    if (!passes.empty()) return passes;
  }
  std::vector<Pass> one_per_stage;
  for (int s = 0; s < static_cast<int>(stages.size()); ++s) one_per_stage.push_back(Pass{s, 1});
  return one_per_stage;
}

std::int64_t AxisSchedule::pass_length(const Pass& pass) const {
  std::int64_t length = 1;
  for (int s = pass.first_stage; s < pass.first_stage + pass.stage_count; ++s) length *= stages[s].radix;
  return length;
}

}  // namespace tensorfft::plan
