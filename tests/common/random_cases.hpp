// Random transform problems with random cuFFT-style layouts, shared by the
// host tests (against the long-double reference) and the GPU suite (against
// cuFFT fp64): rank 1-3, 2 ... 512 points per axis (halved down to a total
// budget), a batch, direction and normalization, and on either side a
// packed, a padded-and-strided or an interleaved-batch layout; a quarter of
// the cases run in place (the same layout on both sides).  Draws come from
// the caller's generator, so a fixed seed gives the same cases every run.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>

#include "tensorfft/tensorfft.hpp"

namespace tensorfft_tests {

struct RandomCase {
  tensorfft::Problem problem;
  bool in_place = false;
};

// "packed", "padded" or "interleaved": which kind random_case drew.
inline const char* layout_kind(const tensorfft::Layout& layout) {
  return layout.distance == 1 ? "interleaved" : layout.embed.empty() ? "packed" : "padded";
}

// pick_combo(random, problem) sets the problem's storage and mode.
template <typename PickCombo>
RandomCase random_case(std::mt19937_64& random, int max_log2_elements, int max_batch, PickCombo pick_combo) {
  RandomCase c;
  tensorfft::Problem& p = c.problem;
  const int rank = 1 + static_cast<int>(random() % 3);
  int log2_total = 0;
  for (int k = 0; k < rank; ++k) {
    const int log2_size = 1 + static_cast<int>(random() % 9);
    p.sizes.push_back(std::int64_t{1} << log2_size);
    log2_total += log2_size;
  }
  while (log2_total > max_log2_elements && log2_total > rank) {  // halve the longest axis, never below 2
    *std::max_element(p.sizes.begin(), p.sizes.end()) /= 2;
    --log2_total;
  }
  p.batch = 1 + static_cast<std::int64_t>(random() % static_cast<std::uint64_t>(max_batch));
  pick_combo(random, p);
  p.direction = random() % 2 ? tensorfft::Direction::forward : tensorfft::Direction::inverse;
  const tensorfft::Normalization norms[] = {tensorfft::Normalization::backward, tensorfft::Normalization::forward,
                                            tensorfft::Normalization::ortho};
  p.normalization = norms[random() % 3];
  const auto layout_of = [&](int kind) {
    tensorfft::Layout layout;
    if (kind == 2 && p.batch > 1) {  // interleaved batches: element i of batch b at i*batch + b
      layout.stride = p.batch;
      layout.distance = 1;
    } else if (kind >= 1) {  // padded rows, elements `stride` apart, gaps between batches
      layout.embed = p.sizes;
      for (std::size_t k = 1; k < layout.embed.size(); ++k) layout.embed[k] += static_cast<std::int64_t>(random() % 4);
      layout.stride = 1 + static_cast<std::int64_t>(random() % 2);
      std::int64_t span = layout.stride;  // one transform's extent
      for (std::int64_t e : layout.embed) span *= e;
      layout.distance = span + static_cast<std::int64_t>(random() % 8);
    }
    return layout;
  };
  c.in_place = random() % 4 == 0;
  const int input_kind = static_cast<int>(random() % 3);
  p.input_layout = layout_of(input_kind);
  p.output_layout = c.in_place ? p.input_layout : layout_of(static_cast<int>(random() % 3));
  return c;
}

}  // namespace tensorfft_tests
