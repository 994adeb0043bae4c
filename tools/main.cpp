// The tensorfft command-line program: transforms complex .npy arrays, shows
// the library's accuracy and speed on random data, and benchmarks it beside
// cuFFT (the bench command lives in bench/).
//
// Exit status: 0 success; 1 a failure while working (unreadable input,
// library error, existing output); 2 a usage error (unknown option, missing
// or bad value).  Every error is one line on stderr starting "tensorfft: error:".
#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <new>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#ifdef TENSORFFT_TOOL_HAVE_CUDA
#include <cuda_runtime.h>
#endif

#include "bench/bench.hpp"
#include "cli.hpp"
#include "host/reference_dft.hpp"
#include "host/storage_access.hpp"
#include "npy.hpp"
#include "tensorfft/tensorfft.hpp"

#ifndef TENSORFFT_TOOL_VERSION
#define TENSORFFT_TOOL_VERSION "unknown"
#endif

namespace {

using tensorfft::Backend;
using tensorfft::ComputeMode;
using tensorfft::Direction;
using tensorfft::Normalization;
using tensorfft::Plan;
using tensorfft::Problem;
using tensorfft::StorageType;
using tensorfft::tools::NpyArray;
using tensorfft::tools::NpyDtype;
using tensorfft::tools::cli::Arguments;
using tensorfft::tools::cli::backend_choices;
using tensorfft::tools::cli::exit_failure;
using tensorfft::tools::cli::exit_success;
using tensorfft::tools::cli::exit_usage;
using tensorfft::tools::cli::mode_choices;
using tensorfft::tools::cli::norm_choices;
using tensorfft::tools::cli::parse_arguments;
using tensorfft::tools::cli::parse_choice;
using tensorfft::tools::cli::parse_integer;
using tensorfft::tools::cli::parse_size_list;
using tensorfft::tools::cli::storage_choices;
using tensorfft::tools::cli::UsageError;

// ---- help ----

const char* const main_help = R"(usage: tensorfft <command> [options]
       tensorfft --help | --version

Fast Fourier transforms on tensor cores, with a host backend that reproduces
the GPU's rounding.

commands:
  transform INPUT.npy OUTPUT.npy   transform a complex64 or complex128 .npy array
  demo                             accuracy and timing on random data
  bench                            benchmark and accuracy sweep beside cuFFT (CSV, JSON)

Run 'tensorfft <command> --help' for the options of a command.
Exit status: 0 success, 1 failure (bad input file, library error, existing
output), 2 usage error.
)";

const char* const transform_help = R"(usage: tensorfft transform INPUT.npy OUTPUT.npy [options]

Transforms the last axis of a complex64 or complex128 .npy array, like
numpy.fft.fft; --rank 2 or 3 transforms the last 2 or 3 axes, like
numpy.fft.fftn over those axes.  The leading axes are a batch.  Transform
sizes must be powers of two.

options:
  --inverse          the inverse transform (exponent sign +1)
  --norm NAME        backward (default: the inverse is scaled by 1/n), ortho
                     (both by 1/sqrt(n)) or forward (the forward by 1/n)
  --rank R           transform the last R axes: 1 (default), 2 or 3
  --axes-from-shape  transform every axis of a 1-, 2- or 3-axis array (no batch)
  --storage TYPE     fp32, fp16, bf16 or fp64 (default: fp32 for complex64
                     input, fp64 for complex128 input or --mode fp64)
  --mode MODE        split_fp16, single_fp16, fp32 or fp64 (default: fp64 with
                     fp64 storage, else split_fp16)
  --intermediates I  full (default) or compact: what a transform of several
                     passes keeps between them; compact (4 bytes per value)
                     needs fp16/bf16 storage and split_fp16 or single_fp16
  --backend NAME     auto (default: cuda when a GPU is usable), cuda or host
  --force            overwrite OUTPUT.npy if it exists
  --verbose          print the chosen backend and the plan
  -h, --help         show this help

The input is rounded to the storage type before the transform: with fp16 or
bf16 storage that rounding is part of the result's error, as it is for anyone
who keeps data in 16 bits.  The output is complex64, or complex128 with fp64
storage.  It is written to a temporary file that is then renamed, so an
existing OUTPUT.npy is never left half-written.
)";

const char* const demo_help = R"(usage: tensorfft demo [options]

Transforms uniform random complex data (real and imaginary parts in [-1, 1])
forward and prints, for each size and (storage, mode) pair, the plan, the
error against a long-double FFT of the unrounded input (relL2: relative L2
error; maxrel: largest error over the rms of the reference) and the median
time of a few executions.

options:
  --sizes N,N,...    transform sizes, powers of two up to 2^24
                     (default: 256,4096,65536)
  --storage TYPE     only this storage: fp32, fp16, bf16 or fp64
  --mode MODE        only this mode: split_fp16, single_fp16, fp32 or fp64
  --backend NAME     auto (default: cuda when a GPU is usable), cuda or host
  --runs N           timed executions per row after one warm-up (default: 5)
  -h, --help         show this help

Default pairs: fp32/split_fp16, fp32/fp32, fp16/split_fp16, fp16/single_fp16,
bf16/split_fp16.  With --storage or --mode alone, every pair that has it is
run.
)";

// ---- running a plan ----

#ifdef TENSORFFT_TOOL_HAVE_CUDA
void check_cuda(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    throw std::runtime_error(std::string(what) + " failed: " + cudaGetErrorString(status));
  }
}

class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t bytes) {
    check_cuda(cudaMalloc(&pointer_, std::max<std::size_t>(bytes, 1)), "cudaMalloc");
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    const cudaError_t status = cudaFree(pointer_);
    if (status != cudaSuccess)
      std::fprintf(stderr, "tensorfft: warning: cudaFree failed: %s\n", cudaGetErrorString(status));
  }
  void* get() const { return pointer_; }

 private:
  void* pointer_ = nullptr;
};

class CudaEvent {
 public:
  CudaEvent() { check_cuda(cudaEventCreate(&event_), "cudaEventCreate"); }
  CudaEvent(const CudaEvent&) = delete;
  CudaEvent& operator=(const CudaEvent&) = delete;
  ~CudaEvent() {
    const cudaError_t status = cudaEventDestroy(event_);
    if (status != cudaSuccess) {
      std::fprintf(stderr, "tensorfft: warning: cudaEventDestroy failed: %s\n", cudaGetErrorString(status));
    }
  }
  cudaEvent_t get() const { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};
#endif

// Host memory for `bytes` of storage elements, aligned for every storage type.
class HostBuffer {
 public:
  explicit HostBuffer(std::size_t bytes)
      : words_(std::max<std::size_t>(1, (bytes + sizeof(Word) - 1) / sizeof(Word))) {}
  void* data() { return words_.data(); }
  const void* data() const { return words_.data(); }

 private:
  using Word = std::complex<double>;  // the widest element, so its alignment suffices
  std::vector<Word> words_;
};

// Executes a plan out of place on packed data, through device memory when the
// plan's backend is CUDA.  The host buffers hold the storage elements.
class Runner {
 public:
  Runner(const Plan& plan, std::size_t bytes) : plan_(plan), bytes_(bytes), host_input_(bytes), host_output_(bytes) {
#ifdef TENSORFFT_TOOL_HAVE_CUDA
    if (plan.backend() == Backend::cuda) {
      device_input_ = std::make_unique<DeviceBuffer>(bytes);
      device_output_ = std::make_unique<DeviceBuffer>(bytes);
    }
#else
    if (plan.backend() == Backend::cuda) {
      throw std::runtime_error("the plan chose the CUDA backend but this program was built without the CUDA runtime");
    }
#endif
  }

  void* input() { return host_input_.data(); }
  const void* output() const { return host_output_.data(); }

  // Copies the input to the device (for CUDA), runs once and copies the result back.
  void execute() {
#ifdef TENSORFFT_TOOL_HAVE_CUDA
    if (device_input_) {
      check_cuda(cudaMemcpy(device_input_->get(), host_input_.data(), bytes_, cudaMemcpyHostToDevice),
                 "cudaMemcpy to the device");
      plan_.execute(device_input_->get(), device_output_->get());
      check_cuda(cudaDeviceSynchronize(), "the transform (cudaDeviceSynchronize)");
      check_cuda(cudaMemcpy(host_output_.data(), device_output_->get(), bytes_, cudaMemcpyDeviceToHost),
                 "cudaMemcpy from the device");
      return;
    }
#endif
    plan_.execute(host_input_.data(), host_output_.data());
  }

  // Median seconds of `runs` executions on data already in place (after
  // execute()), without the copies: cudaEvents on the GPU, a steady clock on
  // the host.
  double median_seconds(int runs) {
    std::vector<double> seconds;
    for (int run = 0; run < runs; ++run) {
#ifdef TENSORFFT_TOOL_HAVE_CUDA
      if (device_input_) {
        CudaEvent start, stop;
        check_cuda(cudaEventRecord(start.get(), nullptr), "cudaEventRecord");
        plan_.execute(device_input_->get(), device_output_->get());
        check_cuda(cudaEventRecord(stop.get(), nullptr), "cudaEventRecord");
        check_cuda(cudaEventSynchronize(stop.get()), "the transform (cudaEventSynchronize)");
        float milliseconds = 0;
        check_cuda(cudaEventElapsedTime(&milliseconds, start.get(), stop.get()), "cudaEventElapsedTime");
        seconds.push_back(milliseconds * 1e-3);
        continue;
      }
#endif
      const auto begin = std::chrono::steady_clock::now();
      plan_.execute(host_input_.data(), host_output_.data());
      seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
    std::sort(seconds.begin(), seconds.end());
    const std::size_t middle = seconds.size() / 2;
    return seconds.size() % 2 ? seconds[middle] : (seconds[middle - 1] + seconds[middle]) / 2;
  }

 private:
  const Plan& plan_;
  [[maybe_unused]] std::size_t bytes_;  // used by the CUDA copies
  HostBuffer host_input_;
  HostBuffer host_output_;
#ifdef TENSORFFT_TOOL_HAVE_CUDA
  std::unique_ptr<DeviceBuffer> device_input_;
  std::unique_ptr<DeviceBuffer> device_output_;
#endif
};

std::string shape_text(const std::vector<std::int64_t>& shape) {
  std::string out = "(";
  for (std::size_t k = 0; k < shape.size(); ++k) out += (k ? ", " : "") + std::to_string(shape[k]);
  return out + (shape.size() == 1 ? ",)" : ")");
}

// ---- transform ----

int run_transform(const std::vector<std::string>& args) {
  const Arguments arguments =
      parse_arguments("transform", args, {"--norm", "--rank", "--storage", "--mode", "--intermediates", "--backend"},
                      {"--inverse", "--axes-from-shape", "--force", "--verbose"});
  if (arguments.help) {
    std::fputs(transform_help, stdout);
    return exit_success;
  }
  if (arguments.positional.size() != 2) {
    throw UsageError("transform needs INPUT.npy and OUTPUT.npy, got " + std::to_string(arguments.positional.size()) +
                     " file names (see 'tensorfft transform --help')");
  }
  const std::string& input_path = arguments.positional[0];
  const std::string& output_path = arguments.positional[1];
  const bool force = arguments.flag("--force");

  Problem problem;
  problem.direction = arguments.flag("--inverse") ? Direction::inverse : Direction::forward;
  if (const auto* norm = arguments.value("--norm")) problem.normalization = parse_choice("--norm", *norm, norm_choices);
  if (const auto* name = arguments.value("--intermediates")) {
    static const std::vector<std::pair<const char*, tensorfft::Intermediates>> intermediates_choices = {
        {"full", tensorfft::Intermediates::full}, {"compact", tensorfft::Intermediates::compact}};
    problem.intermediates = parse_choice("--intermediates", *name, intermediates_choices);
  }
  Backend backend = Backend::automatic;
  if (const auto* name = arguments.value("--backend")) backend = parse_choice("--backend", *name, backend_choices);
  const std::string* storage_name = arguments.value("--storage");
  const std::string* mode_name = arguments.value("--mode");
  StorageType requested_storage{};
  ComputeMode requested_mode{};
  if (storage_name) requested_storage = parse_choice("--storage", *storage_name, storage_choices);
  if (mode_name) requested_mode = parse_choice("--mode", *mode_name, mode_choices);
  const bool axes_from_shape = arguments.flag("--axes-from-shape");
  std::size_t rank = 1;
  if (const auto* text = arguments.value("--rank")) {
    if (axes_from_shape) throw UsageError("give either --rank or --axes-from-shape, not both");
    rank = static_cast<std::size_t>(parse_integer("--rank", *text, 1, 3));
  }

  // Refuse before the work; write_npy checks again when it writes.
  namespace fs = std::filesystem;
  std::error_code status_error;
  if (!force && fs::exists(fs::symlink_status(output_path, status_error))) {
    throw std::runtime_error(output_path + ": already exists; pass --force to overwrite it");
  }
  const fs::path output_folder = fs::path(output_path).parent_path();
  if (!output_folder.empty() && !fs::is_directory(output_folder, status_error)) {
    throw std::runtime_error(output_path + ": the folder " + output_folder.string() + " does not exist");
  }

  const NpyArray input = tensorfft::tools::read_npy(input_path);
  const std::size_t dimensions = input.shape.size();
  if (axes_from_shape) {
    if (dimensions < 1 || dimensions > 3) {
      throw std::runtime_error(input_path +
                               ": --axes-from-shape needs an array with 1 to 3 axes, the array has shape " +
                               shape_text(input.shape));
    }
    rank = dimensions;
  }
  if (dimensions < rank) {
    throw std::runtime_error(input_path + ": a rank-" + std::to_string(rank) +
                             " transform needs an array with at least " + std::to_string(rank) +
                             (rank == 1 ? " axis" : " axes") + ", the array has shape " + shape_text(input.shape));
  }
  problem.sizes.assign(input.shape.end() - static_cast<std::ptrdiff_t>(rank), input.shape.end());
  problem.batch = 1;
  for (std::size_t k = 0; k + rank < dimensions; ++k) problem.batch *= input.shape[k];  // the reader bounds the product

  // Storage follows the input's precision unless a flag says otherwise; fp64
  // storage and fp64 mode only go together.
  if (storage_name) {
    problem.storage = requested_storage;
  } else if (mode_name) {
    problem.storage = requested_mode == ComputeMode::fp64 ? StorageType::complex_fp64 : StorageType::complex_fp32;
  } else {
    problem.storage = input.dtype == NpyDtype::complex128 ? StorageType::complex_fp64 : StorageType::complex_fp32;
  }
  if (mode_name) {
    problem.mode = requested_mode;
  } else {
    problem.mode = problem.storage == StorageType::complex_fp64 ? ComputeMode::fp64 : ComputeMode::split_fp16;
  }

  const NpyDtype output_dtype =
      problem.storage == StorageType::complex_fp64 ? NpyDtype::complex128 : NpyDtype::complex64;
  const std::int64_t elements = input.element_count();

  // An empty batch: check the rest of the problem, then write the empty result.
  const std::int64_t batch = problem.batch;
  if (batch == 0) problem.batch = 1;
  // The library numbers the transform's axes; say which array axes they are.
  const auto plan_for = [&]() {
    try {
      return tensorfft::make_plan(problem, backend);
    } catch (const tensorfft::Error& plan_error) {
      throw tensorfft::Error(plan_error.status(), input_path + ": " + plan_error.what() +
                                                      " (the transform axes are the last " + std::to_string(rank) +
                                                      " of shape " + shape_text(input.shape) + ")");
    }
  };
  const Plan plan = plan_for();
  if (arguments.flag("--verbose")) {
    std::printf("backend: %s (%s)\nplan: %s\n", tensorfft::to_string(plan.backend()), plan.backend_reason().c_str(),
                plan.describe().c_str());
  }
  NpyArray output;
  output.reset(output_dtype, input.shape);
  if (batch > 0) {
    Runner runner(plan, static_cast<std::size_t>(elements) * tensorfft::element_bytes(problem.storage));
    // Complex128 input bound for 16-bit storage is rounded twice (to float,
    // then to 16 bits), which differs from one rounding only in rare ties.
    for (std::int64_t i = 0; i < elements; ++i) {
      const std::complex<double> value = input.dtype == NpyDtype::complex64
                                             ? std::complex<double>(input.complex64[static_cast<std::size_t>(i)])
                                             : input.complex128[static_cast<std::size_t>(i)];
      const std::complex<double> stored = tensorfft::host::store_element(problem.storage, runner.input(), i, value);
      if (std::isfinite(value.real()) && std::isfinite(value.imag()) &&
          !(std::isfinite(stored.real()) && std::isfinite(stored.imag()))) {
        char message[200];
        std::snprintf(message, sizeof message, "element %lld (%.6g%+.6gj) overflows %s storage",
                      static_cast<long long>(i), value.real(), value.imag(), tensorfft::to_string(problem.storage));
        throw std::runtime_error(input_path + ": " + message + ": scale the input down or use wider storage");
      }
    }
    runner.execute();
    for (std::int64_t i = 0; i < elements; ++i) {
      const auto value = tensorfft::host::load_element<double>(problem.storage, runner.output(), i);
      if (output_dtype == NpyDtype::complex64) {
        output.complex64[static_cast<std::size_t>(i)] = std::complex<float>(value);
      } else {
        output.complex128[static_cast<std::size_t>(i)] = value;
      }
    }
  }
  tensorfft::tools::write_npy(output_path, output, force);
  return exit_success;
}

// ---- demo ----

// Three significant digits in a unit that keeps the number below 1000.
std::string format_seconds(double seconds) {
  double value = seconds * 1e6;
  const char* unit = "us";
  if (seconds >= 1) {
    value = seconds;
    unit = "s";
  } else if (seconds >= 1e-3) {
    value = seconds * 1e3;
    unit = "ms";
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.*f %s", value < 10 ? 2 : value < 100 ? 1 : 0, value, unit);
  return text;
}

// Uniform in [-1, 1], computed from the raw generator output so that every
// standard library gives the same numbers; rounded to float, the precision a
// complex64 user holds, and that value is the "unrounded" input.
std::vector<std::complex<float>> random_input(std::int64_t size, std::uint64_t seed) {
  std::mt19937_64 generator(seed);
  const auto uniform = [&generator] {
    return static_cast<float>(static_cast<double>(generator() >> 11) * 0x1p-52 - 1.0);
  };
  std::vector<std::complex<float>> values(static_cast<std::size_t>(size));
  for (auto& value : values) {
    const float real = uniform();
    value = {real, uniform()};
  }
  return values;
}

int run_demo(const std::vector<std::string>& args) {
  const Arguments arguments =
      parse_arguments("demo", args, {"--sizes", "--storage", "--mode", "--backend", "--runs"}, {});
  if (arguments.help) {
    std::fputs(demo_help, stdout);
    return exit_success;
  }
  if (!arguments.positional.empty()) {
    throw UsageError("demo takes no file names, got '" + arguments.positional[0] + "'");
  }
  constexpr std::int64_t largest_size = std::int64_t{1} << 24;
  std::vector<std::int64_t> sizes = {256, 4096, 65536};
  if (const auto* text = arguments.value("--sizes")) sizes = parse_size_list("--sizes", *text, largest_size);
  Backend backend = Backend::automatic;
  if (const auto* name = arguments.value("--backend")) backend = parse_choice("--backend", *name, backend_choices);
  int runs = 5;
  if (const auto* text = arguments.value("--runs")) runs = static_cast<int>(parse_integer("--runs", *text, 1, 1000));

  std::vector<std::pair<StorageType, ComputeMode>> pairs = {
      {StorageType::complex_fp32, ComputeMode::split_fp16}, {StorageType::complex_fp32, ComputeMode::fp32},
      {StorageType::complex_fp16, ComputeMode::split_fp16}, {StorageType::complex_fp16, ComputeMode::single_fp16},
      {StorageType::complex_bf16, ComputeMode::split_fp16},
  };
  const std::string* storage_name = arguments.value("--storage");
  const std::string* mode_name = arguments.value("--mode");
  if (storage_name || mode_name) {
    // Every valid pair with the requested storage and/or mode.
    pairs.clear();
    for (const auto& storage : storage_choices) {
      for (const auto& mode : mode_choices) {
        if ((storage.second == StorageType::complex_fp64) != (mode.second == ComputeMode::fp64)) continue;
        if (storage_name && parse_choice("--storage", *storage_name, storage_choices) != storage.second) continue;
        if (mode_name && parse_choice("--mode", *mode_name, mode_choices) != mode.second) continue;
        pairs.emplace_back(storage.second, mode.second);
      }
    }
    if (pairs.empty()) {
      throw UsageError("--storage " + *storage_name + " does not go with --mode " + *mode_name +
                       ": fp64 storage goes with mode fp64 only");
    }
  }

  bool first = true;
  for (std::int64_t size : sizes) {
    // The plans first: make_plan rejects the sizes the reference cannot take.
    std::vector<Plan> plans;
    for (const auto& [storage, mode] : pairs) {
      Problem problem;
      problem.sizes = {size};
      problem.storage = storage;
      problem.mode = mode;
      plans.push_back(tensorfft::make_plan(problem, backend));
    }
    const auto input = random_input(size, 0x7e45f0f7u + static_cast<std::uint64_t>(size));
    std::vector<tensorfft::reference::Complex> reference(input.begin(), input.end());
    reference = tensorfft::reference::fft(reference, -1);
    for (const Plan& plan : plans) {
      const StorageType storage = plan.problem().storage;
      const ComputeMode mode = plan.problem().mode;
      if (first) {
        std::printf("backend: %s (%s)\n", tensorfft::to_string(plan.backend()), plan.backend_reason().c_str());
        std::printf(
            "input: uniform random complex in [-1, 1]; error against a long-double FFT of the unrounded input\n");
        std::printf("time: median of %d run%s after a warm-up (%s)\n\n", runs, runs == 1 ? "" : "s",
                    plan.backend() == Backend::cuda ? "cudaEvents, without copies" : "std::chrono");
        std::printf("%9s  %-7s  %-11s  %9s  %9s  %10s  %s\n", "size", "storage", "mode", "relL2", "maxrel", "time",
                    "plan");
        first = false;
      }
      Runner runner(plan, static_cast<std::size_t>(size) * tensorfft::element_bytes(storage));
      for (std::int64_t i = 0; i < size; ++i) {
        tensorfft::host::store_element(storage, runner.input(), i,
                                       std::complex<double>(input[static_cast<std::size_t>(i)]));
      }
      runner.execute();  // also the warm-up
      std::vector<tensorfft::reference::Complex> result(static_cast<std::size_t>(size));
      for (std::int64_t i = 0; i < size; ++i) {
        result[static_cast<std::size_t>(i)] = tensorfft::host::load_element<long double>(storage, runner.output(), i);
      }
      const double seconds = runner.median_seconds(runs);
      std::printf("%9lld  %-7s  %-11s  %9.2e  %9.2e  %10s  %s\n", static_cast<long long>(size),
                  tensorfft::to_string(storage), tensorfft::to_string(mode),
                  static_cast<double>(tensorfft::reference::relative_l2_error(result, reference)),
                  static_cast<double>(tensorfft::reference::max_relative_error(result, reference)),
                  format_seconds(seconds).c_str(), plan.describe().c_str());
      std::fflush(stdout);
    }
  }
  return exit_success;
}

// One line: a message from deeper code could hold a newline.
std::string one_line(std::string message) {
  std::replace(message.begin(), message.end(), '\n', ' ');
  std::replace(message.begin(), message.end(), '\r', ' ');
  return message;
}

int report(const std::string& message, int status) {
  std::fprintf(stderr, "tensorfft: error: %s\n", one_line(message).c_str());
  return status;
}

int run(const std::vector<std::string>& args) {
  if (args.empty()) throw UsageError("no command given (see 'tensorfft --help')");
  const std::string& command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "-h" || command == "--help" || command == "help") {
    std::fputs(main_help, stdout);
    return exit_success;
  }
  if (command == "--version") {
#ifdef TENSORFFT_TOOL_HAVE_CUDA
    std::printf("tensorfft %s (with the CUDA backend)\n", TENSORFFT_TOOL_VERSION);
#else
    std::printf("tensorfft %s (host backend only: built without CUDA)\n", TENSORFFT_TOOL_VERSION);
#endif
    return exit_success;
  }
  if (command == "transform") return run_transform(rest);
  if (command == "demo") return run_demo(rest);
  if (command == "bench") return tensorfft::tools::bench::run_bench(rest);
  if (!command.empty() && command[0] == '-')
    throw UsageError("unknown option '" + command + "' (see 'tensorfft --help')");
  throw UsageError("unknown command '" + command + "' (see 'tensorfft --help')");
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const UsageError& error) {
    return report(error.what(), exit_usage);
  } catch (const std::bad_alloc&) {
    return report("out of memory", exit_failure);
  } catch (const std::exception& error) {
    // tensorfft::Error, NpyError and I/O failures: the message names the problem.
    return report(error.what(), exit_failure);
  }
}
