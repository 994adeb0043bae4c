// Side-by-side benchmark: tensorfft against cuFFT on the same device in the
// same run, same input, for each storage type.  Each case transforms
// 2^total_log2 complex elements (batch = total / N), forward C2C out of
// place; time is the median of `repeats` executions after warm-up (CUDA
// events); GB/s counts one read and one write; relL2 / maxrel are against
// cuFFT fp64 of the unrounded input (../shared/ACCURACY.md).
//
// Usage: cufft_comparison [--min-log2 4] [--max-log2 26] [--total-log2 26]
//                         [--repeats 25] [--csv FILE]
#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#include "../tests/gpu/device_harness.cuh"

using namespace tensorfft;
using namespace tensorfft::testing;

namespace {

struct Result {
  double median_ms = 0, relative_l2 = 0, max_relative = 0, plan_ms = 0;
};

template <typename Execute>
double median_time_ms(Execute&& execute, int repeats) {
  cudaEvent_t start, stop;
  cuda_check(cudaEventCreate(&start), "event");
  cuda_check(cudaEventCreate(&stop), "event");
  for (int i = 0; i < 3; ++i) execute();
  std::vector<float> times;
  for (int i = 0; i < repeats; ++i) {
    cuda_check(cudaEventRecord(start), "record");
    execute();
    cuda_check(cudaEventRecord(stop), "record");
    cuda_check(cudaEventSynchronize(stop), "sync");
    float ms = 0;
    cuda_check(cudaEventElapsedTime(&ms, start, stop), "elapsed");
    times.push_back(ms);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

cudaDataType cufft_type(StorageType storage) {
  switch (storage) {
    case StorageType::complex_fp16: return CUDA_C_16F;
    case StorageType::complex_bf16: return CUDA_C_16BF;
    case StorageType::complex_fp64: return CUDA_C_64F;
    default: return CUDA_C_32F;
  }
}

}  // namespace

int main(int argc, char** argv) {
  int min_log2 = 4, max_log2 = 26, total_log2 = 26, repeats = 25;
  const char* csv_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    auto value = [&](int& target) {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "cufft_comparison: error: %s needs a value\n", argv[i]);
        std::exit(2);
      }
      target = std::atoi(argv[++i]);
    };
    if (!std::strcmp(argv[i], "--min-log2")) value(min_log2);
    else if (!std::strcmp(argv[i], "--max-log2")) value(max_log2);
    else if (!std::strcmp(argv[i], "--total-log2")) value(total_log2);
    else if (!std::strcmp(argv[i], "--repeats")) value(repeats);
    else if (!std::strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: cufft_comparison [--min-log2 N] [--max-log2 N] [--total-log2 N] [--repeats R] [--csv FILE]\n");
      return 2;
    }
  }
  std::string reason;
  if (!cuda_available(&reason)) {
    std::printf("no usable GPU (%s): nothing to compare\n", reason.c_str());
    return 0;
  }
  cudaDeviceProp properties{};
  cuda_check(cudaGetDeviceProperties(&properties, 0), "properties");
  int cufft_version = 0;
  cufftGetVersion(&cufft_version);
  const std::int64_t total = std::int64_t{1} << total_log2;
  double2 *reference_input, *reference_output;
  void *input, *output;
  double* sums;
  cuda_check(cudaMalloc(&reference_input, total * sizeof(double2)), "cudaMalloc");
  cuda_check(cudaMalloc(&reference_output, total * sizeof(double2)), "cudaMalloc");
  cuda_check(cudaMalloc(&input, total * sizeof(float2)), "cudaMalloc");
  cuda_check(cudaMalloc(&output, total * sizeof(float2)), "cudaMalloc");
  cuda_check(cudaMalloc(&sums, 4 * sizeof(double)), "cudaMalloc");

  // Device-to-device copy bandwidth, the practical ceiling.
  const double copy_ms = median_time_ms(
      [&] { cuda_check(cudaMemcpyAsync(output, input, total * sizeof(float2), cudaMemcpyDeviceToDevice), "copy"); },
      repeats);
  const double copy_gbps = 2.0 * total * sizeof(float2) / (copy_ms * 1e6);
  std::printf("# device %s, cuFFT %d, %lld elements per case, copy %.0f GB/s\n", properties.name, cufft_version,
              (long long)total, copy_gbps);
  FILE* csv = csv_path ? std::fopen(csv_path, "w") : nullptr;
  if (csv) {
    std::fprintf(csv, "library,precision,mode,n,batch,time_ms,gbps,copy_fraction,relL2,maxrel,plan_ms,ratio_vs_cufft,device,cufft_version\n");
  }
  std::printf("%-9s %-5s %-12s %10s %9s %9s %8s %10s %10s %8s\n", "library", "prec", "mode", "n", "batch", "ms",
              "GB/s", "relL2", "maxrel", "vs cuFFT");

  const StorageType storages[] = {StorageType::complex_fp16, StorageType::complex_bf16, StorageType::complex_fp32};
  for (int log2n = min_log2; log2n <= max_log2; ++log2n) {
    const long long n = 1LL << log2n;
    const long long batch = total / n;
    fill_uniform<<<1024, 256>>>(reference_input, total, 1000 + log2n);
    cufft_reference(reference_input, reference_output, {n}, batch, CUFFT_FORWARD);
    for (StorageType storage : storages) {
      const std::size_t bytes = total * element_bytes(storage);
      convert_input(storage, reference_input, input, total);
      auto report = [&](const char* library, const char* mode, const Result& r, double cufft_ms) {
        const double gbps = 2.0 * bytes / (r.median_ms * 1e6);
        const double ratio = cufft_ms > 0 ? r.median_ms / cufft_ms : 1.0;
        std::printf("%-9s %-5s %-12s %10lld %9lld %9.4f %8.1f %10.3e %10.3e %8.3f\n", library, to_string(storage),
                    mode, n, batch, r.median_ms, gbps, r.relative_l2, r.max_relative, ratio);
        if (csv) {
          std::fprintf(csv, "%s,%s,%s,%lld,%lld,%.5f,%.1f,%.3f,%.4e,%.4e,%.4f,%.4f,%s,%d\n", library,
                       to_string(storage), mode, n, batch, r.median_ms, gbps, gbps / copy_gbps, r.relative_l2,
                       r.max_relative, r.plan_ms, ratio, properties.name, cufft_version);
          std::fflush(csv);
        }
      };
      // cuFFT in the same storage type.
      Result cufft_result;
      {
        cufftHandle plan;
        cufft_check(cufftCreate(&plan), "cufftCreate");
        long long nn = n;
        std::size_t work = 0;
        const auto t0 = std::chrono::steady_clock::now();
        const cufftResult made = cufftXtMakePlanMany(plan, 1, &nn, nullptr, 1, n, cufft_type(storage), nullptr, 1, n,
                                                     cufft_type(storage), batch, &work, cufft_type(storage));
        cufft_result.plan_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        if (made == CUFFT_SUCCESS) {
          poison(output, bytes);
          cufft_result.median_ms = median_time_ms(
              [&] { cufft_check(cufftXtExec(plan, input, output, CUFFT_FORWARD), "cufftXtExec"); }, repeats);
          const ErrorMetrics e = measure_error(storage, output, reference_output, total, 1.0, sums);
          cufft_result.relative_l2 = e.relative_l2;
          cufft_result.max_relative = e.max_relative;
          report("cufft", "native", cufft_result, cufft_result.median_ms);
        } else {
          std::printf("cufft     %-5s refused n=%lld (error %d)\n", to_string(storage), n, made);
        }
        cufftDestroy(plan);
      }
      std::vector<ComputeMode> modes = {ComputeMode::split_fp16, ComputeMode::single_fp16};
      if (storage == StorageType::complex_fp32) modes.push_back(ComputeMode::fp32);
      for (ComputeMode mode : modes) {
        try {
          Problem problem;
          problem.sizes = {n};
          problem.batch = batch;
          problem.storage = storage;
          problem.mode = mode;
          make_plan(problem, Backend::cuda);  // first plan of a kind may load modules
          const auto t0 = std::chrono::steady_clock::now();
          Plan plan = make_plan(problem, Backend::cuda);
          Result r;
          r.plan_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
          poison(output, bytes);
          r.median_ms = median_time_ms([&] { plan.execute(input, output); }, repeats);
          const ErrorMetrics e = measure_error(storage, output, reference_output, total, 1.0, sums);
          r.relative_l2 = e.relative_l2;
          r.max_relative = e.max_relative;
          report("tensorfft", to_string(mode), r, cufft_result.median_ms);
        } catch (const std::exception& e) {
          std::printf("tensorfft %-5s %-12s n=%lld error: %s\n", to_string(storage), to_string(mode), n, e.what());
        }
      }
    }
  }
  if (csv) std::fclose(csv);
  return 0;
}
