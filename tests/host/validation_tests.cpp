// Every bad input gets a typed tensorfft::Error with the exact Status and a
// message naming the problem: make_plan's validation (sizes, batch, types,
// enums, layouts, backend) and execute's (pointers, alignment, overlap,
// in-place layouts, overflow of the storage type).
#include <cmath>
#include <limits>

#include "test_support.hpp"

namespace host_tests {
namespace {

using tensorfft::Backend;
using tensorfft::Error;
using tensorfft::Layout;
using tensorfft::Plan;
using tensorfft::Problem;
using tensorfft::Status;

std::string status_text(Status status) {
  return std::string(tensorfft::status_name(status)) + " (" + std::to_string(static_cast<int>(status)) + ")";
}

// Runs `body`, expecting an Error with `status` whose message contains `needle`.
template <typename Body>
void expect_error(Body&& body, Status status, const std::string& needle) {
  try {
    body();
    ADD_FAILURE() << "no error; expected " << status_text(status) << " with \"" << needle << "\"";
  } catch (const Error& error) {
    EXPECT_EQ(error.status(), status) << "got " << status_text(error.status()) << ": " << error.what();
    EXPECT_NE(std::string(error.what()).find(needle), std::string::npos)
        << "message \"" << error.what() << "\" lacks \"" << needle << "\"";
  } catch (const std::exception& other) {
    ADD_FAILURE() << "not a tensorfft::Error: " << other.what();
  }
}

Problem valid_problem() {
  Problem problem;
  problem.sizes = {16};
  return problem;
}

// ---- make_plan: one table, one ctest case per bad problem ----

struct BadProblem {
  std::string name;
  Problem problem;
  Status status;
  std::string message;  // a key substring of what()
  Backend backend = Backend::host;
};

void PrintTo(const BadProblem& bad, std::ostream* out) { *out << bad.name; }

template <typename Edit>
Problem edited(Edit edit) {
  Problem problem = valid_problem();
  edit(problem);
  return problem;
}

const std::int64_t big = std::int64_t{1} << 40;

std::vector<BadProblem> bad_problems() {
  std::vector<BadProblem> cases = {
      // rank and sizes
      {"rank_0", edited([](Problem& p) { p.sizes = {}; }), Status::invalid_size,
       "rank 0 is not supported: give 1 to 3 sizes"},
      {"rank_4", edited([](Problem& p) { p.sizes = {2, 2, 2, 2}; }), Status::invalid_size,
       "rank 4 is not supported: give 1 to 3 sizes"},
      {"size_0_on_axis_1", edited([](Problem& p) { p.sizes = {4, 0}; }), Status::invalid_size,
       "size 0 on axis 1: every size must be >= 1"},
      {"size_minus_5_on_axis_0", edited([](Problem& p) { p.sizes = {-5}; }), Status::invalid_size,
       "size -5 on axis 0: every size must be >= 1"},
      {"size_minus_5_on_axis_2", edited([](Problem& p) { p.sizes = {2, 4, -5}; }), Status::invalid_size,
       "size -5 on axis 2: every size must be >= 1"},
      {"size_12_not_power_of_two", edited([](Problem& p) { p.sizes = {12}; }), Status::not_supported,
       "size 12 on axis 0 is not a power of two"},
      {"size_1000_on_axis_1_not_power_of_two", edited([](Problem& p) { p.sizes = {16, 1000}; }),
       Status::not_supported, "size 1000 on axis 1 is not a power of two"},
      {"size_3_not_power_of_two", edited([](Problem& p) { p.sizes = {3}; }), Status::not_supported,
       "size 3 on axis 0 is not a power of two"},
      // batch and 64-bit overflow of counts
      {"batch_0", edited([](Problem& p) { p.batch = 0; }), Status::invalid_size,
       "batch 0: the batch must be >= 1"},
      {"batch_minus_3", edited([](Problem& p) { p.batch = -3; }), Status::invalid_size,
       "batch -3: the batch must be >= 1"},
      {"sizes_2e40_by_2e40_overflow", edited([](Problem& p) { p.sizes = {big, big}; }), Status::invalid_size,
       "the element count of one transform overflows 64-bit integers"},
      {"sizes_2e21_2e21_2e22_overflow",
       edited([](Problem& p) { p.sizes = {1 << 21, 1 << 21, std::int64_t{1} << 22}; }), Status::invalid_size,
       "the element count of one transform overflows 64-bit integers"},
      {"huge_batch_overflows_element_count", edited([](Problem& p) {
         p.sizes = {1 << 20};
         p.batch = std::int64_t{1} << 50;
       }),
       Status::invalid_size, "the element count (sizes times batch) overflows 64-bit integers"},
      {"max_batch_overflows_element_count", edited([](Problem& p) {
         p.sizes = {2};
         p.batch = std::numeric_limits<std::int64_t>::max();
       }),
       Status::invalid_size, "the element count (sizes times batch) overflows 64-bit integers"},
      {"byte_count_overflows", edited([](Problem& p) {
         p.sizes = {std::int64_t{1} << 30};
         p.batch = std::int64_t{1} << 30;  // 2^60 elements of 8 bytes
       }),
       Status::invalid_size, "the byte count of the data (elements times 8 bytes) overflows"},
      // storage and mode
      {"fp64_storage_with_split_fp16", edited([](Problem& p) { p.storage = StorageType::complex_fp64; }),
       Status::not_supported, "storage fp64 with compute mode split_fp16 is not supported"},
      {"fp64_storage_with_single_fp16", edited([](Problem& p) {
         p.storage = StorageType::complex_fp64;
         p.mode = ComputeMode::single_fp16;
       }),
       Status::not_supported, "storage fp64 with compute mode single_fp16 is not supported"},
      {"fp64_storage_with_fp32", edited([](Problem& p) {
         p.storage = StorageType::complex_fp64;
         p.mode = ComputeMode::fp32;
       }),
       Status::not_supported, "storage fp64 with compute mode fp32 is not supported"},
      {"fp16_storage_with_fp64", edited([](Problem& p) {
         p.storage = StorageType::complex_fp16;
         p.mode = ComputeMode::fp64;
       }),
       Status::not_supported, "storage fp16 with compute mode fp64 is not supported"},
      {"fp32_storage_with_fp64", edited([](Problem& p) { p.mode = ComputeMode::fp64; }), Status::not_supported,
       "complex_fp64 storage goes with compute mode fp64 only"},
      {"bf16_storage_with_fp64", edited([](Problem& p) {
         p.storage = StorageType::complex_bf16;
         p.mode = ComputeMode::fp64;
       }),
       Status::not_supported, "storage bf16 with compute mode fp64 is not supported"},
      // max_radix
      {"max_radix_3", edited([](Problem& p) { p.max_radix = 3; }), Status::invalid_value,
       "max_radix 3 is not one of 0 (default), 2, 4, 8, 16"},
      {"max_radix_1", edited([](Problem& p) { p.max_radix = 1; }), Status::invalid_value, "max_radix 1 is not one of"},
      {"max_radix_32", edited([](Problem& p) { p.max_radix = 32; }), Status::invalid_value,
       "max_radix 32 is not one of"},
      {"max_radix_minus_16", edited([](Problem& p) { p.max_radix = -16; }), Status::invalid_value,
       "max_radix -16 is not one of"},
      // compact intermediates exist for fp16/bf16 storage in the tensor-core modes only
      {"compact_fp32_storage", edited([](Problem& p) { p.intermediates = tensorfft::Intermediates::compact; }),
       Status::not_supported,
       "compact intermediates need complex_fp16 or complex_bf16 storage and compute mode split_fp16 or "
       "single_fp16, not fp32 with split_fp16"},
      {"compact_fp32_mode", edited([](Problem& p) {
         p.intermediates = tensorfft::Intermediates::compact;
         p.storage = StorageType::complex_fp16;
         p.mode = ComputeMode::fp32;
       }),
       Status::not_supported, "not fp16 with fp32"},
      {"intermediates_2", edited([](Problem& p) { p.intermediates = static_cast<tensorfft::Intermediates>(2); }),
       Status::invalid_value, "unknown intermediates 2: use full or compact"},
      // enum values cast from ints
      {"storage_7", edited([](Problem& p) { p.storage = static_cast<StorageType>(7); }), Status::invalid_type,
       "unknown storage type 7"},
      {"storage_minus_1", edited([](Problem& p) { p.storage = static_cast<StorageType>(-1); }), Status::invalid_type,
       "unknown storage type -1"},
      {"mode_9", edited([](Problem& p) { p.mode = static_cast<ComputeMode>(9); }), Status::invalid_value,
       "unknown compute mode 9"},
      {"direction_0", edited([](Problem& p) { p.direction = static_cast<Direction>(0); }), Status::invalid_value,
       "unknown direction 0: use -1 (forward) or +1 (inverse)"},
      {"direction_2", edited([](Problem& p) { p.direction = static_cast<Direction>(2); }), Status::invalid_value,
       "unknown direction 2"},
      {"normalization_3", edited([](Problem& p) { p.normalization = static_cast<Normalization>(3); }),
       Status::invalid_value, "unknown normalization 3"},
      {"backend_5", valid_problem(), Status::invalid_value, "unknown backend 5", static_cast<Backend>(5)},
      // layouts
      {"input_stride_0", edited([](Problem& p) { p.input_layout.stride = 0; }), Status::invalid_layout,
       "input stride 0 must be >= 1"},
      {"output_stride_minus_2", edited([](Problem& p) { p.output_layout.stride = -2; }), Status::invalid_layout,
       "output stride -2 must be >= 1"},
      {"input_distance_minus_1", edited([](Problem& p) { p.input_layout.distance = -1; }), Status::invalid_layout,
       "input distance -1 must be >= 0"},
      {"output_distance_minus_64", edited([](Problem& p) { p.output_layout.distance = -64; }),
       Status::invalid_layout, "output distance -64 must be >= 0"},
      {"input_embed_smaller_than_size", edited([](Problem& p) {
         p.sizes = {8, 16};
         p.input_layout.embed = {8, 10};
       }),
       Status::invalid_layout, "input embed 10 on axis 1 is smaller than the size 16"},
      {"output_embed_smaller_than_size_axis_2", edited([](Problem& p) {
         p.sizes = {2, 4, 8};
         p.output_layout.embed = {2, 4, 7};
       }),
       Status::invalid_layout, "output embed 7 on axis 2 is smaller than the size 8"},
      {"output_embed_of_rank_1_for_rank_2", edited([](Problem& p) {
         p.sizes = {8, 16};
         p.output_layout.embed = {128};
       }),
       Status::invalid_layout, "output embed has 1 values but the transform has rank 2"},
      {"input_embed_of_rank_3_for_rank_1", edited([](Problem& p) { p.input_layout.embed = {1, 1, 16}; }),
       Status::invalid_layout, "input embed has 3 values but the transform has rank 1"},
      {"input_embed_0_on_axis_0", edited([](Problem& p) {
         p.sizes = {8, 16};
         p.input_layout.embed = {0, 16};
       }),
       Status::invalid_layout, "input embed on axis 0 must be >= 1"},
      {"output_batches_overlap_distance_1_stride_1", edited([](Problem& p) {
         p.batch = 2;
         p.output_layout.distance = 1;
       }),
       Status::invalid_layout, "output layout maps elements of different batches to the same location"},
      {"output_batches_overlap_half_distance", edited([](Problem& p) {
         p.batch = 3;
         p.output_layout.distance = 8;
       }),
       Status::invalid_layout, "out-of-place outputs must not overlap"},
      {"output_batches_overlap_2d_padded", edited([](Problem& p) {
         p.sizes = {4, 4};
         p.batch = 2;
         p.output_layout.embed = {4, 6};
         p.output_layout.distance = 20;  // the footprint is 3*6+4 = 22
       }),
       Status::invalid_layout, "different batches to the same location"},
      {"output_interleave_too_wide_for_stride", edited([](Problem& p) {
         p.batch = 3;
         p.output_layout.stride = 2;
         p.output_layout.distance = 1;  // batch 2 lands on batch 0's second element
       }),
       Status::invalid_layout, "different batches to the same location"},
      {"layout_pitch_overflows", edited([](Problem& p) { p.input_layout.stride = std::int64_t{1} << 62; }),
       Status::invalid_size, "input layout's pitch overflows 64-bit integers"},
      {"layout_extent_overflows", edited([](Problem& p) {
         p.batch = 4;
         p.output_layout.distance = std::int64_t{1} << 62;
       }),
       Status::invalid_size, "output layout's extent"},
  };
  if (!tensorfft::cuda_available()) {
    // A build without CUDA (or without a device): the CUDA backend is refused.
    cases.push_back({"cuda_backend_without_device", valid_problem(), Status::no_device, "CUDA", Backend::cuda});
  }
  return cases;
}

class BadProblemTest : public ::testing::TestWithParam<BadProblem> {};

TEST_P(BadProblemTest, MakePlanThrowsTypedError) {
  const BadProblem& bad = GetParam();
  expect_error([&] { tensorfft::make_plan(bad.problem, bad.backend); }, bad.status, bad.message);
}

INSTANTIATE_TEST_SUITE_P(MakePlan, BadProblemTest, ::testing::ValuesIn(bad_problems()),
                         [](const ::testing::TestParamInfo<BadProblem>& info) { return info.param.name; });

// Valid corner cases that validation must not refuse.
TEST(MakePlanAccepts, CornerCases) {
  Problem problem = valid_problem();
  problem.sizes = {1};
  EXPECT_NO_THROW(tensorfft::make_plan(problem, Backend::host));
  problem.sizes = {1, 1, 1};
  EXPECT_NO_THROW(tensorfft::make_plan(problem, Backend::host));
  problem = valid_problem();
  problem.batch = 3;
  problem.output_layout.stride = 3;
  problem.output_layout.distance = 1;  // interleaved batches
  EXPECT_NO_THROW(tensorfft::make_plan(problem, Backend::host));
  problem = valid_problem();
  problem.batch = 3;
  problem.input_layout.distance = 1;  // overlapping input batches are allowed
  EXPECT_NO_THROW(tensorfft::make_plan(problem, Backend::host));
  for (int radix : {0, 2, 4, 8, 16}) {
    problem = valid_problem();
    problem.max_radix = radix;
    EXPECT_NO_THROW(tensorfft::make_plan(problem, Backend::host)) << radix;
  }
}

TEST(MakePlanAccepts, AutomaticBackendWithoutCudaIsHost) {
  if (tensorfft::cuda_available()) GTEST_SKIP() << "a CUDA device is present";
  const Plan plan = tensorfft::make_plan(valid_problem(), Backend::automatic);
  EXPECT_EQ(plan.backend(), Backend::host);
  EXPECT_NE(plan.backend_reason().find("automatic"), std::string::npos) << plan.backend_reason();
  std::string reason;
  EXPECT_FALSE(tensorfft::cuda_available(&reason));
  EXPECT_FALSE(reason.empty());
}

TEST(ErrorType, IsARuntimeErrorWithStatus) {
  const Error error(Status::overflow, "message");
  const std::runtime_error& base = error;
  EXPECT_STREQ(base.what(), "message");
  EXPECT_EQ(error.status(), Status::overflow);
  // Every status has its own name.
  std::vector<std::string> names;
  for (int s = 0; s <= 12; ++s) {
    const std::string name = tensorfft::status_name(static_cast<Status>(s));
    EXPECT_FALSE(name.empty());
    EXPECT_EQ(std::count(names.begin(), names.end(), name), 0) << name;
    names.push_back(name);
  }
}

// ---- execute ----

class ExecuteErrors : public ::testing::Test {
 protected:
  Plan plan_for(StorageType storage, std::int64_t n = 16) {
    Problem problem = valid_problem();
    problem.sizes = {n};
    problem.storage = storage;
    problem.mode = storage == StorageType::complex_fp64 ? ComputeMode::fp64 : ComputeMode::split_fp16;
    return tensorfft::make_plan(problem, Backend::host);
  }
};

TEST_F(ExecuteErrors, NullPointers) {
  const Plan plan = plan_for(StorageType::complex_fp32);
  Buffer buffer(StorageType::complex_fp32, 16);
  expect_error([&] { plan.execute(nullptr, buffer.data()); }, Status::invalid_value, "input pointer is null");
  expect_error([&] { plan.execute(buffer.data(), nullptr); }, Status::invalid_value, "output pointer is null");
  expect_error([&] { plan.execute(nullptr, nullptr, nullptr, nullptr); }, Status::invalid_value,
               "input pointer is null");
}

TEST_F(ExecuteErrors, MisalignedPointers) {
  struct Case {
    StorageType storage;
    std::size_t offset;
    const char* message;
  };
  const Case cases[] = {
      {StorageType::complex_fp32, 1, "not aligned to the 8-byte fp32 element"},
      {StorageType::complex_fp32, 2, "not aligned to the 8-byte fp32 element"},
      {StorageType::complex_fp32, 4, "not aligned to the 8-byte fp32 element"},
      {StorageType::complex_fp16, 2, "not aligned to the 4-byte fp16 element"},
      {StorageType::complex_bf16, 1, "not aligned to the 4-byte bf16 element"},
      {StorageType::complex_fp64, 8, "not aligned to the 16-byte fp64 element"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(tensorfft::to_string(c.storage)) + " offset " + std::to_string(c.offset));
    const Plan plan = plan_for(c.storage);
    Buffer in(c.storage, 40), out(c.storage, 40);
    expect_error([&] { plan.execute(in.byte_data() + c.offset, out.data()); }, Status::unaligned_data,
                 std::string("input pointer is ") + c.message);
    expect_error([&] { plan.execute(in.data(), out.byte_data() + c.offset); }, Status::unaligned_data,
                 std::string("output pointer is ") + c.message);
  }
}

TEST_F(ExecuteErrors, OverlappingUnequalBuffers) {
  const Plan plan = plan_for(StorageType::complex_fp32);
  Buffer buffer(StorageType::complex_fp32, 64);
  const std::string message = "input and output buffers overlap but do not start at the same address";
  expect_error([&] { plan.execute(buffer.data(), buffer.byte_data() + 8); }, Status::invalid_value, message);
  expect_error([&] { plan.execute(buffer.byte_data() + 15 * 8, buffer.data()); }, Status::invalid_value, message);
  // Adjacent (not overlapping) buffers are fine.
  for (std::int64_t i = 0; i < 16; ++i) buffer.store(i, Complex(1, 0));
  EXPECT_NO_THROW(plan.execute(buffer.data(), buffer.byte_data() + 16 * 8));
}

TEST_F(ExecuteErrors, InPlaceWithUnequalLayouts) {
  Problem problem = valid_problem();
  problem.batch = 2;
  problem.input_layout.distance = 20;
  problem.output_layout.distance = 16;
  const Plan plan = tensorfft::make_plan(problem, Backend::host);
  Buffer buffer(StorageType::complex_fp32, 64);
  expect_error([&] { plan.execute(buffer.data(), buffer.data()); }, Status::invalid_layout,
               "in-place execution needs equal input and output layouts");
}

// fp16 storage: a DC bin of 131072 (constant 1.0 at N = 2^17) exceeds 65504.
TEST_F(ExecuteErrors, Fp16OutputOverflowIsReported) {
  const std::int64_t n = std::int64_t{1} << 17;
  for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16, ComputeMode::fp32}) {
    SCOPED_TRACE(tensorfft::to_string(mode));
    Problem problem = valid_problem();
    problem.sizes = {n};
    problem.storage = StorageType::complex_fp16;
    problem.mode = mode;
    const Plan plan = tensorfft::make_plan(problem, Backend::host);
    expect_error([&] { execute_packed(plan, std::vector<Complex>(n, Complex(1, 0))); }, Status::overflow, "fp16");
  }
}

TEST_F(ExecuteErrors, Fp16OverflowAvoidedByNormalization) {
  const std::int64_t n = std::int64_t{1} << 17;
  for (Normalization normalization : {Normalization::forward, Normalization::ortho}) {
    SCOPED_TRACE(name_of(normalization));
    Problem problem = valid_problem();
    problem.sizes = {n};
    problem.storage = StorageType::complex_fp16;
    problem.normalization = normalization;
    const Plan plan = tensorfft::make_plan(problem, Backend::host);
    std::vector<Complex> y;
    ASSERT_NO_THROW(y = execute_packed(plan, std::vector<Complex>(n, Complex(1, 0))));
    const long double dc = normalization == Normalization::forward ? 1.0L : std::sqrt(static_cast<long double>(n));
    EXPECT_NEAR(static_cast<double>(y[0].real()), static_cast<double>(dc), static_cast<double>(dc) * 1e-3);
    long double off_dc = 0;
    for (std::int64_t k = 1; k < n; ++k) off_dc = std::max(off_dc, std::abs(y[k]));
    EXPECT_LE(off_dc, 1e-3L * dc);
  }
}

// bf16 has fp32's range: the same input does not overflow.
TEST_F(ExecuteErrors, Bf16DoesNotOverflowWhereFp16Does) {
  const std::int64_t n = std::int64_t{1} << 17;
  Problem problem = valid_problem();
  problem.sizes = {n};
  problem.storage = StorageType::complex_bf16;
  const Plan plan = tensorfft::make_plan(problem, Backend::host);
  std::vector<Complex> y;
  ASSERT_NO_THROW(y = execute_packed(plan, std::vector<Complex>(n, Complex(1, 0))));
  EXPECT_EQ(y[0], Complex(static_cast<long double>(n), 0));
}

// A non-finite input in one batch must not hide an overflow in another: the
// batch whose input is finite and whose output overflows must be reported.
TEST_F(ExecuteErrors, OverflowInLaterBatchReportedAfterNonFiniteBatch) {
  const std::int64_t n = std::int64_t{1} << 17;
  Problem problem = valid_problem();
  problem.sizes = {n};
  problem.batch = 2;
  problem.storage = StorageType::complex_fp16;
  const Plan plan = tensorfft::make_plan(problem, Backend::host);
  std::vector<Complex> x(2 * n, Complex(1, 0));
  x[0] = Complex(INFINITY, 0);  // batch 0: inf in, NaN/inf out (passes through, as documented)
  // batch 1: constant 1.0, its DC bin 131072 overflows fp16.
  expect_error([&] { execute_packed(plan, x); }, Status::overflow, "batch 1");
}

}  // namespace
}  // namespace host_tests
