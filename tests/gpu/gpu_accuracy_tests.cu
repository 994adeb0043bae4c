// GPU test suite (CTest label "gpu"): tensorfft's CUDA executor against cuFFT
// fp64 for every power of two, storage type and compute mode; forward,
// inverse and roundtrip; batch 1 and large batches; in place; outputs
// poisoned first so unwritten elements fail; host and CUDA executors agree
// on the same plan; batches of transforms of very different magnitudes; 2D/3D
// shapes, compact intermediates, the run-time-shape kernel alone, advanced
// layouts, and random shapes and layouts from a fixed seed.  With --large
// (--large-only: nothing else) also problems past 32-bit element counts and
// N = 2^27, 2^28 (run_large_problems; about 64 GiB of device memory, cases
// that do not fit print SKIP).  Prints one line per failure and "N passed, M
// failed".
//
// Usage: gpu_accuracy_tests [--max-log2 26] [--quick] [--shapes-only] [--large | --large-only] [--log FILE]
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <complex>
#include <cstring>
#include <random>
#include <tuple>
#include <utility>
#include <vector>

#include "../common/intermediate_tolerance.hpp"
#include "../common/random_cases.hpp"
#include "cuda/column_table.cuh"
#include "device_harness.cuh"
#include "host/storage_access.hpp"
#include "plan/executors.hpp"
#include "plan/plan_implementation.hpp"
#include "plan/twiddles.hpp"
#include "tensorfft/tensorfft.h"

using namespace tensorfft;
using namespace tensorfft::testing;

namespace {

struct Tolerance {
  double relative_l2;
  double max_relative;
};

// ../shared/ACCURACY.md, by storage type; single_fp16 must stay below cuFFT
// fp16's measured 1.9e-3 ... 2.3e-3 at large N.
// Over few elements relL2 is a noisy estimate of the rounding distribution
// (n = 2, batch 1 is four numbers), so the storage-floor bounds of 16-bit
// types widen by 1 + 2/sqrt(elements); at 2^12 elements that is 3%.
Tolerance tolerance_for(StorageType storage, ComputeMode mode, int log2n, double elements = 1e12) {
  const double sample = 1 + 2 / std::sqrt(elements);
  if (mode == ComputeMode::single_fp16) {
    // Measured on the H100: 2.9e-4 at n = 2 up to 6.7e-4 at 2^26 (fp16 storage),
    // against cuFFT fp16's 5.4e-4 ... 2.3e-3.
    const double bound = storage == StorageType::complex_bf16 ? 3.0e-3 : 3.5e-4 * (1 + 0.05 * log2n);
    return {bound * sample, 20 * bound * sample};
  }
  switch (storage) {
    case StorageType::complex_fp64: return {1e-15 * (1 + 0.25 * log2n), 2e-14 * (1 + 0.25 * log2n)};
    case StorageType::complex_fp32: return {1e-7 * (1 + 0.25 * log2n), 2e-6 * (1 + 0.25 * log2n)};
    case StorageType::complex_fp16: return {3.5e-4 * sample, 20 * 3.5e-4 * sample};
    case StorageType::complex_bf16: return {2.6e-3 * sample, 20 * 2.6e-3 * sample};
  }
  return {0, 0};
}

struct Totals {
  int passed = 0, failed = 0;
  FILE* log = nullptr;
  void record(bool ok, const std::string& line) {
    (ok ? passed : failed)++;
    if (!ok) std::printf("FAIL %s\n", line.c_str());
    if (log) std::fprintf(log, "%s %s\n", ok ? "ok  " : "FAIL", line.c_str());
  }
  void skip(const std::string& line) {  // a case this device cannot run (not a failure)
    std::printf("SKIP %s\n", line.c_str());
    if (log) std::fprintf(log, "SKIP %s\n", line.c_str());
  }
};

// Thrown where the device has no room for a test's buffers (cudaMalloc
// failed; the error is cleared): the large cases then skip.
struct NoDeviceMemory : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// cudaMalloc, or NoDeviceMemory naming `what`.
void* device_allocate(std::size_t bytes, const char* what) {
  void* pointer = nullptr;
  const cudaError_t status = cudaMalloc(&pointer, bytes);
  if (status != cudaSuccess) {
    cudaGetLastError();
    char text[160];
    std::snprintf(text, sizeof text, "cudaMalloc of %.1f GiB for %s: %s", double(bytes) / double(std::size_t{1} << 30),
                  what, cudaGetErrorString(status));
    throw NoDeviceMemory(text);
  }
  return pointer;
}

struct Buffers {
  double2* reference_input = nullptr;
  double2* reference_output = nullptr;
  void* input = nullptr;
  void* output = nullptr;
  double* sums = nullptr;
  std::size_t capacity = 0;  // complex elements
  explicit Buffers(std::size_t elements) : capacity(elements) {
    try {
      reference_input = static_cast<double2*>(device_allocate(elements * sizeof(double2), "the reference input"));
      reference_output = static_cast<double2*>(device_allocate(elements * sizeof(double2), "the reference"));
      input = device_allocate(elements * sizeof(double2), "the input");
      output = device_allocate(elements * sizeof(double2), "the output");
      sums = static_cast<double*>(device_allocate(4 * sizeof(double), "the error sums"));
    } catch (...) {
      release();
      throw;
    }
  }
  Buffers(const Buffers&) = delete;
  Buffers& operator=(const Buffers&) = delete;
  ~Buffers() { release(); }
  void release() {
    for (void* pointer : {static_cast<void*>(reference_input), static_cast<void*>(reference_output), input, output,
                          static_cast<void*>(sums)}) {
      cudaFree(pointer);  // null: nothing
    }
    reference_input = reference_output = nullptr;
    input = output = nullptr;
    sums = nullptr;
  }
};

std::int64_t transform_elements(const Problem& p) {
  std::int64_t elements = 1;
  for (std::int64_t size : p.sizes) elements *= size;
  return elements;
}

int log2_elements(const Problem& p) { return static_cast<int>(std::log2(double(transform_elements(p)))); }

std::vector<long long> sizes_of(const Problem& p) { return std::vector<long long>(p.sizes.begin(), p.sizes.end()); }

std::string case_name(const Problem& p, const char* variant) {
  std::string shape;
  for (std::int64_t size : p.sizes) shape += (shape.empty() ? "" : "x") + std::to_string(size);
  char text[240];
  std::snprintf(text, sizeof text, "n=%s batch=%lld %s %s %s norm=%s%s %s", shape.c_str(), (long long)p.batch,
                to_string(p.storage), to_string(p.mode), to_string(p.direction), to_string(p.normalization),
                p.intermediates == Intermediates::compact ? " compact" : "", variant);
  return text;
}

double expected_scale(const Problem& p) {
  const double n = double(transform_elements(p));
  switch (p.normalization) {
    case Normalization::ortho: return 1 / std::sqrt(n);
    case Normalization::forward: return p.direction == Direction::forward ? 1 / n : 1;
    case Normalization::backward: return p.direction == Direction::inverse ? 1 / n : 1;
  }
  return 1;
}

// Transform b of a batch scaled by 2^exponent(b), from -spread to +spread.
__host__ __device__ int transform_exponent(std::int64_t b, int spread) {
  return static_cast<int>(b * 5 % 9 - 4) * spread / 4;
}

__global__ void scale_transforms(double2* data, std::int64_t count, std::int64_t n, int spread) {
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < count;
       i += std::int64_t{gridDim.x} * blockDim.x) {
    const double factor = ldexp(1.0, transform_exponent(i / n, spread));
    data[i].x *= factor;
    data[i].y *= factor;
  }
}

// Uniform random input of `count` elements in buffers.input (the problem's
// storage), transform b scaled by 2^transform_exponent(b, spread), and
// with_reference: cuFFT fp64's transform of the unrounded values in
// buffers.reference_output.
void prepare_input(const Problem& problem, Buffers& buffers, std::int64_t count, std::uint64_t seed,
                   bool with_reference, int spread = 0) {
  fill_uniform<<<1024, 256>>>(buffers.reference_input, count, seed);
  cuda_check(cudaGetLastError(), "fill_uniform");
  if (spread != 0) {
    scale_transforms<<<1024, 256>>>(buffers.reference_input, count, transform_elements(problem), spread);
    cuda_check(cudaGetLastError(), "scale_transforms");
  }
  if (with_reference) {
    cufft_reference(buffers.reference_input, buffers.reference_output, sizes_of(problem), problem.batch,
                    problem.direction == Direction::forward ? CUFFT_FORWARD : CUFFT_INVERSE);
  }
  convert_input(problem.storage, buffers.reference_input, buffers.input, count);
}

void run_case(const Problem& problem, bool in_place, Buffers& buffers, Totals& totals, std::uint64_t seed,
              const char* note = "") {
  const std::int64_t count = transform_elements(problem) * problem.batch;
  const std::size_t bytes = count * element_bytes(problem.storage);
  const int log2n = log2_elements(problem);
  const std::string name = case_name(problem, in_place ? "in-place" : "out-of-place") + note;
  if (static_cast<std::size_t>(count) > buffers.capacity) return;  // too large for this run's --max-log2
  try {
    prepare_input(problem, buffers, count, seed, true);
    Plan plan = make_plan(problem, Backend::cuda);
    void* output = in_place ? buffers.input : buffers.output;
    if (!in_place) poison(buffers.output, bytes);
    plan.execute(buffers.input, output);
    cuda_check(cudaDeviceSynchronize(), "execute");
    const ErrorMetrics error = measure_error(problem.storage, output, buffers.reference_output, count,
                                             expected_scale(problem), buffers.sums);
    Tolerance tolerance = tolerance_for(problem.storage, problem.mode, log2n, double(count));
    tolerance.relative_l2 = tensorfft_tests::with_compact_intermediates(tolerance.relative_l2, plan);
    const bool ok = error.relative_l2 <= tolerance.relative_l2 && error.max_relative <= tolerance.max_relative;
    char detail[200];
    std::snprintf(detail, sizeof detail, " relL2 %.3e (<= %.2e) maxrel %.3e (<= %.2e) non-finite %.0f",
                  error.relative_l2, tolerance.relative_l2, error.max_relative, tolerance.max_relative,
                  error.non_finite);
    totals.record(ok, name + detail + " " + plan.describe());
  } catch (const std::exception& e) {
    totals.record(false, name + " threw: " + e.what());
  }
}

// inverse(forward(x)) with the default (backward) normalization returns x.
void run_roundtrip(Problem problem, Buffers& buffers, Totals& totals, std::uint64_t seed) {
  const std::int64_t count = transform_elements(problem) * problem.batch;
  const std::size_t bytes = count * element_bytes(problem.storage);
  const std::string name = case_name(problem, "roundtrip");
  try {
    prepare_input(problem, buffers, count, seed, false);
    problem.direction = Direction::forward;
    Plan forward = make_plan(problem, Backend::cuda);
    problem.direction = Direction::inverse;
    Plan inverse = make_plan(problem, Backend::cuda);
    poison(buffers.output, bytes);
    forward.execute(buffers.input, buffers.output);
    poison(buffers.input, bytes);
    inverse.execute(buffers.output, buffers.input);
    cuda_check(cudaDeviceSynchronize(), "roundtrip");
    const ErrorMetrics error =
        measure_error(problem.storage, buffers.input, buffers.reference_input, count, 1.0, buffers.sums);
    const int log2n = log2_elements(problem);
    // Two transforms: each may contribute its full tolerance.
    const double bound = 2 * tolerance_for(problem.storage, problem.mode, log2n, double(count)).relative_l2;
    char detail[120];
    std::snprintf(detail, sizeof detail, " roundtrip relL2 %.3e (<= %.2e)", error.relative_l2, bound);
    totals.record(error.relative_l2 <= bound, name + detail);
  } catch (const std::exception& e) {
    totals.record(false, name + " threw: " + e.what());
  }
}

// The same plan on both executors: results agree to within the mode's tolerance.
void run_host_agreement(const Problem& problem, Buffers& buffers, Totals& totals) {
  const std::int64_t count = transform_elements(problem) * problem.batch;
  const std::size_t bytes = count * element_bytes(problem.storage);
  const std::string name = case_name(problem, "host-vs-cuda");
  if (static_cast<std::size_t>(count) > buffers.capacity) return;  // too large for this run's --max-log2
  try {
    prepare_input(problem, buffers, count, 99, false);
    std::vector<unsigned char> host_input(bytes), host_output(bytes), device_output(bytes);
    cuda_check(cudaMemcpy(host_input.data(), buffers.input, bytes, cudaMemcpyDeviceToHost), "copy");
    Plan device_plan = make_plan(problem, Backend::cuda);
    Plan host_plan = make_plan(problem, Backend::host);
    poison(buffers.output, bytes);
    device_plan.execute(buffers.input, buffers.output);
    cuda_check(cudaMemcpy(device_output.data(), buffers.output, bytes, cudaMemcpyDeviceToHost), "copy");
    host_plan.execute(host_input.data(), host_output.data());
    double difference = 0, norm = 0;
    for (std::int64_t i = 0; i < count; ++i) {
      const auto a = host::load_element<double>(problem.storage, device_output.data(), i);
      const auto b = host::load_element<double>(problem.storage, host_output.data(), i);
      difference += std::norm(a - b);
      norm += std::norm(b);
    }
    const double relative = std::sqrt(difference / norm);
    const double bound = tolerance_for(problem.storage, problem.mode, 20).relative_l2;
    char detail[120];
    std::snprintf(detail, sizeof detail, " host/cuda relL2 %.3e (<= %.2e)", relative, bound);
    totals.record(relative <= bound, name + detail);
  } catch (const std::exception& e) {
    totals.record(false, name + " threw: " + e.what());
  }
}

// An input and output one element past 16-byte alignment (the storage
// type's alignment, which make_plan requires, but not 16 bytes), out of
// place and in place, give the same bits as aligned ones: the CUDA-core
// kernels' bulk-copy fetches (cuda_core::InputFetch: 512 ... 2048 points,
// 8192 in fp32 storage, 16384 and 32768) and the staged copies of 16 points
// need 16 bytes and load directly otherwise.
void run_unaligned_case(const Problem& problem, Buffers& buffers, Totals& totals, std::uint64_t seed) {
  const std::int64_t count = transform_elements(problem) * problem.batch;
  const std::size_t element = element_bytes(problem.storage);
  const std::size_t bytes = count * element;
  const std::string name = case_name(problem, "input and output off 16-byte alignment");
  if (static_cast<std::size_t>(count) > buffers.capacity) return;  // too large for this run's --max-log2
  void* allocation = nullptr;
  try {
    prepare_input(problem, buffers, count, seed, false);
    Plan plan = make_plan(problem, Backend::cuda);
    poison(buffers.output, bytes);
    plan.execute(buffers.input, buffers.output);
    std::vector<unsigned char> expected(bytes), got(bytes), got_in_place(bytes);
    cuda_check(cudaMemcpy(expected.data(), buffers.output, bytes, cudaMemcpyDeviceToHost), "copy");
    cuda_check(cudaMalloc(&allocation, 2 * bytes + 16), "cudaMalloc");  // 256-byte aligned
    unsigned char* input = static_cast<unsigned char*>(allocation) + element;  // element is 4 or 8 bytes
    unsigned char* output = input + bytes;  // bytes is a multiple of 16 here: also off by one element
    cuda_check(cudaMemcpy(input, buffers.input, bytes, cudaMemcpyDeviceToDevice), "copy");
    poison(output, bytes);
    plan.execute(input, output);
    cuda_check(cudaMemcpy(got.data(), output, bytes, cudaMemcpyDeviceToHost), "copy");
    plan.execute(input, input);
    cuda_check(cudaMemcpy(got_in_place.data(), input, bytes, cudaMemcpyDeviceToHost), "copy");
    const bool ok = bytes % 16 == 0 && got == expected && got_in_place == expected;
    totals.record(ok, name + (ok ? ": same bits" : ": bits differ (or bytes not a multiple of 16)") + " " +
                          plan.describe());
  } catch (const std::exception& e) {
    totals.record(false, name + " threw: " + e.what());
  }
  if (allocation) cudaFree(allocation);
}

// Caller-supplied workspaces (Plan::execute's fourth argument): a workspace
// full of garbage gives the same bits as the plan's own, also on its second
// use (the tile counters in it are zeroed per transform) and with two
// streams running the plan at once, each with its own workspace; a
// workspace not aligned to 16 bytes is refused with unaligned_data.  A plan
// made without its own workspace (PlanOptions::allocate_workspace false)
// needs as many bytes, gives the same bits in a caller's workspace, and
// refuses to run without one (invalid_value); so does the C API with
// tensorfftSetAutoAllocation(0) until tensorfftSetWorkArea, and with its
// default one workspace serves both directions (the roundtrip's bits are
// the C++ plans').
void run_workspace_case(const Problem& problem, Buffers& buffers, Totals& totals, std::uint64_t seed) {
  const std::int64_t count = transform_elements(problem) * problem.batch;
  const std::size_t bytes = count * element_bytes(problem.storage);
  const std::string name = case_name(problem, "caller workspace");
  void* workspaces[2] = {nullptr, nullptr};
  void* second_output = nullptr;
  cudaStream_t streams[2] = {nullptr, nullptr};
  try {
    prepare_input(problem, buffers, count, seed, false);
    Plan plan = make_plan(problem, Backend::cuda);
    const std::size_t workspace = plan.workspace_bytes();
    std::vector<unsigned char> expected(bytes), got(bytes), got_second(bytes);
    poison(buffers.output, bytes);
    plan.execute(buffers.input, buffers.output);
    cuda_check(cudaMemcpy(expected.data(), buffers.output, bytes, cudaMemcpyDeviceToHost), "copy");
    for (void*& w : workspaces) {
      cuda_check(cudaMalloc(&w, workspace + 256), "cudaMalloc workspace");
      poison(w, workspace + 256);
    }
    cuda_check(cudaMalloc(&second_output, bytes), "cudaMalloc output");
    bool same = true;
    for (int use = 0; use < 2; ++use) {  // the second use finds the first's counters
      poison(buffers.output, bytes);
      plan.execute(buffers.input, buffers.output, nullptr, workspaces[0]);
      cuda_check(cudaMemcpy(got.data(), buffers.output, bytes, cudaMemcpyDeviceToHost), "copy");
      same = same && got == expected;
    }
    for (cudaStream_t& s : streams) cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
    poison(buffers.output, bytes);
    poison(second_output, bytes);
    cuda_check(cudaDeviceSynchronize(), "poison");  // the streams do not wait for the legacy stream
    for (int repeat = 0; repeat < 3; ++repeat) {
      plan.execute(buffers.input, buffers.output, streams[0], workspaces[0]);
      plan.execute(buffers.input, second_output, streams[1], workspaces[1]);
    }
    cuda_check(cudaDeviceSynchronize(), "two streams");
    cuda_check(cudaMemcpy(got.data(), buffers.output, bytes, cudaMemcpyDeviceToHost), "copy");
    cuda_check(cudaMemcpy(got_second.data(), second_output, bytes, cudaMemcpyDeviceToHost), "copy");
    same = same && got == expected && got_second == expected;
    bool refused = workspace == 0;
    if (workspace > 0) {
      try {
        plan.execute(buffers.input, buffers.output, nullptr, static_cast<char*>(workspaces[0]) + 8);
      } catch (const Error& e) {
        refused = e.status() == Status::unaligned_data;
      }
    }
    // Without its own workspace.
    PlanOptions without;
    without.allocate_workspace = false;
    const Plan borrowing = make_plan(problem, Backend::cuda, without);
    bool borrowing_right = borrowing.workspace_bytes() == workspace;
    poison(buffers.output, bytes);
    borrowing.execute(buffers.input, buffers.output, nullptr, workspaces[1]);
    cuda_check(cudaMemcpy(got.data(), buffers.output, bytes, cudaMemcpyDeviceToHost), "copy");
    borrowing_right = borrowing_right && got == expected;
    bool refused_without = workspace == 0;
    try {
      borrowing.execute(buffers.input, buffers.output);
      borrowing_right = borrowing_right && workspace == 0;
    } catch (const Error& e) {
      refused_without = e.status() == Status::invalid_value;
    }
    // The C API: forward then inverse in place, with its own workspace and
    // with none until a work area is set.
    bool c_api_right = problem.input_layout.embed.empty() && problem.output_layout.embed.empty() &&
                       problem.intermediates == Intermediates::full && problem.direction == Direction::forward &&
                       problem.max_radix == 0;
    if (c_api_right) {
      Problem inverse_problem = problem;
      inverse_problem.direction = Direction::inverse;
      const Plan inverse = make_plan(inverse_problem, Backend::cuda);
      poison(second_output, bytes);
      plan.execute(buffers.input, second_output);
      inverse.execute(second_output, second_output);
      std::vector<unsigned char> roundtrip(bytes), c_roundtrip(bytes);
      cuda_check(cudaMemcpy(roundtrip.data(), second_output, bytes, cudaMemcpyDeviceToHost), "copy");
      for (int auto_allocate : {1, 0}) {
        tensorfftHandle handle = nullptr;
        c_api_right = c_api_right && tensorfftCreate(&handle) == TENSORFFT_SUCCESS;
        std::vector<long long> n(problem.sizes.begin(), problem.sizes.end());
        std::size_t c_work_size = 0;
        const tensorfftDataType type = problem.storage == StorageType::complex_fp16   ? TENSORFFT_C_16F
                                       : problem.storage == StorageType::complex_bf16 ? TENSORFFT_C_16BF
                                       : problem.storage == StorageType::complex_fp64 ? TENSORFFT_C_64F
                                                                                      : TENSORFFT_C_32F;
        c_api_right = c_api_right &&
                      tensorfftSetComputeMode(handle, static_cast<tensorfftComputeMode>(problem.mode)) ==
                          TENSORFFT_SUCCESS &&
                      tensorfftSetNormalization(handle, static_cast<tensorfftNormalization>(problem.normalization)) ==
                          TENSORFFT_SUCCESS &&
                      tensorfftSetBackend(handle, TENSORFFT_BACKEND_CUDA) == TENSORFFT_SUCCESS &&
                      tensorfftSetAutoAllocation(handle, auto_allocate) == TENSORFFT_SUCCESS &&
                      tensorfftMakePlanMany64(handle, static_cast<int>(n.size()), n.data(), nullptr, 1, 0, nullptr, 1,
                                              0, type, problem.batch, &c_work_size) == TENSORFFT_SUCCESS &&
                      c_work_size == workspace;
        if (c_api_right && !auto_allocate && workspace > 0) {
          c_api_right = tensorfftExec(handle, buffers.input, second_output, TENSORFFT_FORWARD) ==
                        TENSORFFT_INVALID_VALUE;
          c_api_right = c_api_right && tensorfftSetWorkArea(handle, workspaces[0]) == TENSORFFT_SUCCESS;
        }
        poison(second_output, bytes);
        c_api_right = c_api_right &&
                      tensorfftExec(handle, buffers.input, second_output, TENSORFFT_FORWARD) == TENSORFFT_SUCCESS &&
                      tensorfftExec(handle, second_output, second_output, TENSORFFT_INVERSE) == TENSORFFT_SUCCESS;
        cuda_check(cudaMemcpy(c_roundtrip.data(), second_output, bytes, cudaMemcpyDeviceToHost), "copy");
        c_api_right = c_api_right && c_roundtrip == roundtrip;
        if (handle) tensorfftDestroy(handle);
      }
    }
    char detail[240];
    std::snprintf(detail, sizeof detail,
                  " workspace %zu bytes: %s, misaligned %s; without own: %s, none %s; C API %s", workspace,
                  same ? "same bits" : "DIFFERENT", refused ? "refused" : "NOT refused",
                  borrowing_right ? "same bits" : "WRONG", refused_without ? "refused" : "NOT refused",
                  c_api_right ? "ok" : "WRONG");
    totals.record(same && refused && borrowing_right && refused_without && c_api_right,
                  name + detail + " " + plan.describe());
  } catch (const std::exception& e) {
    totals.record(false, name + " threw: " + e.what());
  }
  for (void* w : workspaces) cudaFree(w);
  cudaFree(second_output);
  for (cudaStream_t s : streams) {
    if (s) cudaStreamDestroy(s);
  }
}

// Transforms of very different magnitudes in one batch (2^-spread ...
// 2^spread): each keeps its own accuracy, also where one register block or
// tile holds several transforms (their split scales must not be shared).
// The output scaled back by 2^-exponent(b) meets the usual tolerance
// against the reference scaled back alike (powers of two: exact).
void run_mixed_magnitudes(const Problem& problem, int spread, Buffers& buffers, Totals& totals, std::uint64_t seed) {
  const std::int64_t n = transform_elements(problem), count = n * problem.batch;
  const std::size_t bytes = count * element_bytes(problem.storage);
  const std::string name = case_name(problem, ("mixed-magnitudes-2^" + std::to_string(spread)).c_str());
  if (static_cast<std::size_t>(count) > buffers.capacity) return;
  try {
    prepare_input(problem, buffers, count, seed, true, spread);
    Plan plan = make_plan(problem, Backend::cuda);
    poison(buffers.output, bytes);
    plan.execute(buffers.input, buffers.output);
    cuda_check(cudaDeviceSynchronize(), "execute");
    std::vector<unsigned char> result(bytes);
    std::vector<double2> reference(count);
    cuda_check(cudaMemcpy(result.data(), buffers.output, bytes, cudaMemcpyDeviceToHost), "copy");
    cuda_check(cudaMemcpy(reference.data(), buffers.reference_output, count * sizeof(double2),
                          cudaMemcpyDeviceToHost),
               "copy");
    double difference = 0, norm = 0, worst_transform = 0;
    const double scale = expected_scale(problem);
    for (std::int64_t b = 0; b < problem.batch; ++b) {
      const double back = std::ldexp(1.0, -transform_exponent(b, spread));
      double transform_difference = 0, transform_norm = 0;
      for (std::int64_t i = b * n; i < (b + 1) * n; ++i) {
        const std::complex<double> value = host::load_element<double>(problem.storage, result.data(), i) * back;
        const std::complex<double> expected(reference[i].x * scale * back, reference[i].y * scale * back);
        transform_difference += std::norm(value - expected);
        transform_norm += std::norm(expected);
      }
      difference += transform_difference;
      norm += transform_norm;
      worst_transform = std::max(worst_transform, std::sqrt(transform_difference / transform_norm));
    }
    const double relative = std::sqrt(difference / norm);
    const Tolerance tolerance = tolerance_for(problem.storage, problem.mode, log2_elements(problem), double(count));
    // A transform that lost its precision to a larger neighbour's scale is
    // off by orders of magnitude; single transforms of few elements scatter
    // more than the batch, hence 4x for the worst one.
    const bool ok = relative <= tolerance.relative_l2 && worst_transform <= 4 * tolerance.relative_l2;
    char detail[200];
    std::snprintf(detail, sizeof detail, " relL2 %.3e (<= %.2e) worst transform %.3e (<= %.2e)", relative,
                  tolerance.relative_l2, worst_transform, 4 * tolerance.relative_l2);
    totals.record(ok, name + detail + " " + plan.describe());
  } catch (const std::exception& e) {
    totals.record(false, name + " threw: " + e.what());
  }
}

// Element (b, i) of a layout: b*distance + sum_k i_k*pitch_k (cuFFT's
// advanced layout), for the packed index b*prod(sizes) + linear(i).
std::int64_t layout_offset(const Problem& p, const Layout& layout, std::int64_t packed_index) {
  const std::size_t rank = p.sizes.size();
  const std::vector<std::int64_t> embed = layout.embed.empty() ? p.sizes : layout.embed;
  std::vector<std::int64_t> pitch(rank);
  std::int64_t running = layout.stride;
  for (std::size_t k = rank; k-- > 0;) {
    pitch[k] = running;
    running *= embed[k];
  }
  const std::int64_t distance = layout.distance == 0 ? running : layout.distance;
  const std::int64_t elements = transform_elements(p);
  std::int64_t rest = packed_index % elements, result = packed_index / elements * distance;
  for (std::size_t k = rank; k-- > 0;) {
    result += rest % p.sizes[k] * pitch[k];
    rest /= p.sizes[k];
  }
  return result;
}

std::int64_t layout_extent(const Problem& p, const Layout& layout) {
  std::int64_t extent = 0;
  for (std::int64_t i = 0; i < transform_elements(p) * p.batch; ++i) extent = std::max(extent, layout_offset(p, layout, i));
  return extent + 1;
}

// A transform with advanced input/output layouts (interleaved batches, padded
// rows, strides), out of place or in place: data placed into the layout on the
// host, the result gathered back and compared with cuFFT fp64.
void run_layout_case(const Problem& problem, bool in_place, const char* what, Buffers& buffers, Totals& totals,
                     std::uint64_t seed) {
  const std::int64_t count = transform_elements(problem) * problem.batch;
  const std::size_t element = element_bytes(problem.storage);
  const std::string name = case_name(problem, what);
  if (static_cast<std::size_t>(count) > buffers.capacity) return;  // too large for this run's --max-log2
  void* strided_input = nullptr;
  void* strided_output = nullptr;
  try {
    prepare_input(problem, buffers, count, seed, true);
    std::vector<unsigned char> packed(count * element);
    cuda_check(cudaMemcpy(packed.data(), buffers.input, packed.size(), cudaMemcpyDeviceToHost), "copy");
    const std::int64_t in_extent = layout_extent(problem, problem.input_layout);
    const std::int64_t out_extent = layout_extent(problem, problem.output_layout);
    std::vector<unsigned char> host_in(in_extent * element, 0x7F);  // gaps hold garbage the transform must skip
    for (std::int64_t i = 0; i < count; ++i) {
      std::memcpy(&host_in[layout_offset(problem, problem.input_layout, i) * element], &packed[i * element], element);
    }
    cuda_check(cudaMalloc(&strided_input, std::max(in_extent, out_extent) * element), "cudaMalloc");
    cuda_check(cudaMemcpy(strided_input, host_in.data(), host_in.size(), cudaMemcpyHostToDevice), "copy");
    if (in_place) {
      strided_output = strided_input;
    } else {
      cuda_check(cudaMalloc(&strided_output, out_extent * element), "cudaMalloc");
      poison(strided_output, out_extent * element);
    }
    Plan plan = make_plan(problem, Backend::cuda);
    plan.execute(strided_input, strided_output);
    cuda_check(cudaDeviceSynchronize(), "execute");
    std::vector<unsigned char> host_out(out_extent * element);
    cuda_check(cudaMemcpy(host_out.data(), strided_output, host_out.size(), cudaMemcpyDeviceToHost), "copy");
    for (std::int64_t i = 0; i < count; ++i) {
      std::memcpy(&packed[i * element], &host_out[layout_offset(problem, problem.output_layout, i) * element], element);
    }
    cuda_check(cudaMemcpy(buffers.output, packed.data(), packed.size(), cudaMemcpyHostToDevice), "copy");
    const ErrorMetrics error = measure_error(problem.storage, buffers.output, buffers.reference_output, count,
                                             expected_scale(problem), buffers.sums);
    Tolerance tolerance = tolerance_for(problem.storage, problem.mode, log2_elements(problem), double(count));
    tolerance.relative_l2 = tensorfft_tests::with_compact_intermediates(tolerance.relative_l2, plan);
    const bool ok = error.relative_l2 <= tolerance.relative_l2 && error.max_relative <= tolerance.max_relative;
    char detail[200];
    std::snprintf(detail, sizeof detail, " relL2 %.3e (<= %.2e) maxrel %.3e non-finite %.0f", error.relative_l2,
                  tolerance.relative_l2, error.max_relative, error.non_finite);
    totals.record(ok, name + detail);
  } catch (const std::exception& e) {
    totals.record(false, name + " threw: " + e.what());
  }
  if (strided_output && strided_output != strided_input) cudaFree(strided_output);
  if (strided_input) cudaFree(strided_input);
}

// ---- Large problems (--large): 64-bit element counts, batches far beyond
// 65535, and the longest 1D transforms.  Each allocates what it needs and
// prints SKIP (not a failure) where the device has too little memory.

// destination[i] = source[i mod period], bit for bit.
template <typename Storage>
__global__ void repeat_periodically(const Storage* source, Storage* destination, std::int64_t period,
                                    std::int64_t count) {
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < count;
       i += std::int64_t{gridDim.x} * blockDim.x) {
    destination[i] = source[i % period];
  }
}

// input[i] = product(i), rounded to the storage type.
template <typename Storage>
__global__ void separable_input(Storage* input, SeparableProduct product, std::int64_t count) {
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < count;
       i += std::int64_t{gridDim.x} * blockDim.x) {
    input[i] = from_double2<Storage>(product(i));
  }
}

// Unit complex numbers of uniform random phase.
__global__ void fill_unit_phases(double2* data, std::int64_t count, std::uint64_t seed) {
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < count;
       i += std::int64_t{gridDim.x} * blockDim.x) {
    double sine, cosine;
    sincospi(uniform_from_hash(seed, i), &sine, &cosine);
    data[i] = {cosine, sine};
  }
}

// Device memory of the large cases, freed on every path.
struct DeviceAllocation {
  void* pointer = nullptr;
  DeviceAllocation() = default;
  DeviceAllocation(const DeviceAllocation&) = delete;
  DeviceAllocation& operator=(const DeviceAllocation&) = delete;
  ~DeviceAllocation() {
    if (pointer) cudaFree(pointer);
  }
  void allocate(std::size_t bytes, const char* what) { pointer = device_allocate(bytes, what); }
};

// Runs one large case: a SKIP line, not a failure, where the device has no
// room for its buffers or the plan's workspace.
template <typename Body>
void run_large_case(const std::string& name, Totals& totals, Body&& body) {
  try {
    body();
  } catch (const NoDeviceMemory& e) {
    totals.skip(name + ": " + e.what());
  } catch (const Error& e) {
    if (e.status() == Status::allocation_failed) {
      cudaGetLastError();
      totals.skip(name + ": " + e.what());
    } else {
      totals.record(false, name + " threw: " + e.what());
    }
  } catch (const std::exception& e) {
    totals.record(false, name + " threw: " + e.what());
  }
}

// Records the check of `count` outputs against `reference`, or its failure.
template <typename Reference>
void record_large_case(const Problem& problem, const Plan& plan, const void* output, Reference reference,
                       std::int64_t count, double* sums, const std::string& name, Totals& totals) {
  const ErrorMetrics error =
      measure_error_against(problem.storage, output, reference, count, expected_scale(problem), sums);
  Tolerance tolerance = tolerance_for(problem.storage, problem.mode, log2_elements(problem), double(count));
  tolerance.relative_l2 = tensorfft_tests::with_compact_intermediates(tolerance.relative_l2, plan);
  const bool ok = error.relative_l2 <= tolerance.relative_l2 && error.max_relative <= tolerance.max_relative;
  char detail[220];
  std::snprintf(detail, sizeof detail, " %lld elements: relL2 %.3e (<= %.2e) maxrel %.3e (<= %.2e) non-finite %.0f",
                static_cast<long long>(count), error.relative_l2, tolerance.relative_l2, error.max_relative,
                tolerance.max_relative, error.non_finite);
  totals.record(ok, name + detail + " " + plan.describe());
}

// A batch of more than 2^32 elements whose input repeats every `period`
// transforms (odd: a batch offset that wrapped at a power of two would read
// a transform with other data), so every output element has a cuFFT fp64
// reference: that of transform b mod period.  Outputs are poisoned first.
void run_periodic_batch(const Problem& problem, bool in_place, std::int64_t period, Totals& totals,
                        std::uint64_t seed) {
  const std::int64_t n = transform_elements(problem), count = n * problem.batch, period_count = n * period;
  const std::size_t bytes = static_cast<std::size_t>(count) * element_bytes(problem.storage);
  const std::string name = case_name(problem, in_place ? "in-place periodic" : "out-of-place periodic");
  run_large_case(name, totals, [&] {
    Buffers reference(static_cast<std::size_t>(period_count));
    Problem first = problem;
    first.batch = period;
    prepare_input(first, reference, period_count, seed, true);
    Plan plan = make_plan(problem, Backend::cuda);  // allocates its workspace
    DeviceAllocation input, output;
    input.allocate(bytes, "the input");
    if (!in_place) output.allocate(bytes, "the output");
    void* result = in_place ? input.pointer : output.pointer;
    with_storage_element(problem.storage, [&](auto element) {
      using Storage = decltype(element);
      repeat_periodically<Storage><<<4096, 256>>>(static_cast<const Storage*>(reference.input),
                                                  static_cast<Storage*>(input.pointer), period_count, count);
    });
    cuda_check(cudaGetLastError(), "repeat_periodically");
    if (!in_place) poison(output.pointer, bytes);
    plan.execute(input.pointer, result);
    cuda_check(cudaDeviceSynchronize(), "execute");
    record_large_case(problem, plan, result, PeriodicReference{reference.reference_output, period_count}, count,
                      reference.sums, name, totals);
  });
}

// One 3D transform of n0 x n1 x n2 elements (2^32 and more), in place, from a
// separable input a[i0] b[i1] c[i2]: its transform is the product of three
// cuFFT fp64 1D transforms (SeparableProduct).  Each factor is the inverse
// transform of unit complex numbers of random phase, so every output has the
// same modulus: the max-error bound (relative to the rms) then holds for
// every element, where with uniform random factors the largest outputs were
// some 30 times the rms.  The input is scaled to an rms of 1, and the ortho
// normalization keeps the outputs near 1 in fp16's range.
void run_separable_transform(const Problem& problem, Totals& totals, std::uint64_t seed) {
  const std::int64_t count = transform_elements(problem) * problem.batch;
  const std::size_t bytes = static_cast<std::size_t>(count) * element_bytes(problem.storage);
  const std::string name = case_name(problem, "in-place separable");
  run_large_case(name, totals, [&] {
    if (problem.sizes.size() != 3 || problem.batch != 1 || problem.normalization != Normalization::ortho) {
      throw std::logic_error("one 3D transform, ortho normalization");
    }
    const int log2_n1 = static_cast<int>(std::log2(double(problem.sizes[1])));
    const int log2_n2 = static_cast<int>(std::log2(double(problem.sizes[2])));
    Buffers factors(static_cast<std::size_t>(problem.sizes[0] + problem.sizes[1] + problem.sizes[2]));
    double2* inputs[3];
    double2* transforms[3];
    for (int axis = 0, offset = 0; axis < 3; offset += static_cast<int>(problem.sizes[axis++])) {
      inputs[axis] = factors.reference_input + offset;
      transforms[axis] = factors.reference_output + offset;
      auto* phases = static_cast<double2*>(factors.input) + offset;
      fill_unit_phases<<<64, 256>>>(phases, problem.sizes[axis], seed + axis);
      cuda_check(cudaGetLastError(), "fill_unit_phases");
      cufft_reference(phases, inputs[axis], {problem.sizes[axis]}, 1, CUFFT_INVERSE);  // rms sqrt(n)
      cufft_reference(inputs[axis], transforms[axis], {problem.sizes[axis]}, 1,
                      problem.direction == Direction::forward ? CUFFT_FORWARD : CUFFT_INVERSE);
    }
    const double input_scale = 1 / std::sqrt(double(count));
    Plan plan = make_plan(problem, Backend::cuda);
    DeviceAllocation data;
    data.allocate(bytes, "the data");
    with_storage_element(problem.storage, [&](auto element) {
      using Storage = decltype(element);
      separable_input<Storage><<<4096, 256>>>(
          static_cast<Storage*>(data.pointer),
          SeparableProduct{inputs[0], inputs[1], inputs[2], log2_n1, log2_n2, input_scale}, count);
    });
    cuda_check(cudaGetLastError(), "separable_input");
    plan.execute(data.pointer, data.pointer);
    cuda_check(cudaDeviceSynchronize(), "execute");
    record_large_case(problem, plan, data.pointer,
                      SeparableProduct{transforms[0], transforms[1], transforms[2], log2_n1, log2_n2, input_scale},
                      count, factors.sums, name, totals);
  });
}

// Issue 3's 64-bit indexing and longest sizes on the device: batches of 2^32
// elements and more in every kind of pass (register transforms of 16 and
// 1024 points, the single-pass 4096, two-pass 2^20, 2D and 3D axes), one 3D
// transform of 2^32 elements, and N = 2^27, 2^28 against cuFFT fp64.
void run_large_problems(Totals& totals, std::uint64_t& seed) {
  const auto problem = [](std::vector<std::int64_t> sizes, std::int64_t batch, StorageType storage,
                          ComputeMode mode, Intermediates intermediates = Intermediates::full) {
    Problem p;
    p.sizes = std::move(sizes);
    p.batch = batch;
    p.storage = storage;
    p.mode = mode;
    p.intermediates = intermediates;
    return p;
  };
  const auto fp16 = StorageType::complex_fp16, bf16 = StorageType::complex_bf16, fp32 = StorageType::complex_fp32;
  const auto split = ComputeMode::split_fp16, single = ComputeMode::single_fp16;
  const std::int64_t two_32 = std::int64_t{1} << 32;
  run_periodic_batch(problem({16}, two_32 / 16 + 3, fp16, split), false, 4097, totals, seed++);
  run_periodic_batch(problem({1024}, two_32 / 1024 + 5, fp16, split), false, 65, totals, seed++);
  run_periodic_batch(problem({4096}, two_32 / 4096 + 3, fp32, split), true, 17, totals, seed++);
  run_periodic_batch(problem({1 << 20}, two_32 / (1 << 20) + 1, fp16, split, Intermediates::compact), false, 3,
                     totals, seed++);
  run_periodic_batch(problem({1 << 20}, two_32 / (1 << 20) + 1, fp32, split), true, 3, totals, seed++);
  {
    Problem p = problem({2048, 2048}, two_32 / (2048 * 2048) + 1, bf16, single, Intermediates::compact);
    p.direction = Direction::inverse;
    p.normalization = Normalization::ortho;
    run_periodic_batch(p, false, 3, totals, seed++);
  }
  run_periodic_batch(problem({256, 256, 256}, two_32 / (1 << 24) + 1, fp16, split, Intermediates::compact), false,
                     3, totals, seed++);
  for (const auto& [storage, mode, intermediates] :
       {std::tuple{fp16, split, Intermediates::compact}, std::tuple{fp32, single, Intermediates::full}}) {
    Problem p = problem({1024, 2048, 2048}, 1, storage, mode, intermediates);
    p.normalization = Normalization::ortho;
    run_separable_transform(p, totals, seed);
    seed += 3;
  }
  // N = 2^27 and 2^28 against cuFFT fp64 of the whole transform.
  try {
    Buffers buffers(std::size_t{1} << 28);
    for (int log2n : {27, 28}) {
      run_case(problem({std::int64_t{1} << log2n}, 1, fp16, split), false, buffers, totals, seed++);
      run_case(problem({std::int64_t{1} << log2n}, 1, fp32, split), log2n == 28, buffers, totals, seed++);
      Problem p = problem({std::int64_t{1} << log2n}, 1, bf16, single, Intermediates::compact);
      p.direction = Direction::inverse;
      run_case(p, false, buffers, totals, seed++);
    }
  } catch (const NoDeviceMemory& e) {
    totals.skip(std::string("N = 2^27, 2^28: ") + e.what());
  }
}

// Every case but the large ones: sizes 2 ... 2^max_log2 (every 3rd with
// quick), or only the 2D/3D shapes.
// The column tables filled on the device (cuda::column_power_roots_kernel, the passes after more than 2^12
// columns) against the host's (plan::column_power_roots, long double rounded to fp32): each part within one
// ulp of 1 (2^-24), and how many entries differ at all.
void run_column_table_agreement(Totals& totals) {
  for (const int log2_columns : {13, 16, 18}) {
    for (const int sign : {-1, 1}) {
      const std::int64_t columns = std::int64_t{1} << log2_columns;
      const std::size_t floats = static_cast<std::size_t>(8 * columns);
      char name[96];
      std::snprintf(name, sizeof name, "column table on the device: A = 2^%d sign %+d", log2_columns, sign);
      try {
        void* table = device_allocate(floats * sizeof(float), "a column table");
        poison(table, floats * sizeof(float));
        if (sign < 0) {
          cuda::column_power_roots_kernel<-1><<<256, 256>>>(static_cast<float2*>(table), log2_columns);
        } else {
          cuda::column_power_roots_kernel<1><<<256, 256>>>(static_cast<float2*>(table), log2_columns);
        }
        cuda_check(cudaGetLastError(), "column_power_roots_kernel launch");
        std::vector<float> device(floats);
        cuda_check(cudaMemcpy(device.data(), table, floats * sizeof(float), cudaMemcpyDeviceToHost), "copy");
        cuda_check(cudaFree(table), "cudaFree");
        const std::vector<float> host = plan::column_power_roots(columns, sign);
        double largest = 0;
        std::int64_t differing = 0;
        for (std::size_t i = 0; i < floats; ++i) {
          const double difference = std::fabs(double(device[i]) - double(host[i]));  // NaN (poison) fails below
          largest = std::isnan(difference) ? difference : std::max(largest, difference);
          differing += device[i] != host[i];
        }
        char detail[96];
        std::snprintf(detail, sizeof detail, ": largest difference %.3g (<= 2^-24), %lld of %zu parts differ", largest,
                      static_cast<long long>(differing), floats);
        totals.record(largest <= std::ldexp(1.0, -24), name + std::string(detail));
      } catch (const std::exception& e) {
        totals.record(false, name + std::string(" threw: ") + e.what());
      }
    }
  }
}

void run_regular_suite(int max_log2, bool quick, bool shapes_only, Totals& totals) {
  const std::int64_t max_elements = std::int64_t{1} << max_log2;
  const std::int64_t batched_elements = std::min<std::int64_t>(max_elements, std::int64_t{1} << (quick ? 16 : 22));
  Buffers buffers(static_cast<std::size_t>(std::max(max_elements, batched_elements + 256)));
  const StorageType storages[] = {StorageType::complex_fp32, StorageType::complex_fp16, StorageType::complex_bf16};
  const ComputeMode modes[] = {ComputeMode::split_fp16, ComputeMode::single_fp16, ComputeMode::fp32};
  std::uint64_t seed = 1;
  const int step = quick ? 3 : 1;
  for (int log2n = 1; log2n <= (shapes_only ? 0 : max_log2); log2n += step) {
    const std::int64_t n = std::int64_t{1} << log2n;
    for (StorageType storage : storages) {
      for (ComputeMode mode : modes) {
        Problem p;
        p.sizes = {n};
        p.storage = storage;
        p.mode = mode;
        run_case(p, false, buffers, totals, seed++);
        if (log2n % 3 == 0) run_roundtrip(p, buffers, totals, seed++);
        if (n < batched_elements) {
          p.batch = batched_elements / n + (n < 64 ? 3 : 0);  // also a batch that is not a power of two
          run_case(p, false, buffers, totals, seed++);
          p.direction = Direction::inverse;
          run_case(p, false, buffers, totals, seed++);
          p.batch = 1;
        }
      }
    }
    Problem p64;
    p64.sizes = {n};
    p64.storage = StorageType::complex_fp64;
    p64.mode = ComputeMode::fp64;
    p64.batch = std::max<std::int64_t>(1, batched_elements / n);
    run_case(p64, false, buffers, totals, seed++);
    // In place where a single pass reads fp16/bf16 storage of the longest
    // length it holds on chip (plan::pass_limits), and where a first pass of
    // 4096 points (the longest with columns apart) and one of 2048 make it,
    // and a two-pass 2^15 (256 x 128).
    if (log2n == 14 || log2n == 15 || log2n == 23) {
      for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
        Problem p;
        p.sizes = {n};
        p.batch = 3;
        p.mode = mode;
        p.storage = mode == ComputeMode::split_fp16 ? StorageType::complex_fp16 : StorageType::complex_bf16;
        run_case(p, true, buffers, totals, seed++);
        // fp32 storage's 2^14-point pass fetches the next tile while this one
        // runs: in place, with more tiles than blocks and a partial last round.
        if (log2n == 14 && static_cast<std::size_t>(n * 269) <= buffers.capacity) {
          p.storage = StorageType::complex_fp32;
          p.batch = 269;
          run_case(p, true, buffers, totals, seed++);
        }
      }
    }
    // Normalizations and in place at a few sizes.
    if (log2n % 5 == 1 || log2n == max_log2) {
      for (Normalization norm : {Normalization::ortho, Normalization::forward, Normalization::backward}) {
        Problem p;
        p.sizes = {n};
        p.storage = StorageType::complex_fp16;
        p.normalization = norm;
        p.direction = Direction::inverse;
        run_case(p, false, buffers, totals, seed++);
        p.direction = Direction::forward;
        p.storage = StorageType::complex_fp32;
        run_case(p, true, buffers, totals, seed++);
      }
    }
    // Whole 16- ... 32768-point transforms on the CUDA cores (cuda::cuda_core_16_point_kernel with staged
    // copies, cuda_core_eight_thread_kernel, cuda_core_warp_transform_kernel, cuda_core_short_transform_kernel,
    // cuda_core_transform_kernel,
    // cuda_core_transform_8192_kernel, cuda_core_transform_16384_kernel,
    // the last in clusters of 2 blocks for 2^15 points; 2^16 points as two
    // CUDA-core passes of 256: the fp32 mode, and the tensor-core
    // modes' radix-4 schedules): in place and out, each direction and
    // normalization, every storage, a batch of several rounds of the
    // resident blocks (clusters) with a partial last one.
    if (log2n >= 4 && log2n <= 16) {
      for (StorageType storage : storages) {
        for (Normalization norm : {Normalization::ortho, Normalization::forward, Normalization::backward}) {
          Problem p;
          p.sizes = {n};
          p.mode = norm == Normalization::backward ? ComputeMode::split_fp16 : ComputeMode::fp32;
          if (p.mode == ComputeMode::split_fp16) p.max_radix = 4;  // the CUDA-core schedule in every storage
          p.storage = storage;
          p.normalization = norm;
          const std::size_t rounds = log2n < 12 ? 4999 : 797;
          // (A short --max-log2 run's buffers may hold only a few transforms.)
          p.batch = static_cast<std::size_t>(n) * rounds <= buffers.capacity ? rounds
                    : static_cast<std::size_t>(n) * 3 <= buffers.capacity  ? 3
                                                                            : 1;
          p.direction = norm == Normalization::forward ? Direction::forward : Direction::inverse;
          run_case(p, norm != Normalization::backward, buffers, totals, seed++);
          if (norm == Normalization::backward) run_unaligned_case(p, buffers, totals, seed++);
        }
      }
    }
    if (log2n <= 16 && log2n % 4 == 0) {
      for (ComputeMode mode : modes) {
        Problem p;
        p.sizes = {n};
        p.batch = 3;
        p.mode = mode;
        p.storage = StorageType::complex_fp16;
        run_host_agreement(p, buffers, totals);
      }
    }
  }
  // Batches whose transforms differ in magnitude by up to 2^80 (fp16
  // storage: 2^8, its range), batch sizes that leave the last register
  // block of the 16 ... 128-point passes partial.
  for (int log2n = 4; log2n <= std::min(12, max_log2 - 12) && !shapes_only; ++log2n) {
    for (StorageType storage : storages) {
      for (ComputeMode mode : modes) {
        Problem p;
        p.sizes = {std::int64_t{1} << log2n};
        p.storage = storage;
        p.mode = mode;
        p.batch = 4099;
        run_mixed_magnitudes(p, storage == StorageType::complex_fp16 ? 4 : 40, buffers, totals, seed++);
      }
    }
  }
  // 2D and 3D: square, flat and tall shapes, batches, every storage and mode.
  const std::vector<std::vector<std::int64_t>> shapes = {
      {2, 2},      {16, 8},      {2, 1024},     {1024, 2},      {64, 64},       {256, 512},
      {1024, 1024}, {2048, 2048}, {4096, 4096}, {8192, 8192}, {1024, 8192}, {2, 2, 2}, {8, 16, 4}, {32, 32, 32},
      {4, 4096, 2}, {128, 128, 128}, {256, 256, 256}, {512, 512, 256}, {4, 16384}, {16384, 4},
      {128, 128},  {2, 128, 128}, {64, 128, 128}, {4, 32768},
      // planes of 64 and 256 columns (the CUDA-core plane kernel), and 4 x 64 x 256 (its 4-point axis: no plane)
      {64, 256},   {256, 64},     {64, 64, 256},  {128, 256, 64}, {4, 64, 256},
      // strided 2048 / 4096-point axes whose tiles in parts (fp32 storage) fit
      // the columns side by side (2048 x 16, 4096 x 4) or not (2048 x 4)
      {2048, 16},  {2048, 4},     {4096, 4},
      // a strided 8192-point axis (fp32 storage: 512 x 16 / 1024 x 8) of fewer columns than a tile
      {8192, 2}};
  for (const auto& shape : shapes) {
    Problem p;
    p.sizes = shape;
    const int log2_shape = log2_elements(p);
    const auto fits = [&](std::int64_t batch) {
      return static_cast<std::size_t>(transform_elements(p) * batch) <= buffers.capacity;
    };
    if (log2_shape > max_log2 || (quick && log2_shape > 16) || !fits(1)) continue;
    for (StorageType storage : storages) {
      for (ComputeMode mode : modes) {
        p.storage = storage;
        p.mode = mode;
        p.batch = 1;
        p.direction = Direction::forward;
        run_case(p, false, buffers, totals, seed++);
        if (log2_shape <= 14 && fits(3)) {
          p.batch = 3;
          p.direction = Direction::inverse;
          run_case(p, false, buffers, totals, seed++);
          p.batch = 1;
        }
      }
    }
    p.storage = StorageType::complex_fp64;
    p.mode = ComputeMode::fp64;
    run_case(p, false, buffers, totals, seed++);
    p.storage = StorageType::complex_fp32;
    p.mode = ComputeMode::split_fp16;
    run_case(p, true, buffers, totals, seed++);
    if (log2_shape <= 18) run_roundtrip(p, buffers, totals, seed++);
    if (log2_shape <= 14 && fits(2)) {
      p.batch = 2;
      p.storage = StorageType::complex_fp16;
      run_host_agreement(p, buffers, totals);
    }
  }
  // The passes only one kernel holds: the plane pass (the last two axes of
  // 128 x 128 planes in one pass; the radix-4 schedule's CUDA-core plane
  // kernel, and the default radices' register-block pass: radix 16 asked
  // for, or a later axis too short for the CUDA cores) and the
  // paired-halves pass (fp16/bf16 storage's 2^15-point single pass: two
  // blocks per transform, each writing every other output), in place and
  // out of place, with each normalization (applied by the pass or after
  // it), an odd batch, and the host executor on the same plan.
  const std::vector<std::pair<std::vector<std::int64_t>, int>> single_kernel_shapes = {
      {{128, 128}, 0}, {{256, 64}, 0}, {{64, 256}, 0}, {{128, 128}, 16}, {{2, 128, 128}, 0}, {{1 << 15}, 0}};
  for (const auto& [shape, max_radix] : single_kernel_shapes) {
    for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
      for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16}) {
        Problem p;
        p.sizes = shape;
        p.max_radix = max_radix;
        p.batch = 3;
        if (static_cast<std::size_t>(transform_elements(p) * p.batch) > buffers.capacity) continue;
        p.mode = mode;
        p.storage = storage;
        p.direction = Direction::inverse;
        p.normalization = mode == ComputeMode::split_fp16 ? Normalization::ortho : Normalization::backward;
        run_case(p, true, buffers, totals, seed++);
        p.direction = Direction::forward;
        p.normalization = Normalization::forward;
        run_case(p, false, buffers, totals, seed++);
        p.batch = 2;
        p.normalization = Normalization::backward;
        run_host_agreement(p, buffers, totals);
      }
    }
  }
  // Passes of 128 ... 4096 points of several (1D) and along strided axes on
  // the CUDA cores (cuda::cuda_core_pass_kernel, the split mode's radix-4
  // schedule here; the fp32 mode's default stages run it in the sweeps
  // above): pass twiddles, columns in runs of a tile or fewer (2048 x 4:
  // four columns, 2048 x 2: a partial tile; 4096 points: tiles of two
  // columns of 8-byte inputs, four of 4-byte ones, two lanes per thread,
  // 4096 x 2 a partial tile; 4096^2 and 2 x 4096^2 in fp16/bf16 storage
  // and 8192 x 4096 with the cross-row step of four; 256 x 8192 and 2 x 512 x 8192 with the step of
  // two rows in the 8192-point pass, as 8192^2 takes it in fp32 storage; 8192^2 with the step of four there
  // in fp16/bf16 storage (its odd rows staged in shared memory), in place too; 16384 x 1024 and 16384 x 4096, whose strided
  // axis takes two passes of 128 points, 256 x 65536, whose contiguous axis takes two; strided axes of 64
  // points: 64 x 8 a partial tile, 8192 x 1024 as 128 | 64, 64 x 256 x 256; 4096 x 16: a strided
  // 4096-point axis of four tiles a transform, batch 3), every storage, both
  // directions, each normalization, in place (a strided axis of one pass)
  // and out, an odd batch, and the host executor on the same plan.
  for (const std::vector<std::int64_t>& shape :
       {std::vector<std::int64_t>{1 << 17}, {1 << 18}, {1 << 19}, {1 << 20}, {1 << 21}, {1 << 22}, {1 << 24},
        {1024, 1024}, {512, 2048}, {2048, 4}, {2048, 2}, {4, 512, 8}, {256, 256, 256}, {256, 8}, {4, 256, 2}, {1 << 23}, {128, 64},
        {8, 128, 4}, {4096, 4096}, {4096, 8}, {2048, 8}, {2, 4096, 2}, {4096, 2}, {4096, 128}, {2, 4096, 4096},
        {256, 8192}, {2, 512, 8192}, {8192, 4096}, {16384, 1024}, {16384, 4096}, {256, 65536}, {64, 8}, {2, 64, 4},
        {8192, 1024}, {64, 256, 256}, {4096, 16}, {8192, 8192}}) {
    for (StorageType storage : storages) {
      Problem p;
      p.sizes = shape;
      p.mode = ComputeMode::split_fp16;
      p.max_radix = 4;
      p.storage = storage;
      p.batch = transform_elements(p) <= (1 << 16) ? 3 : 1;
      if (log2_elements(p) > max_log2 || static_cast<std::size_t>(transform_elements(p) * p.batch) > buffers.capacity) {
        continue;
      }
      p.direction = Direction::inverse;
      p.normalization = Normalization::ortho;
      run_case(p, shape.size() > 1, buffers, totals, seed++);
      p.direction = Direction::forward;
      p.normalization = Normalization::forward;
      run_case(p, false, buffers, totals, seed++);
      if ((transform_elements(p) <= (1 << 16) || shape == std::vector<std::int64_t>{256, 8192}) &&
          storage == StorageType::complex_fp16) {
        p.normalization = Normalization::backward;
        run_host_agreement(p, buffers, totals);
      }
      // Off alignment: 4096 x 8 and 2048 x 8, the two-lane passes of 4096 and 2048 points writing 4-byte
      // outputs apart; N = 2^20, the first pass reading the caller's input two columns at a time (paired
      // loads, which fall back to one column a load there).
      const bool unaligned_shape = shape == std::vector<std::int64_t>{4096, 8} ||
                                   shape == std::vector<std::int64_t>{2048, 8} ||
                                   shape == std::vector<std::int64_t>{1 << 20};
      if (unaligned_shape && storage != StorageType::complex_fp32) run_unaligned_case(p, buffers, totals, seed++);
      // The same passes with compact intermediates (fp16/bf16 storage): the
      // instances that read and write the 4-byte format.
      if (storage != StorageType::complex_fp32) {
        p.intermediates = Intermediates::compact;
        p.normalization = Normalization::backward;
        run_case(p, false, buffers, totals, seed++);
        p.direction = Direction::inverse;
        run_case(p, shape.size() > 1, buffers, totals, seed++);
        // (4096^2 and 256 x 8192: the cross-row steps, plan::runs_cross_row_step, and the host's rounding
        // points for them.)
        if (transform_elements(p) <= (1 << 16) || shape == std::vector<std::int64_t>{4096, 4096} ||
            shape == std::vector<std::int64_t>{256, 8192}) {
          run_host_agreement(p, buffers, totals);
        }
        // 4096 x 8: the paired stores' pass (its outputs written 8 bytes at a time) off 8-byte alignment; the
        // others: passes with paired loads of compact intermediates.
        if (unaligned_shape) run_unaligned_case(p, buffers, totals, seed++);
      }
    }
  }
  // Compact intermediates (Intermediates::compact: fp16/bf16 storage, the
  // tensor-core modes): multi-pass 1D, 2D and 3D shapes, both directions
  // (the inverse's 1/N leaves fp16 outputs near the subnormal range), in
  // place, gathered and scattered layouts, and the host executor's rounding
  // points.  Tolerances widen per intermediate (tests/common/
  // intermediate_tolerance.hpp).
  for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
    for (StorageType storage : {StorageType::complex_fp16, StorageType::complex_bf16}) {
      for (const std::vector<std::int64_t>& shape :
           std::vector<std::vector<std::int64_t>>{{64, 64}, {256, 64}, {64, 256}, {16, 8, 32}, {8, 1 << 15},
                                                  {1 << 20}, {1 << 24}, {1 << 26}, {1024, 1024}, {4096, 4096},
                                                  {4, 4096, 2},
                                                  {2, 128, 128}, {128, 128, 128}, {512, 512, 256},
                                                  {8192, 8192}, {1024, 8192}, {8192, 4096}, {16384, 4096}}) {
        Problem p;
        p.sizes = shape;
        p.storage = storage;
        p.mode = mode;
        p.intermediates = Intermediates::compact;
        if (log2_elements(p) > max_log2 || (quick && log2_elements(p) > 16)) continue;
        run_case(p, false, buffers, totals, seed++);
        p.direction = Direction::inverse;
        run_case(p, false, buffers, totals, seed++);
        if (log2_elements(p) <= 20) run_case(p, true, buffers, totals, seed++);
      }
      Problem p;
      p.storage = storage;
      p.mode = mode;
      p.intermediates = Intermediates::compact;
      p.sizes = {64, 64};  // padded rows in, strided and padded out
      p.batch = 3;
      p.input_layout = {{64, 72}, 1, 64 * 72 + 16};
      p.output_layout = {{64, 65}, 2, 0};
      run_layout_case(p, false, "padded-in-strided-out", buffers, totals, seed++);
      p.input_layout = p.output_layout = {};
      p.sizes = {2048, 16};
      if (static_cast<std::size_t>(transform_elements(p) * p.batch) <= buffers.capacity) {
        run_host_agreement(p, buffers, totals);
      }
    }
  }
  // The run-time-shape kernel alone (TENSORFFT_RUNTIME_SHAPE_KERNELS=1, read
  // at plan creation): every pass it holds, with full and compact
  // intermediates; a plan with a pass only the fixed-shape or CUDA-core
  // kernels hold (the 2^14-point single pass, the 2^15-point one: fp16/bf16
  // storage's, and the split mode's in any storage, the 128 x 128 plane
  // pass) is refused with not_supported.
  // 2^15 points are one pass (a cluster of two blocks) in fp16/bf16 storage and in fp32 storage's split mode,
  // except where the planner gives the latter two passes (plan::single_pass_in_clusters: memory-rich devices).
  const auto single_pass_2_to_15 = [](StorageType storage, ComputeMode mode) {
    if (storage != StorageType::complex_fp32) return true;
    Problem p;
    p.sizes = {1 << 15};
    p.storage = storage;
    p.mode = mode;
    return mode == ComputeMode::split_fp16 &&
           plan::single_pass_in_clusters(p, true, cuda_memory_bytes_per_sm_cycle());
  };
  setenv("TENSORFFT_RUNTIME_SHAPE_KERNELS", "1", 1);
  for (ComputeMode mode : {ComputeMode::split_fp16, ComputeMode::single_fp16}) {
    for (StorageType storage : storages) {
      for (Intermediates intermediates : {Intermediates::full, Intermediates::compact}) {
        if (intermediates == Intermediates::compact && storage == StorageType::complex_fp32) continue;
        for (const std::vector<std::int64_t>& shape : std::vector<std::vector<std::int64_t>>{
                 {16}, {256}, {4096}, {1 << 15}, {1 << 20}, {64, 64}, {1024, 1024}, {16, 8, 32}}) {
          if (shape == std::vector<std::int64_t>{1 << 15} && single_pass_2_to_15(storage, mode)) continue;
          Problem p;
          p.sizes = shape;
          p.storage = storage;
          p.mode = mode;
          p.intermediates = intermediates;
          p.batch = log2_elements(p) <= 12 ? 3 : 1;
          if (static_cast<std::size_t>(transform_elements(p) * p.batch) > buffers.capacity) p.batch = 1;
          if (log2_elements(p) > max_log2 || (quick && log2_elements(p) > 16) ||
              static_cast<std::size_t>(transform_elements(p)) > buffers.capacity) {
            continue;
          }
          run_case(p, false, buffers, totals, seed++, " run-time-shape kernels");
        }
      }
      for (const std::vector<std::int64_t>& shape :
           {std::vector<std::int64_t>{1 << 14}, {128, 128}, {1 << 15}}) {
        if (shape == std::vector<std::int64_t>{1 << 15} && !single_pass_2_to_15(storage, mode)) continue;
        Problem p;
        p.sizes = shape;
        p.storage = storage;
        p.mode = mode;
        const std::string name = case_name(p, "run-time-shape kernels");
        try {
          make_plan(p, Backend::cuda);
          totals.record(false, name + ": not refused");
        } catch (const Error& e) {
          totals.record(e.status() == Status::not_supported, name + " refused: " + e.what());
        }
      }
    }
  }
  unsetenv("TENSORFFT_RUNTIME_SHAPE_KERNELS");
  if (shapes_only) return;
  // Caller workspaces: single-pass and several-pass plans with tile counters
  // (8-byte outputs: fp32 N = 4096 and 2^18), with register-block counters
  // (fp32 N = 64 and 512: many chunks; fp16 4 x 64, whose 64-point axis
  // writes fp32 intermediates: a partial last chunk), ones without (fp16 N =
  // 4096, and 2^15: the paired-halves pass), a 2D and a 3D one.
  struct WorkspaceCase {
    std::vector<std::int64_t> shape;
    StorageType storage;
    std::int64_t batch;
  };
  for (const WorkspaceCase& c : std::vector<WorkspaceCase>{{{4096}, StorageType::complex_fp32, 4},
                                                         {{4096}, StorageType::complex_fp16, 4},
                                                         {{1 << 15}, StorageType::complex_fp16, 4},
                                                         {{1 << 18}, StorageType::complex_fp32, 4},
                                                         {{64}, StorageType::complex_fp32, 4099},
                                                         {{512}, StorageType::complex_fp32, 1025},
                                                         {{4, 64}, StorageType::complex_fp16, 4099},
                                                         {{256, 256}, StorageType::complex_fp32, 4},
                                                         {{32, 64, 64}, StorageType::complex_bf16, 4}}) {
    Problem p;
    p.sizes = c.shape;
    p.storage = c.storage;
    p.batch = c.batch;
    if (static_cast<std::size_t>(transform_elements(p) * p.batch) <= buffers.capacity) {
      run_workspace_case(p, buffers, totals, seed++);
    }
  }
  // Advanced layouts (cuFFT/FFTW inembed/istride/idist, onembed/ostride/odist).
  for (StorageType storage : {StorageType::complex_fp32, StorageType::complex_fp16}) {
    Problem p;
    p.storage = storage;
    p.sizes = {256};  // interleaved batches: element i of batch b at i*batch + b
    p.batch = 4;
    p.input_layout = {{}, 4, 1};
    p.output_layout = {{}, 4, 1};
    run_layout_case(p, false, "interleaved-batches", buffers, totals, seed++);
    run_layout_case(p, true, "interleaved-batches in-place", buffers, totals, seed++);
    p.sizes = {64, 64};  // padded rows in, packed out
    p.batch = 3;
    p.input_layout = {{64, 72}, 1, 64 * 72 + 16};
    p.output_layout = {};
    run_layout_case(p, false, "padded-rows-in", buffers, totals, seed++);
    p.input_layout = {};  // packed in, strided and padded out
    p.output_layout = {{64, 65}, 2, 0};
    run_layout_case(p, false, "strided-padded-out", buffers, totals, seed++);
    p.sizes = {8, 16, 4};  // 3D, strided in, interleaved batches out
    p.batch = 2;
    p.input_layout = {{8, 16, 5}, 2, 0};
    p.output_layout = {{}, 2, 1};
    p.direction = Direction::inverse;
    run_layout_case(p, false, "3d-strided", buffers, totals, seed++);
    // CUDA-core passes (radix 4) beside a gathered input and a scattered
    // output in the workspace, an odd batch.
    p.sizes = {256, 512};
    p.batch = 3;
    p.max_radix = 4;
    p.direction = Direction::forward;
    p.input_layout = {{256, 520}, 1, 256 * 520 + 8};
    p.output_layout = {{256, 513}, 2, 0};
    run_layout_case(p, false, "padded-in-strided-out radix-4", buffers, totals, seed++);
    p.sizes = {1 << 17};
    p.input_layout = {{}, 3, 1};  // interleaved batches
    p.output_layout = {{}, 3, 1};
    run_layout_case(p, true, "interleaved-batches in-place radix-4", buffers, totals, seed++);
    // The CUDA-core plane kernel reading the workspace a gathered input went to, then scattered.
    p.sizes = {128, 128};
    p.max_radix = 0;
    p.input_layout = {{128, 136}, 1, 128 * 136 + 8};
    p.output_layout = {{128, 129}, 2, 0};
    run_layout_case(p, false, "padded-in-strided-out planes", buffers, totals, seed++);
  }
  // Random shapes and layouts (tests/common/random_cases.hpp, fixed seed):
  // batch 1-5, any storage and mode.
  std::mt19937_64 random(20261122);
  const int random_cases = quick ? 24 : 96, random_max_log2 = std::min(quick ? 14 : 20, max_log2);
  for (int c = 0; c < random_cases; ++c) {
    const tensorfft_tests::RandomCase r =
        tensorfft_tests::random_case(random, random_max_log2, 5, [&](std::mt19937_64& draw, Problem& p) {
          p.storage = storages[draw() % 3];
          p.mode = modes[draw() % 3];
        });
    const std::string what = "random-" + std::to_string(c) + " in " +
                             tensorfft_tests::layout_kind(r.problem.input_layout) + " out " +
                             tensorfft_tests::layout_kind(r.problem.output_layout) + (r.in_place ? " in-place" : "");
    run_layout_case(r.problem, r.in_place, what.c_str(), buffers, totals, seed++);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int max_log2 = 26;
  bool quick = false;
  bool shapes_only = false;  // only the 2D/3D shapes (a memcheck run of their kernels)
  bool large = false, large_only = false;  // run_large_problems after the rest, or alone
  const char* log_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--max-log2") && i + 1 < argc) {
      max_log2 = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--quick")) {
      quick = true;
    } else if (!std::strcmp(argv[i], "--shapes-only")) {
      shapes_only = true;
    } else if (!std::strcmp(argv[i], "--large")) {
      large = true;
    } else if (!std::strcmp(argv[i], "--large-only")) {
      large = large_only = true;
    } else if (!std::strcmp(argv[i], "--log") && i + 1 < argc) {
      log_path = argv[++i];
    } else {
      std::fprintf(stderr,
                   "usage: gpu_accuracy_tests [--max-log2 N] [--quick] [--shapes-only] [--large | --large-only] "
                   "[--log FILE]\n");
      return 2;
    }
  }
  std::string reason;
  if (!cuda_available(&reason)) {
    std::printf("no usable GPU (%s): GPU tests skipped\n", reason.c_str());
    return 77;  // CTest SKIP_RETURN_CODE
  }
  Totals totals;
  if (log_path) totals.log = std::fopen(log_path, "w");
  if (!large_only) {
    run_column_table_agreement(totals);
    run_regular_suite(max_log2, quick, shapes_only, totals);
  }
  if (large) {
    std::uint64_t seed = 1000003;
    run_large_problems(totals, seed);
  }
  std::printf("%d passed, %d failed\n", totals.passed, totals.failed);
  if (totals.log) std::fclose(totals.log);
  return totals.failed == 0 ? 0 : 1;
}
