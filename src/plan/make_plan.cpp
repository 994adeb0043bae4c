// Problem validation, schedule construction, backend choice and plan printing.
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "plan/executors.hpp"
#include "plan/plan_implementation.hpp"

namespace tensorfft {

namespace {

[[noreturn]] void fail(Status status, const std::string& message) { throw Error(status, message); }

bool is_power_of_two(std::int64_t value) { return value > 0 && (value & (value - 1)) == 0; }

// a * b, or fail naming `what` when it leaves int64.
std::int64_t checked_multiply(std::int64_t a, std::int64_t b, const std::string& what) {
  std::int64_t result;
  if (__builtin_mul_overflow(a, b, &result)) {
    fail(Status::invalid_size, what + " overflows 64-bit integers");
  }
  return result;
}

std::int64_t checked_add(std::int64_t a, std::int64_t b, const std::string& what) {
  std::int64_t result;
  if (__builtin_add_overflow(a, b, &result)) {
    fail(Status::invalid_size, what + " overflows 64-bit integers");
  }
  return result;
}

void validate_enums(const Problem& problem) {
  switch (problem.storage) {
    case StorageType::complex_fp32:
    case StorageType::complex_fp16:
    case StorageType::complex_bf16:
    case StorageType::complex_fp64: break;
    default: fail(Status::invalid_type, "unknown storage type " + std::to_string(static_cast<int>(problem.storage)));
  }
  switch (problem.mode) {
    case ComputeMode::split_fp16:
    case ComputeMode::single_fp16:
    case ComputeMode::fp32:
    case ComputeMode::fp64: break;
    default: fail(Status::invalid_value, "unknown compute mode " + std::to_string(static_cast<int>(problem.mode)));
  }
  if (problem.direction != Direction::forward && problem.direction != Direction::inverse) {
    fail(Status::invalid_value, "unknown direction " + std::to_string(static_cast<int>(problem.direction)) +
                                    ": use -1 (forward) or +1 (inverse)");
  }
  switch (problem.normalization) {
    case Normalization::backward:
    case Normalization::ortho:
    case Normalization::forward: break;
    default:
      fail(Status::invalid_value,
           "unknown normalization " + std::to_string(static_cast<int>(problem.normalization)));
  }
  const bool fp64_storage = problem.storage == StorageType::complex_fp64;
  const bool fp64_mode = problem.mode == ComputeMode::fp64;
  if (fp64_storage != fp64_mode) {
    fail(Status::not_supported, std::string("storage ") + to_string(problem.storage) + " with compute mode " +
                                    to_string(problem.mode) +
                                    " is not supported: complex_fp64 storage goes with compute mode fp64 only");
  }
  const int radix = problem.max_radix;
  if (radix != 0 && radix != 2 && radix != 4 && radix != 8 && radix != 16) {
    fail(Status::invalid_value, "max_radix " + std::to_string(radix) + " is not one of 0 (default), 2, 4, 8, 16");
  }
  switch (problem.intermediates) {
    case Intermediates::full: break;
    case Intermediates::compact:
      if (!plan::compact_intermediates_exist(problem.storage, problem.mode)) {
        fail(Status::not_supported, std::string("compact intermediates need complex_fp16 or complex_bf16 storage "
                                                "and compute mode split_fp16 or single_fp16, not ") +
                                        to_string(problem.storage) + " with " + to_string(problem.mode));
      }
      break;
    default:
      fail(Status::invalid_value,
           "unknown intermediates " + std::to_string(static_cast<int>(problem.intermediates)) +
               ": use full or compact");
  }
}

std::int64_t validate_sizes(const Problem& problem) {
  const std::size_t rank = problem.sizes.size();
  if (rank < 1 || rank > 3) {
    fail(Status::invalid_size, "rank " + std::to_string(rank) + " is not supported: give 1 to 3 sizes");
  }
  std::int64_t elements = 1;
  for (std::size_t axis = 0; axis < rank; ++axis) {
    const std::int64_t size = problem.sizes[axis];
    if (size < 1) {
      fail(Status::invalid_size,
           "size " + std::to_string(size) + " on axis " + std::to_string(axis) + ": every size must be >= 1");
    }
    if (!is_power_of_two(size)) {
      fail(Status::not_supported, "size " + std::to_string(size) + " on axis " + std::to_string(axis) +
                                      " is not a power of two: only powers of two are supported so far");
    }
    elements = checked_multiply(elements, size, "the element count of one transform");
  }
  if (problem.batch < 1) {
    fail(Status::invalid_size, "batch " + std::to_string(problem.batch) + ": the batch must be >= 1");
  }
  const std::int64_t total = checked_multiply(elements, problem.batch, "the element count (sizes times batch)");
  checked_multiply(total, static_cast<std::int64_t>(element_bytes(problem.storage)),
                   "the byte count of the data (elements times " +
                       std::to_string(element_bytes(problem.storage)) + " bytes)");
  return elements;
}

plan::ResolvedLayout resolve_layout(const Problem& problem, const Layout& layout, const char* which) {
  const std::size_t rank = problem.sizes.size();
  const std::string name(which);
  plan::ResolvedLayout resolved;
  resolved.embed = layout.embed.empty() ? problem.sizes : layout.embed;
  if (resolved.embed.size() != rank) {
    fail(Status::invalid_layout, name + " embed has " + std::to_string(resolved.embed.size()) +
                                     " values but the transform has rank " + std::to_string(rank));
  }
  if (layout.stride < 1) {
    fail(Status::invalid_layout, name + " stride " + std::to_string(layout.stride) + " must be >= 1");
  }
  if (layout.distance < 0) {
    fail(Status::invalid_layout, name + " distance " + std::to_string(layout.distance) + " must be >= 0");
  }
  for (std::size_t axis = 1; axis < rank; ++axis) {
    if (resolved.embed[axis] < problem.sizes[axis]) {
      fail(Status::invalid_layout, name + " embed " + std::to_string(resolved.embed[axis]) + " on axis " +
                                       std::to_string(axis) + " is smaller than the size " +
                                       std::to_string(problem.sizes[axis]));
    }
  }
  if (resolved.embed[0] < 1) {
    fail(Status::invalid_layout, name + " embed on axis 0 must be >= 1");
  }
  // Pitches from the innermost axis outwards.
  resolved.pitch.assign(rank, 0);
  std::int64_t pitch = layout.stride;
  for (std::size_t k = rank; k-- > 0;) {
    resolved.pitch[k] = pitch;
    pitch = checked_multiply(pitch, resolved.embed[k], name + " layout's pitch");
  }
  // One transform's footprint: offset of its last element + 1.
  std::int64_t last = 0;
  for (std::size_t k = 0; k < rank; ++k) {
    last = checked_add(last, checked_multiply(problem.sizes[k] - 1, resolved.pitch[k], name + " layout's extent"),
                       name + " layout's extent");
  }
  const std::int64_t one_transform = last + 1;
  // Distance 0 means packed in the layout's own units: stride * prod(embed).
  resolved.distance = layout.distance == 0 ? pitch : layout.distance;
  resolved.extent = checked_add(
      checked_multiply(problem.batch - 1, resolved.distance, name + " layout's extent (batch times distance)"),
      one_transform, name + " layout's extent");
  checked_multiply(resolved.extent, static_cast<std::int64_t>(element_bytes(problem.storage)),
                   name + " layout's byte extent");
  std::int64_t elements = 1;
  for (std::int64_t size : problem.sizes) elements *= size;
  resolved.packed = layout.stride == 1 && resolved.distance == elements && resolved.pitch.back() == 1;
  for (std::size_t k = 0; k + 1 < rank && resolved.packed; ++k) {
    resolved.packed = resolved.embed[k + 1] == problem.sizes[k + 1];
  }
  return resolved;
}

// The output layout must give every element its own location.  A transform's
// own elements never collide (stride >= 1, embed >= size); batches do not
// collide when each batch lies past the previous one's footprint, or when the
// batches interleave inside the innermost stride.
void check_output_injective(const Problem& problem, const plan::ResolvedLayout& layout) {
  if (problem.batch == 1) return;
  std::int64_t last = 0;
  for (std::size_t k = 0; k < problem.sizes.size(); ++k) last += (problem.sizes[k] - 1) * layout.pitch[k];
  const std::int64_t innermost = layout.pitch.back();
  const bool batches_follow = layout.distance >= last + 1;
  const bool batches_interleave = (problem.batch - 1) * layout.distance + 1 <= innermost;
  bool inner_multiple = true;  // every pitch is a multiple of the innermost stride
  for (std::int64_t p : layout.pitch) inner_multiple = inner_multiple && p % innermost == 0;
  if (!batches_follow && !(batches_interleave && inner_multiple)) {
    fail(Status::invalid_layout, "output layout maps elements of different batches to the same location "
                                 "(distance " + std::to_string(layout.distance) + ", stride " +
                                     std::to_string(innermost) + "): out-of-place outputs must not overlap");
  }
}

}  // namespace

int plan::pass_count(const PlanImplementation& plan) {
  int passes = plan.plane_pass ? -1 : 0;  // the plane pass holds two axes' passes
  for (const plan::AxisSchedule& axis : plan.axes) {
    for (const plan::Pass& pass : axis.passes) passes += pass.in_previous_pass ? 0 : 1;
  }
  return passes;
}

namespace {

std::string describe(const PlanImplementation& plan) {
  const Problem& problem = plan.problem;
  std::ostringstream out;
  out << "(c2c ";
  for (std::size_t k = 0; k < problem.sizes.size(); ++k) out << (k ? "x" : "") << problem.sizes[k];
  out << ' ' << to_string(problem.storage) << ' ' << to_string(problem.mode) << ' '
      << to_string(problem.direction) << " norm=" << to_string(problem.normalization) << " batch=" << problem.batch
      << ' ' << to_string(plan.backend);
  for (const plan::AxisSchedule& axis : plan.axes) {
    if (plan.plane_pass && &axis == &plan.axes[0]) out << " (planes " << plan.axes[1].size << 'x' << axis.size;
    if (problem.sizes.size() > 1) out << " (axis" << axis.axis;
    for (const plan::Pass& pass : axis.passes) {
      out << " (pass";
      for (int s = pass.first_stage; s < pass.first_stage + pass.stage_count; ++s) {
        out << " r" << axis.stages[s].radix;
      }
      out << (pass.in_previous_pass ? " in the previous pass)" : ")");
    }
    if (axis.passes.empty()) out << " (identity)";
    if (problem.sizes.size() > 1) out << ')';
    if (plan.plane_pass && &axis == &plan.axes[1]) out << ')';
  }
  if (plan::pass_count(plan) > 1) out << " intermediates=" << plan::to_string(plan.intermediate);
  out << ')';
  return out.str();
}

long double normalization_scale(const Problem& problem, std::int64_t elements) {
  const long double n = static_cast<long double>(elements);
  switch (problem.normalization) {
    case Normalization::ortho: return 1.0L / std::sqrt(n);
    case Normalization::forward: return problem.direction == Direction::forward ? 1.0L / n : 1.0L;
    case Normalization::backward: return problem.direction == Direction::inverse ? 1.0L / n : 1.0L;
  }
  return 1.0L;
}

}  // namespace

Plan make_plan(const Problem& problem, Backend backend, const PlanOptions& options) {
  validate_enums(problem);
  if (backend != Backend::automatic && backend != Backend::cuda && backend != Backend::host) {
    fail(Status::invalid_value, "unknown backend " + std::to_string(static_cast<int>(backend)));
  }
  auto implementation = std::make_shared<PlanImplementation>();
  PlanImplementation& plan = *implementation;
  plan.problem = problem;
  plan.options = options;
  plan.transform_elements = validate_sizes(problem);
  plan.input_layout = resolve_layout(problem, problem.input_layout, "input");
  plan.output_layout = resolve_layout(problem, problem.output_layout, "output");
  check_output_injective(problem, plan.output_layout);
  plan.scale = normalization_scale(problem, plan.transform_elements);
  plan.intermediate = plan::intermediate_format(problem.storage, problem.mode, problem.intermediates);

  // Backend choice.
  std::string cuda_reason;
  const bool have_cuda = cuda_available(&cuda_reason);
  if (backend == Backend::cuda && !have_cuda) {
    fail(Status::no_device, "the CUDA backend was requested but " + cuda_reason);
  }

  // Schedule: the passes' lengths depend on the shared memory of the device
  // that would run them (the same plan on the host backend, so that the two
  // backends agree on one machine).
  const std::int64_t device_shared = have_cuda ? cuda_shared_bytes_per_block() : 0;
  const std::int64_t shared_bytes = device_shared > 0 ? device_shared : plan::default_shared_bytes_per_block;
  // Without a device, as on sm_90 (default_shared_bytes_per_block's device) and its bandwidth.
  const double device_bandwidth = have_cuda ? cuda_memory_bytes_per_sm_cycle() : 0;
  const double bandwidth = device_bandwidth > 0 ? device_bandwidth : plan::default_memory_bytes_per_sm_cycle;
  const bool clusters =
      plan::single_pass_in_clusters(problem, device_shared > 0 ? cuda_device_has_clusters() : true, bandwidth);
  const int intermediate_bytes = plan::intermediate_element_bytes(plan.intermediate);
  // Axis k, scheduled with radices up to max_radix.
  const auto scheduled_axis = [&](std::size_t k, int max_radix) {
    plan::AxisSchedule axis;
    axis.axis = static_cast<int>(k);
    axis.size = problem.sizes[k];
    std::int64_t inner = 1;  // elements between neighbours along this axis (packed)
    for (std::size_t later = k + 1; later < problem.sizes.size(); ++later) inner *= problem.sizes[later];
    // The first axis executed reads the caller's storage unless the input
    // layout is gathered into the workspace first.
    const bool reads_storage = k + 1 == problem.sizes.size() && plan.input_layout.packed;
    const bool writes_storage = k == 0 && plan.output_layout.packed;  // the last axis executed
    plan::schedule_axis(axis, max_radix,
                        plan::pass_limits(problem.storage, problem.mode, max_radix, reads_storage, writes_storage,
                                          shared_bytes, intermediate_bytes, clusters, bandwidth),
                        inner > 1);
    return axis;
  };
  // Every axis's passes with radices up to max_radix.
  const auto schedule_axes = [&](int max_radix) {
    plan.axes.clear();
    for (std::size_t k = problem.sizes.size(); k-- > 0;) {  // last (contiguous) axis first
      plan.axes.push_back(scheduled_axis(k, max_radix));
    }
  };
  // Then the contiguous axis's one pass takes the next axis's first step across rows where it can
  // (plan::runs_cross_row_step; never with a plane pass, whose axes have 128 points).
  const auto schedule_axes_and_cross_row_step = [&](int radix) {
    schedule_axes(radix);
    if (plan::runs_cross_row_step(problem, radix, shared_bytes) && plan.axes[0].passes.size() == 1) {
      plan::schedule_axis_after_cross_row_step(plan.axes[1], radix,
                                               plan::cross_row_step_points(problem, shared_bytes));
    }
  };
  int max_radix = plan::problem_max_radix(problem, bandwidth);
  schedule_axes_and_cross_row_step(max_radix);
  // The radix-4 schedules problem_max_radix picks are for a whole 1D
  // transform in one CUDA-core kernel, or for passes of 64 ... 4096 points
  // on the CUDA cores (cuda::cuda_core_pass_kernel); where the transform
  // would take other passes (a gathered input or scattered output, no
  // clusters for 2^15 points, an axis of other lengths), the default
  // radices' tensor-core passes instead.
  if (problem.max_radix == 0 && max_radix != plan::default_max_radix) {
    const bool one_kernel = plan.axes.size() == 1 && plan.axes[0].passes.size() == 1 &&
                            plan::pass_limits(problem.storage, problem.mode, max_radix, plan.input_layout.packed,
                                              plan.output_layout.packed, shared_bytes, intermediate_bytes, clusters,
                                              bandwidth)
                                    .contiguous_single_pass >= problem.sizes[0];
    // Several CUDA-core passes only where the packed transform takes several
    // passes too (not for the whole-transform sizes with a gathered input).
    bool cuda_core_passes =
        (problem.sizes.size() > 1 ||
         plan::pass_limits(problem.storage, problem.mode, max_radix, true, true, shared_bytes, intermediate_bytes,
                           clusters, bandwidth)
                 .contiguous_single_pass < problem.sizes[0]);
    // (A contiguous pass that holds the cross-row step runs on the CUDA cores, 8192 points too.)
    const bool holds_cross_row_step =
        plan.axes.size() > 1 && !plan.axes[1].passes.empty() && plan.axes[1].passes.front().in_previous_pass;
    for (const plan::AxisSchedule& axis : plan.axes) {
      const bool step_pass = holds_cross_row_step && &axis == &plan.axes[0];
      cuda_core_passes = cuda_core_passes && (step_pass || plan::passes_run_on_cuda_cores(axis));
    }
    if (!one_kernel && !cuda_core_passes) {
      max_radix = plan::default_max_radix;
      schedule_axes_and_cross_row_step(max_radix);
    }
  }
  plan.plane_pass = plan::runs_plane_pass(problem, max_radix, plan.input_layout.packed, shared_bytes);

  if (backend == Backend::host) {
    plan.backend = Backend::host;
    plan.backend_reason = "host backend requested";
  } else if (have_cuda && backend == Backend::automatic && !cuda_supports(plan, &cuda_reason)) {
    plan.backend = Backend::host;
    plan.backend_reason = "automatic: " + cuda_reason + ", so the host backend";
  } else if (have_cuda) {
    plan.backend = Backend::cuda;
    plan.backend_reason = backend == Backend::cuda ? "CUDA backend requested (" + cuda_reason + ")"
                                                   : "automatic: " + cuda_reason;
  } else {
    plan.backend = Backend::host;
    plan.backend_reason = "automatic: " + cuda_reason + ", so the host backend";
  }
  plan.description = describe(plan);
  try {
    plan.executor = plan.backend == Backend::cuda ? make_cuda_executor(plan) : make_host_executor(plan);
  } catch (const std::bad_alloc&) {
    fail(Status::allocation_failed, "out of host memory while building the tables of " + plan.description);
  }
  return Plan(std::move(implementation));
}

// ---- Plan ----

Plan::Plan(std::shared_ptr<const PlanImplementation> implementation) : implementation_(std::move(implementation)) {}
Plan::~Plan() = default;

const Problem& Plan::problem() const noexcept { return implementation_->problem; }
Backend Plan::backend() const noexcept { return implementation_->backend; }
const std::string& Plan::backend_reason() const noexcept { return implementation_->backend_reason; }
std::size_t Plan::workspace_bytes() const noexcept { return implementation_->executor->workspace_bytes(); }
const std::string& Plan::describe() const noexcept { return implementation_->description; }

void Plan::execute(const void* input, void* output, void* stream) const {
  execute(input, output, stream, implementation_->executor->own_workspace());
}

void Plan::execute(const void* input, void* output, void* stream, void* workspace) const {
  const PlanImplementation& plan = *implementation_;
  if (input == nullptr) fail(Status::invalid_value, "input pointer is null");
  if (output == nullptr) fail(Status::invalid_value, "output pointer is null");
  const std::size_t alignment = element_bytes(plan.problem.storage);
  const auto misaligned = [alignment](const void* pointer) {
    return reinterpret_cast<std::uintptr_t>(pointer) % alignment != 0;
  };
  if (misaligned(input)) {
    fail(Status::unaligned_data, "input pointer is not aligned to the " + std::to_string(alignment) +
                                     "-byte " + to_string(plan.problem.storage) + " element");
  }
  if (misaligned(output)) {
    fail(Status::unaligned_data, "output pointer is not aligned to the " + std::to_string(alignment) +
                                     "-byte " + to_string(plan.problem.storage) + " element");
  }
  const std::uintptr_t in_begin = reinterpret_cast<std::uintptr_t>(input);
  const std::uintptr_t out_begin = reinterpret_cast<std::uintptr_t>(output);
  if (in_begin == out_begin) {
    if (!(plan.input_layout == plan.output_layout)) {
      fail(Status::invalid_layout, "in-place execution needs equal input and output layouts");
    }
  } else {
    const std::uintptr_t in_end = in_begin + static_cast<std::uintptr_t>(plan.input_layout.extent) * alignment;
    const std::uintptr_t out_end = out_begin + static_cast<std::uintptr_t>(plan.output_layout.extent) * alignment;
    if (in_begin < out_end && out_begin < in_end) {
      fail(Status::invalid_value, "input and output buffers overlap but do not start at the same address: "
                                  "use the same pointer for in place or separate buffers");
    }
  }
  if (plan.executor->workspace_bytes() > 0 && workspace == nullptr) {
    fail(Status::invalid_value, "workspace pointer is null but the plan needs " +
                                    std::to_string(plan.executor->workspace_bytes()) +
                                    " bytes (a plan made without its own workspace, PlanOptions::"
                                    "allocate_workspace false or tensorfftSetAutoAllocation 0, needs one passed "
                                    "to every execution)");
  }
  // The passes copy intermediates in 16-byte pieces (cudaMalloc gives 256).
  if (plan.executor->workspace_bytes() > 0 && reinterpret_cast<std::uintptr_t>(workspace) % 16 != 0) {
    fail(Status::unaligned_data, "workspace pointer is not aligned to 16 bytes");
  }
  plan.executor->check_pointers(input, output);
  plan.executor->execute(input, output, stream, workspace);
}

// ---- names ----

const char* to_string(StorageType type) noexcept {
  switch (type) {
    case StorageType::complex_fp32: return "fp32";
    case StorageType::complex_fp16: return "fp16";
    case StorageType::complex_bf16: return "bf16";
    case StorageType::complex_fp64: return "fp64";
  }
  return "unknown-storage";
}

const char* to_string(ComputeMode mode) noexcept {
  switch (mode) {
    case ComputeMode::split_fp16: return "split_fp16";
    case ComputeMode::single_fp16: return "single_fp16";
    case ComputeMode::fp32: return "fp32";
    case ComputeMode::fp64: return "fp64";
  }
  return "unknown-mode";
}

const char* to_string(Direction direction) noexcept {
  return direction == Direction::forward ? "forward" : direction == Direction::inverse ? "inverse" : "unknown-direction";
}

const char* to_string(Intermediates intermediates) noexcept {
  switch (intermediates) {
    case Intermediates::full: return "full";
    case Intermediates::compact: return "compact";
  }
  return "unknown-intermediates";
}

const char* to_string(Normalization normalization) noexcept {
  switch (normalization) {
    case Normalization::backward: return "backward";
    case Normalization::ortho: return "ortho";
    case Normalization::forward: return "forward";
  }
  return "unknown-normalization";
}

const char* to_string(Backend backend) noexcept {
  switch (backend) {
    case Backend::automatic: return "auto";
    case Backend::cuda: return "cuda";
    case Backend::host: return "host";
  }
  return "unknown-backend";
}

std::size_t element_bytes(StorageType type) noexcept {
  switch (type) {
    case StorageType::complex_fp32: return 8;
    case StorageType::complex_fp16:
    case StorageType::complex_bf16: return 4;
    case StorageType::complex_fp64: return 16;
  }
  return 8;
}

const char* status_name(Status status) noexcept {
  switch (status) {
    case Status::success: return "success";
    case Status::invalid_plan: return "invalid plan";
    case Status::allocation_failed: return "allocation failed";
    case Status::invalid_type: return "invalid type";
    case Status::invalid_value: return "invalid value";
    case Status::internal_error: return "internal error";
    case Status::execution_failed: return "execution failed";
    case Status::invalid_size: return "invalid size";
    case Status::unaligned_data: return "unaligned data";
    case Status::not_supported: return "not supported";
    case Status::no_device: return "no CUDA device";
    case Status::overflow: return "overflow";
    case Status::invalid_layout: return "invalid layout";
  }
  return "unknown status";
}

}  // namespace tensorfft
