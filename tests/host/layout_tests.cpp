// Multi-dimensional transforms against fft_nd, and the cuFFT advanced layout
// on the host backend: padded rows (embed larger than the size), interleaved
// batches (stride = batch, distance = 1), strides, overlapping input batches,
// in-place execution (packed and strided).  Every run also checks that
// out-of-place execution leaves the input untouched and that no element
// outside the output layout is written (the buffers start as all-NaN bytes).
#include <algorithm>
#include <cmath>
#include <map>

#include "../common/random_cases.hpp"
#include "test_support.hpp"

namespace host_tests {
namespace {

using tensorfft::Backend;
using tensorfft::Layout;
using tensorfft::Plan;
using tensorfft::Problem;

// ---- an independent implementation of the layout formula (tensorfft.hpp) ----

struct Addressing {
  std::vector<std::int64_t> pitch;  // per axis
  std::int64_t distance = 0;
};

// Element (i_0..i_{r-1}) of batch b lies at b*distance + sum_k i_k*stride*prod_{j>k} embed[j].
// distance 0 is "packed": stride * prod(embed) (make_plan.cpp resolve_layout;
// the header says "the product of embed", which is the same for stride 1).
Addressing addressing(const std::vector<std::int64_t>& sizes, const Layout& layout) {
  const std::vector<std::int64_t>& embed = layout.embed.empty() ? sizes : layout.embed;
  Addressing a;
  a.pitch.assign(sizes.size(), 0);
  std::int64_t pitch = layout.stride;
  for (std::size_t k = sizes.size(); k-- > 0;) {
    a.pitch[k] = pitch;
    pitch *= embed[k];
  }
  a.distance = layout.distance == 0 ? pitch : layout.distance;
  return a;
}

// Offsets of every logical element, batch-major then row-major.
std::vector<std::int64_t> offsets(const Problem& problem, const Layout& layout) {
  const Addressing a = addressing(problem.sizes, layout);
  std::int64_t elements = 1;
  for (std::int64_t size : problem.sizes) elements *= size;
  std::vector<std::int64_t> result;
  result.reserve(static_cast<std::size_t>(elements * problem.batch));
  for (std::int64_t b = 0; b < problem.batch; ++b) {
    for (std::int64_t i = 0; i < elements; ++i) {
      std::int64_t rest = i, offset = b * a.distance;
      for (std::size_t k = problem.sizes.size(); k-- > 0;) {
        offset += (rest % problem.sizes[k]) * a.pitch[k];
        rest /= problem.sizes[k];
      }
      result.push_back(offset);
    }
  }
  return result;
}

std::int64_t extent(const std::vector<std::int64_t>& offsets) {
  return offsets.empty() ? 0 : *std::max_element(offsets.begin(), offsets.end()) + 1;
}

bool bytes_are(const Buffer& buffer, std::int64_t element, unsigned char value) {
  const std::size_t size = tensorfft::element_bytes(buffer.storage());
  const unsigned char* p = static_cast<const unsigned char*>(buffer.data()) + element * size;
  return std::all_of(p, p + size, [value](unsigned char c) { return c == value; });
}

// Runs one problem through its layouts and checks it against fft_nd.
void check_layout(const Problem& problem, bool in_place, std::int64_t repetitions = 1) {
  const Plan plan = tensorfft::make_plan(problem, Backend::host);
  SCOPED_TRACE(plan.describe());
  const std::vector<std::int64_t> in_offsets = offsets(problem, problem.input_layout);
  const std::vector<std::int64_t> out_offsets = offsets(problem, problem.output_layout);
  std::int64_t elements = 1;
  for (std::int64_t size : problem.sizes) elements *= size;
  std::mt19937_64 rng = case_rng();
  ErrorStats stats;
  for (std::int64_t r = 0; r < repetitions; ++r) {
    Buffer input(problem.storage, std::max(extent(in_offsets), extent(out_offsets)));
    Buffer output(problem.storage, extent(out_offsets));
    // One unrounded value per touched input location (batches may overlap).
    std::map<std::int64_t, Complex> values;
    const std::vector<Complex> fresh = uniform_input(static_cast<std::int64_t>(in_offsets.size()), rng);
    for (std::size_t i = 0; i < in_offsets.size(); ++i) {
      if (values.emplace(in_offsets[i], fresh[i]).second) input.store(in_offsets[i], fresh[i]);
    }
    std::vector<Complex> x(in_offsets.size());
    for (std::size_t i = 0; i < in_offsets.size(); ++i) x[i] = values.at(in_offsets[i]);
    const std::vector<unsigned char> input_before = input.snapshot();

    Buffer& result = in_place ? input : output;
    plan.execute(input.data(), result.data());

    if (!in_place) {
      ASSERT_TRUE(input.snapshot() == input_before) << "out-of-place execution modified its input";
    }
    std::vector<Complex> y(out_offsets.size());
    for (std::size_t i = 0; i < out_offsets.size(); ++i) y[i] = result.load(out_offsets[i]);
    stats.add(y, reference_transform(x, problem.sizes, problem.batch, problem.direction, problem.normalization));

    // Locations outside the output layout keep their bytes: 0xff (NaN) where
    // nothing was stored; in place, the input's own bytes elsewhere.
    std::vector<bool> written(static_cast<std::size_t>(result.elements()), false);
    for (std::int64_t offset : out_offsets) written[offset] = true;
    std::int64_t stray = 0;
    const std::size_t size = tensorfft::element_bytes(problem.storage);
    for (std::int64_t e = 0; e < result.elements(); ++e) {
      if (written[e]) continue;
      const bool unchanged = in_place ? std::equal(input_before.begin() + e * size, input_before.begin() + (e + 1) * size,
                                                   static_cast<const unsigned char*>(result.data()) + e * size)
                                      : bytes_are(result, e, 0xff);
      if (!unchanged) ++stray;
    }
    EXPECT_EQ(stray, 0) << "elements outside the output layout were written";
  }
  const long double tolerance = rel_l2_tolerance(plan);
  report("relL2", stats.rel_l2());
  report("tolerance", tolerance);
  ASSERT_TRUE(stats.all_finite()) << "NaN in the output: a gap of the input layout was read, or an element not written";
  EXPECT_LE(stats.rel_l2(), tolerance) << "seed " << case_seed();
  EXPECT_LE(stats.max_rel(), max_rel_factor * tolerance) << "seed " << case_seed();
}

// ---- multi-dimensional, packed ----

struct ShapeCase {
  Combo combo;
  std::vector<std::int64_t> sizes;
  Direction direction;
};

std::string shape_name(const std::vector<std::int64_t>& sizes) {
  std::string name;
  for (std::size_t k = 0; k < sizes.size(); ++k) name += (k ? "x" : "") + std::to_string(sizes[k]);
  return name;
}

void PrintTo(const ShapeCase& c, std::ostream* out) {
  *out << name_of(c.combo) << " " << shape_name(c.sizes) << " " << name_of(c.direction);
}

std::vector<ShapeCase> shape_cases() {
  const std::vector<std::vector<std::int64_t>> shapes = {{2, 2},      {8, 16},    {64, 32},   {16, 1},
                                                         {1, 32},     {4, 8, 16}, {2, 64, 2}, {1, 4, 1},
                                                         {32, 32, 32}};
  std::vector<ShapeCase> cases;
  for (const Combo& combo : valid_combos()) {
    for (const auto& sizes : shapes) {
      for (Direction direction : {Direction::forward, Direction::inverse}) cases.push_back({combo, sizes, direction});
    }
  }
  // One larger 2D case per storage type (2^18 elements).
  for (const Combo& combo : {Combo{StorageType::complex_fp32, ComputeMode::split_fp16},
                             Combo{StorageType::complex_fp16, ComputeMode::split_fp16},
                             Combo{StorageType::complex_bf16, ComputeMode::split_fp16}}) {
    cases.push_back({combo, {512, 512}, Direction::forward});
  }
  return cases;
}

class MultiDimensional : public ::testing::TestWithParam<ShapeCase> {};

TEST_P(MultiDimensional, MatchesFftNd) {
  const ShapeCase& c = GetParam();
  Problem problem;
  problem.sizes = c.sizes;
  problem.batch = 2;
  problem.storage = c.combo.storage;
  problem.mode = c.combo.mode;
  problem.direction = c.direction;
  std::int64_t elements = 1;
  for (std::int64_t size : c.sizes) elements *= size;
  check_layout(problem, false, repetitions_for(elements * problem.batch));
}

INSTANTIATE_TEST_SUITE_P(Packed, MultiDimensional, ::testing::ValuesIn(shape_cases()),
                         [](const ::testing::TestParamInfo<ShapeCase>& info) {
                           return name_of(info.param.combo) + "_" + shape_name(info.param.sizes) + "_" +
                                  name_of(info.param.direction);
                         });

// ---- advanced layouts ----

struct LayoutCase {
  std::string name;
  std::vector<std::int64_t> sizes;
  std::int64_t batch;
  Layout input;
  Layout output;
  bool in_place;
};

const std::vector<LayoutCase>& layout_cases() {
  static const std::vector<LayoutCase> cases = {
      {"packed_2d", {8, 16}, 3, {}, {}, false},
      {"padded_rows_2d", {8, 16}, 3, {{8, 20}, 1, 0}, {{9, 17}, 1, 170}, false},
      {"padded_rows_3d", {4, 8, 16}, 2, {{4, 9, 18}, 1, 0}, {{5, 8, 17}, 1, 700}, false},
      {"interleaved_batch_1d", {64}, 5, {{64}, 5, 1}, {{64}, 5, 1}, false},
      {"interleaved_batch_2d_to_packed", {8, 8}, 3, {{8, 8}, 3, 1}, {}, false},
      {"strided_1d", {256}, 2, {{256}, 3, 800}, {{256}, 2, 0}, false},
      {"strided_3d_padded", {4, 8, 4}, 2, {{4, 9, 6}, 2, 0}, {}, false},
      {"overlapping_input_batches", {16}, 4, {{16}, 1, 8}, {}, false},
      {"in_place_packed_1d", {1024}, 3, {}, {}, true},
      {"in_place_packed_2d", {16, 32}, 2, {}, {}, true},
      {"in_place_strided_1d", {128}, 3, {{131}, 2, 263}, {{131}, 2, 263}, true},
      {"in_place_interleaved_batch", {256}, 4, {{256}, 4, 1}, {{256}, 4, 1}, true},
      {"in_place_padded_rows_2d", {8, 16}, 2, {{8, 20}, 1, 170}, {{8, 20}, 1, 170}, true},
  };
  return cases;
}

struct LayoutParam {
  std::size_t layout;  // index into layout_cases()
  Combo combo;
  Direction direction;
};

void PrintTo(const LayoutParam& p, std::ostream* out) {
  *out << layout_cases()[p.layout].name << " " << name_of(p.combo) << " " << name_of(p.direction);
}

std::vector<LayoutParam> layout_params() {
  std::vector<LayoutParam> params;
  for (std::size_t i = 0; i < layout_cases().size(); ++i) {
    for (const Combo& combo : {Combo{StorageType::complex_fp32, ComputeMode::split_fp16},
                               Combo{StorageType::complex_fp32, ComputeMode::fp32},
                               Combo{StorageType::complex_fp16, ComputeMode::split_fp16},
                               Combo{StorageType::complex_bf16, ComputeMode::single_fp16},
                               Combo{StorageType::complex_fp64, ComputeMode::fp64}}) {
      for (Direction direction : {Direction::forward, Direction::inverse}) params.push_back({i, combo, direction});
    }
  }
  return params;
}

class AdvancedLayout : public ::testing::TestWithParam<LayoutParam> {};

TEST_P(AdvancedLayout, MatchesReferenceAndWritesOnlyItsElements) {
  const LayoutCase& c = layout_cases()[GetParam().layout];
  Problem problem;
  problem.sizes = c.sizes;
  problem.batch = c.batch;
  problem.storage = GetParam().combo.storage;
  problem.mode = GetParam().combo.mode;
  problem.direction = GetParam().direction;
  problem.input_layout = c.input;
  problem.output_layout = c.output;
  std::int64_t elements = 1;
  for (std::int64_t size : c.sizes) elements *= size;
  check_layout(problem, c.in_place, repetitions_for(elements * c.batch, 1024));
}

INSTANTIATE_TEST_SUITE_P(HostBackend, AdvancedLayout, ::testing::ValuesIn(layout_params()),
                         [](const ::testing::TestParamInfo<LayoutParam>& info) {
                           return layout_cases()[info.param.layout].name + "_" + name_of(info.param.combo) + "_" +
                                  name_of(info.param.direction);
                         });

// ---- random shapes and layouts (tests/common/random_cases.hpp, fixed seed) ----
// At most 2^12 points per transform, batch 1-4, every valid storage/mode.
// The GPU suite runs the same kind of cases against cuFFT fp64.

struct RandomCase {
  std::string name;
  Problem problem;
  bool in_place;
};

void PrintTo(const RandomCase& c, std::ostream* out) { *out << c.name; }

std::vector<RandomCase> random_cases() {
  std::mt19937_64 random(20261122);
  const std::vector<Combo>& combos = valid_combos();
  std::vector<RandomCase> cases;
  for (int c = 0; c < 40; ++c) {
    Combo combo{};
    const tensorfft_tests::RandomCase r =
        tensorfft_tests::random_case(random, 12, 4, [&](std::mt19937_64& draw, Problem& p) {
          combo = combos[draw() % combos.size()];
          p.storage = combo.storage;
          p.mode = combo.mode;
        });
    const std::string name = "case" + std::to_string(c) + "_" + shape_name(r.problem.sizes) + "_batch" +
                             std::to_string(r.problem.batch) + "_" + name_of(combo) + "_" +
                             tensorfft_tests::layout_kind(r.problem.input_layout) + "_to_" +
                             tensorfft_tests::layout_kind(r.problem.output_layout) + (r.in_place ? "_in_place" : "");
    cases.push_back({name, r.problem, r.in_place});
  }
  return cases;
}

class RandomLayout : public ::testing::TestWithParam<RandomCase> {};

TEST_P(RandomLayout, MatchesReferenceAndWritesOnlyItsElements) {
  const RandomCase& c = GetParam();
  std::int64_t elements = 1;
  for (std::int64_t size : c.problem.sizes) elements *= size;
  check_layout(c.problem, c.in_place, repetitions_for(elements * c.problem.batch, 1024));
}

INSTANTIATE_TEST_SUITE_P(HostBackend, RandomLayout, ::testing::ValuesIn(random_cases()),
                         [](const ::testing::TestParamInfo<RandomCase>& info) { return info.param.name; });

// An empty embed with a non-default stride/distance means the sizes' shape
// with that stride (make_plan fills embed = sizes).
TEST(LayoutDefaults, EmptyEmbedTakesTheSizes) {
  Problem problem;
  problem.sizes = {4, 8};
  problem.batch = 2;
  problem.input_layout.stride = 2;
  problem.input_layout.distance = 70;
  problem.output_layout.stride = 1;
  problem.output_layout.distance = 40;
  check_layout(problem, false, 64);
}

// Plans are reusable: many executions on different buffers give the same
// result as fresh plans, and a copied plan is the same plan.
TEST(PlanReuse, CopiesAndRepeatedExecutionsAgree) {
  Problem problem;
  problem.sizes = {256};
  problem.batch = 2;
  const Plan plan = tensorfft::make_plan(problem, Backend::host);
  const Plan copy = plan;  // NOLINT(performance-unnecessary-copy-initialization): copying is the point
  std::mt19937_64 rng = case_rng();
  const std::vector<Complex> x = uniform_input(512, rng);
  const std::vector<Complex> first = execute_packed(plan, x);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(execute_packed(plan, x), first);
    EXPECT_EQ(execute_packed(copy, x), first);
  }
  EXPECT_EQ(copy.describe(), plan.describe());
  EXPECT_EQ(&copy.implementation(), &plan.implementation());
}

}  // namespace
}  // namespace host_tests
