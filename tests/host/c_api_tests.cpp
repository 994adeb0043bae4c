// The C API (include/tensorfft/tensorfft.h): create / set / make plan / exec /
// destroy, forward and inverse, in place, inembed/onembed layouts; error codes,
// tensorfftGetErrorString, tensorfftGetLastErrorMessage (the library's own
// message, per thread) and the plan description.  c_api_smoke.c uses the
// header from C.
#include <cmath>
#include <cstring>
#include <thread>

#include "plan/plan_implementation.hpp"
#include "tensorfft/tensorfft.h"
#include "test_support.hpp"

extern "C" int tensorfft_c_smoke_round_trip(char* message, size_t size);
extern "C" int tensorfft_c_smoke_bad_enums(char* message, size_t size);

namespace host_tests {
namespace {

// Owns a handle; the host backend, since tests pass host memory.
class Handle {
 public:
  Handle() {
    EXPECT_EQ(tensorfftCreate(&handle_), TENSORFFT_SUCCESS);
    EXPECT_EQ(tensorfftSetBackend(handle_, TENSORFFT_BACKEND_HOST), TENSORFFT_SUCCESS);
  }
  ~Handle() {
    if (handle_) {
      EXPECT_EQ(tensorfftDestroy(handle_), TENSORFFT_SUCCESS);
    }
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  operator tensorfftHandle() const { return handle_; }

 private:
  tensorfftHandle handle_ = nullptr;
};

std::string last_message() { return tensorfftGetLastErrorMessage(); }

bool contains(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

tensorfftResult plan_1d(tensorfftHandle handle, long long n, tensorfftDataType type, long long batch = 1) {
  const long long sizes[1] = {n};
  std::size_t work_size = 0;
  return tensorfftMakePlanMany64(handle, 1, sizes, nullptr, 1, 0, nullptr, 1, 0, type, batch, &work_size);
}

TEST(CApiFromC, HeaderCompilesAsCAndRoundTrips) {
  char message[512] = "";
  EXPECT_EQ(tensorfft_c_smoke_round_trip(message, sizeof message), 0) << message;
}

TEST(CApiFromC, OutOfRangeEnumsAreRefused) {
  char message[512] = "";
  EXPECT_EQ(tensorfft_c_smoke_bad_enums(message, sizeof message), 0) << message;
}

// ---- errors ----

TEST(CApiErrors, CreateWithNullPointer) {
  EXPECT_EQ(tensorfftCreate(nullptr), TENSORFFT_INVALID_VALUE);
  EXPECT_TRUE(contains(last_message(), "handle pointer is null")) << last_message();
}

TEST(CApiErrors, NullHandle) {
  const long long n[1] = {16};
  float data[32] = {};
  const tensorfftResult results[] = {
      tensorfftSetComputeMode(nullptr, TENSORFFT_COMPUTE_FP32),
      tensorfftSetNormalization(nullptr, TENSORFFT_NORM_ORTHO),
      tensorfftSetBackend(nullptr, TENSORFFT_BACKEND_HOST),
      tensorfftSetMaxRadix(nullptr, 4),
      tensorfftSetIntermediates(nullptr, TENSORFFT_INTERMEDIATES_COMPACT),
      tensorfftMakePlanMany64(nullptr, 1, n, nullptr, 1, 0, nullptr, 1, 0, TENSORFFT_C_32F, 1, nullptr),
      tensorfftSetStream(nullptr, nullptr),
      tensorfftSetWorkArea(nullptr, nullptr),
      tensorfftSetAutoAllocation(nullptr, 0),
      tensorfftExec(nullptr, data, data, TENSORFFT_FORWARD),
      tensorfftDestroy(nullptr),
  };
  for (tensorfftResult result : results) {
    EXPECT_EQ(result, TENSORFFT_INVALID_PLAN);
    EXPECT_STREQ(tensorfftGetErrorString(result), "TENSORFFT_INVALID_PLAN");
  }
  EXPECT_TRUE(contains(last_message(), "handle is null")) << last_message();
  EXPECT_STREQ(tensorfftGetPlanDescription(nullptr), "");
}

TEST(CApiErrors, ExecBeforePlan) {
  Handle handle;
  float data[32] = {};
  EXPECT_EQ(tensorfftExec(handle, data, data, TENSORFFT_FORWARD), TENSORFFT_INVALID_PLAN);
  EXPECT_TRUE(contains(last_message(), "call tensorfftMakePlanMany64 first")) << last_message();
  EXPECT_STREQ(tensorfftGetPlanDescription(handle), "");
}

TEST(CApiErrors, BadDirection) {
  Handle handle;
  ASSERT_EQ(plan_1d(handle, 16, TENSORFFT_C_32F), TENSORFFT_SUCCESS);
  std::vector<float> in(32, 1.0f), out(32);
  for (int direction : {0, 2, -2}) {
    EXPECT_EQ(tensorfftExec(handle, in.data(), out.data(), direction), TENSORFFT_INVALID_VALUE);
    EXPECT_TRUE(contains(last_message(), "direction " + std::to_string(direction) +
                                             " is neither TENSORFFT_FORWARD (-1) nor TENSORFFT_INVERSE (1)"))
        << last_message();
  }
  EXPECT_STREQ(tensorfftGetErrorString(TENSORFFT_INVALID_VALUE), "TENSORFFT_INVALID_VALUE");
}

TEST(CApiErrors, BadSizes) {
  Handle handle;
  struct Case {
    int rank;
    std::vector<long long> n;
    long long batch;
    tensorfftResult result;
    const char* message;
  };
  const Case cases[] = {
      {1, {0}, 1, TENSORFFT_INVALID_SIZE, "size 0 on axis 0: every size must be >= 1"},
      {2, {16, -5}, 1, TENSORFFT_INVALID_SIZE, "size -5 on axis 1: every size must be >= 1"},
      {1, {12}, 1, TENSORFFT_NOT_SUPPORTED, "size 12 on axis 0 is not a power of two"},
      {0, {16}, 1, TENSORFFT_INVALID_SIZE, "rank 0 is not supported"},
      {4, {2, 2, 2, 2}, 1, TENSORFFT_INVALID_SIZE, "rank 4 is not supported"},
      {1, {16}, 0, TENSORFFT_INVALID_SIZE, "batch 0: the batch must be >= 1"},
      {2, {1LL << 40, 1LL << 40}, 1, TENSORFFT_INVALID_SIZE, "overflows 64-bit integers"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    EXPECT_EQ(tensorfftMakePlanMany64(handle, c.rank, c.n.data(), nullptr, 1, 0, nullptr, 1, 0, TENSORFFT_C_32F,
                                      c.batch, nullptr),
              c.result);
    EXPECT_TRUE(contains(last_message(), c.message)) << last_message();
  }
  EXPECT_EQ(tensorfftMakePlanMany64(handle, 1, nullptr, nullptr, 1, 0, nullptr, 1, 0, TENSORFFT_C_32F, 1, nullptr),
            TENSORFFT_INVALID_VALUE);
  EXPECT_TRUE(contains(last_message(), "size array n is null")) << last_message();
}

TEST(CApiErrors, BadSettingsReachMakePlan) {
  Handle handle;
  ASSERT_EQ(tensorfftSetMaxRadix(handle, 3), TENSORFFT_SUCCESS);  // validated by make_plan
  EXPECT_EQ(plan_1d(handle, 16, TENSORFFT_C_32F), TENSORFFT_INVALID_VALUE);
  EXPECT_TRUE(contains(last_message(), "max_radix 3 is not one of")) << last_message();
  ASSERT_EQ(tensorfftSetMaxRadix(handle, 8), TENSORFFT_SUCCESS);
  EXPECT_EQ(plan_1d(handle, 16, TENSORFFT_C_64F), TENSORFFT_NOT_SUPPORTED);  // fp64 needs COMPUTE_FP64
  EXPECT_TRUE(contains(last_message(), "complex_fp64 storage goes with compute mode fp64 only")) << last_message();
  ASSERT_EQ(tensorfftSetComputeMode(handle, TENSORFFT_COMPUTE_FP64), TENSORFFT_SUCCESS);
  EXPECT_EQ(plan_1d(handle, 16, TENSORFFT_C_16F), TENSORFFT_NOT_SUPPORTED);
  EXPECT_EQ(plan_1d(handle, 16, TENSORFFT_C_64F), TENSORFFT_SUCCESS);
  // Compact intermediates: fp16/bf16 data in the FP16 modes only.
  EXPECT_EQ(tensorfftSetIntermediates(handle, static_cast<tensorfftIntermediates>(5)), TENSORFFT_INVALID_VALUE);
  EXPECT_TRUE(contains(last_message(), "unknown intermediates 5")) << last_message();
  ASSERT_EQ(tensorfftSetIntermediates(handle, TENSORFFT_INTERMEDIATES_COMPACT), TENSORFFT_SUCCESS);
  EXPECT_EQ(plan_1d(handle, 16, TENSORFFT_C_64F), TENSORFFT_NOT_SUPPORTED);
  EXPECT_TRUE(contains(last_message(), "compact intermediates need")) << last_message();
  ASSERT_EQ(tensorfftSetComputeMode(handle, TENSORFFT_COMPUTE_SPLIT_FP16), TENSORFFT_SUCCESS);
  EXPECT_EQ(plan_1d(handle, 1 << 15, TENSORFFT_C_16F), TENSORFFT_SUCCESS);
  EXPECT_TRUE(contains(tensorfftGetPlanDescription(handle), "intermediates=e6m13"))
      << tensorfftGetPlanDescription(handle);
}

TEST(CApiErrors, LayoutErrors) {
  Handle handle;
  const long long n[2] = {8, 16};
  const long long small_embed[2] = {8, 10};
  const long long embed[2] = {8, 16};
  EXPECT_EQ(tensorfftMakePlanMany64(handle, 2, n, small_embed, 1, 0, nullptr, 1, 0, TENSORFFT_C_32F, 1, nullptr),
            TENSORFFT_INVALID_LAYOUT);
  EXPECT_TRUE(contains(last_message(), "input embed 10 on axis 1 is smaller than the size 16")) << last_message();
  EXPECT_EQ(tensorfftMakePlanMany64(handle, 2, n, nullptr, 1, 0, embed, 0, 0, TENSORFFT_C_32F, 1, nullptr),
            TENSORFFT_INVALID_LAYOUT);
  EXPECT_TRUE(contains(last_message(), "output stride 0 must be >= 1")) << last_message();
  EXPECT_EQ(tensorfftMakePlanMany64(handle, 2, n, nullptr, 1, 0, embed, 1, 1, TENSORFFT_C_32F, 2, nullptr),
            TENSORFFT_INVALID_LAYOUT);
  EXPECT_TRUE(contains(last_message(), "different batches to the same location")) << last_message();
  // A null embed ignores stride and distance, as in cuFFT.
  EXPECT_EQ(tensorfftMakePlanMany64(handle, 2, n, nullptr, 0, -5, nullptr, 0, -7, TENSORFFT_C_32F, 2, nullptr),
            TENSORFFT_SUCCESS);
}

TEST(CApiErrors, ExecErrors) {
  Handle handle;
  ASSERT_EQ(plan_1d(handle, 16, TENSORFFT_C_32F), TENSORFFT_SUCCESS);
  Buffer in(StorageType::complex_fp32, 32), out(StorageType::complex_fp32, 32);
  EXPECT_EQ(tensorfftExec(handle, nullptr, out.data(), TENSORFFT_FORWARD), TENSORFFT_INVALID_VALUE);
  EXPECT_TRUE(contains(last_message(), "input pointer is null")) << last_message();
  EXPECT_EQ(tensorfftExec(handle, in.data(), nullptr, TENSORFFT_INVERSE), TENSORFFT_INVALID_VALUE);
  EXPECT_TRUE(contains(last_message(), "output pointer is null")) << last_message();
  EXPECT_EQ(tensorfftExec(handle, in.byte_data() + 2, out.data(), TENSORFFT_FORWARD), TENSORFFT_UNALIGNED_DATA);
  EXPECT_TRUE(contains(last_message(), "input pointer is not aligned")) << last_message();
  EXPECT_EQ(tensorfftExec(handle, in.data(), in.byte_data() + 8, TENSORFFT_FORWARD), TENSORFFT_INVALID_VALUE);
  EXPECT_TRUE(contains(last_message(), "overlap")) << last_message();
}

TEST(CApiErrors, OverflowIsReported) {
  Handle handle;
  const long long n = 1LL << 17;
  ASSERT_EQ(plan_1d(handle, n, TENSORFFT_C_16F), TENSORFFT_SUCCESS);
  const Buffer in = packed_buffer(StorageType::complex_fp16, std::vector<Complex>(n, Complex(1, 0)));
  Buffer out(StorageType::complex_fp16, n);
  EXPECT_EQ(tensorfftExec(handle, in.data(), out.data(), TENSORFFT_FORWARD), TENSORFFT_OVERFLOW);
  EXPECT_TRUE(contains(last_message(), "fp16")) << last_message();
  // With normalization forward the same input fits.
  ASSERT_EQ(tensorfftSetNormalization(handle, TENSORFFT_NORM_FORWARD), TENSORFFT_SUCCESS);
  ASSERT_EQ(plan_1d(handle, n, TENSORFFT_C_16F), TENSORFFT_SUCCESS);
  EXPECT_EQ(tensorfftExec(handle, in.data(), out.data(), TENSORFFT_FORWARD), TENSORFFT_SUCCESS);
  EXPECT_EQ(out.load(0), Complex(1, 0));
}

// The C API's message is the C++ API's what(), word for word.
TEST(CApiErrors, LastErrorMessageIsTheLibraryMessage) {
  tensorfft::Problem problem;
  problem.sizes = {16, 0};
  std::string cpp_message;
  try {
    tensorfft::make_plan(problem, tensorfft::Backend::host);
  } catch (const tensorfft::Error& error) {
    cpp_message = error.what();
  }
  ASSERT_FALSE(cpp_message.empty());
  Handle handle;
  const long long n[2] = {16, 0};
  EXPECT_EQ(tensorfftMakePlanMany64(handle, 2, n, nullptr, 1, 0, nullptr, 1, 0, TENSORFFT_C_32F, 1, nullptr),
            TENSORFFT_INVALID_SIZE);
  EXPECT_EQ(last_message(), cpp_message);
  EXPECT_EQ(last_message(), "size 0 on axis 1: every size must be >= 1");
}

TEST(CApiErrors, LastErrorMessageIsPerThread) {
  Handle handle;
  ASSERT_EQ(tensorfftExec(handle, nullptr, nullptr, 7), TENSORFFT_INVALID_PLAN);
  const std::string mine = last_message();
  std::string other;
  std::thread thread([&other] {
    tensorfftCreate(nullptr);
    other = tensorfftGetLastErrorMessage();
  });
  thread.join();
  EXPECT_TRUE(contains(other, "handle pointer is null")) << other;
  EXPECT_EQ(last_message(), mine);
}

TEST(CApiErrors, ErrorStringsAreDistinct) {
  std::vector<std::string> names;
  for (int code = TENSORFFT_SUCCESS; code <= TENSORFFT_INVALID_LAYOUT; ++code) {
    const std::string name = tensorfftGetErrorString(static_cast<tensorfftResult>(code));
    EXPECT_EQ(name.rfind("TENSORFFT_", 0), 0u) << name;
    EXPECT_EQ(std::count(names.begin(), names.end(), name), 0) << name;
    names.push_back(name);
  }
  EXPECT_STREQ(tensorfftGetErrorString(TENSORFFT_SUCCESS), "TENSORFFT_SUCCESS");
  EXPECT_STREQ(tensorfftGetErrorString(TENSORFFT_NOT_SUPPORTED), "TENSORFFT_NOT_SUPPORTED");
  // Same numbering as the C++ Status.
  EXPECT_EQ(static_cast<int>(TENSORFFT_INVALID_LAYOUT), static_cast<int>(tensorfft::Status::invalid_layout));
  EXPECT_EQ(static_cast<int>(TENSORFFT_OVERFLOW), static_cast<int>(tensorfft::Status::overflow));
  EXPECT_EQ(static_cast<int>(TENSORFFT_NO_DEVICE), static_cast<int>(tensorfft::Status::no_device));
}

TEST(CApiErrors, CudaBackendWithoutDevice) {
  if (tensorfft::cuda_available()) GTEST_SKIP() << "a CUDA device is present";
  tensorfftHandle handle = nullptr;
  ASSERT_EQ(tensorfftCreate(&handle), TENSORFFT_SUCCESS);
  ASSERT_EQ(tensorfftSetBackend(handle, TENSORFFT_BACKEND_CUDA), TENSORFFT_SUCCESS);
  EXPECT_EQ(plan_1d(handle, 16, TENSORFFT_C_32F), TENSORFFT_NO_DEVICE);
  EXPECT_TRUE(contains(last_message(), "CUDA")) << last_message();
  EXPECT_EQ(tensorfftDestroy(handle), TENSORFFT_SUCCESS);
}

// ---- transforms through the C API ----

struct CCase {
  tensorfftDataType type;
  tensorfftComputeMode mode;
  int log2n;
};

StorageType storage_of(tensorfftDataType type) {
  switch (type) {
    case TENSORFFT_C_32F: return StorageType::complex_fp32;
    case TENSORFFT_C_16F: return StorageType::complex_fp16;
    case TENSORFFT_C_16BF: return StorageType::complex_bf16;
    case TENSORFFT_C_64F: return StorageType::complex_fp64;
  }
  return StorageType::complex_fp32;
}

std::string c_case_name(const CCase& c) {
  return std::string(tensorfft::to_string(storage_of(c.type))) + "_" +
         tensorfft::to_string(static_cast<ComputeMode>(c.mode)) + "_n" + std::to_string(1LL << c.log2n);
}

void PrintTo(const CCase& c, std::ostream* out) { *out << c_case_name(c); }

std::vector<CCase> c_cases() {
  std::vector<CCase> cases;
  for (tensorfftDataType type : {TENSORFFT_C_32F, TENSORFFT_C_16F, TENSORFFT_C_16BF}) {
    for (tensorfftComputeMode mode :
         {TENSORFFT_COMPUTE_SPLIT_FP16, TENSORFFT_COMPUTE_SINGLE_FP16, TENSORFFT_COMPUTE_FP32}) {
      for (int log2n : {3, 10}) cases.push_back({type, mode, log2n});
    }
  }
  for (int log2n : {3, 10}) cases.push_back({TENSORFFT_C_64F, TENSORFFT_COMPUTE_FP64, log2n});
  return cases;
}

long double tolerance_for(StorageType storage, ComputeMode mode, long long n) {
  const int stages = static_cast<int>(tensorfft::plan::radix_schedule(n, tensorfft::plan::default_max_radix).size());
  return rel_l2_tolerance(storage, mode, n, stages);
}

class CApiTransform : public ::testing::TestWithParam<CCase> {};

TEST_P(CApiTransform, ForwardAndInverseMatchReference) {
  const CCase& c = GetParam();
  const StorageType storage = storage_of(c.type);
  const long long n = 1LL << c.log2n;
  const long long batch = 3;
  Handle handle;
  ASSERT_EQ(tensorfftSetComputeMode(handle, c.mode), TENSORFFT_SUCCESS);
  ASSERT_EQ(plan_1d(handle, n, c.type, batch), TENSORFFT_SUCCESS) << last_message();
  const std::string description = tensorfftGetPlanDescription(handle);
  EXPECT_TRUE(contains(description, "c2c " + std::to_string(n))) << description;
  std::mt19937_64 rng = case_rng();
  for (int direction : {TENSORFFT_FORWARD, TENSORFFT_INVERSE}) {
    SCOPED_TRACE(direction);
    ErrorStats stats;
    for (std::int64_t r = 0, reps = repetitions_for(n * batch); r < reps; ++r) {
      const std::vector<Complex> x = uniform_input(n * batch, rng);
      const Buffer in = packed_buffer(storage, x);
      Buffer out(storage, n * batch);
      ASSERT_EQ(tensorfftExec(handle, in.data(), out.data(), direction), TENSORFFT_SUCCESS) << last_message();
      stats.add(read_packed(out, n * batch),
                reference_transform(x, {n}, batch, direction == TENSORFFT_FORWARD ? Direction::forward
                                                                                  : Direction::inverse));
    }
    const long double tolerance = tolerance_for(storage, static_cast<ComputeMode>(c.mode), n);
    report("relL2", stats.rel_l2());
    EXPECT_LE(stats.rel_l2(), tolerance);
  }
}

TEST_P(CApiTransform, InPlace) {
  const CCase& c = GetParam();
  const StorageType storage = storage_of(c.type);
  const long long n = 1LL << c.log2n;
  Handle handle;
  ASSERT_EQ(tensorfftSetComputeMode(handle, c.mode), TENSORFFT_SUCCESS);
  ASSERT_EQ(tensorfftSetNormalization(handle, TENSORFFT_NORM_ORTHO), TENSORFFT_SUCCESS);
  ASSERT_EQ(plan_1d(handle, n, c.type, 2), TENSORFFT_SUCCESS) << last_message();
  std::mt19937_64 rng = case_rng();
  ErrorStats stats;
  for (std::int64_t r = 0, reps = repetitions_for(2 * n); r < reps; ++r) {
    const std::vector<Complex> x = uniform_input(2 * n, rng);
    Buffer data = packed_buffer(storage, x);
    ASSERT_EQ(tensorfftExec(handle, data.data(), data.data(), TENSORFFT_FORWARD), TENSORFFT_SUCCESS) << last_message();
    stats.add(read_packed(data, 2 * n), reference_transform(x, {n}, 2, Direction::forward, Normalization::ortho));
  }
  report("relL2", stats.rel_l2());
  EXPECT_LE(stats.rel_l2(), tolerance_for(storage, static_cast<ComputeMode>(c.mode), n));
}

INSTANTIATE_TEST_SUITE_P(CApi, CApiTransform, ::testing::ValuesIn(c_cases()),
                         [](const ::testing::TestParamInfo<CCase>& info) { return c_case_name(info.param); });

// tensorfftSetAutoAllocation(0) before the plan: on the host (no workspace
// needed) both directions run without a work area; the GPU suite checks a
// CUDA plan that needs one.
TEST(CApiWorkspace, WithoutAutoAllocationOnTheHost) {
  Handle handle;
  ASSERT_EQ(tensorfftSetComputeMode(handle, TENSORFFT_COMPUTE_FP32), TENSORFFT_SUCCESS);
  ASSERT_EQ(tensorfftSetAutoAllocation(handle, 0), TENSORFFT_SUCCESS);
  const long long sizes[1] = {32};
  std::size_t work_size = 99;
  ASSERT_EQ(tensorfftMakePlanMany64(handle, 1, sizes, nullptr, 1, 0, nullptr, 1, 0, TENSORFFT_C_32F, 1, &work_size),
            TENSORFFT_SUCCESS)
      << last_message();
  EXPECT_EQ(work_size, 0u);
  std::vector<float> data(64, 0.0f);
  data[0] = 1.0f;  // a unit impulse: every output 1, and back
  ASSERT_EQ(tensorfftExec(handle, data.data(), data.data(), TENSORFFT_FORWARD), TENSORFFT_SUCCESS) << last_message();
  EXPECT_EQ(data[2 * 31], 1.0f);
  ASSERT_EQ(tensorfftExec(handle, data.data(), data.data(), TENSORFFT_INVERSE), TENSORFFT_SUCCESS) << last_message();
  EXPECT_NEAR(data[0], 1.0f, 1e-6f);
  EXPECT_NEAR(data[2], 0.0f, 1e-6f);
}

// inembed / onembed: padded input rows, strided output, 3 batches.
TEST(CApiLayouts, EmbedsStridesAndDistances) {
  Handle handle;
  const long long n[2] = {8, 16};
  const long long inembed[2] = {8, 20};
  const long long onembed[2] = {8, 18};
  const long long idist = 170, ostride = 2, odist = 300, batch = 3;
  std::size_t work_size = 99;
  ASSERT_EQ(tensorfftSetComputeMode(handle, TENSORFFT_COMPUTE_FP32), TENSORFFT_SUCCESS);
  ASSERT_EQ(tensorfftMakePlanMany64(handle, 2, n, inembed, 1, idist, onembed, ostride, odist, TENSORFFT_C_32F, batch,
                                    &work_size),
            TENSORFFT_SUCCESS)
      << last_message();
  EXPECT_EQ(work_size, 0u);
  std::vector<char> work_area(64);
  ASSERT_EQ(tensorfftSetWorkArea(handle, work_area.data()), TENSORFFT_SUCCESS);
  ASSERT_EQ(tensorfftSetStream(handle, nullptr), TENSORFFT_SUCCESS);
  Buffer in(StorageType::complex_fp32, batch * idist), out(StorageType::complex_fp32, batch * odist);
  std::mt19937_64 rng = case_rng();
  const std::vector<Complex> x = uniform_input(batch * 128, rng);
  for (long long b = 0; b < batch; ++b) {
    for (long long i = 0; i < 8; ++i) {
      for (long long j = 0; j < 16; ++j) in.store(b * idist + i * 20 + j, x[b * 128 + i * 16 + j]);
    }
  }
  for (int direction : {TENSORFFT_FORWARD, TENSORFFT_INVERSE}) {
    ASSERT_EQ(tensorfftExec(handle, in.data(), out.data(), direction), TENSORFFT_SUCCESS) << last_message();
    std::vector<Complex> y(batch * 128);
    for (long long b = 0; b < batch; ++b) {
      for (long long i = 0; i < 8; ++i) {
        for (long long j = 0; j < 16; ++j) y[b * 128 + i * 16 + j] = out.load(b * odist + (i * 18 + j) * ostride);
      }
    }
    ErrorStats stats;
    stats.add(y, reference_transform(x, {8, 16}, batch,
                                     direction == TENSORFFT_FORWARD ? Direction::forward : Direction::inverse));
    report("relL2", stats.rel_l2());
    EXPECT_LE(stats.rel_l2(), rel_l2_tolerance(StorageType::complex_fp32, ComputeMode::fp32, 128, 2));
  }
  // Elements between the output's strided positions are untouched (NaN fill).
  EXPECT_TRUE(std::isnan(static_cast<double>(out.load(1).real())));
}

}  // namespace
}  // namespace host_tests
