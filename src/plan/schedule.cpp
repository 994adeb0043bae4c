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

std::int64_t on_chip_elements(StorageType storage) {
  // Single-pass limits of the CUDA kernels (issue 3): 2^13 fp32, 2^14 fp16/bf16.
  switch (storage) {
    case StorageType::complex_fp16:
    case StorageType::complex_bf16: return std::int64_t{1} << 14;
    case StorageType::complex_fp32: return std::int64_t{1} << 13;
    case StorageType::complex_fp64: return std::int64_t{1} << 12;
  }
  return std::int64_t{1} << 12;
}

std::vector<Pass> group_into_passes(const std::vector<Stage>& stages, std::int64_t on_chip) {
  std::vector<Pass> passes;
  if (stages.empty()) return passes;
  std::int64_t total = 1;
  for (const Stage& stage : stages) total *= stage.radix;
  // Number of passes: the fewest whose balanced length fits on chip.
  int pass_count = 1;
  for (std::int64_t fits = on_chip; fits < total; fits *= on_chip) ++pass_count;
  pass_count = std::min<int>(pass_count, static_cast<int>(stages.size()));
  // Greedy: close a pass once its length reaches total^(1/pass_count).
  int first = 0;
  for (int p = 0; p < pass_count; ++p) {
    std::int64_t remaining_total = 1;
    for (std::size_t s = first; s < stages.size(); ++s) remaining_total *= stages[s].radix;
    const int passes_left = pass_count - p;
    std::int64_t length = 1;
    int count = 0;
    const int stages_left = static_cast<int>(stages.size()) - first;
    if (passes_left == 1) {
      count = stages_left;
    } else {
      // Take stages while length^passes_left stays below remaining_total and
      // enough stages stay for the later passes.
      while (count < stages_left - (passes_left - 1)) {
        const std::int64_t next = length * stages[first + count].radix;
        long double power = 1.0L;
        for (int i = 0; i < passes_left; ++i) power *= static_cast<long double>(length);
        if (count > 0 && power >= static_cast<long double>(remaining_total)) break;
        length = next;
        ++count;
      }
    }
    passes.push_back(Pass{first, count});
    first += count;
  }
  return passes;
}

std::int64_t AxisSchedule::pass_length(const Pass& pass) const {
  std::int64_t length = 1;
  for (int s = pass.first_stage; s < pass.first_stage + pass.stage_count; ++s) length *= stages[s].radix;
  return length;
}

}  // namespace tensorfft::plan
