// Shared helpers of the host tests: seeds, inputs, storage buffers, the
// long-double reference, pooled error statistics and the tolerances of the
// project's accuracy rules (ACCURACY.md, "How tensorfft measures accuracy":
// relL2 and maxrel against a long-double reference computed from the
// unrounded input; per-storage tolerances that grow with log2 N).
#pragma once

#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "host/reference_dft.hpp"
#include "host/storage_access.hpp"
#include "tensorfft/tensorfft.hpp"

namespace host_tests {

using tensorfft::ComputeMode;
using tensorfft::Direction;
using tensorfft::Normalization;
using tensorfft::StorageType;
using Complex = std::complex<long double>;

// ---- (storage, mode) pairs ----

struct Combo {
  StorageType storage;
  ComputeMode mode;
};

// The ten valid pairs: fp32/fp16/bf16 storage x split_fp16/single_fp16/fp32,
// and fp64 storage with fp64.
const std::vector<Combo>& valid_combos();
// "fp16_split_fp16": usable in test names.
std::string name_of(Combo combo);
std::string name_of(Direction direction);
std::string name_of(Normalization normalization);
// gtest prints parameters with this (instead of their bytes).
void PrintTo(const Combo& combo, std::ostream* out);
// The C++ identifier-safe form of any name (gtest parameter names).
std::string identifier(std::string text);

// ---- seeds and inputs ----

// A fresh seed per test case: FNV-1a of the running test's full name, so a
// failure reproduces; TENSORFFT_TEST_SEED (an integer) perturbs every seed,
// to rerun the whole suite on other inputs.
std::uint64_t case_seed();
std::mt19937_64 case_rng();

// Real and imaginary parts uniform in [-1, 1], never exactly zero.
std::vector<Complex> uniform_input(std::int64_t count, std::mt19937_64& rng);
long double uniform_real(std::mt19937_64& rng, long double low, long double high);

// ---- storage buffers ----

// Host memory for `elements` complex elements of a storage type, 64-byte
// aligned, every byte 0xff at first: that is NaN in every storage type, so an
// element the library should have written but did not shows up as NaN.
class Buffer {
 public:
  Buffer(StorageType storage, std::int64_t elements);
  void* data() { return bytes_.get(); }
  const void* data() const { return bytes_.get(); }
  unsigned char* byte_data() { return bytes_.get(); }
  std::size_t size_bytes() const { return size_; }
  std::int64_t elements() const { return elements_; }
  StorageType storage() const { return storage_; }
  // Rounds like a user's store (round to nearest even); returns what was stored.
  Complex store(std::int64_t index, Complex value);
  Complex load(std::int64_t index) const;
  std::vector<unsigned char> snapshot() const;

 private:
  struct Free {
    void operator()(unsigned char* pointer) const;
  };
  StorageType storage_;
  std::int64_t elements_;
  std::size_t size_;
  std::unique_ptr<unsigned char[], Free> bytes_;
};

// Writes `values` packed into a fresh buffer; `stored` (optional) receives the
// rounded values the library will read.
Buffer packed_buffer(StorageType storage, const std::vector<Complex>& values, std::vector<Complex>* stored = nullptr);
std::vector<Complex> read_packed(const Buffer& buffer, std::int64_t count);

// Executes a plan with packed layouts, out of place.
std::vector<Complex> execute_packed(const tensorfft::Plan& plan, const std::vector<Complex>& input,
                                    std::vector<Complex>* stored_input = nullptr);

// ---- reference ----

// The factor the library applies for (direction, normalization) on a
// transform of `elements` points.
long double normalization_factor(std::int64_t elements, Direction direction, Normalization normalization);

// fft_nd in long double, scaled as the library's normalization says.
std::vector<Complex> reference_transform(const std::vector<Complex>& input, const std::vector<std::int64_t>& sizes,
                                         std::int64_t batch, Direction direction,
                                         Normalization normalization = Normalization::backward);

// The storage floor of one input: round the input to the storage type,
// transform exactly, round the output.  What the storage alone costs.
std::vector<Complex> storage_floor_transform(StorageType storage, const std::vector<Complex>& input,
                                             const std::vector<std::int64_t>& sizes, std::int64_t batch,
                                             Direction direction, Normalization normalization);

Complex round_to_storage(StorageType storage, Complex value);

// relL2 and maxrel pooled over several executions: sqrt(sum |y - r|^2 / sum |r|^2)
// and max |y - r| / rms(r) over everything added.
class ErrorStats {
 public:
  void add(const std::vector<Complex>& result, const std::vector<Complex>& reference);
  long double rel_l2() const;
  long double max_rel() const;
  std::int64_t count() const { return count_; }
  bool all_finite() const { return finite_; }

 private:
  long double difference_ = 0, norm_ = 0, worst_ = 0;
  std::int64_t count_ = 0;
  bool finite_ = true;
};

// Small transforms are executed repeatedly on fresh inputs until this many
// complex elements have been compared: relL2 of a handful of elements is a
// random number spread over a factor of 2-3 (e.g. bf16 storage, N = 2,
// batch 1: median 2.1e-3, 99th percentile 4.5e-3 over 3000 seeds), so a
// tolerance near the storage floor only means something over a sample.
constexpr std::int64_t min_pooled_elements = 4096;
std::int64_t repetitions_for(std::int64_t elements_per_execution, std::int64_t pooled = min_pooled_elements);

// ---- tolerances (ACCURACY.md) ----

int log2_of(std::int64_t power_of_two);
// DFT stages of a plan, over all its axes.
int stage_count(const tensorfft::Plan& plan);
// relL2 tolerance of a transform of `elements` points (product of the sizes)
// computed in `stages` stages.
long double rel_l2_tolerance(StorageType storage, ComputeMode mode, std::int64_t elements, int stages);
// The same for a plan (its storage, mode, sizes and stage count).
long double rel_l2_tolerance(const tensorfft::Plan& plan);
// maxrel tolerance: 20x the relL2 tolerance (ACCURACY.md).
constexpr long double max_rel_factor = 20.0L;

// Prints "[ measured ] what value" (collected to set tolerances) and records
// the value in the test's XML properties.
void report(const std::string& what, long double value);

std::string sci(long double value);

}  // namespace host_tests
