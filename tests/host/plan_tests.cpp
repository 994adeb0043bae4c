// The plan: radix schedule, passes, stage strides, describe(), the plan
// object's accessors; the long-double twiddles (exact symmetries, accuracy);
// and the long-double reference against the naive DFT.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <iomanip>
#include <numeric>
#include <regex>

#include "plan/plan_implementation.hpp"
#include "plan/twiddles.hpp"
#include "test_support.hpp"

namespace host_tests {
namespace {

using tensorfft::Backend;
using tensorfft::Intermediates;
using tensorfft::Plan;
using tensorfft::Problem;
namespace plan = tensorfft::plan;

const long double pi = 3.141592653589793238462643383279502884L;

// ---- radix schedule ----

struct ScheduleCase {
  int max_radix;
  int log2_size;
};

void PrintTo(const ScheduleCase& c, std::ostream* out) { *out << "2^" << c.log2_size << " max_radix " << c.max_radix; }

std::vector<ScheduleCase> schedule_cases() {
  std::vector<ScheduleCase> cases;
  for (int max_radix : {2, 4, 8, 16}) {
    for (int log2_size = 0; log2_size <= 40; ++log2_size) cases.push_back({max_radix, log2_size});
  }
  return cases;
}

class RadixSchedule : public ::testing::TestWithParam<ScheduleCase> {};

TEST_P(RadixSchedule, ProductIsTheSizeWithAllowedRadices) {
  const ScheduleCase& c = GetParam();
  const std::int64_t size = std::int64_t{1} << c.log2_size;
  const std::vector<int> radices = plan::radix_schedule(size, c.max_radix);
  std::int64_t product = 1;
  for (std::size_t s = 0; s < radices.size(); ++s) {
    const int r = radices[s];
    EXPECT_TRUE(r == 2 || r == 4 || r == 8 || r == 16) << r;
    EXPECT_LE(r, c.max_radix);
    if (s + 1 < radices.size()) {
      EXPECT_EQ(r, c.max_radix) << "only the last radix may be smaller than max_radix";
    }
    product *= r;
  }
  EXPECT_EQ(product, size);
  // As few stages as max_radix allows.
  const int log2_max = log2_of(c.max_radix);
  EXPECT_EQ(static_cast<int>(radices.size()), (c.log2_size + log2_max - 1) / log2_max);
}

INSTANTIATE_TEST_SUITE_P(PowersOfTwo, RadixSchedule, ::testing::ValuesIn(schedule_cases()),
                         [](const ::testing::TestParamInfo<ScheduleCase>& info) {
                           return "size_2e" + std::to_string(info.param.log2_size) + "_max_radix" +
                                  std::to_string(info.param.max_radix);
                         });

// The seeds' radices 2, 4, 8 are selectable through Problem::max_radix, and
// 0 picks the default (16).
TEST(PlanSchedule, MaxRadixSelectsTheStages) {
  for (int max_radix : {0, 2, 4, 8, 16}) {
    Problem problem;
    problem.sizes = {4096};
    problem.max_radix = max_radix;
    const Plan p = tensorfft::make_plan(problem, Backend::host);
    const int expected = max_radix == 0 ? plan::default_max_radix : max_radix;
    const auto& axes = p.implementation().axes;
    ASSERT_EQ(axes.size(), 1u);
    for (const plan::Stage& stage : axes[0].stages) EXPECT_EQ(stage.radix, expected) << p.describe();
    EXPECT_NE(p.describe().find(" r" + std::to_string(expected)), std::string::npos) << p.describe();
    EXPECT_EQ(p.problem().max_radix, max_radix);
  }
  EXPECT_EQ(plan::default_max_radix, 16);
}

// A host plan of the problem; strided_input: the input's elements two apart.
Plan host_plan_of(StorageType storage, ComputeMode mode, const std::vector<std::int64_t>& sizes, int max_radix,
                  bool strided_input) {
  Problem problem;
  problem.sizes = sizes;
  problem.storage = storage;
  problem.mode = mode;
  problem.max_radix = max_radix;
  if (strided_input) problem.input_layout.stride = 2;
  return tensorfft::make_plan(problem, Backend::host);
}

// The tensor-core modes' default schedule of a 1D 4096-point transform in
// fp16/bf16 storage is radix 4 (fp32 butterflies, one CUDA-core kernel:
// plan::problem_max_radix); fp32 storage, the fp32 mode, other lengths, 2D
// shapes and an explicit max_radix keep their radices.
// The tensor-core modes' default schedules that the CUDA executor runs on
// the CUDA cores (plan::problem_max_radix): 128 ... 32768 points in fp16/bf16
// storage (both modes), 8192 and 16384 points in fp32 storage too (the split
// mode); fp32 storage keeps the tensor-core radices below 8192.
TEST(PlanSchedule, WholeTransformsOfTheCudaCoreKernelsRunInRadix4) {
  const auto radices_of = [](std::vector<std::int64_t> sizes, StorageType storage, ComputeMode mode, int max_radix) {
    const Plan p = host_plan_of(storage, mode, sizes, max_radix, false);
    std::vector<int> radices;
    for (const plan::Stage& stage : p.implementation().axes.front().stages) radices.push_back(stage.radix);  // the last axis
    return radices;
  };
  const std::vector<int> six_radix_4(6, 4), three_radix_16(3, 16);
  for (StorageType narrow : {StorageType::complex_fp16, StorageType::complex_bf16}) {
    EXPECT_EQ(radices_of({4096}, narrow, ComputeMode::split_fp16, 0), six_radix_4);
    EXPECT_EQ(radices_of({4096}, narrow, ComputeMode::split_fp16, 16), three_radix_16);
    EXPECT_EQ(radices_of({4096}, narrow, ComputeMode::single_fp16, 0), six_radix_4);
    EXPECT_EQ(radices_of({4096}, narrow, ComputeMode::fp32, 0), three_radix_16);
    EXPECT_EQ(radices_of({2048}, narrow, ComputeMode::split_fp16, 0), (std::vector<int>{4, 4, 4, 4, 4, 2}));
    EXPECT_EQ(radices_of({1024}, narrow, ComputeMode::split_fp16, 0), (std::vector<int>{4, 4, 4, 4, 4}));
    EXPECT_EQ(radices_of({2048}, narrow, ComputeMode::single_fp16, 0), (std::vector<int>{4, 4, 4, 4, 4, 2}));
    EXPECT_EQ(radices_of({512}, narrow, ComputeMode::split_fp16, 0), (std::vector<int>{4, 4, 4, 4, 2}));
    EXPECT_EQ(radices_of({256}, narrow, ComputeMode::single_fp16, 0), (std::vector<int>{4, 4, 4, 4}));
    EXPECT_EQ(radices_of({128}, narrow, ComputeMode::split_fp16, 0), (std::vector<int>{4, 4, 4, 2}));
    EXPECT_EQ(radices_of({128}, narrow, ComputeMode::split_fp16, 16), (std::vector<int>{16, 8}));
    EXPECT_EQ(radices_of({64}, narrow, ComputeMode::split_fp16, 0), (std::vector<int>{16, 4}));
    EXPECT_EQ(radices_of({32}, narrow, ComputeMode::single_fp16, 0), (std::vector<int>{16, 2}));
    EXPECT_EQ(radices_of({128}, narrow, ComputeMode::fp32, 0), (std::vector<int>{16, 8}));
    // (2D: 64 x 4096 takes radix 4 in both modes, every pass a CUDA-core one: LongAxesOnTheCudaCores;
    // 32 x 4096 has no CUDA-core pass of 32 points.)
    EXPECT_EQ(radices_of({64, 4096}, narrow, ComputeMode::split_fp16, 0), six_radix_4);
    EXPECT_EQ(radices_of({64, 4096}, narrow, ComputeMode::single_fp16, 0), six_radix_4);
    EXPECT_EQ(radices_of({32, 4096}, narrow, ComputeMode::split_fp16, 0), three_radix_16);
    EXPECT_EQ(radices_of({32768}, narrow, ComputeMode::single_fp16, 0), (std::vector<int>{4, 4, 4, 4, 4, 4, 4, 2}));
    EXPECT_EQ(radices_of({65536}, narrow, ComputeMode::single_fp16, 0), (std::vector<int>(8, 4)));
  }
  const std::vector<int> radix_4_then_2{4, 4, 4, 4, 4, 4, 2}, radix_16_then_2{16, 16, 16, 2};
  for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16, StorageType::complex_fp32}) {
    EXPECT_EQ(radices_of({8192}, storage, ComputeMode::split_fp16, 0), radix_4_then_2);
    EXPECT_EQ(radices_of({8192}, storage, ComputeMode::split_fp16, 16), radix_16_then_2);
    const bool narrow = storage != StorageType::complex_fp32;
    EXPECT_EQ(radices_of({8192}, storage, ComputeMode::single_fp16, 0), narrow ? radix_4_then_2 : radix_16_then_2);
    EXPECT_EQ(radices_of({8192}, storage, ComputeMode::single_fp16, 16), radix_16_then_2);
    EXPECT_EQ(radices_of({8192}, storage, ComputeMode::fp32, 0), radix_16_then_2);
    EXPECT_EQ(radices_of({8, 8192}, storage, ComputeMode::split_fp16, 0), radix_16_then_2);
    EXPECT_EQ(radices_of({16384}, storage, ComputeMode::split_fp16, 0), (std::vector<int>(7, 4)));
    EXPECT_EQ(radices_of({16384}, storage, ComputeMode::single_fp16, 0),
              (narrow ? std::vector<int>(7, 4) : std::vector<int>{16, 16, 16, 4}));
    // 2^15 points: two blocks of the 16384-point kernel (a cluster) in the split mode.
    EXPECT_EQ(radices_of({32768}, storage, ComputeMode::split_fp16, 0), (std::vector<int>{4, 4, 4, 4, 4, 4, 4, 2}));
    // 2^16 points: two passes of 256 on the CUDA cores (cuda_core_pass_kernel) in fp16/bf16 storage; fp32
    // storage keeps the default radices' tensor-core passes.
    const std::vector<int> two_passes = radices_of({65536}, storage, ComputeMode::split_fp16, 0);
    EXPECT_EQ(*std::max_element(two_passes.begin(), two_passes.end()),
              storage == StorageType::complex_fp32 ? 16 : 4);
  }
  EXPECT_EQ(radices_of({4096}, StorageType::complex_fp32, ComputeMode::split_fp16, 0), three_radix_16);
  EXPECT_EQ(radices_of({2048}, StorageType::complex_fp32, ComputeMode::split_fp16, 0), (std::vector<int>{16, 16, 8}));
  EXPECT_EQ(radices_of({128}, StorageType::complex_fp32, ComputeMode::split_fp16, 0), (std::vector<int>{16, 8}));
}

// TENSORFFT_MEMORY_BYTES_PER_SM_CYCLE (plan::assumed_memory_bytes_per_sm_cycle): unset or empty is no
// override; a positive number is the bandwidth planned for; anything else is an invalid_value error that
// names the variable.
TEST(PlanSchedule, AssumedDeviceBandwidthIsAPositiveNumberOrAnError) {
  EXPECT_EQ(plan::assumed_memory_bytes_per_sm_cycle(nullptr), 0.0);
  EXPECT_EQ(plan::assumed_memory_bytes_per_sm_cycle(""), 0.0);
  EXPECT_EQ(plan::assumed_memory_bytes_per_sm_cycle("12.8"), 12.8);
  EXPECT_FALSE(plan::memory_rich(plan::assumed_memory_bytes_per_sm_cycle("12.8")));  // the H100 SXM's choices
  EXPECT_TRUE(plan::memory_rich(plan::assumed_memory_bytes_per_sm_cycle("18.8")));   // the H200's
  for (const char* bad : {"0", "-3", "abc", "12x", " ", "nan", "inf", "1e999"}) {
    try {
      plan::assumed_memory_bytes_per_sm_cycle(bad);
      ADD_FAILURE() << "accepted \"" << bad << "\"";
    } catch (const tensorfft::Error& error) {
      EXPECT_EQ(error.status(), tensorfft::Status::invalid_value) << bad;
      EXPECT_NE(std::string(error.what()).find("TENSORFFT_MEMORY_BYTES_PER_SM_CYCLE"), std::string::npos) << bad;
    }
  }
}

// fp32 storage takes the CUDA-core kernels' radix-4 schedules as fp16/bf16
// storage does on a device of plan::memory_rich_bytes_per_sm_cycle or more
// (the H200), and keeps the tensor-core radices on the H100 (the bandwidth
// planned for without a device); fp16/bf16 storage is the same on both.
TEST(PlanSchedule, Fp32StorageTakesCudaCoreKernelsOnMemoryRichDevices) {
  const double h100 = plan::default_memory_bytes_per_sm_cycle, h200 = 18.8;
  EXPECT_FALSE(plan::memory_rich(h100));
  EXPECT_TRUE(plan::memory_rich(h200));
  const auto max_radix = [](std::vector<std::int64_t> sizes, StorageType storage, ComputeMode mode, double bandwidth) {
    Problem problem;
    problem.sizes = std::move(sizes);
    problem.storage = storage;
    problem.mode = mode;
    return plan::problem_max_radix(problem, bandwidth);
  };
  using Sizes = std::vector<std::int64_t>;
  for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
    for (const Sizes& sizes : {Sizes{128}, Sizes{2048}, Sizes{4096}, Sizes{1 << 16}, Sizes{1 << 19},
                               Sizes{1024, 1024}, Sizes{256, 256, 256}, Sizes{512, 512, 256}, Sizes{128, 128, 128}}) {
      EXPECT_EQ(max_radix(sizes, StorageType::complex_fp32, mode, h200), 4) << sizes.size() << " " << sizes[0];
      EXPECT_EQ(max_radix(sizes, StorageType::complex_fp32, mode, h100), plan::default_max_radix) << sizes[0];
      EXPECT_EQ(max_radix(sizes, StorageType::complex_fp16, mode, h200), 4) << sizes[0];
      EXPECT_EQ(max_radix(sizes, StorageType::complex_fp16, mode, h100), 4) << sizes[0];
    }
    // Not 8 points (no CUDA-core kernel of 8); 16 ... 64 points since their kernels without the tensor
    // cores (SixteenToSixtyFourPoints... below); 128^3 since the CUDA-core plane kernel (PlanesOnTheCudaCores).
    EXPECT_EQ(max_radix(Sizes{8}, StorageType::complex_fp32, mode, h200), plan::default_max_radix);
  }
  // 512^3 (2^27 elements) on the H200 with full intermediates, in every storage; not on the H100 nor with
  // compact intermediates.
  for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16, StorageType::complex_fp32}) {
    for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
      EXPECT_EQ(max_radix({512, 512, 512}, storage, mode, h200), 4);
      EXPECT_EQ(max_radix({512, 512, 512}, storage, mode, h100), plan::default_max_radix);
    }
  }
  Problem compact;
  compact.sizes = {512, 512, 512};
  compact.storage = StorageType::complex_fp16;
  compact.mode = ComputeMode::split_fp16;
  compact.intermediates = Intermediates::compact;
  EXPECT_EQ(plan::problem_max_radix(compact, h200), plan::default_max_radix);
  // 16384 points: the split mode's radix 4 on both, single_fp16's on the H200.
  EXPECT_EQ(max_radix({16384}, StorageType::complex_fp32, ComputeMode::split_fp16, h100), 4);
  EXPECT_EQ(max_radix({16384}, StorageType::complex_fp32, ComputeMode::single_fp16, h100), plan::default_max_radix);
  EXPECT_EQ(max_radix({16384}, StorageType::complex_fp32, ComputeMode::single_fp16, h200), 4);
  // 2^15 points: the split mode's cluster of two blocks on both; single_fp16 keeps its tensor-core products in
  // fp32 storage (1.04x slower on the CUDA cores).
  EXPECT_EQ(max_radix({32768}, StorageType::complex_fp32, ComputeMode::split_fp16, h100), 4);
  EXPECT_EQ(max_radix({32768}, StorageType::complex_fp32, ComputeMode::single_fp16, h200), plan::default_max_radix);
  // The fp32 mode's schedule does not depend on the device.
  EXPECT_EQ(max_radix({4096}, StorageType::complex_fp32, ComputeMode::fp32, h200), plan::default_max_radix);
}

// A whole 16384-point transform in the stages of the CUDA-core kernel (the
// radix-4 schedule, the fp32 mode's default stages) takes one pass between
// packed storage (plan::pass_limits: the kernel's tile fits 227 KB); as the
// first axis of a 2D transform (intermediates out) it keeps two.
// ... and 2^15 points (two blocks of that kernel per transform) where the
// device has thread-block clusters (plan::pass_limits); 2^16 points take two
// passes of 256.
TEST(PlanSchedule, Whole16384PointTransformsOfTheCudaCoreStagesTakeOnePass) {
  const auto passes_of = [](std::vector<std::int64_t> sizes, StorageType storage, ComputeMode mode, int max_radix) {
    return host_plan_of(storage, mode, sizes, max_radix, false).implementation().axes.front().passes.size();
  };  // of the last axis
  for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16, StorageType::complex_fp32}) {
    for (std::int64_t n : {16384, 32768}) {
      SCOPED_TRACE(n);
      EXPECT_EQ(passes_of({n}, storage, ComputeMode::split_fp16, 4), 1u);
      EXPECT_EQ(passes_of({n}, storage, ComputeMode::single_fp16, 4), 1u);
      EXPECT_EQ(passes_of({n}, storage, ComputeMode::fp32, 0), 1u);
      EXPECT_EQ(passes_of({n}, storage, ComputeMode::fp32, 8), 2u);
      EXPECT_EQ(passes_of({4, n}, storage, ComputeMode::split_fp16, 4), 2u);
    }
    EXPECT_EQ(passes_of({65536}, storage, ComputeMode::split_fp16, 4), 2u);
    EXPECT_EQ(passes_of({65536}, storage, ComputeMode::fp32, 0), 2u);
    EXPECT_EQ(passes_of({131072}, storage, ComputeMode::split_fp16, 4), 2u);
    EXPECT_EQ(passes_of({131072}, storage, ComputeMode::fp32, 0), 2u);
    const auto limits_of = [&](bool clusters) {
      return plan::pass_limits(storage, ComputeMode::fp32, plan::default_max_radix, true, true,
                               plan::default_shared_bytes_per_block, 8, clusters)
          .contiguous_single_pass;
    };
    EXPECT_EQ(limits_of(true), 32768);
    EXPECT_EQ(limits_of(false), 16384) << "no clusters (sm_80): one block per transform";
  }
  // The tensor cores' paired halves (2^15 points, fp16/bf16 storage) run as a cluster too.
  for (bool clusters : {true, false}) {
    EXPECT_EQ(plan::pass_limits(StorageType::complex_fp16, ComputeMode::single_fp16, plan::default_max_radix, true,
                                true, plan::default_shared_bytes_per_block, 8, clusters)
                  .contiguous_single_pass,
              clusters ? 32768 : 16384);
  }
  EXPECT_EQ(passes_of({16384}, StorageType::complex_fp64, ComputeMode::fp64, 4), 2u);
}

// The automatic radix-4 schedules are for one CUDA-core kernel: where the
// transform would take several passes (a gathered input, a scattered
// output), the default radices (tensor-core passes) instead.
TEST(PlanSchedule, RadixFourOnlyWhereTheTransformIsOneCudaCoreKernel) {
  for (std::int64_t n : {16384, 32768}) {
    for (int layout = 0; layout < 3; ++layout) {
      Problem problem;
      problem.sizes = {n};
      problem.storage = StorageType::complex_fp16;
      problem.mode = ComputeMode::split_fp16;
      if (layout == 1) problem.input_layout.stride = 2;
      if (layout == 2) problem.output_layout.stride = 2;
      const Plan p = tensorfft::make_plan(problem, Backend::host);
      SCOPED_TRACE(p.describe());
      const plan::AxisSchedule& axis = p.implementation().axes.at(0);
      int largest = 0;
      for (const plan::Stage& stage : axis.stages) largest = std::max(largest, stage.radix);
      EXPECT_EQ(largest, layout == 0 ? 4 : 16);
      if (layout == 0) { EXPECT_EQ(axis.passes.size(), 1u); }
    }
  }
}

// 2^16 ... 2^26 points take radix 4 where its passes of 128 ... 4096
// points run on the CUDA cores faster than the tensor cores'
// (the split mode; fp32 storage from 2^20; single_fp16 in fp16/bf16
// storage, in fp32 storage from 2^21), as do 2D/3D shapes of 2^20 ...
// 2^26 elements whose axes have 256 ... 1024 or 4096 points (both modes,
// fp16/bf16 storage), and 8192^2 in any storage.  With compact intermediates: 2^16 ... 2^26 in both
// modes, and 2D/3D shapes whose axes have 128 ... 4096 points, and 256 ... 8192 x 8192.
TEST(PlanSchedule, CudaCorePassesWhereFaster) {
  struct Case {
    ComputeMode mode;
    StorageType storage;
    std::vector<std::int64_t> sizes;
    bool radix_four, radix_four_compact;  // with full / compact intermediates
  };
  using Sizes = std::vector<std::int64_t>;
  const std::vector<Case> cases = {
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{1 << 16}, true, true},   // 256 x 256
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{1 << 16}, false, false},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{1 << 17}, true, true},   // 512 x 256
      {ComputeMode::split_fp16, StorageType::complex_bf16, Sizes{1 << 20}, true, true},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{1 << 22}, true, true},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{1 << 23}, true, true},  // 4096 x 2048
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{1 << 24}, true, true},   // 4096^2 (compact: 256^3)
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{1 << 19}, false, false},
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{1 << 20}, true, false},
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{1 << 26}, true, false},
      {ComputeMode::single_fp16, StorageType::complex_fp16, Sizes{1 << 20}, true, true},
      {ComputeMode::single_fp16, StorageType::complex_bf16, Sizes{1 << 17}, true, true},
      {ComputeMode::single_fp16, StorageType::complex_fp32, Sizes{1 << 20}, false, false},
      {ComputeMode::single_fp16, StorageType::complex_bf16, Sizes{1 << 21}, true, true},
      {ComputeMode::single_fp16, StorageType::complex_fp16, Sizes{1 << 22}, true, true},  // 4096 x 1024
      {ComputeMode::single_fp16, StorageType::complex_fp32, Sizes{1 << 22}, true, false},
      {ComputeMode::single_fp16, StorageType::complex_fp16, Sizes{1 << 25}, true, true},
      {ComputeMode::single_fp16, StorageType::complex_bf16, Sizes{1 << 23}, true, true},
      {ComputeMode::single_fp16, StorageType::complex_fp32, Sizes{1 << 23}, true, false},  // 4096 x 2048
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{1 << 23}, true, false},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{1024, 1024}, true, true},
      {ComputeMode::split_fp16, StorageType::complex_bf16, Sizes{256, 256, 256}, true, true},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{512, 512, 256}, true, true},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{512, 512, 512}, false, false},  // 2^27 elements
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{2048, 2048}, true, true},
      {ComputeMode::single_fp16, StorageType::complex_bf16, Sizes{2048, 1024}, true, true},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{4096, 4096}, true, true},  // strided 4096 points
      {ComputeMode::single_fp16, StorageType::complex_bf16, Sizes{4096, 4096}, true, true},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{8192, 8192}, true, true},  // the step of four rows
      {ComputeMode::single_fp16, StorageType::complex_fp32, Sizes{8192, 8192}, true, false},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{4096, 8192}, true, true},  // S x 8192: the step
      {ComputeMode::split_fp16, StorageType::complex_bf16, Sizes{256, 8192}, true, true},
      {ComputeMode::single_fp16, StorageType::complex_fp16, Sizes{1024, 8192}, true, true},
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{4096, 8192}, true, false},
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{1024, 8192}, false, false},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{8192, 4096}, true, true},  // the step of four
      {ComputeMode::single_fp16, StorageType::complex_fp32, Sizes{16384, 4096}, true, false},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{128, 128, 128}, true, true},  // the CUDA-core plane
      {ComputeMode::single_fp16, StorageType::complex_bf16, Sizes{128, 128, 128}, true, true},
      // 8192 strided: 128 | 64; an axis of 128 points only with compact intermediates
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{8192, 128}, false, true},
      {ComputeMode::split_fp16, StorageType::complex_fp16, Sizes{8192, 1024}, true, true},
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{8192, 1024}, false, false},  // (the H100)
      {ComputeMode::single_fp16, StorageType::complex_bf16, Sizes{64, 1024, 1024}, true, true},
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{1024, 1024}, false, false},
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{4096, 4096}, true, false},  // every axis 4096
      {ComputeMode::single_fp16, StorageType::complex_fp32, Sizes{4096, 4096}, true, false},
      {ComputeMode::split_fp16, StorageType::complex_fp32, Sizes{4096, 1024}, false, false},
      {ComputeMode::single_fp16, StorageType::complex_fp16, Sizes{1024, 1024}, true, true},
  };
  for (const Case& c : cases) {
    for (bool compact : {false, true}) {
      if (compact && c.storage == StorageType::complex_fp32) continue;  // fp16/bf16 storage only
      Problem problem;
      problem.sizes = c.sizes;
      problem.storage = c.storage;
      problem.mode = c.mode;
      if (compact) problem.intermediates = Intermediates::compact;
      const Plan p = tensorfft::make_plan(problem, Backend::host);
      SCOPED_TRACE(p.describe());
      const bool expected = compact ? c.radix_four_compact : c.radix_four;
      for (const plan::AxisSchedule& axis : p.implementation().axes) {
        int largest = 0;
        for (const plan::Stage& stage : axis.stages) largest = std::max(largest, stage.radix);
        EXPECT_EQ(largest, expected ? 4 : 16);
        // (8192^2's 8192-point pass runs on the CUDA cores with the cross-row step: CrossRowStepWhereAn8192...)
        if (expected && axis.size != 8192) { EXPECT_TRUE(plan::passes_run_on_cuda_cores(axis)); }
      }
    }
  }
}

// Stage strides are the products of the earlier radices; every axis's
// radices multiply to its size; the last (contiguous) axis runs first.
TEST(PlanSchedule, StagesAndAxesOfMultiDimensionalPlans) {
  for (const std::vector<std::int64_t>& sizes : std::vector<std::vector<std::int64_t>>{
           {2}, {1 << 20}, {8, 16}, {1, 32}, {64, 1}, {4, 8, 16}, {2, 512, 32}}) {
    Problem problem;
    problem.sizes = sizes;
    problem.mode = ComputeMode::fp32;
    const Plan p = tensorfft::make_plan(problem, Backend::host);
    SCOPED_TRACE(p.describe());
    const auto& axes = p.implementation().axes;
    ASSERT_EQ(axes.size(), sizes.size());
    for (std::size_t a = 0; a < axes.size(); ++a) {
      EXPECT_EQ(axes[a].axis, static_cast<int>(sizes.size() - 1 - a)) << "the last axis runs first";
      EXPECT_EQ(axes[a].size, sizes[axes[a].axis]);
      std::int64_t stride = 1;
      for (const plan::Stage& stage : axes[a].stages) {
        EXPECT_EQ(stage.stride, stride);
        stride *= stage.radix;
      }
      EXPECT_EQ(stride, axes[a].size);
    }
    EXPECT_EQ(p.implementation().transform_elements,
              std::accumulate(sizes.begin(), sizes.end(), std::int64_t{1}, std::multiplies<std::int64_t>()));
  }
}

// ---- passes ----

// A plan for the schedule tests on the host backend (the same schedule as on
// an sm_90 device); a strided input is not packed: it is gathered into the
// fp32 workspace first.

std::vector<std::int64_t> pass_lengths_of(const plan::AxisSchedule& axis) {
  std::vector<std::int64_t> lengths;
  for (const plan::Pass& pass : axis.passes) lengths.push_back(axis.pass_length(pass));
  return lengths;
}

// fp32 storage's 2^15 points in the split mode take two CUDA-core passes (256
// x 128) instead of a cluster of two blocks on a memory-rich device
// (plan::single_pass_in_clusters); every other case keeps the device's clusters.
TEST(PlanSchedule, Fp32Storage2To15InTwoPassesOnMemoryRichDevices) {
  const double h100 = plan::default_memory_bytes_per_sm_cycle, h200 = 18.8;
  Problem problem;
  problem.sizes = {32768};
  problem.storage = StorageType::complex_fp32;
  problem.mode = ComputeMode::split_fp16;
  EXPECT_TRUE(plan::single_pass_in_clusters(problem, true, h100));
  EXPECT_FALSE(plan::single_pass_in_clusters(problem, true, h200));
  EXPECT_FALSE(plan::single_pass_in_clusters(problem, false, h100));
  // The schedule those limits give: 256 x 128 on the CUDA cores, as the probe that measured it ran.
  const int max_radix = plan::problem_max_radix(problem, h200);
  EXPECT_EQ(max_radix, 4);
  plan::AxisSchedule axis;
  axis.size = 32768;
  plan::schedule_axis(axis, max_radix,
                      plan::pass_limits(problem.storage, problem.mode, max_radix, true, true,
                                        plan::default_shared_bytes_per_block, 8,
                                        plan::single_pass_in_clusters(problem, true, h200)),
                      false);
  EXPECT_EQ(pass_lengths_of(axis), (std::vector<std::int64_t>{256, 128}));
  EXPECT_TRUE(plan::passes_run_on_cuda_cores(axis));
  for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16}) {
    problem.storage = storage;
    EXPECT_TRUE(plan::single_pass_in_clusters(problem, true, h200));
  }
  problem.storage = StorageType::complex_fp32;
  for (ComputeMode mode : {ComputeMode::single_fp16, ComputeMode::fp32}) {
    problem.mode = mode;
    EXPECT_TRUE(plan::single_pass_in_clusters(problem, true, h200));
  }
}

// Calls check(problem, name) with a problem of each storage type in each tensor-core mode (the sizes left to
// the check); name says which.
template <typename Check>
void for_each_storage_and_tensor_core_mode(const Check& check) {
  for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16, StorageType::complex_fp32}) {
    for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
      Problem problem;
      problem.storage = storage;
      problem.mode = mode;
      check(problem, to_string(storage) + std::string(" ") + to_string(mode));
    }
  }
}

// On a memory-rich device (the H200) 2^24 points with fp32 intermediates take three 256-point CUDA-core
// passes rather than 4096 x 4096, whose strided later pass the memory outruns; 2^23 keeps 4096 x 2048, and
// compact intermediates keep their passes there; compact 2^22 takes 2048 x 2048 (fp32 intermediates keep
// 4096 x 1024).
TEST(PlanSchedule, LaterPassOf4096PointsOnlyWhereTheMemoryIsNotRich) {
  const double h100 = plan::default_memory_bytes_per_sm_cycle, h200 = 18.8;
  for_each_storage_and_tensor_core_mode([&](Problem problem, const std::string& name) {
    const auto lengths = [&](std::int64_t n, double bandwidth, int intermediate_bytes) {
      problem.sizes = {n};
      const int max_radix = plan::problem_max_radix(problem, bandwidth);
      EXPECT_EQ(max_radix, 4);
      plan::AxisSchedule axis;
      axis.size = n;
      plan::schedule_axis(axis, max_radix,
                          plan::pass_limits(problem.storage, problem.mode, max_radix, true, true,
                                            plan::default_shared_bytes_per_block, intermediate_bytes, true,
                                            bandwidth),
                          false);
      EXPECT_TRUE(plan::passes_run_on_cuda_cores(axis));
      return pass_lengths_of(axis);
    };
    EXPECT_EQ(lengths(1 << 24, h100, 8), (std::vector<std::int64_t>{4096, 4096})) << name;
    EXPECT_EQ(lengths(1 << 24, h200, 8), (std::vector<std::int64_t>{256, 256, 256})) << name;
    EXPECT_EQ(lengths(1 << 23, h200, 8), (std::vector<std::int64_t>{4096, 2048})) << name;
    if (problem.storage != StorageType::complex_fp32) {
      EXPECT_EQ(lengths(1 << 24, h200, 4), lengths(1 << 24, h100, 4)) << name;
      // Compact 2^22: 2048 x 2048 there, 4096 x 1024 on the H100 (the first of two passes at 4096 points).
      EXPECT_EQ(lengths(1 << 22, h100, 4), (std::vector<std::int64_t>{4096, 1024})) << name;
      EXPECT_EQ(lengths(1 << 22, h200, 4), (std::vector<std::int64_t>{2048, 2048})) << name;
    }
    EXPECT_EQ(lengths(1 << 22, h200, 8), (std::vector<std::int64_t>{4096, 1024})) << name;
  });
}

// 16, 32 and 64 points take the radix-4 schedule (cuda_core_16_point_kernel, cuda_core_eight_thread_kernel)
// on a memory-rich device in both tensor-core modes; the H100 keeps the default radices.
TEST(PlanSchedule, SixteenToSixtyFourPointsOnTheCudaCoresOnMemoryRichDevices) {
  const double h100 = plan::default_memory_bytes_per_sm_cycle, h200 = 18.8;
  for_each_storage_and_tensor_core_mode([&](Problem problem, const std::string& name) {
    for (std::int64_t n : {16, 32, 64}) {
      problem.sizes = {n};
      EXPECT_EQ(plan::problem_max_radix(problem, h200), 4) << name << " " << n;
      EXPECT_EQ(plan::problem_max_radix(problem, h100), plan::default_max_radix) << name << " " << n;
    }
    problem.sizes = {8};
    EXPECT_EQ(plan::problem_max_radix(problem, h200), plan::default_max_radix) << name;
    problem.sizes = {32, 32};  // only the 1-D transforms
    EXPECT_EQ(plan::problem_max_radix(problem, h200), plan::problem_max_radix(problem, h100)) << name;
  });
}

// 2D/3D shapes with an axis longer than 4096 points or of 64 (every axis of 256 or more, 128 with compact
// intermediates, or 64) take the radix-4 schedule, whose passes of 64 ... 4096 points run on the CUDA cores, in
// fp16/bf16 storage and, on a memory-rich device, in fp32 storage; not where a contiguous axis of 16384 points
// meets fewer than 2048 rows or in the single-product mode (it would take two passes instead of one), nor
// fp32 storage on the H100.
TEST(PlanSchedule, LongAxesOnTheCudaCores) {
  const double h100 = plan::default_memory_bytes_per_sm_cycle, h200 = 18.8;
  for_each_storage_and_tensor_core_mode([&](Problem problem, const std::string& name) {
    const bool narrow = problem.storage != StorageType::complex_fp32;
    for (const std::vector<std::int64_t>& sizes : std::vector<std::vector<std::int64_t>>{
             {16384, 1024}, {32768, 1024}, {65536, 256}, {256, 65536}, {2048, 8192}, {8192, 1024}, {64, 1024, 1024},
             {1024, 1024, 64}}) {
      problem.sizes = sizes;
      EXPECT_EQ(plan::problem_max_radix(problem, h200), 4) << name << " " << sizes[0] << " x " << sizes[1];
      EXPECT_EQ(plan::problem_max_radix(problem, h100) == 4, narrow) << name << " " << sizes[0] << " x " << sizes[1];
    }
    for (const std::vector<std::int64_t>& sizes :
         std::vector<std::vector<std::int64_t>>{{1024, 16384}, {256, 16384}, {64, 16384}, {16384, 32}, {32, 64, 1024}}) {
      problem.sizes = sizes;
      EXPECT_EQ(plan::problem_max_radix(problem, h200), plan::default_max_radix)
          << name << " " << sizes[0] << " x " << sizes[1];
    }
    problem.sizes = {2048, 16384};
    EXPECT_EQ(plan::problem_max_radix(problem, h200) == 4, problem.mode == ComputeMode::split_fp16) << name;
    // Fewer than 2^20 elements: the split mode, and single_fp16 where the contiguous axis has 256 points or
    // more; the one 128 x 128 plane on the CUDA-core plane kernel (PlanesOnTheCudaCores).
    for (const std::vector<std::int64_t>& sizes :
         std::vector<std::vector<std::int64_t>>{{64, 64}, {64, 64, 64}, {1024, 64}}) {
      problem.sizes = sizes;
      EXPECT_EQ(plan::problem_max_radix(problem, h200) == 4, problem.mode == ComputeMode::split_fp16)
          << name << " " << sizes[0] << " x " << sizes[1];
    }
    for (const std::vector<std::int64_t>& sizes :
         std::vector<std::vector<std::int64_t>>{{256, 256}, {64, 1024}, {1024, 512}}) {
      problem.sizes = sizes;
      EXPECT_EQ(plan::problem_max_radix(problem, h200), 4) << name << " " << sizes[0] << " x " << sizes[1];
    }
  });
  // The plan: 16384 x 1024's strided axis as two CUDA-core passes of 128 points (fp16 storage needs no
  // memory-rich device).
  const Plan p = host_plan_of(StorageType::complex_fp16, ComputeMode::split_fp16, {16384, 1024}, 0, false);
  EXPECT_EQ(pass_lengths_of(p.implementation().axes.at(1)), (std::vector<std::int64_t>{128, 128})) << p.describe();
  EXPECT_TRUE(plan::passes_run_on_cuda_cores(p.implementation().axes.at(1))) << p.describe();
  // 8192 x 1024's strided axis: 128 | 64, both CUDA-core passes.
  const Plan q = host_plan_of(StorageType::complex_fp16, ComputeMode::split_fp16, {8192, 1024}, 0, false);
  EXPECT_EQ(pass_lengths_of(q.implementation().axes.at(1)), (std::vector<std::int64_t>{128, 64})) << q.describe();
  EXPECT_TRUE(plan::passes_run_on_cuda_cores(q.implementation().axes.at(1))) << q.describe();
  // An axis of 32 points has no CUDA-core pass: 8192 x 32 x 32 keeps the default radices.
  const Plan r = host_plan_of(StorageType::complex_fp16, ComputeMode::split_fp16, {8192, 32, 32}, 0, false);
  EXPECT_EQ(r.implementation().axes.at(0).stages.front().radix, plan::default_max_radix) << r.describe();
}

// Planes of 16384 points (the last two axes: 128 x 128, 256 x 64, 64 x 256) take radix 4 where the CUDA-core
// kernels serve the storage, and then run as one pass on the CUDA-core plane kernel, from packed or gathered
// inputs; the later axes take radix 4 with them.  Where a later axis has no CUDA-core pass (2 x 128 x 128),
// or the caller asks for radix 16, the default radices' 128 x 128 plane pass (cuda::plane_pass_kernel)
// instead; other planes (32 x 512, 64 x 128) are no planes.
TEST(PlanSchedule, PlanesOnTheCudaCores) {
  const double h100 = plan::default_memory_bytes_per_sm_cycle, h200 = 18.8;
  for_each_storage_and_tensor_core_mode([&](Problem problem, const std::string& name) {
    const bool narrow = problem.storage != StorageType::complex_fp32;
    for (const std::vector<std::int64_t>& sizes : std::vector<std::vector<std::int64_t>>{
             {128, 128}, {128, 128, 128}, {64, 128, 128}, {2048, 128, 128}, {256, 64}, {64, 256}, {64, 64, 256},
             {128, 256, 64}}) {
      problem.sizes = sizes;
      for (Intermediates intermediates : {Intermediates::full, Intermediates::compact}) {
        if (intermediates == Intermediates::compact && !narrow) continue;
        problem.intermediates = intermediates;
        EXPECT_EQ(plan::problem_max_radix(problem, h200), 4) << name << " " << sizes[0];
        EXPECT_EQ(plan::problem_max_radix(problem, h100) == 4, narrow) << name << " " << sizes[0];
        for (bool packed : {true, false}) {
          EXPECT_TRUE(plan::runs_plane_pass(problem, 4, packed, plan::default_shared_bytes_per_block)) << name;
        }
        EXPECT_FALSE(plan::runs_plane_pass(problem, 4, true, plan::cuda_core_16384_tile_bytes - 1)) << name;
      }
      problem.intermediates = Intermediates::full;
    }
  });
  // The plans: the plane's axes and 128^3's strided axis as the radix-4 schedule, one CUDA-core pass each.
  const Plan cube = host_plan_of(StorageType::complex_fp16, ComputeMode::split_fp16, {128, 128, 128}, 0, false);
  EXPECT_TRUE(cube.implementation().plane_pass) << cube.describe();
  for (const plan::AxisSchedule& axis : cube.implementation().axes) {
    EXPECT_EQ(axis.stages.front().radix, 4) << cube.describe();
    EXPECT_TRUE(plan::passes_run_on_cuda_cores(axis)) << cube.describe();
  }
  const Plan gathered = host_plan_of(StorageType::complex_bf16, ComputeMode::single_fp16, {128, 128}, 0, true);
  EXPECT_TRUE(gathered.implementation().plane_pass) << gathered.describe();
  EXPECT_EQ(gathered.implementation().axes.at(0).stages.front().radix, 4) << gathered.describe();
  // A 2-point axis has no CUDA-core pass: the default radices' plane.
  const Plan flat = host_plan_of(StorageType::complex_fp16, ComputeMode::split_fp16, {2, 128, 128}, 0, false);
  EXPECT_TRUE(flat.implementation().plane_pass) << flat.describe();
  EXPECT_EQ(flat.implementation().axes.at(0).stages.front().radix, plan::default_max_radix) << flat.describe();
  // The caller's radix holds everywhere.
  const Plan asked = host_plan_of(StorageType::complex_fp16, ComputeMode::split_fp16, {128, 128}, 16, false);
  EXPECT_TRUE(asked.implementation().plane_pass) << asked.describe();
  EXPECT_EQ(asked.implementation().axes.at(0).stages.front().radix, 16) << asked.describe();
  // 256 x 64: the plane's axes 64 (contiguous) and 256 points.
  const Plan tall = host_plan_of(StorageType::complex_fp16, ComputeMode::single_fp16, {256, 64}, 0, false);
  EXPECT_TRUE(tall.implementation().plane_pass) << tall.describe();
  EXPECT_NE(tall.describe().find("(planes 256x64"), std::string::npos) << tall.describe();
  // Not in the fp32 mode (no plane pass there), nor other shapes.
  Problem other;
  other.sizes = {128, 128, 128};
  other.mode = ComputeMode::fp32;
  EXPECT_FALSE(plan::runs_plane_pass(other, 4, true, plan::default_shared_bytes_per_block));
  other.mode = ComputeMode::split_fp16;
  for (const std::vector<std::int64_t>& sizes :
       std::vector<std::vector<std::int64_t>>{{32, 512}, {512, 32}, {64, 128}, {16384}, {128, 64, 64}}) {
    other.sizes = sizes;
    EXPECT_FALSE(plan::cuda_core_plane_shape(other)) << sizes[0] << " x " << sizes[1];
    EXPECT_FALSE(plan::runs_plane_pass(other, 4, true, plan::default_shared_bytes_per_block)) << sizes[0];
  }
}

// The register-block kernels' longer passes (plan::pass_limits) only where
// they run: a 2^14-point axis is one pass when it is the first axis executed,
// read from packed storage in a tensor-core mode with the default
// radices; the first of several passes of an unstrided axis reaches 4096
// points in those modes (2^23 in two passes), other passes 2048, or 4096 on
// the CUDA cores with fp32 intermediates (2^24 in two passes).
TEST(PlanSchedule, PassLengthsFollowTheKernelsOnChipLimits) {
  struct Case {
    StorageType storage;
    ComputeMode mode;
    std::vector<std::int64_t> sizes;
    int max_radix;
    bool strided_input;
    std::vector<std::size_t> passes;  // per axis, in execution order
  };
  const std::vector<Case> cases = {
      {StorageType::complex_fp16, ComputeMode::split_fp16, {1 << 14}, 0, false, {1}},
      {StorageType::complex_bf16, ComputeMode::single_fp16, {1 << 14}, 16, false, {1}},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {1 << 15}, 0, false, {1}},  // paired halves
      {StorageType::complex_bf16, ComputeMode::single_fp16, {1 << 15}, 0, false, {1}},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {1 << 15}, 0, true, {2}},  // gathered input
      {StorageType::complex_fp16, ComputeMode::split_fp16, {1 << 16}, 0, false, {2}},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {4, 1 << 15}, 0, false, {2, 1}},  // full intermediates
      {StorageType::complex_fp32, ComputeMode::split_fp16, {1 << 14}, 0, false, {1}},
      {StorageType::complex_fp32, ComputeMode::single_fp16, {1 << 15}, 0, false, {2}},
      {StorageType::complex_fp16, ComputeMode::fp32, {1 << 14}, 0, false, {1}},  // the CUDA-core kernel
      {StorageType::complex_fp16, ComputeMode::fp32, {4, 1 << 14}, 0, false, {2, 1}},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {1 << 14}, 8, false, {2}},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {1 << 14}, 0, true, {2}},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {4, 1 << 14}, 0, false, {1, 1}},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {1 << 14, 4}, 0, false, {1, 2}},
      {StorageType::complex_fp32, ComputeMode::split_fp16, {1 << 23}, 0, false, {2}},
      {StorageType::complex_fp16, ComputeMode::single_fp16, {1 << 24}, 0, false, {2}},  // 4096 x 4096
      {StorageType::complex_fp16, ComputeMode::single_fp16, {1 << 24}, 16, false, {3}},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {1 << 25}, 0, false, {3}},
      {StorageType::complex_fp16, ComputeMode::fp32, {1 << 23}, 0, false, {2}},  // 4096 x 2048 on the CUDA cores
      {StorageType::complex_fp16, ComputeMode::split_fp16, {1 << 23}, 4, false, {2}},  // 4096 x 2048
      {StorageType::complex_bf16, ComputeMode::split_fp16, {4096, 4096}, 0, false, {1, 2}},  // the cross-row step
      {StorageType::complex_bf16, ComputeMode::split_fp16, {4096, 4096}, 16, false, {1, 2}},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {4096, 1 << 23}, 0, false, {2, 2}},
      {StorageType::complex_bf16, ComputeMode::fp32, {4096, 4096}, 16, false, {1, 1}},
      {StorageType::complex_bf16, ComputeMode::fp32, {4096, 4096}, 0, false, {1, 2}},  // the cross-row step
  };
  for (const Case& c : cases) {
    const Plan p = host_plan_of(c.storage, c.mode, c.sizes, c.max_radix, c.strided_input);
    SCOPED_TRACE(p.describe());
    const auto& axes = p.implementation().axes;
    ASSERT_EQ(axes.size(), c.passes.size());
    for (std::size_t a = 0; a < axes.size(); ++a) EXPECT_EQ(axes[a].passes.size(), c.passes[a]) << "axis " << a;
  }
}

// The 2^14-point single pass exists where its kernel's shared memory fits
// the device's per-block limit: fp32 storage's in-place tile with room for
// the next tile's parts (224 KB: sm_90's 227 KB, not sm_80's 163 KB),
// fp16/bf16 storage's input and exchange tiles (192 KB), which also hold
// each half of fp16/bf16 storage's 2^15-point single pass.
TEST(PlanSchedule, SinglePassOf2To14PointsNeedsItsSharedMemory) {
  for (StorageType storage : {StorageType::complex_fp32, StorageType::complex_fp16}) {
    const std::int64_t needed = storage == StorageType::complex_fp32
                                    ? plan::tile_in_parts_shared_bytes(std::int64_t{1} << 14, 8)
                                    : plan::register_block_shared_bytes(std::int64_t{1} << 14, 4);
    EXPECT_LE(needed, plan::default_shared_bytes_per_block);
    for (std::int64_t shared : {plan::default_shared_bytes_per_block, needed, needed - 16, std::int64_t{163} * 1024}) {
      const plan::PassLimits limits =
          plan::pass_limits(storage, ComputeMode::split_fp16, plan::default_max_radix, true, true, shared);
      const std::int64_t single_pass = storage == StorageType::complex_fp32 ? 1 << 14 : 1 << 15;
      EXPECT_EQ(limits.contiguous_single_pass == single_pass, shared >= needed)
          << to_string(storage) << " with " << shared << " bytes";
    }
  }
}

// A 1D transform between packed fp16/bf16 storage in several passes runs
// every pass after the first at 1024 points (whole sectors of narrow
// storage) where balanced passes would have a longer one after the first
// (both tensor-core modes, full intermediates: make_plan's default); fp32
// storage, a gathered input or a scattered output keep balanced passes.
TEST(PlanSchedule, NarrowStorageTransformsRun1024PointLaterPasses) {
  struct Case {
    StorageType storage;
    std::int64_t size;
    bool strided_input, strided_output;
    std::vector<std::int64_t> pass_lengths;
    std::vector<std::int64_t> split_pass_lengths = {};  // where the split mode's differ
    int max_radix = 0;  // 16: the tensor-core schedule where the default takes radix 4 (two CUDA-core passes)
  };
  const std::vector<Case> cases = {
      {StorageType::complex_fp16, 1 << 16, false, false, {256, 256}},  // balanced: no pass over 1024
      {StorageType::complex_fp16, 1 << 17, false, false, {512, 256}},
      {StorageType::complex_bf16, 1 << 18, false, false, {512, 512}},
      {StorageType::complex_fp16, 1 << 19, false, false, {1024, 512}},
      {StorageType::complex_bf16, 1 << 21, false, false, {4096, 512}, {}, 16},  // not a first pass of 2048
      {StorageType::complex_bf16, 1 << 21, false, false, {2048, 1024}},  // radix 4: two CUDA-core passes
      {StorageType::complex_fp16, 1 << 20, false, false, {1024, 1024}},
      {StorageType::complex_fp16, 1 << 22, false, false, {4096, 1024}},  // radix 4: a 4096-point first pass
      {StorageType::complex_fp16, 1 << 22, false, false, {4096, 1024}, {}, 16},
      {StorageType::complex_fp16, 1 << 23, false, false, {4096, 2048}},  // radix 4: CUDA-core passes
      {StorageType::complex_fp16, 1 << 23, false, false, {4096, 2048}, {}, 16},  // the first would not fit
      {StorageType::complex_fp16, 1 << 24, false, false, {4096, 4096}},  // radix 4: a later pass of 4096 points
      {StorageType::complex_bf16, 1 << 24, false, false, {256, 256, 256}, {}, 16},
      {StorageType::complex_bf16, 1 << 26, false, false, {512, 512, 256}},
      {StorageType::complex_fp32, 1 << 15, false, false, {128, 256}, {32768}},  // balanced, the shorter first
      {StorageType::complex_fp32, 1 << 16, false, false, {256, 256}},
      {StorageType::complex_fp32, 1 << 22, false, false, {4096, 1024}},  // radix 4: CUDA-core passes
      {StorageType::complex_fp32, 1 << 22, false, false, {2048, 2048}, {}, 16},
      {StorageType::complex_fp32, 1 << 23, false, false, {4096, 2048}},  // radix 4
      {StorageType::complex_fp32, 1 << 23, false, false, {2048, 4096}, {}, 16},  // 4096 in place, second
      {StorageType::complex_fp16, 1 << 15, true, false, {256, 128}},  // a gathered input: two passes
      {StorageType::complex_fp16, 1 << 15, false, true, {256, 128}},  // a scattered output (8-byte intermediates)
  };
  for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
    for (const Case& c : cases) {
      Problem problem;
      problem.sizes = {c.size};
      problem.storage = c.storage;
      problem.mode = mode;
      if (c.strided_input) problem.input_layout.stride = 2;
      if (c.strided_output) problem.output_layout.stride = 2;
      problem.max_radix = c.max_radix;
      const Plan p = tensorfft::make_plan(problem, Backend::host);
      SCOPED_TRACE(p.describe());
      const plan::AxisSchedule& axis = p.implementation().axes.at(0);
      const bool split_differs = mode == ComputeMode::split_fp16 && !c.split_pass_lengths.empty();
      EXPECT_EQ(pass_lengths_of(axis), split_differs ? c.split_pass_lengths : c.pass_lengths);
    }
  }
}

// fp32 storage in the tensor-core modes: 2^14 points take one pass (the
// in-place 2^14-point register-block pass), 2^15 two balanced passes (the
// shorter first) but one in the split mode (its CUDA-core cluster); the
// fp32 mode's 1D 2^14 points one pass (the CUDA-core kernel), as the first
// axis of a 2D transform two.
TEST(PlanSchedule, Fp32StorageSinglePassOf2To14AndBalancedPassesAbove) {
  struct Case {
    ComputeMode mode;
    std::vector<std::int64_t> sizes;
    int max_radix;
    std::vector<std::int64_t> pass_lengths;  // of the last (contiguous) axis
  };
  const std::vector<Case> cases = {
      {ComputeMode::split_fp16, {1 << 15}, 0, {32768}}, {ComputeMode::single_fp16, {1 << 15}, 0, {128, 256}},
      {ComputeMode::split_fp16, {4, 1 << 15}, 0, {128, 256}}, {ComputeMode::split_fp16, {1 << 17}, 0, {512, 256}},
      {ComputeMode::split_fp16, {1 << 14}, 0, {16384}},     {ComputeMode::single_fp16, {4, 1 << 14}, 0, {16384}},
      {ComputeMode::fp32, {1 << 14}, 0, {16384}},            {ComputeMode::split_fp16, {1 << 14}, 8, {128, 128}},
      {ComputeMode::fp32, {2, 1 << 14}, 0, {128, 128}},
  };
  for (const Case& c : cases) {
    const Plan p = host_plan_of(StorageType::complex_fp32, c.mode, c.sizes, c.max_radix, false);
    SCOPED_TRACE(p.describe());
    EXPECT_EQ(pass_lengths_of(p.implementation().axes.at(0)), c.pass_lengths);
  }
}

// Compact intermediates let a pass with columns apart hold 4096 points:
// 2^24 on the tensor-core passes and a 4096-point strided axis take one pass
// fewer; on the CUDA-core passes (by default) 2^23 takes two, 2^24 three.
TEST(PlanSchedule, CompactIntermediatesAllow4096PointLaterPasses) {
  for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16}) {
    Problem problem;
    problem.storage = storage;
    problem.intermediates = Intermediates::compact;
    problem.sizes = {1 << 24};
    problem.max_radix = 16;  // the tensor-core passes (by default: three CUDA-core passes, faster)
    Plan p = tensorfft::make_plan(problem, Backend::host);
    EXPECT_EQ(pass_lengths_of(p.implementation().axes.at(0)), (std::vector<std::int64_t>{4096, 4096}))
        << p.describe();
    // By default (radix 4, the CUDA-core passes) 2^24 keeps three passes and 2^23 takes 4096 x 2048.
    problem.max_radix = 0;
    p = tensorfft::make_plan(problem, Backend::host);
    EXPECT_EQ(pass_lengths_of(p.implementation().axes.at(0)), (std::vector<std::int64_t>{256, 256, 256}))
        << p.describe();
    problem.sizes = {1 << 23};
    p = tensorfft::make_plan(problem, Backend::host);
    EXPECT_EQ(pass_lengths_of(p.implementation().axes.at(0)), (std::vector<std::int64_t>{4096, 2048}))
        << p.describe();
    problem.sizes = {4096, 1024};  // (4096^2 takes the cross-row step instead: CrossRowStepWhere4096PointAxesMeet)
    p = tensorfft::make_plan(problem, Backend::host);
    EXPECT_EQ(pass_lengths_of(p.implementation().axes.at(1)), (std::vector<std::int64_t>{4096})) << p.describe();
    EXPECT_EQ(plan::pass_count(p.implementation()), 2) << p.describe();
    problem.sizes = {4096, 4096};
    // Full intermediates: three passes on the tensor cores, two on the CUDA cores (a strided 4096-point pass
    // of four 8-byte columns).
    problem.intermediates = Intermediates::full;
    p = tensorfft::make_plan(problem, Backend::host);
    EXPECT_EQ(plan::pass_count(p.implementation()), 2) << p.describe();
    problem.max_radix = 16;
    p = tensorfft::make_plan(problem, Backend::host);
    EXPECT_EQ(plan::pass_count(p.implementation()), 3) << p.describe();
  }
}

// Whether a pass of the plan runs inside the pass before it (the cross-row step).
bool takes_cross_row_step(StorageType storage, ComputeMode mode, std::vector<std::int64_t> sizes, int max_radix) {
  const Plan p = host_plan_of(storage, mode, sizes, max_radix, false);
  for (const plan::AxisSchedule& axis : p.implementation().axes) {
    for (const plan::Pass& pass : axis.passes) {
      if (pass.in_previous_pass) return true;
    }
  }
  return false;
}

// side^2 in `storages`, both tensor-core modes, full and compact
// intermediates, by default and with radix 4: the contiguous axis in one
// pass, the other as the step of `step` points (in that pass) and one pass
// of side / step points, whose stages follow the step's; `passes` in the
// plan's description.
void expect_cross_row_step_on_squares(std::int64_t side, std::int64_t step, const std::string& passes,
                                      std::vector<StorageType> storages = {StorageType::complex_fp16,
                                                                           StorageType::complex_bf16,
                                                                           StorageType::complex_fp32}) {
  for (StorageType storage : storages) {
    for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
      for (auto intermediates : {Intermediates::full, Intermediates::compact}) {
        if (intermediates == Intermediates::compact && storage == StorageType::complex_fp32) continue;
        for (int max_radix : {0, 4}) {
          Problem problem;
          problem.storage = storage;
          problem.mode = mode;
          problem.intermediates = intermediates;
          problem.max_radix = max_radix;
          problem.sizes = {side, side};
          const Plan p = tensorfft::make_plan(problem, Backend::host);
          SCOPED_TRACE(p.describe());
          const auto& axes = p.implementation().axes;
          ASSERT_EQ(axes.size(), 2u);
          EXPECT_EQ(pass_lengths_of(axes[0]), (std::vector<std::int64_t>{side}));
          ASSERT_EQ(pass_lengths_of(axes[1]), (std::vector<std::int64_t>{step, side / step}));
          EXPECT_TRUE(axes[1].passes[0].in_previous_pass);
          EXPECT_FALSE(axes[1].passes[1].in_previous_pass);
          EXPECT_EQ(axes[1].stages[1].stride, step);  // the second pass's stages follow the step's
          EXPECT_TRUE(plan::passes_run_on_cuda_cores(axes[1]));
          EXPECT_EQ(plan::pass_count(p.implementation()), 2);
          EXPECT_NE(p.describe().find(passes), std::string::npos);
        }
      }
    }
  }
}

// The cross-row step: where a 4096-point contiguous axis meets a 4096-point
// axis (the radix-4 schedule, any storage but fp64), the second axis's first
// pass (4 points across rows 1024 apart) runs in the first axis's pass, and
// its second pass has 1024 points: two passes through memory, no strided
// 4096-point pass.
TEST(PlanSchedule, CrossRowStepWhere4096PointAxesMeet) {
  expect_cross_row_step_on_squares(4096, 4, "(pass r4 in the previous pass) (pass r4 r4 r4 r4 r4)");
  // Not: the tensor-core radices, other lengths, the fp32 mode's radix-16 stages, fp64 (the fp32 mode by default: yes).
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp32, ComputeMode::split_fp16, {4096, 4096}, 16));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp64, ComputeMode::fp64, {4096, 4096}, 0));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::split_fp16, {4096, 4096}, 16));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::split_fp16, {2048, 4096}, 0));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::split_fp16, {4096, 2048}, 0));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::fp32, {4096, 4096}, 16));
  // The fp32 mode takes it by default (problem_max_radix).
  EXPECT_TRUE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::fp32, {4096, 4096}, 0));
  EXPECT_TRUE(takes_cross_row_step(StorageType::complex_fp32, ComputeMode::fp32, {4096, 4096}, 0));
}

// 8192 and 16384 points across a 4096-point contiguous axis: the step of
// four, then one strided pass of S / 4 points (2048, 4096), two passes in
// all, by default in every storage of both tensor-core modes (plan::
// problem_max_radix) and with radix 4; not from 2048 points across (its own
// strided pass), not with the tensor-core radices, not in 3D by default.  The
// fp32 mode takes it by default at 8192 x 4096 (its default stages there end
// in a strided 64-point pass, which no CUDA-core kernel runs), not at 16384 x
// 4096 (two strided 128-point passes).
TEST(PlanSchedule, CrossRowStepOfFourWhereA4096PointAxisMeetsALongerOne) {
  for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16, StorageType::complex_fp32}) {
    for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
      for (std::int64_t across : {8192, 16384}) {
        for (int max_radix : {0, 4}) {
          for (Intermediates intermediates : {Intermediates::full, Intermediates::compact}) {
            if (intermediates == Intermediates::compact && storage == StorageType::complex_fp32) continue;
            Problem problem;
            problem.sizes = {across, 4096};
            problem.storage = storage;
            problem.mode = mode;
            problem.max_radix = max_radix;
            problem.intermediates = intermediates;
            const Plan p = tensorfft::make_plan(problem, Backend::host);
            SCOPED_TRACE(p.describe());
            const auto& axes = p.implementation().axes;
            ASSERT_EQ(axes.size(), 2u);
            EXPECT_EQ(pass_lengths_of(axes[0]), (std::vector<std::int64_t>{4096}));
            // 16384 x 4096 with full intermediates: radix 4 without the step, two strided passes of 128.
            if (across == 16384 && intermediates == Intermediates::full) {
              EXPECT_EQ(pass_lengths_of(axes[1]), (std::vector<std::int64_t>{128, 128}));
              EXPECT_FALSE(axes[1].passes[0].in_previous_pass);
              EXPECT_EQ(plan::pass_count(p.implementation()), 3);
              continue;
            }
            ASSERT_EQ(pass_lengths_of(axes[1]), (std::vector<std::int64_t>{4, across / 4}));
            EXPECT_TRUE(axes[1].passes[0].in_previous_pass);
            EXPECT_EQ(plan::pass_count(p.implementation()), 2);
          }
        }
      }
    }
  }
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::split_fp16, {2048, 4096}, 4));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::split_fp16, {32768, 4096}, 4));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp32, ComputeMode::split_fp16, {8192, 4096}, 16));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::split_fp16, {2, 8192, 4096}, 0));
  EXPECT_TRUE(takes_cross_row_step(StorageType::complex_fp32, ComputeMode::fp32, {8192, 4096}, 0));
  EXPECT_TRUE(takes_cross_row_step(StorageType::complex_bf16, ComputeMode::fp32, {8192, 4096}, 0));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp32, ComputeMode::fp32, {16384, 4096}, 0));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::fp32, {4096, 8192}, 0));
}

// The cross-row step in an 8192-point pass: where an 8192-point contiguous
// axis meets an axis of 256 ... 8192 points (the radix-4 schedule, any
// storage but fp64), the second axis's first pass (2 points across rows S /
// 2 apart; 4 points S / 4 apart for 8192^2 in fp16/bf16 storage) runs in
// the 8192-point pass, and its second pass has the rest.  8192^2 takes it
// by default in both tensor-core modes: two passes instead of three.
TEST(PlanSchedule, CrossRowStepWhereAn8192PointAxisMeetsAnother) {
  // 8192^2: the step of two in fp32 storage, of four in fp16/bf16 storage (its odd rows staged in shared
  // memory, plan::cross_row_step_points), whose strided pass then has 2048 points.
  expect_cross_row_step_on_squares(8192, 2, "(pass r2 in the previous pass) (pass r4 r4 r4 r4 r4 r4)",
                                   {StorageType::complex_fp32});
  expect_cross_row_step_on_squares(8192, 4, "(pass r4 in the previous pass) (pass r4 r4 r4 r4 r4 r2)",
                                   {StorageType::complex_fp16, StorageType::complex_bf16});
  {  // the step of two where the device's shared memory holds the tile but not the staging too
    Problem problem;
    problem.storage = StorageType::complex_fp16;
    problem.mode = ComputeMode::split_fp16;
    problem.sizes = {8192, 8192};
    EXPECT_EQ(plan::cross_row_step_points(problem, plan::cross_row_8192_tile_bytes), 2);
    EXPECT_EQ(plan::cross_row_step_points(
                  problem, plan::cross_row_8192_tile_bytes + plan::cross_row_8192_odd_row_staging_bytes),
              4);
    problem.sizes = {4096, 8192};
    EXPECT_EQ(plan::cross_row_step_points(problem, 1 << 20), 2);
    problem.sizes = {8192, 4096};
    EXPECT_EQ(plan::cross_row_step_points(problem, 1 << 20), 4);
  }
  // Other axes of 256 ... 8192 points before the 8192-point one, with the radix-4 schedule: S / 2 after the step.
  for (const std::vector<std::int64_t>& sizes :
       {std::vector<std::int64_t>{256, 8192}, {1024, 8192}, {2, 512, 8192}, {4096, 8192}}) {
    const Plan p = host_plan_of(StorageType::complex_fp16, ComputeMode::split_fp16, sizes, 4, false);
    SCOPED_TRACE(p.describe());
    const plan::AxisSchedule& across = p.implementation().axes.at(1);
    ASSERT_EQ(pass_lengths_of(across), (std::vector<std::int64_t>{2, across.size / 2}));
    EXPECT_TRUE(across.passes[0].in_previous_pass);
    EXPECT_EQ(plan::pass_count(p.implementation()), static_cast<int>(sizes.size()));
  }
  // Not: fewer than 256 points across (the pass after the step would be shorter than 128), the tensor-core
  // radices (or the fp32 mode's radix-16 stages), fp64; by default 8192^2, 256 ... 4096 x 8192 in fp16/bf16
  // storage (full or compact intermediates) and 4096 x 8192 in fp32 storage (plan::problem_max_radix).
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::split_fp16, {128, 8192}, 4));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::split_fp16, {8192, 8192}, 16));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp32, ComputeMode::fp32, {8192, 8192}, 16));
  EXPECT_TRUE(takes_cross_row_step(StorageType::complex_fp32, ComputeMode::fp32, {8192, 8192}, 0));  // (problem_max_radix)
  EXPECT_TRUE(takes_cross_row_step(StorageType::complex_bf16, ComputeMode::fp32, {8192, 8192}, 0));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp64, ComputeMode::fp64, {8192, 8192}, 0));
  EXPECT_TRUE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::split_fp16, {1024, 8192}, 0));
  EXPECT_FALSE(takes_cross_row_step(StorageType::complex_fp32, ComputeMode::split_fp16, {1024, 8192}, 0));
  // (8192 x 4096: the step of four in the 4096-point pass, CrossRowStepOfFourWhereA4096PointAxisMeetsALongerOne.)
  EXPECT_TRUE(takes_cross_row_step(StorageType::complex_fp16, ComputeMode::split_fp16, {8192, 4096}, 0));
}

// fp32 storage in the tensor-core modes: a strided axis of 4096 points runs
// in one pass (in place, its tiles fetched in parts), while the passes of an
// unstrided axis keep the 2048-point limit (N = 2^24 stays 256^3); so does
// one of fp16/bf16 storage that writes intermediates.
TEST(PlanSchedule, Fp32StorageStridedAxisOf4096PointsInOnePass) {
  for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
    // (By default 4096^2 takes the cross-row step instead: CrossRowStepWhere4096PointAxesMeet.)
    Plan p = host_plan_of(StorageType::complex_fp32, mode, {4096, 4096}, 16, false);
    EXPECT_EQ(pass_lengths_of(p.implementation().axes.back()), (std::vector<std::int64_t>{4096})) << p.describe();
    EXPECT_EQ(plan::pass_count(p.implementation()), 2) << p.describe();
    p = host_plan_of(StorageType::complex_fp32, mode, {1 << 24}, 16, false);
    EXPECT_EQ(pass_lengths_of(p.implementation().axes.at(0)), (std::vector<std::int64_t>{256, 256, 256}))
        << p.describe();
    // By default (radix 4) the CUDA-core passes: a later pass of 4096 points in fp32 storage.
    p = host_plan_of(StorageType::complex_fp32, mode, {1 << 24}, 0, false);
    EXPECT_EQ(pass_lengths_of(p.implementation().axes.at(0)), (std::vector<std::int64_t>{4096, 4096}))
        << p.describe();
  }
  // The scalar fp32 mode too: its CUDA-core pass of the strided axis.
  const Plan p = host_plan_of(StorageType::complex_fp32, ComputeMode::fp32, {4096, 4096}, 0, false);
  EXPECT_EQ(plan::pass_count(p.implementation()), 2) << p.describe();
  // fp16/bf16 storage: where the axis writes intermediates, not the packed output.
  for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16}) {
    Plan q = host_plan_of(storage, ComputeMode::split_fp16, {64, 4096, 256}, 0, false);
    EXPECT_EQ(pass_lengths_of(q.implementation().axes.at(1)), (std::vector<std::int64_t>{4096})) << q.describe();
    q = host_plan_of(storage, ComputeMode::split_fp16, {4096, 4096}, 16, false);
    EXPECT_EQ(pass_lengths_of(q.implementation().axes.back()), (std::vector<std::int64_t>{1024, 4})) << q.describe();
  }
}

// A strided axis in two passes ends with 4 points in the tensor-core modes
// with the default radices (fp32 storage: 16 points in the split mode, 8 in
// the single-product mode, where the first pass has at most 512 / 1024);
// balanced passes otherwise.
TEST(PlanSchedule, TwoPassStridedAxesEndWithShortPasses) {
  struct Case {
    StorageType storage;
    ComputeMode mode;
    std::vector<std::int64_t> sizes;
    int max_radix;
    std::vector<std::int64_t> strided_pass_lengths;  // of axis 0
  };
  const std::vector<Case> cases = {
      {StorageType::complex_fp16, ComputeMode::split_fp16, {4096, 4096}, 16, {1024, 4}},
      // (8192^2 by default takes the cross-row step: CrossRowStepWhereAn8192PointAxisMeetsAnother.)
      {StorageType::complex_fp16, ComputeMode::single_fp16, {8192, 8192}, 16, {2048, 4}},
      {StorageType::complex_fp32, ComputeMode::split_fp16, {8192, 8192}, 16, {512, 16}},
      {StorageType::complex_fp32, ComputeMode::single_fp16, {8192, 8192}, 16, {1024, 8}},
      {StorageType::complex_fp32, ComputeMode::split_fp16, {8192, 64, 128}, 0, {512, 16}},
      // (By default 16384 x 4096 takes the step of four: CrossRowStepOfFourWhereA4096PointAxisMeetsALongerOne.)
      {StorageType::complex_fp32, ComputeMode::split_fp16, {16384, 4096}, 16, {128, 128}},  // 1024 x 16: slower
      {StorageType::complex_fp32, ComputeMode::single_fp16, {16384, 4096}, 16, {128, 128}},
      {StorageType::complex_fp32, ComputeMode::split_fp16, {32768, 2048}, 0, {256, 128}},
      {StorageType::complex_bf16, ComputeMode::split_fp16, {16384, 4}, 0, {128, 128}},  // 4096 x 4 would not fit
      {StorageType::complex_fp16, ComputeMode::fp32, {8192, 8192}, 16, {128, 64}},  // (by default the step)
      {StorageType::complex_fp16, ComputeMode::split_fp16, {4096, 4096}, 8, {64, 64}},
  };
  for (const Case& c : cases) {
    const Plan p = host_plan_of(c.storage, c.mode, c.sizes, c.max_radix, false);
    SCOPED_TRACE(p.describe());
    const plan::AxisSchedule& axis = p.implementation().axes.back();
    ASSERT_EQ(axis.axis, 0);
    EXPECT_EQ(pass_lengths_of(axis), c.strided_pass_lengths);
  }
}

// The last two axes of 128 x 128 planes run as one CUDA pass: with the
// default radices exactly where a 2^14-point single pass reading packed
// storage would, with the radix-4 schedule (the CUDA-core plane kernel) from
// gathered inputs too; both axes keep their own stages (the host executor
// runs them).
TEST(PlanSchedule, PlanePassForPackedStorageOf128By128Planes) {
  struct Case {
    StorageType storage;
    ComputeMode mode;
    std::vector<std::int64_t> sizes;
    int max_radix;
    bool strided_input;
    bool plane_pass;
  };
  const std::vector<Case> cases = {
      {StorageType::complex_fp16, ComputeMode::split_fp16, {128, 128}, 0, false, true},
      {StorageType::complex_bf16, ComputeMode::single_fp16, {128, 128, 128}, 16, false, true},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {4, 128, 128}, 0, false, true},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {128, 128, 2}, 0, false, false},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {64, 256}, 0, false, true},  // radix 4: 64 x 256
      {StorageType::complex_fp16, ComputeMode::split_fp16, {64, 256}, 16, false, false},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {1 << 14}, 0, false, false},
      {StorageType::complex_fp32, ComputeMode::split_fp16, {128, 128}, 0, false, true},
      {StorageType::complex_fp32, ComputeMode::single_fp16, {2, 128, 128}, 0, false, true},
      {StorageType::complex_fp32, ComputeMode::fp32, {128, 128}, 0, false, false},
      {StorageType::complex_fp16, ComputeMode::fp32, {128, 128}, 0, false, false},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {128, 128}, 8, false, false},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {128, 128}, 16, true, false},
      {StorageType::complex_fp16, ComputeMode::split_fp16, {128, 128}, 0, true, true},  // radix 4
  };
  for (const Case& c : cases) {
    const Plan p = host_plan_of(c.storage, c.mode, c.sizes, c.max_radix, c.strided_input);
    SCOPED_TRACE(p.describe());
    EXPECT_EQ(p.implementation().plane_pass, c.plane_pass);
    const std::size_t rank = c.sizes.size();
    const std::string planes = "(planes " + std::to_string(c.sizes[rank - 2]) + "x" + std::to_string(c.sizes.back());
    EXPECT_EQ(p.describe().find(planes) != std::string::npos, c.plane_pass);
    if (c.plane_pass) {
      const auto& axes = p.implementation().axes;
      ASSERT_GE(axes.size(), 2u);
      for (int a = 0; a < 2; ++a) {
        EXPECT_EQ(axes[a].axis, static_cast<int>(rank) - 1 - a);
        ASSERT_EQ(axes[a].passes.size(), 1u);
        EXPECT_EQ(axes[a].pass_length(axes[a].passes[0]), c.sizes[rank - 1 - a]);
      }
    }
  }
}

struct PassCase {
  Combo combo;
  int log2_size;
};

void PrintTo(const PassCase& c, std::ostream* out) { *out << name_of(c.combo) << " 2^" << c.log2_size; }

std::vector<PassCase> pass_cases() {
  std::vector<PassCase> cases;
  for (const Combo& combo : valid_combos()) {
    for (int log2_size = 1; log2_size <= 34; ++log2_size) cases.push_back({combo, log2_size});
  }
  return cases;
}

class PassGrouping : public ::testing::TestWithParam<PassCase> {};

// Passes cover the stages in order, each nonempty and no longer than what the
// kernels keep on chip; a single pass while the axis fits on chip, else the
// fewest passes possible (no extra pass forced by radix granularity), of
// balanced lengths, each running the radix schedule of its own length.
TEST_P(PassGrouping, PassesCoverStagesAndFitOnChip) {
  const PassCase& c = GetParam();
  const std::int64_t size = std::int64_t{1} << c.log2_size;
  const std::int64_t on_chip = plan::on_chip_elements(c.combo.storage, c.combo.mode);
  const bool narrow = c.combo.storage == StorageType::complex_fp16 || c.combo.storage == StorageType::complex_bf16;
  const bool tensor = c.combo.mode == ComputeMode::split_fp16 || c.combo.mode == ComputeMode::single_fp16;
  for (int max_radix : {2, 4, 8, 16}) {
    for (int variant = 0; variant < 8; ++variant) {
      const bool strided = variant % 4 == 2, reads_storage = variant % 4 == 1 || variant % 4 == 3,
                 writes_storage = variant % 4 == 3;
      const int intermediate_bytes = variant >= 4 ? 4 : 8;  // 4: compact intermediates
      if (intermediate_bytes == 4 && !(narrow && tensor)) continue;
      SCOPED_TRACE("max_radix " + std::to_string(max_radix) + (strided ? " strided" : "") +
                   (reads_storage ? " reading storage" : "") + (writes_storage ? " writing storage" : "") +
                   (intermediate_bytes == 4 ? " compact" : ""));
      const plan::PassLimits limits =
          plan::pass_limits(c.combo.storage, c.combo.mode, max_radix, reads_storage, writes_storage,
                            plan::default_shared_bytes_per_block, intermediate_bytes);
      const bool default_radix = max_radix == plan::default_max_radix;
      EXPECT_EQ(limits.later_pass, narrow && tensor && default_radix && writes_storage
                                        ? std::int64_t{1} << plan::log2_longest_whole_sector_pass
                                        : 0);
      const bool split = c.combo.mode == ComputeMode::split_fp16;
      EXPECT_EQ(limits.strided_last_of_two, !(tensor && default_radix) ? 0 : narrow ? 4 : split ? 16 : 8);
      EXPECT_EQ(limits.strided_longest_first_of_two,
                tensor && default_radix && !narrow ? (split ? 512 : 1024) : std::int64_t{1} << 62);
      // Full intermediates keep later_pass where a balanced later pass would be longer.
      EXPECT_EQ(limits.later_pass_over_balanced, limits.later_pass > 0 && intermediate_bytes == 8);
      if (intermediate_bytes == 4 && default_radix) {
        EXPECT_EQ(limits.strided_pass, 4096);
      }
      // A strided axis of 4096 points in one in-place pass (tiles in parts) where it writes 8-byte elements;
      // in the stages of the CUDA-core passes (four columns: fp16/bf16 storage, or fp32 intermediates).
      const bool cuda_core_stages = max_radix == 4 || (c.combo.mode == ComputeMode::fp32 && default_radix);
      const bool cuda_core_strided_4096 = c.combo.mode != ComputeMode::fp64 && cuda_core_stages &&
                                          (narrow || intermediate_bytes == 8);
      EXPECT_EQ(limits.strided_axis_single_pass,
                (tensor && default_radix && intermediate_bytes == 8 && !(narrow && writes_storage)) || cuda_core_strided_4096
                    ? 4096
                    : 0);
      // Two-pass reorderings: fp16/bf16 storage with full intermediates avoids
      // a first pass of 2048 points, fp32 storage puts 4096 in the second pass.
      EXPECT_EQ(limits.slow_first_of_two, limits.later_pass > 0 && intermediate_bytes == 8 ? 2048 : 0);
      EXPECT_EQ(limits.second_of_two_in_place, tensor && default_radix && !narrow);
      EXPECT_EQ(limits.shorter_first_of_two_up_to, tensor && default_radix && !narrow ? 256 : 0);
      EXPECT_GE(limits.contiguous_single_pass, on_chip);
      // The contiguous single pass: 2^14 points where it reads storage in the tensor-core modes with the
      // default radices, 2^15 (paired halves) in fp16/bf16 storage where it also writes 4-byte elements;
      // 2^15 in the stages of the CUDA-core kernel (the radix-4 schedule, the fp32 mode's default stages)
      // between packed storage (default_shared_bytes_per_block's device has thread-block clusters).
      const bool writes_four_bytes = writes_storage || intermediate_bytes == 4;
      const std::int64_t cuda_core_single_pass =
          c.combo.mode != ComputeMode::fp64 && cuda_core_stages && reads_storage && writes_storage ? 1 << 15 : 0;
      EXPECT_EQ(limits.contiguous_single_pass,
                tensor && default_radix && reads_storage ? (narrow && writes_four_bytes ? 1 << 15 : 1 << 14)
                                                         : std::max(on_chip, cuda_core_single_pass));
      EXPECT_GE(limits.strided_pass, on_chip / plan::min_columns_per_tile);
      plan::AxisSchedule axis;
      axis.size = size;
      plan::schedule_axis(axis, max_radix, limits, strided);
      std::string lengths;
      for (const plan::Pass& pass : axis.passes) lengths += " " + std::to_string(axis.pass_length(pass));
      SCOPED_TRACE("pass lengths" + lengths + ", limits " + std::to_string(limits.contiguous_single_pass) + " / " +
                   std::to_string(limits.strided_pass));
      int next = 0;
      std::int64_t stride = 1, shortest = size, longest = 1;
      for (const plan::Pass& pass : axis.passes) {
        EXPECT_EQ(pass.first_stage, next);
        EXPECT_GE(pass.stage_count, 1);
        const std::int64_t length = axis.pass_length(pass);
        EXPECT_LE(length, std::max({limits.contiguous_single_pass, limits.strided_pass,
                                    limits.strided_axis_single_pass}));
        shortest = std::min(shortest, length);
        longest = std::max(longest, length);
        const std::vector<int> expected = plan::radix_schedule(length, max_radix);
        ASSERT_EQ(pass.stage_count, static_cast<int>(expected.size()));
        for (int s = 0; s < pass.stage_count; ++s) {
          EXPECT_EQ(axis.stages[pass.first_stage + s].radix, expected[s]);
          EXPECT_EQ(axis.stages[pass.first_stage + s].stride, stride);
          stride *= expected[s];
        }
        next = pass.first_stage + pass.stage_count;
      }
      EXPECT_EQ(next, static_cast<int>(axis.stages.size()));
      EXPECT_EQ(stride, size);
      // The passes after the first take later_pass (two passes of a strided
      // axis: strided_last_of_two, the first at most strided_longest_first_of_two)
      // where it is set and the first fits.
      const std::size_t count = axis.passes.size();
      const std::int64_t later = strided ? (count == 2 ? limits.strided_last_of_two : 0) : limits.later_pass;
      const std::int64_t first_limit =
          strided ? std::min(limits.strided_pass, limits.strided_longest_first_of_two) : limits.first_of_several;
      std::int64_t later_product = 1;
      for (std::size_t p = 1; p < count && later > 0; ++p) later_product *= later;
      const std::int64_t first_length = size / later_product;
      // (later_pass_over_balanced: only where the balanced second pass, the
      // longest after the first, would be longer than later_pass)
      const int passes = static_cast<int>(count);
      const bool balanced_longer =
          count >= 2 && (std::int64_t{1} << (c.log2_size / passes + (1 < c.log2_size % passes))) > later;
      const bool fixed_later = later > 0 && count >= 2 && first_length >= 2 && first_length <= first_limit &&
                               (strided || !limits.later_pass_over_balanced || balanced_longer);
      // The first pass before the two-pass reorderings, and after them.
      const std::int64_t unordered_first =
          fixed_later ? first_length : std::int64_t{1} << (c.log2_size / 2 + c.log2_size % 2);
      std::int64_t expected_first = unordered_first;
      bool longer_first = false;  // first_of_two
      if (!strided && count == 2) {
        if (limits.first_of_two > expected_first && size / limits.first_of_two >= limits.first_of_two_shortest_second &&
            size / limits.first_of_two <= limits.first_of_two_longest_second) {
          expected_first = limits.first_of_two;
          longer_first = true;
        }
        if (limits.slow_first_of_two > 0 && expected_first == limits.slow_first_of_two &&
            limits.first_of_several > expected_first && size / limits.first_of_several >= 2) {
          expected_first = limits.first_of_several;
        }
        if (limits.second_of_two_in_place && expected_first == limits.strided_axis_single_pass &&
            size / expected_first < expected_first) {
          expected_first = size / expected_first;
        }
        if (size / expected_first < expected_first && expected_first <= limits.shorter_first_of_two_up_to) {
          expected_first = size / expected_first;
        }
        EXPECT_EQ(axis.pass_length(axis.passes[0]), expected_first) << "two passes";
      }
      const bool reordered = !strided && count == 2 && expected_first != unordered_first;
      if (reordered) {
        // (N = 2^21 in fp16/bf16 storage as 4096 x 512; 2^15 and 2^23 in fp32
        // storage as 128 x 256 and 2048 x 4096; on the CUDA cores 2^22 as 4096 x 1024)
        EXPECT_TRUE((narrow && c.log2_size == 21) || (!narrow && (c.log2_size == 15 || c.log2_size == 23)) ||
                    (longer_first && c.log2_size == 22))
            << "reordered";
      } else if (fixed_later) {
        for (std::size_t p = 1; p < count; ++p) EXPECT_EQ(axis.pass_length(axis.passes[p]), later) << "pass " << p;
      } else {
        EXPECT_LE(longest, 2 * shortest) << "balanced";
      }
      const std::int64_t single_limit = strided ? std::max(limits.strided_pass, limits.strided_axis_single_pass)
                                                : limits.contiguous_single_pass;
      if (size <= single_limit) {
        EXPECT_EQ(axis.passes.size(), 1u);
      } else {
        // The fewest: one pass fewer would need a pass longer than allowed.
        const int log2_max = log2_of(limits.strided_pass);
        const int log2_first = strided ? log2_max : log2_of(limits.first_of_several);
        EXPECT_GE(log2_first, log2_max);
        const int count = static_cast<int>(axis.passes.size());
        EXPECT_LE(log2_of(axis.pass_length(axis.passes[0])), longer_first ? log2_of(limits.first_of_two) : log2_first);
        for (int p = 1; p < count; ++p) {
          const bool in_place = reordered && axis.pass_length(axis.passes[p]) == limits.strided_axis_single_pass;
          EXPECT_LE(log2_of(axis.pass_length(axis.passes[p])), in_place ? log2_first : log2_max);
        }
        if (!fixed_later && !reordered) {
          EXPECT_GE(axis.pass_length(axis.passes[0]), longest) << "longer first";
        }
        const int fewer = count - 1;
        if (fewer >= 2) {
          const int first = (c.log2_size + fewer - 1) / fewer, second = c.log2_size / fewer + (1 < c.log2_size % fewer);
          EXPECT_TRUE(first > log2_first || second > log2_max) << "one pass fewer would fit";
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(PowersOfTwo, PassGrouping, ::testing::ValuesIn(pass_cases()),
                         [](const ::testing::TestParamInfo<PassCase>& info) {
                           return name_of(info.param.combo) + "_size_2e" + std::to_string(info.param.log2_size);
                         });

// ---- describe() and the plan object ----

struct DescribeCase {
  Combo combo;
  std::vector<std::int64_t> sizes;
  Direction direction;
};

void PrintTo(const DescribeCase& c, std::ostream* out) { *out << name_of(c.combo) << " rank " << c.sizes.size(); }

std::vector<DescribeCase> describe_cases() {
  std::vector<DescribeCase> cases;
  for (const Combo& combo : valid_combos()) {
    cases.push_back({combo, {65536}, Direction::forward});
    cases.push_back({combo, {8, 16}, Direction::inverse});
    cases.push_back({combo, {4, 1, 32}, Direction::forward});
  }
  return cases;
}

class Describe : public ::testing::TestWithParam<DescribeCase> {};

TEST_P(Describe, OneLineWithSizesTypesAndStages) {
  const DescribeCase& c = GetParam();
  Problem problem;
  problem.sizes = c.sizes;
  problem.batch = 3;
  problem.storage = c.combo.storage;
  problem.mode = c.combo.mode;
  problem.direction = c.direction;
  const Plan p = tensorfft::make_plan(problem, Backend::host);
  const std::string text = p.describe();
  EXPECT_EQ(text.find('\n'), std::string::npos) << text;
  EXPECT_FALSE(text.empty());
  std::string shape;
  for (std::size_t k = 0; k < c.sizes.size(); ++k) shape += (k ? "x" : "") + std::to_string(c.sizes[k]);
  for (const std::string& part :
       {"(c2c " + shape + " ", std::string(" ") + tensorfft::to_string(c.combo.storage) + " ",
        std::string(" ") + tensorfft::to_string(c.combo.mode) + " ", std::string(" ") + name_of(c.direction),
        std::string("batch=3"), std::string("(pass")}) {
    EXPECT_NE(text.find(part), std::string::npos) << "\"" << part << "\" missing in " << text;
  }
  // The stage list printed is the plan's, axis by axis in execution order.
  std::vector<int> printed;
  const std::regex stage("\\br([0-9]+)\\b");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), stage); it != std::sregex_iterator(); ++it) {
    printed.push_back(std::stoi((*it)[1]));
  }
  std::vector<int> planned;
  for (const plan::AxisSchedule& axis : p.implementation().axes) {
    for (const plan::Stage& s : axis.stages) planned.push_back(s.radix);
  }
  EXPECT_EQ(printed, planned) << text;
  if (std::find(c.sizes.begin(), c.sizes.end(), 1) != c.sizes.end()) {
    EXPECT_NE(text.find("(identity)"), std::string::npos) << "a size-1 axis prints as the identity: " << text;
  }
}

INSTANTIATE_TEST_SUITE_P(AllModes, Describe, ::testing::ValuesIn(describe_cases()),
                         [](const ::testing::TestParamInfo<DescribeCase>& info) {
                           std::string shape;
                           for (std::size_t k = 0; k < info.param.sizes.size(); ++k) {
                             shape += (k ? "x" : "") + std::to_string(info.param.sizes[k]);
                           }
                           return name_of(info.param.combo) + "_" + shape;
                         });

TEST(PlanObject, AccessorsEchoTheProblem) {
  Problem problem;
  problem.sizes = {32, 8};
  problem.batch = 5;
  problem.storage = StorageType::complex_bf16;
  problem.mode = ComputeMode::single_fp16;
  problem.direction = Direction::inverse;
  problem.normalization = Normalization::ortho;
  problem.input_layout.distance = 300;
  const Plan p = tensorfft::make_plan(problem, Backend::host);
  EXPECT_EQ(p.problem().sizes, problem.sizes);
  EXPECT_EQ(p.problem().batch, 5);
  EXPECT_EQ(p.problem().storage, StorageType::complex_bf16);
  EXPECT_EQ(p.problem().mode, ComputeMode::single_fp16);
  EXPECT_EQ(p.problem().direction, Direction::inverse);
  EXPECT_EQ(p.problem().normalization, Normalization::ortho);
  EXPECT_EQ(p.problem().input_layout.distance, 300);
  EXPECT_EQ(p.backend(), Backend::host);
  EXPECT_EQ(p.backend_reason(), "host backend requested");
  EXPECT_EQ(p.workspace_bytes(), 0u);
  EXPECT_NEAR(static_cast<double>(p.implementation().scale), 1.0 / std::sqrt(256.0), 1e-18);
}

// PlanOptions::allocate_workspace = false: the host backend needs no
// workspace, so the plan runs as it would with one (the CUDA case, where it
// needs a caller's workspace, is in the GPU suite's workspace cases).
TEST(PlanObject, WithoutOwnWorkspaceOnTheHost) {
  Problem problem;
  problem.sizes = {64};
  problem.storage = StorageType::complex_fp32;
  tensorfft::PlanOptions options;
  options.allocate_workspace = false;
  const Plan p = tensorfft::make_plan(problem, Backend::host, options);
  EXPECT_FALSE(p.implementation().options.allocate_workspace);
  EXPECT_EQ(p.workspace_bytes(), 0u);
  std::vector<std::complex<float>> in(64, {1.0f, 0.0f}), out(64);
  p.execute(in.data(), out.data());
  EXPECT_EQ(out[0], std::complex<float>(64.0f, 0.0f));
  EXPECT_EQ(out[1], std::complex<float>(0.0f, 0.0f));
}

TEST(PlanObject, NamesAndElementSizes) {
  EXPECT_STREQ(tensorfft::to_string(StorageType::complex_fp32), "fp32");
  EXPECT_STREQ(tensorfft::to_string(StorageType::complex_fp16), "fp16");
  EXPECT_STREQ(tensorfft::to_string(StorageType::complex_bf16), "bf16");
  EXPECT_STREQ(tensorfft::to_string(StorageType::complex_fp64), "fp64");
  EXPECT_STREQ(tensorfft::to_string(ComputeMode::split_fp16), "split_fp16");
  EXPECT_STREQ(tensorfft::to_string(ComputeMode::single_fp16), "single_fp16");
  EXPECT_STREQ(tensorfft::to_string(ComputeMode::fp32), "fp32");
  EXPECT_STREQ(tensorfft::to_string(ComputeMode::fp64), "fp64");
  EXPECT_STREQ(tensorfft::to_string(Direction::forward), "forward");
  EXPECT_STREQ(tensorfft::to_string(Direction::inverse), "inverse");
  EXPECT_STREQ(tensorfft::to_string(Normalization::backward), "backward");
  EXPECT_STREQ(tensorfft::to_string(Normalization::ortho), "ortho");
  EXPECT_STREQ(tensorfft::to_string(Normalization::forward), "forward");
  EXPECT_STREQ(tensorfft::to_string(Backend::automatic), "auto");
  EXPECT_STREQ(tensorfft::to_string(Backend::cuda), "cuda");
  EXPECT_STREQ(tensorfft::to_string(Backend::host), "host");
  EXPECT_EQ(tensorfft::element_bytes(StorageType::complex_fp32), 8u);
  EXPECT_EQ(tensorfft::element_bytes(StorageType::complex_fp16), 4u);
  EXPECT_EQ(tensorfft::element_bytes(StorageType::complex_bf16), 4u);
  EXPECT_EQ(tensorfft::element_bytes(StorageType::complex_fp64), 16u);
  EXPECT_EQ(static_cast<int>(Direction::forward), -1);
  EXPECT_EQ(static_cast<int>(Direction::inverse), 1);
}

// ---- twiddles ----

using LongComplex = std::complex<long double>;

class UnitRoot : public ::testing::TestWithParam<int> {
 protected:
  std::int64_t n() const { return std::int64_t{1} << GetParam(); }
};

TEST_P(UnitRoot, ExactAtQuarterTurns) {
  const std::int64_t n = this->n();
  EXPECT_EQ(plan::unit_root(0, n, -1), LongComplex(1, 0));
  EXPECT_EQ(plan::unit_root(n / 2, n, -1), LongComplex(-1, 0)) << "w^(n/2) is exactly -1";
  EXPECT_EQ(plan::unit_root(n / 2, n, +1), LongComplex(-1, 0));
  if (n >= 4) {
    EXPECT_EQ(plan::unit_root(n / 4, n, -1), LongComplex(0, -1)) << "w^(n/4) is exactly -i (forward)";
    EXPECT_EQ(plan::unit_root(n / 4, n, +1), LongComplex(0, 1));
    EXPECT_EQ(plan::unit_root(3 * n / 4, n, -1), LongComplex(0, 1));
    EXPECT_EQ(plan::unit_root(-n / 4, n, -1), LongComplex(0, 1));
  }
  EXPECT_EQ(plan::unit_root(n, n, -1), LongComplex(1, 0));
  EXPECT_EQ(plan::unit_root(5 * n / 2, n, -1), LongComplex(-1, 0));
}

// unit_roots gives unit_root's values, bit for bit, on its fast path (whole
// turns) and off it.
TEST(Twiddles, UnitRootsMatchUnitRoot) {
  struct Case {
    std::int64_t count, step, n;
  };
  const std::int64_t n26 = std::int64_t{1} << 26;
  for (const Case& c : {Case{8, 1, 8}, Case{64, 16, 1024}, Case{4096, 1, 4096}, Case{65536, 1024, n26},
                        Case{1024, 1, n26}, Case{24, 1, 24}, Case{12, 1, 12}, Case{100, 3, 300}, Case{5, 7, 1000}}) {
    for (int sign : {-1, +1}) {
      const std::vector<LongComplex> roots = plan::unit_roots(c.count, c.step, c.n, sign);
      ASSERT_EQ(roots.size(), static_cast<std::size_t>(c.count));
      for (std::int64_t i = 0; i < c.count; ++i) {
        ASSERT_EQ(roots[i], plan::unit_root(i * c.step, c.n, sign)) << i << " of " << c.count << " x " << c.step
                                                                     << " / " << c.n;
      }
    }
  }
}

// The rounded tables the CUDA executor uploads: unit_roots rounded once, the
// same table object for the same request (kept per process), another for
// another sign or precision.
TEST(Twiddles, RoundedUnitRootsAreKeptPerProcess) {
  const std::int64_t count = 4096, step = 16, n = std::int64_t{1} << 16;
  const auto first = plan::rounded_unit_roots(count, step, n, -1, false);
  ASSERT_EQ(first->size(), static_cast<std::size_t>(count) * 2 * sizeof(float));
  const std::vector<LongComplex> roots = plan::unit_roots(count, step, n, -1);
  for (std::int64_t i = 0; i < count; i += 97) {
    float parts[2];
    std::memcpy(parts, first->data() + i * sizeof parts, sizeof parts);
    EXPECT_EQ(parts[0], static_cast<float>(roots[i].real())) << i;
    EXPECT_EQ(parts[1], static_cast<float>(roots[i].imag())) << i;
  }
  EXPECT_EQ(plan::rounded_unit_roots(count, step, n, -1, false), first);
  EXPECT_NE(plan::rounded_unit_roots(count, step, n, +1, false), first);
  const auto wide = plan::rounded_unit_roots(count, step, n, -1, true);
  ASSERT_EQ(wide->size(), static_cast<std::size_t>(count) * 2 * sizeof(double));
  double parts[2];
  std::memcpy(parts, wide->data() + 5 * sizeof parts, sizeof parts);
  EXPECT_EQ(parts[1], static_cast<double>(roots[5].imag()));
}

// The CUDA-core kernels' power-order twiddle table (plan::power_order_roots): position p of the block of
// stride s (strides 1, 16, 256 one after another, n / (16 s) entries per power) holds w_n^(2^j s i), p = j
// count + i, rounded once to float like every other table.
TEST(Twiddles, PowerOrderRootsAreTheRootsOfEachStepsPowers) {
  for (const int log2_n : {9, 12, 13, 14}) {
    const std::int64_t n = std::int64_t{1} << log2_n;
    for (const int sign : {-1, +1}) {
      const std::vector<float> table = plan::power_order_roots(log2_n, sign);
      std::size_t position = 0;
      for (const std::int64_t stride : {1, 16, 256}) {
        const std::int64_t count = n / (16 * stride);
        EXPECT_EQ(plan::power_order_count(log2_n, static_cast<int>(stride)), count);
        EXPECT_EQ(plan::power_order_offset(log2_n, static_cast<int>(stride)), static_cast<int>(position));
        for (std::int64_t j = 0; j < 4; ++j) {
          for (std::int64_t i = 0; i < count; ++i, ++position) {
            const LongComplex expected = plan::unit_root((std::int64_t{1} << j) * stride * i, n, sign);
            ASSERT_LT(2 * position + 1, table.size());
            const std::string where = std::to_string(log2_n) + " " + std::to_string(stride) + " " +
                                      std::to_string(j) + " " + std::to_string(i);
            EXPECT_EQ(table[2 * position], static_cast<float>(expected.real())) << where;
            EXPECT_EQ(table[2 * position + 1], static_cast<float>(expected.imag())) << where;
          }
        }
      }
      EXPECT_EQ(table.size(), 2 * position);
      EXPECT_EQ(plan::power_order_entries(log2_n), static_cast<int>(position));
    }
  }
}

// The passes' column powers: w_(A P)^(2^j T c) with T = P / 16, which is w_(16 A)^(2^j c), at j A + c.
TEST(Twiddles, ColumnPowerRootsAreEachColumnsPassTwiddlePowers) {
  for (const std::int64_t columns : {2, 16, 4096}) {
    for (const int sign : {-1, +1}) {
      const std::vector<float> table = plan::column_power_roots(columns, sign);
      ASSERT_EQ(table.size(), static_cast<std::size_t>(8 * columns));
      const std::int64_t pass_length = 1024, column_threads = pass_length / 16;
      for (std::int64_t j = 0; j < 4; ++j) {
        for (std::int64_t c = 0; c < columns; ++c) {
          const LongComplex expected =
              plan::unit_root((std::int64_t{1} << j) * column_threads * c, columns * pass_length, sign);
          const auto position = static_cast<std::size_t>(j * columns + c);
          const std::string where = std::to_string(columns) + " " + std::to_string(j) + " " + std::to_string(c);
          EXPECT_EQ(table[2 * position], static_cast<float>(expected.real())) << where;
          EXPECT_EQ(table[2 * position + 1], static_cast<float>(expected.imag())) << where;
        }
      }
    }
  }
}

TEST_P(UnitRoot, ExactSymmetries) {
  const std::int64_t n = this->n();
  std::mt19937_64 rng = case_rng();
  for (int i = 0; i < 2000; ++i) {
    const std::int64_t k = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n));
    // The odd multiples of n/8 have their own test (UnitRootEighthTurns).
    if (n >= 8 && (8 * k) % n == 0 && ((8 * k) / n) % 2 == 1) continue;
    const LongComplex w = plan::unit_root(k, n, -1);
    SCOPED_TRACE("k = " + std::to_string(k));
    ASSERT_EQ(plan::unit_root(k, n, +1), std::conj(w)) << "inverse = conjugate";
    ASSERT_EQ(plan::unit_root(n - k, n, -1), std::conj(w)) << "w^(n-k) = conj(w^k)";
    ASSERT_EQ(plan::unit_root(-k, n, -1), std::conj(w)) << "negative k";
    ASSERT_EQ(plan::unit_root(k + 3 * n, n, -1), w) << "periodic";
    ASSERT_EQ(plan::unit_root(k + n / 2, n, -1), -w) << "w^(k+n/2) = -w^k";
    ASSERT_EQ(plan::unit_root(2 * k, 2 * n, -1), w) << "the same root in a table twice as long";
    if (n >= 4) {
      ASSERT_EQ(plan::unit_root(k + n / 4, n, -1), LongComplex(w.imag(), -w.real())) << "w^(k+n/4) = -i w^k";
    }
    if (n >= 8) {
      // Reflection about the 45-degree line: w^(n/8 - j) and w^(n/8 + j) swap parts.
      const std::int64_t j = k % (n / 8);
      const LongComplex below = plan::unit_root(n / 8 - j, n, +1), above = plan::unit_root(n / 8 + j, n, +1);
      if (j != 0) {
        ASSERT_EQ(below, LongComplex(above.imag(), above.real())) << "j = " << j;
      }
    }
  }
}

TEST_P(UnitRoot, WithinTenToMinus18OfCosSin) {
  const std::int64_t n = this->n();
  std::mt19937_64 rng = case_rng();
  long double worst = 0;
  for (int i = 0; i < 4000; ++i) {
    const std::int64_t k = i < 64 ? i * n / 64 : static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n));
    const long double angle = 2.0L * pi * static_cast<long double>(k) / static_cast<long double>(n);
    const LongComplex direct(std::cos(angle), -std::sin(angle));
    const LongComplex w = plan::unit_root(k, n, -1);
    worst = std::max(worst, std::abs(w - direct));
    ASSERT_LE(std::abs(w - direct), 1e-18L) << "k = " << k;
    ASSERT_LE(std::fabs(std::norm(w) - 1.0L), 1e-18L) << "k = " << k;
  }
  report("max_abs_difference_to_cosl_sinl", worst);
}

INSTANTIATE_TEST_SUITE_P(PowersOfTwo, UnitRoot, ::testing::Values(1, 2, 3, 4, 5, 8, 13, 16, 20, 27, 32, 40, 50, 60),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return "n_2e" + std::to_string(info.param);
                         });

// At the odd multiples of n/8 the root is (+-1 +-i)/sqrt(2): its parts must
// have equal magnitude, or the mirror symmetry w^(n-k) = conj(w^k) breaks
// there (library bug, see the report: the odd octants use sinl/cosl of the
// rounded pi/4, which differ by one long-double ulp).
TEST(UnitRootEighthTurns, PartsHaveEqualMagnitude) {
  for (int log2n = 3; log2n <= 60; ++log2n) {
    const std::int64_t n = std::int64_t{1} << log2n;
    for (std::int64_t odd = 1; odd < 8; odd += 2) {
      const std::int64_t k = odd * (n / 8);
      const LongComplex w = plan::unit_root(k, n, -1);
      ASSERT_EQ(std::fabs(w.real()), std::fabs(w.imag()))
          << "n = 2^" << log2n << ", k = " << odd << "n/8: " << std::setprecision(21) << w.real() << ", "
          << w.imag();
      ASSERT_EQ(plan::unit_root(n - k, n, -1), std::conj(w)) << "n = 2^" << log2n << ", k = " << odd << "n/8";
    }
  }
}

TEST(DftMatrix, RowsAreUnitRootsAndUnitary) {
  for (int radix : {2, 4, 8, 16}) {
    for (int sign : {-1, +1}) {
      const std::vector<LongComplex> f = plan::dft_matrix(radix, sign);
      ASSERT_EQ(f.size(), static_cast<std::size_t>(radix * radix));
      for (int row = 0; row < radix; ++row) {
        for (int column = 0; column < radix; ++column) {
          ASSERT_EQ(f[row * radix + column], plan::unit_root(static_cast<std::int64_t>(row) * column, radix, sign));
          ASSERT_EQ(f[row * radix + column], f[column * radix + row]) << "symmetric";
        }
      }
      // F F^H = radix I.
      for (int a = 0; a < radix; ++a) {
        for (int b = 0; b < radix; ++b) {
          LongComplex sum = 0;
          for (int k = 0; k < radix; ++k) sum += f[a * radix + k] * std::conj(f[b * radix + k]);
          ASSERT_LE(std::abs(sum - LongComplex(a == b ? radix : 0, 0)), 1e-17L) << a << " " << b;
        }
      }
    }
  }
}

// ---- the long-double reference ----

class ReferenceFft : public ::testing::TestWithParam<int> {};

TEST_P(ReferenceFft, AgreesWithNaiveDft) {
  const std::int64_t n = std::int64_t{1} << GetParam();
  std::mt19937_64 rng = case_rng();
  for (int sign : {-1, +1}) {
    for (int trial = 0; trial < 8; ++trial) {
      const std::vector<Complex> x = uniform_input(n, rng);
      const std::vector<Complex> fast = tensorfft::reference::fft(x, sign);
      const std::vector<Complex> naive = tensorfft::reference::naive_dft(x, sign);
      ASSERT_LE(tensorfft::reference::relative_l2_error(fast, naive), 1e-17L) << "sign " << sign;
      ASSERT_LE(tensorfft::reference::max_relative_error(fast, naive), 1e-17L) << "sign " << sign;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(UpTo64, ReferenceFft, ::testing::Range(0, 7), [](const ::testing::TestParamInfo<int>& info) {
  return "n" + std::to_string(1 << info.param);
});

TEST(ReferenceFftNd, IsSeparableNaiveDft) {
  const std::vector<std::int64_t> sizes = {4, 8, 2};
  const std::int64_t batch = 2, elements = 64;
  std::mt19937_64 rng = case_rng();
  const std::vector<Complex> x = uniform_input(batch * elements, rng);
  const std::vector<Complex> fast = tensorfft::reference::fft_nd(x, sizes, batch, -1);
  // Naive: X[k] = sum_j x[j] prod_axis exp(-2 pi i k_a j_a / n_a).
  std::vector<Complex> naive(x.size());
  for (std::int64_t b = 0; b < batch; ++b) {
    for (std::int64_t k = 0; k < elements; ++k) {
      Complex sum = 0;
      for (std::int64_t j = 0; j < elements; ++j) {
        long double phase = 0;
        std::int64_t kr = k, jr = j;
        for (std::size_t a = sizes.size(); a-- > 0;) {
          phase += static_cast<long double>((kr % sizes[a]) * (jr % sizes[a])) / sizes[a];
          kr /= sizes[a];
          jr /= sizes[a];
        }
        sum += x[b * elements + j] * std::polar(1.0L, -2.0L * pi * phase);
      }
      naive[b * elements + k] = sum;
    }
  }
  EXPECT_LE(tensorfft::reference::relative_l2_error(fast, naive), 1e-17L);
}

TEST(ReferenceMetrics, KnownValues) {
  const std::vector<Complex> reference = {{3, 4}, {0, 0}};
  const std::vector<Complex> result = {{3, 4.5}, {0, 0}};
  EXPECT_NEAR(static_cast<double>(tensorfft::reference::relative_l2_error(result, reference)), 0.1, 1e-15);
  // max |diff| / rms(reference) = 0.5 / sqrt(25 / 2)
  EXPECT_NEAR(static_cast<double>(tensorfft::reference::max_relative_error(result, reference)),
              0.5 / std::sqrt(12.5), 1e-15);
}

}  // namespace
}  // namespace host_tests
