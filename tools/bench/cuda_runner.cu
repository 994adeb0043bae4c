// The bench on a GPU: tensorfft's CUDA backend beside cuFFT on the same
// device and the same input.  For each case the input is made in fp64 on the
// device, cuFFT fp64 (Z2Z) of it is the reference, and each measurement
// converts it to its storage type, plans (twice, timing both), runs the
// warm-ups and the timed executions (CUDA events) into a poisoned output and
// compares the result with the reference on the device.
//
// The few device helpers here (input, conversion, error sums) are the bench's
// own, kept minimal; the GPU test suite has its own in tests/gpu.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cufft.h>
#include <cufftXt.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "runner.hpp"

namespace tensorfft::tools::bench {
namespace {

// ---- errors ----

class CudaFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class OutOfDeviceMemory : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class CufftFailure : public std::runtime_error {
 public:
  CufftFailure(cufftResult result, const std::string& message) : std::runtime_error(message), result(result) {}
  cufftResult result;
};

void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  if (status == cudaErrorMemoryAllocation) {
    cudaGetLastError();  // not sticky: clear it
    throw OutOfDeviceMemory(std::string(what) + ": out of device memory");
  }
  throw CudaFailure(std::string(what) + " failed: " + cudaGetErrorString(status));
}

std::string cufft_result_name(cufftResult result) {
  switch (result) {
    case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    case CUFFT_UNALIGNED_DATA: return "CUFFT_UNALIGNED_DATA";
    case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
    case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
    case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
    case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
    default: return "cufftResult " + std::to_string(static_cast<int>(result));
  }
}

// ---- resources ----

class DeviceMemory {
 public:
  DeviceMemory(std::size_t bytes, const char* what) {
    if (bytes > 0) check(cudaMalloc(&pointer_, bytes), what);
  }
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;
  ~DeviceMemory() {
    if (pointer_) cudaFree(pointer_);
  }
  void* get() const { return pointer_; }
  template <typename T>
  T* as() const {
    return static_cast<T*>(pointer_);
  }

 private:
  void* pointer_ = nullptr;
};

class CufftPlan {
 public:
  CufftPlan() {
    const cufftResult result = cufftCreate(&handle_);
    if (result != CUFFT_SUCCESS) throw CufftFailure(result, "cufftCreate: " + cufft_result_name(result));
  }
  CufftPlan(const CufftPlan&) = delete;
  CufftPlan& operator=(const CufftPlan&) = delete;
  ~CufftPlan() { cufftDestroy(handle_); }
  cufftHandle get() const { return handle_; }

 private:
  cufftHandle handle_ = 0;
};

class Event {
 public:
  Event() { check(cudaEventCreate(&event_), "cudaEventCreate"); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  ~Event() { cudaEventDestroy(event_); }
  cudaEvent_t get() const { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Timing {
  double median_ms = 0;
  double min_ms = 0;
};

double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// A plan made again after the first takes some 0.1 ms, where one stray
// delay of the host is as long: plan_ms is the median of five, each made
// (and synchronized) while the previous one is already destroyed, as the
// first is.  `plan` is a std::optional of the plan type; make(plan) makes
// one into it; the last one stays for the timed executions.
template <typename OptionalPlan, typename Make>
double median_plan_ms(OptionalPlan& plan, Make&& make) {
  std::vector<double> times;
  for (int made = 0; made < 5; ++made) {
    plan.reset();
    const Clock::time_point start = Clock::now();
    make(plan);
    check(cudaDeviceSynchronize(), "planning");
    times.push_back(milliseconds_since(start));
  }
  return median_of(std::move(times));
}

// Median and minimum of `repeats` executions after `warmups`, each timed by
// its own pair of events on the default stream.
template <typename Execute>
Timing time_executions(Execute&& execute, int warmups, int repeats) {
  Event start, stop;
  for (int run = 0; run < warmups; ++run) execute();
  check(cudaDeviceSynchronize(), "the warm-up executions");
  std::vector<double> times;
  for (int run = 0; run < std::max(1, repeats); ++run) {
    check(cudaEventRecord(start.get(), nullptr), "cudaEventRecord");
    execute();
    check(cudaEventRecord(stop.get(), nullptr), "cudaEventRecord");
    check(cudaEventSynchronize(stop.get()), "the timed execution");
    float milliseconds = 0;
    check(cudaEventElapsedTime(&milliseconds, start.get(), stop.get()), "cudaEventElapsedTime");
    times.push_back(milliseconds);
  }
  Timing timing;
  timing.min_ms = *std::min_element(times.begin(), times.end());
  timing.median_ms = median_of(std::move(times));
  return timing;
}

// ---- kernels ----

constexpr int block_size = 256;

unsigned blocks_for(std::int64_t count) {
  return static_cast<unsigned>(std::max<std::int64_t>(1, std::min<std::int64_t>((count + block_size - 1) / block_size, 4096)));
}

__global__ void fill_input(double2* data, std::int64_t count, std::uint64_t seed) {
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < count;
       i += std::int64_t{gridDim.x} * blockDim.x) {
    const auto index = static_cast<std::uint64_t>(i);
    data[i] = make_double2(uniform(seed, 2 * index), uniform(seed, 2 * index + 1));
  }
}

// Rounded through float, as the host's store_element does.
__device__ inline void store(float2* p, double2 v) { *p = make_float2(float(v.x), float(v.y)); }
__device__ inline void store(__half2* p, double2 v) { *p = __floats2half2_rn(float(v.x), float(v.y)); }
__device__ inline void store(__nv_bfloat162* p, double2 v) { *p = __floats2bfloat162_rn(float(v.x), float(v.y)); }
__device__ inline double2 load(const float2* p) { return make_double2(p->x, p->y); }
__device__ inline double2 load(const __half2* p) {
  const float2 f = __half22float2(*p);
  return make_double2(f.x, f.y);
}
__device__ inline double2 load(const __nv_bfloat162* p) {
  const float2 f = __bfloat1622float2(*p);
  return make_double2(f.x, f.y);
}

template <typename Storage>
__global__ void convert_input(const double2* source, Storage* destination, std::int64_t count) {
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < count;
       i += std::int64_t{gridDim.x} * blockDim.x) {
    store(destination + i, source[i]);
  }
}

// sums[0] += |y - ref|^2, sums[1] += |ref|^2, sums[2] = max |y - ref| (as
// bits: non-negative doubles order like integers), sums[3] += non-finite
// outputs, sums[4] += |y - x32| (when x32 is given).
constexpr int sum_count = 5;

template <typename Storage>
__global__ void error_sums(const Storage* result, const double2* reference, const float2* x32, std::int64_t count,
                           double* sums) {
  double difference = 0, norm = 0, worst = 0, bad = 0, seed_sum = 0;
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < count;
       i += std::int64_t{gridDim.x} * blockDim.x) {
    const double2 y = load(result + i);
    const double2 r = reference[i];
    norm += r.x * r.x + r.y * r.y;
    if (!isfinite(y.x) || !isfinite(y.y)) {
      bad += 1;
      continue;
    }
    const double dx = y.x - r.x, dy = y.y - r.y;
    difference += dx * dx + dy * dy;
    worst = fmax(worst, sqrt(dx * dx + dy * dy));
    if (x32) {
      const float2 x = x32[i];
      seed_sum += hypot(y.x - double(x.x), y.y - double(x.y));
    }
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    difference += __shfl_down_sync(0xffffffffu, difference, offset);
    norm += __shfl_down_sync(0xffffffffu, norm, offset);
    worst = fmax(worst, __shfl_down_sync(0xffffffffu, worst, offset));
    bad += __shfl_down_sync(0xffffffffu, bad, offset);
    seed_sum += __shfl_down_sync(0xffffffffu, seed_sum, offset);
  }
  if (threadIdx.x % 32 == 0) {
    atomicAdd(&sums[0], difference);
    atomicAdd(&sums[1], norm);
    atomicMax(reinterpret_cast<unsigned long long*>(&sums[2]), static_cast<unsigned long long>(__double_as_longlong(worst)));
    atomicAdd(&sums[3], bad);
    atomicAdd(&sums[4], seed_sum);
  }
}

void convert(StorageType storage, const double2* source, void* destination, std::int64_t count) {
  const unsigned blocks = blocks_for(count);
  switch (storage) {
    case StorageType::complex_fp32:
      convert_input<<<blocks, block_size>>>(source, static_cast<float2*>(destination), count);
      break;
    case StorageType::complex_fp16:
      convert_input<<<blocks, block_size>>>(source, static_cast<__half2*>(destination), count);
      break;
    case StorageType::complex_bf16:
      convert_input<<<blocks, block_size>>>(source, static_cast<__nv_bfloat162*>(destination), count);
      break;
    case StorageType::complex_fp64:
      check(cudaMemcpy(destination, source, count * sizeof(double2), cudaMemcpyDeviceToDevice), "copy the input");
      break;
  }
  check(cudaGetLastError(), "the input conversion");
}

struct Metrics {
  double relative_l2 = 0, max_relative = 0, seed_error = not_measured;
};

Metrics measure_error(StorageType storage, const void* result, const double2* reference, const float2* x32,
                      std::int64_t count, double* device_sums) {
  check(cudaMemset(device_sums, 0, sum_count * sizeof(double)), "cudaMemset");
  const unsigned blocks = blocks_for(count);
  switch (storage) {
    case StorageType::complex_fp32:
      error_sums<<<blocks, block_size>>>(static_cast<const float2*>(result), reference, x32, count, device_sums);
      break;
    case StorageType::complex_fp16:
      error_sums<<<blocks, block_size>>>(static_cast<const __half2*>(result), reference, x32, count, device_sums);
      break;
    case StorageType::complex_bf16:
      error_sums<<<blocks, block_size>>>(static_cast<const __nv_bfloat162*>(result), reference, x32, count,
                                         device_sums);
      break;
    case StorageType::complex_fp64: throw CudaFailure("fp64 storage is not measured by the bench");
  }
  check(cudaGetLastError(), "the error kernel");
  double sums[sum_count];
  check(cudaMemcpy(sums, device_sums, sizeof sums, cudaMemcpyDeviceToHost), "copy the error sums");
  Metrics metrics;
  metrics.relative_l2 = std::sqrt(sums[0] / sums[1]);
  metrics.max_relative = sums[2] / std::sqrt(sums[1] / static_cast<double>(count));
  if (x32) metrics.seed_error = sums[4];  // norm = 1 bounds the input
  if (sums[3] > 0) {
    metrics.relative_l2 = metrics.max_relative = std::numeric_limits<double>::infinity();
    if (x32) metrics.seed_error = std::numeric_limits<double>::infinity();
  }
  return metrics;
}

cudaDataType cufft_type(StorageType storage) {
  switch (storage) {
    case StorageType::complex_fp16: return CUDA_C_16F;
    case StorageType::complex_bf16: return CUDA_C_16BF;
    case StorageType::complex_fp64: return CUDA_C_64F;
    default: return CUDA_C_32F;
  }
}

bool powers_of_two(const std::vector<std::int64_t>& dims) {
  return std::all_of(dims.begin(), dims.end(), [](std::int64_t n) { return n > 0 && (n & (n - 1)) == 0; });
}

std::string gib(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", bytes / double(std::size_t{1} << 30));
  return text;
}

// ---- the runner ----

class CudaRunner final : public Runner {
 public:
  CudaRunner(std::size_t copy_bytes, const Settings& settings) {
    int device = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    cudaDeviceProp properties{};
    check(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
    environment_.cuda = true;
    environment_.device = properties.name;
    environment_.compute_capability = std::to_string(properties.major) + "." + std::to_string(properties.minor);
    environment_.memory_gib = static_cast<double>(properties.totalGlobalMem) / double(std::size_t{1} << 30);
    check(cudaDriverGetVersion(&environment_.driver_version), "cudaDriverGetVersion");
    check(cudaRuntimeGetVersion(&environment_.runtime_version), "cudaRuntimeGetVersion");
    if (cufftGetVersion(&environment_.cufft_version) != CUFFT_SUCCESS) environment_.cufft_version = 0;

    // The practical bandwidth ceiling: a device-to-device copy, read + write.
    std::size_t free_bytes = 0, total_bytes = 0;
    check(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
    const std::size_t bytes = std::max<std::size_t>(std::min(copy_bytes, free_bytes / 4) >> 20, 1) << 20;
    DeviceMemory source(bytes, "cudaMalloc for the copy bandwidth"), destination(bytes, "cudaMalloc");
    check(cudaMemset(source.get(), 0, bytes), "cudaMemset");
    const Timing timing = time_executions(
        [&] {
          check(cudaMemcpyAsync(destination.get(), source.get(), bytes, cudaMemcpyDeviceToDevice, nullptr),
                "cudaMemcpyAsync");
        },
        settings.warmups, std::max(settings.repeats, 10));
    environment_.copy_gbps = 2.0 * static_cast<double>(bytes) / (timing.median_ms * 1e6);
    environment_.copy_method = "cudaMemcpyAsync device to device, " + std::to_string(bytes >> 20) +
                               " MiB, read + write, median of " + std::to_string(std::max(settings.repeats, 10));
  }

  const Environment& environment() const override { return environment_; }

  void run(const Case& which, const Settings& settings, const Emit& emit) override {
    std::size_t next = 0;  // the first measurement not yet emitted
    const auto emit_rest = [&](Outcome outcome, const std::string& message) {
      for (; next < which.measurements.size(); ++next) {
        Row row = make_row(which, which.measurements[next], "cuda");
        row.outcome = outcome;
        row.message = message;
        emit(std::move(row));
      }
    };
    if (!broken_.empty()) return emit_rest(Outcome::skipped, broken_);

    const std::int64_t count = which.elements();
    std::size_t widest = 0;
    for (const Measurement& measurement : which.measurements) {
      widest = std::max(widest, element_bytes(measurement.storage));
    }
    // Input and output, the fp64 input and reference, cuFFT fp64's workspace
    // (at most about one more fp64 array) and X32 for the seed metric.
    const double needed = static_cast<double>(count) * (2.0 * widest + 3 * 16.0 + (which.seed_metric ? 8.0 : 0.0));
    std::size_t free_bytes = 0, total_bytes = 0;
    try {
      check(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
    } catch (const std::exception& error) {
      return emit_rest(Outcome::error, error.what());
    }
    if (needed > static_cast<double>(free_bytes)) {
      return emit_rest(Outcome::out_of_memory,
                       std::to_string(count) + " elements need about " + gib(needed) +
                           " of device memory (data, fp64 input and reference, cuFFT workspace), " +
                           gib(static_cast<double>(free_bytes)) + " free");
    }

    try {
      const std::size_t elements = static_cast<std::size_t>(count);
      DeviceMemory reference_input(elements * sizeof(double2), "cudaMalloc (fp64 input)");
      DeviceMemory reference_output(elements * sizeof(double2), "cudaMalloc (fp64 reference)");
      DeviceMemory input(elements * widest, "cudaMalloc (input)");
      DeviceMemory output(elements * widest, "cudaMalloc (output)");
      DeviceMemory x32(which.seed_metric ? elements * sizeof(float2) : 0, "cudaMalloc (X32)");
      DeviceMemory sums(sum_count * sizeof(double), "cudaMalloc");
      fill_input<<<blocks_for(count), block_size>>>(reference_input.as<double2>(), count, which.seed);
      check(cudaGetLastError(), "the input kernel");
      compute_reference(which, reference_input.as<double2>(), reference_output.as<double2>());

      bool have_x32 = false;
      while (next < which.measurements.size()) {
        const Measurement& measurement = which.measurements[next];
        Row row = make_row(which, measurement, "cuda");
        try {
          cudaGetLastError();  // a failed allocation of the measurement before must not show up here
          convert(measurement.storage, reference_input.as<double2>(), input.get(), count);
          check(cudaMemset(output.get(), 0xFF, elements * widest), "poison the output");  // NaN in every format
          const bool ran = measurement.library == Library::cufft
                               ? run_cufft(which, measurement, settings, input.get(), output.get(), row)
                               : run_tensorfft(which, measurement, settings, input.get(), output.get(), row);
          if (ran) {
            const Metrics metrics = measure_error(measurement.storage, output.get(), reference_output.as<double2>(),
                                                  have_x32 ? x32.as<float2>() : nullptr, count, sums.as<double>());
            row.relative_l2 = metrics.relative_l2;
            row.max_relative = metrics.max_relative;
            row.seed_error = metrics.seed_error;
            if (which.seed_metric && !have_x32 && measurement.library == Library::cufft &&
                measurement.storage == StorageType::complex_fp32) {
              check(cudaMemcpy(x32.get(), output.get(), elements * sizeof(float2), cudaMemcpyDeviceToDevice),
                    "keep X32");
              have_x32 = true;
              row.seed_error = 0;
            }
          }
        } catch (const Error& error) {
          row.outcome = outcome_of(error);
          row.message = error.what();
        } catch (const OutOfDeviceMemory& error) {
          row.outcome = Outcome::out_of_memory;
          row.message = error.what();
        } catch (const CufftFailure& error) {
          row.outcome = error.result == CUFFT_ALLOC_FAILED ? Outcome::out_of_memory : Outcome::error;
          row.message = error.what();
        } catch (const std::exception& error) {
          row.outcome = Outcome::error;
          row.message = error.what();
        }
        const bool failed = row.outcome != Outcome::ok;
        ++next;
        emit(std::move(row));
        if (failed) check_device();
        if (!broken_.empty()) return emit_rest(Outcome::skipped, broken_);
      }
    } catch (const OutOfDeviceMemory& error) {
      emit_rest(Outcome::out_of_memory, error.what());
    } catch (const CufftFailure& error) {
      emit_rest(error.result == CUFFT_ALLOC_FAILED ? Outcome::out_of_memory : Outcome::error, error.what());
    } catch (const std::exception& error) {
      check_device();
      emit_rest(Outcome::error, error.what());
    }
  }

 private:
  // cuFFT fp64 of the unrounded input.
  static void compute_reference(const Case& which, double2* input, double2* output) {
    std::vector<long long> sizes(which.dims.begin(), which.dims.end());
    const long long n = which.transform_elements();
    CufftPlan plan;
    std::size_t work = 0;
    cufftResult result = cufftMakePlanMany64(plan.get(), static_cast<int>(sizes.size()), sizes.data(), nullptr, 1, n,
                                             nullptr, 1, n, CUFFT_Z2Z, which.batch, &work);
    if (result != CUFFT_SUCCESS) {
      throw CufftFailure(result, "the cuFFT fp64 reference could not be planned: " + cufft_result_name(result));
    }
    result = cufftExecZ2Z(plan.get(), reinterpret_cast<cufftDoubleComplex*>(input),
                          reinterpret_cast<cufftDoubleComplex*>(output), CUFFT_FORWARD);
    if (result != CUFFT_SUCCESS) throw CufftFailure(result, "the cuFFT fp64 reference failed: " + cufft_result_name(result));
    check(cudaDeviceSynchronize(), "the cuFFT fp64 reference");
  }

  // cuFFT in the measurement's storage type; false (and the row says why) when cuFFT refuses it.
  static bool run_cufft(const Case& which, const Measurement& measurement, const Settings& settings, void* input,
                        void* output, Row& row) {
    std::vector<long long> sizes(which.dims.begin(), which.dims.end());
    const long long n = which.transform_elements();
    const cudaDataType type = cufft_type(measurement.storage);
    const auto make = [&](const CufftPlan& plan) {
      std::size_t work = 0;
      return cufftXtMakePlanMany(plan.get(), static_cast<int>(sizes.size()), sizes.data(), nullptr, 1, n, type,
                                 nullptr, 1, n, type, which.batch, &work, type);
    };
    auto start = Clock::now();
    {
      const CufftPlan first;
      const cufftResult result = make(first);
      check(cudaDeviceSynchronize(), "cuFFT planning");
      row.plan_first_ms = milliseconds_since(start);
      if (result != CUFFT_SUCCESS) {
        row.outcome = result == CUFFT_ALLOC_FAILED ? Outcome::out_of_memory : Outcome::refused;
        row.message = "cuFFT refused " + std::string(tensorfft::to_string(measurement.storage)) + " for this case (" +
                      cufft_result_name(result) + ")";
        if (measurement.storage != StorageType::complex_fp32 && !powers_of_two(which.dims)) {
          row.message += ": its 16-bit types need powers of two";
        }
        return false;
      }
    }
    std::optional<CufftPlan> plan;
    row.plan_ms = median_plan_ms(plan, [&](std::optional<CufftPlan>& made) {
      const cufftResult result = make(made.emplace());
      if (result != CUFFT_SUCCESS) {
        throw CufftFailure(result, "cuFFT's second plan failed: " + cufft_result_name(result));
      }
    });
    const Timing timing = time_executions(
        [&] {
          const cufftResult status = cufftXtExec(plan->get(), input, output, CUFFT_FORWARD);
          if (status != CUFFT_SUCCESS) throw CufftFailure(status, "cufftXtExec: " + cufft_result_name(status));
        },
        settings.warmups, settings.repeats);
    row.time_ms = timing.median_ms;
    row.time_min_ms = timing.min_ms;
    return true;
  }

  static bool run_tensorfft(const Case& which, const Measurement& measurement, const Settings& settings,
                            const void* input, void* output, Row& row) {
    const Problem problem = tensorfft_problem(which, measurement);
    auto start = Clock::now();
    {
      const Plan first = make_plan(problem, Backend::cuda);
      check(cudaDeviceSynchronize(), "tensorfft planning");
      row.plan_first_ms = milliseconds_since(start);
    }
    std::optional<Plan> plan;
    row.plan_ms =
        median_plan_ms(plan, [&](std::optional<Plan>& made) { made.emplace(make_plan(problem, Backend::cuda)); });
    row.backend = tensorfft::to_string(plan->backend());
    row.plan = plan->describe();
    const Timing timing = time_executions([&] { plan->execute(input, output); }, settings.warmups, settings.repeats);
    row.time_ms = timing.median_ms;
    row.time_min_ms = timing.min_ms;
    return true;
  }

  // After a failure: is the context still usable?  A sticky error (an illegal
  // address, a kernel fault) ends the GPU work; later cases are skipped.
  void check_device() {
    if (cudaDeviceSynchronize() == cudaSuccess) return;
    cudaGetLastError();
    const cudaError_t status = cudaDeviceSynchronize();
    if (status != cudaSuccess) {
      broken_ = std::string("the CUDA context is unusable after an earlier error (") + cudaGetErrorString(status) + ")";
    }
  }

  Environment environment_;
  std::string broken_;  // why the device is unusable; empty while it is fine
};

}  // namespace

std::unique_ptr<Runner> make_cuda_runner(std::string* reason, std::size_t copy_bytes, const Settings& settings) {
  std::string why;
  if (!cuda_available(&why)) {
    if (reason) *reason = why;
    return nullptr;
  }
  try {
    return std::make_unique<CudaRunner>(copy_bytes, settings);
  } catch (const std::exception& error) {
    if (reason) *reason = std::string("the GPU could not be set up for the bench: ") + error.what();
    return nullptr;
  }
}

}  // namespace tensorfft::tools::bench
