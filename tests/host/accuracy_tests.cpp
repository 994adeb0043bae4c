// Accuracy of the host executor against the long-double reference, computed
// from the unrounded input (ACCURACY.md): every power of two from 2 to 2^20,
// both directions, every valid (storage, mode), batch 1 and batched; every
// normalization; the round trip; the seeds' radices; and the issue's
// acceptance "split_fp16 within 2x of plain fp32".
#include <algorithm>
#include <cmath>

#include "../common/intermediate_tolerance.hpp"
#include "test_support.hpp"

namespace host_tests {
namespace {

using tensorfft::Backend;
using tensorfft::Plan;
using tensorfft::Problem;

Problem problem_1d(Combo combo, std::int64_t n, std::int64_t batch, Direction direction,
                   Normalization normalization = Normalization::backward) {
  Problem problem;
  problem.sizes = {n};
  problem.batch = batch;
  problem.storage = combo.storage;
  problem.mode = combo.mode;
  problem.direction = direction;
  problem.normalization = normalization;
  return problem;
}

// The storage formats whose error is the storage floor when the compute is
// fp32-accurate: then the library's error must stay within 2% of what
// rounding input and output alone costs on the same data.
bool storage_limited(Combo combo) {
  return (combo.storage == StorageType::complex_fp16 || combo.storage == StorageType::complex_bf16) &&
         combo.mode != ComputeMode::single_fp16;
}
// Measured (library relL2) / (storage floor relL2 of the same input), pooled
// over >= 4096 elements: 0.9996 ... 1.0012 for fp16 and bf16 storage with
// split_fp16 and fp32 modes at every N from 2 to 2^20; 1.02 leaves room for
// outputs whose rounding flips to the other neighbour, and nothing else.
constexpr long double floor_ratio_limit = 1.02L;

// ---- every power of two, both directions, batch 1 and batched ----

struct AccuracyCase {
  Combo combo;
  int log2n;
  Direction direction;
  std::int64_t batch;
};

std::string case_name(const AccuracyCase& c) {
  return name_of(c.combo) + "_n" + std::to_string(std::int64_t{1} << c.log2n) + "_" + name_of(c.direction) +
         "_batch" + std::to_string(c.batch);
}

bool batched_large(Combo combo) {
  // For N >= 2^17 the batched cases (batch 2) run for split_fp16 in every
  // storage and for fp64 only, to keep the suite within its time budget.
  return combo.mode == ComputeMode::split_fp16 || combo.mode == ComputeMode::fp64;
}

std::vector<AccuracyCase> accuracy_cases() {
  std::vector<AccuracyCase> cases;
  for (const Combo& combo : valid_combos()) {
    for (Direction direction : {Direction::forward, Direction::inverse}) {
      for (int log2n = 1; log2n <= 20; ++log2n) {
        cases.push_back({combo, log2n, direction, 1});
        if (log2n <= 16) {
          cases.push_back({combo, log2n, direction, 3});
        } else if (batched_large(combo)) {
          cases.push_back({combo, log2n, direction, 2});
        }
      }
    }
  }
  return cases;
}

void PrintTo(const AccuracyCase& c, std::ostream* out) { *out << case_name(c); }

class Accuracy : public ::testing::TestWithParam<AccuracyCase> {};

TEST_P(Accuracy, MatchesLongDoubleReference) {
  const AccuracyCase& c = GetParam();
  const std::int64_t n = std::int64_t{1} << c.log2n;
  const Plan plan = tensorfft::make_plan(problem_1d(c.combo, n, c.batch, c.direction), Backend::host);
  SCOPED_TRACE(plan.describe());
  std::mt19937_64 rng = case_rng();
  ErrorStats stats, floor;
  const std::int64_t elements = n * c.batch;
  for (std::int64_t r = 0, reps = repetitions_for(elements); r < reps; ++r) {
    const std::vector<Complex> x = uniform_input(elements, rng);
    const std::vector<Complex> y = execute_packed(plan, x);
    const std::vector<Complex> reference = reference_transform(x, {n}, c.batch, c.direction);
    stats.add(y, reference);
    if (storage_limited(c.combo)) {
      floor.add(storage_floor_transform(c.combo.storage, x, {n}, c.batch, c.direction, Normalization::backward),
                reference);
    }
  }
  const long double tolerance = rel_l2_tolerance(plan);
  report("relL2", stats.rel_l2());
  report("tolerance", tolerance);
  report("maxrel", stats.max_rel());
  ASSERT_TRUE(stats.all_finite());
  EXPECT_LE(stats.rel_l2(), tolerance) << "seed " << case_seed();
  EXPECT_LE(stats.max_rel(), max_rel_factor * tolerance) << "seed " << case_seed();
  if (storage_limited(c.combo)) {
    report("floor_relL2", floor.rel_l2());
    report("ratio_to_floor", stats.rel_l2() / floor.rel_l2());
    EXPECT_LE(stats.rel_l2(), floor_ratio_limit * floor.rel_l2()) << "seed " << case_seed();
  }
}

INSTANTIATE_TEST_SUITE_P(PowersOfTwo, Accuracy, ::testing::ValuesIn(accuracy_cases()),
                         [](const ::testing::TestParamInfo<AccuracyCase>& info) { return case_name(info.param); });

// ---- compact intermediates: within the storage floor plus their own rounding ----

struct CompactCase {
  Combo combo;
  std::vector<std::int64_t> sizes;
  Direction direction;
  int expected_passes;
  std::int64_t batch = 2;
  int max_radix = 0;  // Problem::max_radix (0: the library's choice)
};

std::vector<CompactCase> compact_cases() {
  std::vector<CompactCase> cases;
  for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16}) {
    for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
      for (Direction direction : {Direction::forward, Direction::inverse}) {
        cases.push_back({{storage, mode}, {1 << 12}, direction, 1});
        cases.push_back({{storage, mode}, {1 << 15}, direction, 1});  // paired halves: no intermediates
        cases.push_back({{storage, mode}, {1 << 16}, direction, 2});
        cases.push_back({{storage, mode}, {1 << 20}, direction, 2});
        cases.push_back({{storage, mode}, {64, 128}, direction, 2});
        cases.push_back({{storage, mode}, {16, 32, 64}, direction, 3});
      }
    }
  }
  // The cross-row step (plan::runs_cross_row_step: 4096^2's second axis as 4 points in the first pass, then
  // 1024): its rounding points, once per storage (2^24 elements each).
  cases.push_back({{StorageType::complex_fp16, ComputeMode::split_fp16}, {4096, 4096}, Direction::forward, 2, 1});
  cases.push_back({{StorageType::complex_bf16, ComputeMode::single_fp16}, {4096, 4096}, Direction::inverse, 2, 1});
  // The step of two rows in an 8192-point pass (8192^2's by default in fp32 storage; fp16/bf16 storage takes
  // the step of four there, which only 8192^2 takes: the GPU suite), on 256 x 8192 with the radix-4 schedule.
  cases.push_back({{StorageType::complex_fp16, ComputeMode::split_fp16}, {256, 8192}, Direction::forward, 2, 1, 4});
  cases.push_back({{StorageType::complex_bf16, ComputeMode::single_fp16}, {256, 8192}, Direction::inverse, 2, 1, 4});
  return cases;
}

std::string compact_case_name(const CompactCase& c) {
  std::string shape;
  for (std::int64_t size : c.sizes) shape += (shape.empty() ? "" : "x") + std::to_string(size);
  return identifier(name_of(c.combo) + "_" + shape + "_" + name_of(c.direction));
}

class CompactIntermediates : public ::testing::TestWithParam<CompactCase> {};

TEST_P(CompactIntermediates, StayWithinTheStorageFloorAndTheirRounding) {
  const CompactCase& c = GetParam();
  Problem problem = problem_1d(c.combo, 1, c.batch, c.direction);
  problem.sizes = c.sizes;
  problem.intermediates = tensorfft::Intermediates::compact;
  problem.max_radix = c.max_radix;
  const Plan plan = tensorfft::make_plan(problem, Backend::host);
  SCOPED_TRACE(plan.describe());
  ASSERT_EQ(tensorfft::plan::pass_count(plan.implementation()), c.expected_passes);
  const bool fp16 = c.combo.storage == StorageType::complex_fp16;
  if (c.expected_passes > 1) {
    EXPECT_NE(plan.describe().find(fp16 ? "intermediates=e6m13" : "intermediates=e8m12"), std::string::npos);
  }
  std::int64_t elements = problem.batch;
  for (std::int64_t size : c.sizes) elements *= size;
  std::mt19937_64 rng = case_rng();
  ErrorStats stats, floor;
  for (std::int64_t r = 0, reps = repetitions_for(elements); r < reps; ++r) {
    const std::vector<Complex> x = uniform_input(elements, rng);
    const std::vector<Complex> reference = reference_transform(x, c.sizes, problem.batch, c.direction);
    stats.add(execute_packed(plan, x), reference);
    floor.add(storage_floor_transform(c.combo.storage, x, c.sizes, problem.batch, c.direction,
                                      Normalization::backward),
              reference);
  }
  const double bound = c.combo.mode == ComputeMode::split_fp16
                           ? static_cast<double>(floor_ratio_limit * floor.rel_l2())
                           : static_cast<double>(rel_l2_tolerance(plan));
  report("relL2", stats.rel_l2());
  report("bound", tensorfft_tests::with_compact_intermediates(bound, plan));
  ASSERT_TRUE(stats.all_finite());
  EXPECT_LE(stats.rel_l2(), tensorfft_tests::with_compact_intermediates(bound, plan)) << "seed " << case_seed();
  // And the targets for fp16/bf16 storage in split mode.
  if (c.combo.mode == ComputeMode::split_fp16) {
    EXPECT_LE(stats.rel_l2(), fp16 ? 3.5e-4L : 2.6e-3L);
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, CompactIntermediates, ::testing::ValuesIn(compact_cases()),
                         [](const ::testing::TestParamInfo<CompactCase>& info) {
                           return compact_case_name(info.param);
                         });

// ---- the acceptance: split_fp16 within 2x of plain fp32 ----

class SplitVersusFp32 : public ::testing::TestWithParam<int> {};

TEST_P(SplitVersusFp32, SplitWithinTwiceFp32) {
  const int log2n = GetParam();
  const std::int64_t n = std::int64_t{1} << log2n;
  // Small sizes run as one batched execution of >= 2^14 elements, so that
  // both errors are averages and their ratio is not a coin toss (one sample
  // of N = 4 has ratios from 0.3 to 5).
  const std::int64_t batch = std::max<std::int64_t>(1, (std::int64_t{1} << 14) / n);
  std::mt19937_64 rng = case_rng();
  const std::vector<Complex> x = uniform_input(n * batch, rng);
  const std::vector<Complex> reference = reference_transform(x, {n}, batch, Direction::forward);
  ErrorStats split, fp32;
  split.add(execute_packed(tensorfft::make_plan(problem_1d({StorageType::complex_fp32, ComputeMode::split_fp16}, n,
                                                           batch, Direction::forward),
                                                Backend::host),
                           x),
            reference);
  fp32.add(execute_packed(tensorfft::make_plan(problem_1d({StorageType::complex_fp32, ComputeMode::fp32}, n, batch,
                                                          Direction::forward),
                                               Backend::host),
                          x),
           reference);
  report("split_relL2", split.rel_l2());
  report("fp32_relL2", fp32.rel_l2());
  report("ratio", split.rel_l2() / fp32.rel_l2());
  EXPECT_LE(split.rel_l2(), 2.0L * fp32.rel_l2()) << "seed " << case_seed();
}

INSTANTIATE_TEST_SUITE_P(Fp32Storage, SplitVersusFp32, ::testing::Range(1, 21),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return "n" + std::to_string(std::int64_t{1} << info.param);
                         });

// ---- every normalization, both directions ----

struct NormalizationCase {
  Combo combo;
  int log2n;
  Direction direction;
  Normalization normalization;
};

std::vector<NormalizationCase> normalization_cases() {
  std::vector<NormalizationCase> cases;
  for (const Combo& combo : valid_combos()) {
    for (int log2n : {3, 10, 15}) {
      for (Direction direction : {Direction::forward, Direction::inverse}) {
        for (Normalization normalization : {Normalization::backward, Normalization::ortho, Normalization::forward}) {
          cases.push_back({combo, log2n, direction, normalization});
        }
      }
    }
  }
  return cases;
}

void PrintTo(const NormalizationCase& c, std::ostream* out) {
  *out << name_of(c.combo) << " N=2^" << c.log2n << " " << name_of(c.direction) << " " << name_of(c.normalization);
}

class NormalizationAccuracy : public ::testing::TestWithParam<NormalizationCase> {};

TEST_P(NormalizationAccuracy, MatchesScaledReference) {
  const NormalizationCase& c = GetParam();
  const std::int64_t n = std::int64_t{1} << c.log2n;
  const std::int64_t batch = 2;
  const Plan plan =
      tensorfft::make_plan(problem_1d(c.combo, n, batch, c.direction, c.normalization), Backend::host);
  SCOPED_TRACE(plan.describe());
  std::mt19937_64 rng = case_rng();
  ErrorStats stats;
  for (std::int64_t r = 0, reps = repetitions_for(n * batch); r < reps; ++r) {
    const std::vector<Complex> x = uniform_input(n * batch, rng);
    stats.add(execute_packed(plan, x), reference_transform(x, {n}, batch, c.direction, c.normalization));
  }
  const long double tolerance = rel_l2_tolerance(plan);
  report("relL2", stats.rel_l2());
  report("tolerance", tolerance);
  EXPECT_LE(stats.rel_l2(), tolerance) << "seed " << case_seed();
  EXPECT_LE(stats.max_rel(), max_rel_factor * tolerance) << "seed " << case_seed();
}

INSTANTIATE_TEST_SUITE_P(AllNormalizations, NormalizationAccuracy, ::testing::ValuesIn(normalization_cases()),
                         [](const ::testing::TestParamInfo<NormalizationCase>& info) {
                           const NormalizationCase& c = info.param;
                           return name_of(c.combo) + "_n" + std::to_string(std::int64_t{1} << c.log2n) + "_" +
                                  name_of(c.direction) + "_norm_" + name_of(c.normalization);
                         });

// ---- round trip: inverse(forward(x)) against x ----

struct RoundTripCase {
  Combo combo;
  int log2n;
  Normalization normalization;
};

std::vector<RoundTripCase> round_trip_cases() {
  std::vector<RoundTripCase> cases;
  for (const Combo& combo : valid_combos()) {
    for (int log2n : {1, 5, 9, 13, 17}) {
      for (Normalization normalization : {Normalization::backward, Normalization::ortho, Normalization::forward}) {
        cases.push_back({combo, log2n, normalization});
      }
    }
  }
  return cases;
}

void PrintTo(const RoundTripCase& c, std::ostream* out) {
  *out << name_of(c.combo) << " N=2^" << c.log2n << " " << name_of(c.normalization);
}

class RoundTrip : public ::testing::TestWithParam<RoundTripCase> {};

TEST_P(RoundTrip, InverseOfForwardGivesInput) {
  const RoundTripCase& c = GetParam();
  const std::int64_t n = std::int64_t{1} << c.log2n;
  const Plan forward = tensorfft::make_plan(problem_1d(c.combo, n, 1, Direction::forward, c.normalization),
                                            Backend::host);
  const Plan inverse = tensorfft::make_plan(problem_1d(c.combo, n, 1, Direction::inverse, c.normalization),
                                            Backend::host);
  std::mt19937_64 rng = case_rng();
  ErrorStats stats;
  for (std::int64_t r = 0, reps = repetitions_for(n); r < reps; ++r) {
    const std::vector<Complex> x = uniform_input(n, rng);
    Buffer in = packed_buffer(c.combo.storage, x);
    Buffer middle(c.combo.storage, n);
    Buffer out(c.combo.storage, n);
    forward.execute(in.data(), middle.data());  // the spectrum stays in the storage type
    inverse.execute(middle.data(), out.data());
    stats.add(read_packed(out, n), x);
  }
  // Two transforms, each within the tolerance of its exact result; with every
  // normalization the pair is an isometry up to a constant, so the relative
  // errors add (triangle inequality).
  const long double tolerance = 2.0L * rel_l2_tolerance(forward);
  report("roundtrip_relL2", stats.rel_l2());
  report("tolerance", tolerance);
  EXPECT_LE(stats.rel_l2(), tolerance) << "seed " << case_seed();
}

INSTANTIATE_TEST_SUITE_P(AllModes, RoundTrip, ::testing::ValuesIn(round_trip_cases()),
                         [](const ::testing::TestParamInfo<RoundTripCase>& info) {
                           const RoundTripCase& c = info.param;
                           return name_of(c.combo) + "_n" + std::to_string(std::int64_t{1} << c.log2n) + "_norm_" +
                                  name_of(c.normalization);
                         });

// ---- the seeds' radices (Problem::max_radix) ----

struct RadixCase {
  Combo combo;
  int log2n;
  int max_radix;
};

std::vector<RadixCase> radix_cases() {
  std::vector<RadixCase> cases;
  const Combo combos[] = {{StorageType::complex_fp32, ComputeMode::split_fp16},
                          {StorageType::complex_fp32, ComputeMode::single_fp16},
                          {StorageType::complex_fp32, ComputeMode::fp32},
                          {StorageType::complex_fp16, ComputeMode::split_fp16},
                          {StorageType::complex_bf16, ComputeMode::split_fp16},
                          {StorageType::complex_fp64, ComputeMode::fp64}};
  for (const Combo& combo : combos) {
    for (int log2n : {3, 7, 12, 17}) {
      for (int max_radix : {2, 4, 8, 16}) cases.push_back({combo, log2n, max_radix});
    }
  }
  return cases;
}

void PrintTo(const RadixCase& c, std::ostream* out) {
  *out << name_of(c.combo) << " N=2^" << c.log2n << " max_radix " << c.max_radix;
}

class RadixChoice : public ::testing::TestWithParam<RadixCase> {};

TEST_P(RadixChoice, EveryMaxRadixMeetsTheTolerance) {
  const RadixCase& c = GetParam();
  const std::int64_t n = std::int64_t{1} << c.log2n;
  Problem problem = problem_1d(c.combo, n, 1, Direction::forward);
  problem.max_radix = c.max_radix;
  const Plan plan = tensorfft::make_plan(problem, Backend::host);
  SCOPED_TRACE(plan.describe());
  std::mt19937_64 rng = case_rng();
  ErrorStats stats;
  for (std::int64_t r = 0, reps = repetitions_for(n); r < reps; ++r) {
    const std::vector<Complex> x = uniform_input(n, rng);
    stats.add(execute_packed(plan, x), reference_transform(x, {n}, 1, Direction::forward));
  }
  // Radix 2 has more stages (log2 N instead of log2 N / 4), each rounding
  // once, but the tolerance already grows with log2 N.
  const long double tolerance = rel_l2_tolerance(plan);
  report("relL2", stats.rel_l2());
  report("tolerance", tolerance);
  EXPECT_LE(stats.rel_l2(), tolerance) << "seed " << case_seed();
  EXPECT_LE(stats.max_rel(), max_rel_factor * tolerance) << "seed " << case_seed();
}

INSTANTIATE_TEST_SUITE_P(SeedRadices, RadixChoice, ::testing::ValuesIn(radix_cases()),
                         [](const ::testing::TestParamInfo<RadixCase>& info) {
                           const RadixCase& c = info.param;
                           return name_of(c.combo) + "_n" + std::to_string(std::int64_t{1} << c.log2n) +
                                  "_max_radix" + std::to_string(c.max_radix);
                         });

}  // namespace
}  // namespace host_tests
