// tensorfft: Fast Fourier Transforms whose DFT stages run as small matrix
// products on tensor cores, with FP32 accuracy from FP16 operands by dynamic
// splitting.  This is the C++ API; include/tensorfft/tensorfft.h is the C API.
//
// Conventions (the same as FFTW and cuFFT):
//   forward:  X[k] = sum_n x[n] * exp(-2*pi*i*k*n/N)
//   inverse:  x[n] = sum_k X[k] * exp(+2*pi*i*k*n/N)
// Normalization names follow NumPy: "backward" (default) scales the inverse
// by 1/N, "ortho" scales both by 1/sqrt(N), "forward" scales the forward by 1/N.
//
// Complex data is interleaved (re, im) of the storage type; the last size is
// the fastest-varying axis (row major, like cuFFT and FFTW).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace tensorfft {

// How each complex element is stored in the caller's buffers.
enum class StorageType {
  complex_fp32,  // 2 x float, 8 bytes (cuFFT's cufftComplex)
  complex_fp16,  // 2 x IEEE binary16, 4 bytes (cuFFT's half2)
  complex_bf16,  // 2 x bfloat16, 4 bytes
  complex_fp64,  // 2 x double, 16 bytes; for references (compute mode fp64 only)
};

// How each DFT stage computes.  See docs/COMPUTE_MODES.md for measured costs.
enum class ComputeMode {
  // FP32 via two FP16 halves (the seeds' dynamic splitting): each radix vector
  // is scaled by a power of two and split into hi + 2^-11 lo, both FP16; the
  // DFT matrix is split the same way; three FP16 products accumulate in FP32.
  // Accuracy within 2x of plain FP32 arithmetic.  The default.
  split_fp16,
  // One FP16 product per stage (power-of-two scaled operands, FP32 accumulation).
  // Fastest tensor-core mode; about FP16 accuracy per stage.
  single_fp16,
  // Plain FP32 arithmetic on the CUDA cores; no tensor cores.
  fp32,
  // Plain FP64 arithmetic; with complex_fp64 storage, for references.
  fp64,
};

enum class Direction { forward = -1, inverse = +1 };

enum class Normalization { backward, ortho, forward };

// What a transform of several passes (long 1D, 2D, 3D) keeps in device
// memory between its passes.
enum class Intermediates {
  // fp32 (fp64 in the fp64 mode): every pass as accurate as the storage
  // allows.  The default.
  full,
  // fp16/bf16 storage in the split_fp16 and single_fp16 modes only: 4 bytes
  // per complex value, one exponent shared by both parts (E6M13 for fp16,
  // E8M12 for bf16), half the bytes of fp32 between passes.  Each
  // intermediate adds at most 2^-12 (fp16) or 2^-11 (bf16) of a value's
  // larger part: fp16 split_fp16 relL2 about 3.1e-4 with two passes and
  // 3.4e-4 with three, against 2.8e-4 with full ones.  docs/BENCHMARKS.md
  // has where it is faster.
  compact,
};

enum class Backend {
  automatic,  // CUDA when a usable device is present, else host
  cuda,       // error if no usable device
  host,       // the CPU executor that reproduces every rounding point
};

// Error codes; the same values as the C API's tensorfftResult.
enum class Status : int {
  success = 0,
  invalid_plan = 1,
  allocation_failed = 2,
  invalid_type = 3,
  invalid_value = 4,
  internal_error = 5,
  execution_failed = 6,
  invalid_size = 7,
  unaligned_data = 8,
  not_supported = 9,
  no_device = 10,
  overflow = 11,
  invalid_layout = 12,
};

const char* status_name(Status status) noexcept;

// Every failure is reported by this exception; what() names the problem.
class Error : public std::runtime_error {
 public:
  Error(Status status, const std::string& message)
      : std::runtime_error(message), status_(status) {}
  Status status() const noexcept { return status_; }

 private:
  Status status_;
};

// The cuFFT/FFTW advanced layout.  Element (i_0, ..., i_{r-1}) of transform b
// is at  b * distance + sum_k i_k * stride * prod_{j>k} embed[j].
// An empty embed means the transform's own sizes; distance 0 means "packed"
// (stride * the product of embed).  Values are in elements, not bytes.
struct Layout {
  std::vector<std::int64_t> embed;
  std::int64_t stride = 1;
  std::int64_t distance = 0;
};

// What to compute.  Validated by make_plan.
struct Problem {
  std::vector<std::int64_t> sizes;  // rank 1..3; powers of two for now
  std::int64_t batch = 1;
  StorageType storage = StorageType::complex_fp32;
  ComputeMode mode = ComputeMode::split_fp16;
  Direction direction = Direction::forward;
  Normalization normalization = Normalization::backward;
  Layout input_layout;
  Layout output_layout;
  // Largest radix the stage schedule may use: 2, 4, 8 or 16 (the seeds'
  // radices stay selectable for comparison); 0 picks the default.
  int max_radix = 0;
  Intermediates intermediates = Intermediates::full;
};

// How make_plan builds a plan (Problem says what it computes).
struct PlanOptions {
  // Whether the plan allocates its own workspace of workspace_bytes() at
  // creation (device memory for the CUDA backend), as a cuFFT plan does.
  // false (cufftSetAutoAllocation(plan, 0)): it allocates none, and every
  // execution of a plan whose workspace_bytes() is not 0 must supply one, so
  // that plans not used at the same time can share one allocation.
  bool allocate_workspace = true;
};

struct PlanImplementation;

// An immutable, backend-bound plan.  Cheap to execute many times on new
// buffers.  Not safe to execute concurrently from several threads or streams
// when it owns its workspace (like a cuFFT plan); supply workspaces instead.
class Plan {
 public:
  Plan(const Plan&) = default;
  Plan& operator=(const Plan&) = default;
  ~Plan();

  // Out of place when input != output, in place when they are equal (then the
  // input and output layouts must be the same).  For the CUDA backend the
  // pointers are device memory and `stream` is a cudaStream_t (nullptr: the
  // legacy default stream); execute neither allocates nor synchronizes.
  // For the host backend the pointers are host memory and `stream` is ignored.
  // The plan's own workspace: an error if it was made without one
  // (PlanOptions::allocate_workspace) and needs one.
  void execute(const void* input, void* output, void* stream = nullptr) const;
  // Same, with a caller-supplied workspace of at least workspace_bytes(),
  // aligned to 16 bytes (cudaMalloc's are).
  void execute(const void* input, void* output, void* stream, void* workspace) const;

  const Problem& problem() const noexcept;
  Backend backend() const noexcept;         // host or cuda, never automatic
  const std::string& backend_reason() const noexcept;  // why this backend
  std::size_t workspace_bytes() const noexcept;
  // One line: the transform and its stage list, e.g.
  // "(c2c 65536 fp16 split_fp16 forward batch=1 (pass r16 r16) (pass r16 r16))".
  const std::string& describe() const noexcept;

  const PlanImplementation& implementation() const noexcept { return *implementation_; }

 private:
  friend Plan make_plan(const Problem&, Backend, const PlanOptions&);
  explicit Plan(std::shared_ptr<const PlanImplementation> implementation);
  std::shared_ptr<const PlanImplementation> implementation_;
};

// Validates the problem, builds the stage schedule and twiddles, and binds a
// backend.  Throws Error naming the problem for every bad input.
Plan make_plan(const Problem& problem, Backend backend = Backend::automatic, const PlanOptions& options = {});

// Helpers.
const char* to_string(StorageType type) noexcept;
const char* to_string(ComputeMode mode) noexcept;
const char* to_string(Direction direction) noexcept;
const char* to_string(Normalization normalization) noexcept;
const char* to_string(Intermediates intermediates) noexcept;
const char* to_string(Backend backend) noexcept;
std::size_t element_bytes(StorageType type) noexcept;  // bytes per complex element
// True when a CUDA device usable by this build is present (false in a build
// without CUDA); `reason` explains the answer.
bool cuda_available(std::string* reason = nullptr);

}  // namespace tensorfft
