// What the bench measures and who measures it: a Case is one transform shape
// and batch with a list of measurements (a library, a storage type, a compute
// mode); a Runner executes them (the CUDA runner with cuFFT beside tensorfft
// in cuda_runner.cu, the host runner in host_runner.cpp) and emits one Row per
// measurement.  Compiled by nvcc too, so plain C++17.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "precision/host_device.hpp"
#include "tensorfft/tensorfft.hpp"

namespace tensorfft::tools::bench {

constexpr double not_measured = std::numeric_limits<double>::quiet_NaN();

enum class Library { tensorfft, cufft };

inline const char* to_string(Library library) { return library == Library::cufft ? "cufft" : "tensorfft"; }

// How a measurement ended.
enum class Outcome {
  ok,
  not_supported,  // the library does not run this case (yet)
  refused,        // cuFFT refused the plan (e.g. 16-bit types need powers of two)
  out_of_memory,  // not enough device (or host) memory for the case
  skipped,        // not run: over the host-mode size cap, or the device is unusable after an earlier error
  error,          // any other library or CUDA error
};

// How a library error shows in the report.
inline Outcome outcome_of(const Error& error) {
  switch (error.status()) {
    case Status::not_supported: return Outcome::not_supported;
    case Status::allocation_failed: return Outcome::out_of_memory;
    default: return Outcome::error;
  }
}

inline const char* to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::ok: return "ok";
    case Outcome::not_supported: return "not_supported";
    case Outcome::refused: return "refused";
    case Outcome::out_of_memory: return "out_of_memory";
    case Outcome::skipped: return "skipped";
    case Outcome::error: return "error";
  }
  return "error";
}

struct Measurement {
  Library library = Library::tensorfft;
  StorageType storage = StorageType::complex_fp32;
  ComputeMode mode = ComputeMode::split_fp16;  // tensorfft only; cuFFT computes in its storage type
  Intermediates intermediates = Intermediates::full;  // tensorfft only
};

struct Case {
  std::vector<std::int64_t> dims;  // one transform's sizes, slowest axis first
  std::int64_t batch = 1;
  int max_radix = 0;  // Problem::max_radix (0: the library's default)
  std::vector<Measurement> measurements;
  std::uint64_t seed = 0;  // of the input
  // --seed-tables: the seed paper's table (1..9) and row (0-based) this case
  // reproduces; with seed_metric the first measurement is cuFFT fp32 (X32),
  // and every result is also compared with it (sum |X32 - X| / norm).
  int seed_table = 0;
  int seed_row = -1;
  bool seed_metric = false;

  std::int64_t transform_elements() const {
    std::int64_t n = 1;
    for (std::int64_t size : dims) n *= size;
    return n;
  }
  std::int64_t elements() const { return transform_elements() * batch; }
};

// One line of the output (a CSV row, a JSON object).
struct Row {
  // what was measured
  Library library = Library::tensorfft;
  std::string backend;  // "cuda" or "host"
  StorageType storage = StorageType::complex_fp32;
  ComputeMode mode = ComputeMode::split_fp16;
  Intermediates intermediates = Intermediates::full;
  std::vector<std::int64_t> dims;
  std::int64_t batch = 1;
  int max_radix = 0;
  int seed_table = 0;
  int seed_row = -1;
  // how it went
  Outcome outcome = Outcome::ok;
  std::string message;  // why, when not ok
  std::string plan;     // tensorfft's Plan::describe(): the passes that ran (empty for cuFFT)
  // measured by the runner (NaN: not measured)
  double time_ms = not_measured;      // median of the timed executions
  double time_min_ms = not_measured;  // fastest of them
  double relative_l2 = not_measured;  // against the fp64 (GPU) or long-double (host) reference
  double max_relative = not_measured;
  double seed_error = not_measured;     // sum |X32 - X| / norm (seed tables only)
  double plan_first_ms = not_measured;  // the first plan of the case
  double plan_ms = not_measured;        // the same plan made again
  // filled in by the driver
  int case_index = 0;
  double gbps = not_measured;                // one read and one write of the storage bytes
  double bandwidth_fraction = not_measured;  // gbps / device-to-device copy GB/s (GPU only)
  double ratio = not_measured;               // tensorfft time / cuFFT time, same storage, same case

  std::string mode_name() const { return library == Library::cufft ? "native" : tensorfft::to_string(mode); }
  std::int64_t elements() const {
    std::int64_t n = batch;
    for (std::int64_t size : dims) n *= size;
    return n;
  }
};

inline Row make_row(const Case& which, const Measurement& measurement, const char* backend) {
  Row row;
  row.library = measurement.library;
  row.backend = backend;
  row.storage = measurement.storage;
  row.mode = measurement.mode;
  row.intermediates = measurement.intermediates;
  row.dims = which.dims;
  row.batch = which.batch;
  row.max_radix = which.max_radix;
  row.seed_table = which.seed_table;
  row.seed_row = which.seed_row;
  return row;
}

// The tensorfft problem of one measurement of a case (forward, packed).
inline Problem tensorfft_problem(const Case& which, const Measurement& measurement) {
  Problem problem;
  problem.sizes = which.dims;
  problem.batch = which.batch;
  problem.storage = measurement.storage;
  problem.mode = measurement.mode;
  problem.intermediates = measurement.intermediates;
  problem.max_radix = which.max_radix;
  return problem;
}

struct Settings {
  int warmups = 3;
  int repeats = 25;
};

// Where the numbers come from (the metadata block of the outputs).
struct Environment {
  bool cuda = false;
  std::string device;              // e.g. "NVIDIA H100 80GB HBM3"; host mode: the CPU
  std::string compute_capability;  // "9.0"
  double memory_gib = not_measured;
  int driver_version = 0;   // cudaDriverGetVersion, e.g. 13000
  int runtime_version = 0;  // cudaRuntimeGetVersion
  int cufft_version = 0;    // cufftGetVersion, e.g. 12000
  double copy_gbps = not_measured;  // device-to-device copy, read + write
  std::string copy_method;
};

using Emit = std::function<void(Row&&)>;

class Runner {
 public:
  virtual ~Runner() = default;
  virtual const Environment& environment() const = 0;
  // Runs every measurement of the case in order and emits one row for each,
  // as it completes, whatever happened to it.  Throws only for failures that
  // end the whole run.
  virtual void run(const Case& which, const Settings& settings, const Emit& emit) = 0;
};

// The host backend, for accuracy against the long-double reference.
std::unique_ptr<Runner> make_host_runner();
// tensorfft's CUDA backend beside cuFFT; nullptr (and *reason says why) when
// there is no usable GPU or the program was built without CUDA.  Measures the
// device-to-device copy bandwidth with `copy_bytes` per copy.
std::unique_ptr<Runner> make_cuda_runner(std::string* reason, std::size_t copy_bytes, const Settings& settings);

// ---- the input: the same numbers on the host and the device ----

// splitmix64 of a seed and an index.
TENSORFFT_HOST_DEVICE std::uint64_t mix64(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + (index + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Uniform in [-1, 1) with 53 random bits; element i of an input has real part
// uniform(seed, 2i) and imaginary part uniform(seed, 2i + 1).
TENSORFFT_HOST_DEVICE double uniform(std::uint64_t seed, std::uint64_t index) {
  return static_cast<double>(mix64(seed, index) >> 11) * 0x1p-52 - 1.0;
}

}  // namespace tensorfft::tools::bench
