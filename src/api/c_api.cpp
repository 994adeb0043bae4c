// The C API: a thin layer over make_plan / Plan::execute that turns
// exceptions into tensorfftResult codes and keeps the message per thread.
#include <new>
#include <optional>
#include <string>

#include "plan/plan_implementation.hpp"
#include "tensorfft/tensorfft.h"
#include "tensorfft/tensorfft.hpp"

struct tensorfftPlan_s {
  tensorfft::ComputeMode mode = tensorfft::ComputeMode::split_fp16;
  tensorfft::Normalization normalization = tensorfft::Normalization::backward;
  tensorfft::Backend backend = tensorfft::Backend::automatic;
  int max_radix = 0;
  tensorfft::Intermediates intermediates = tensorfft::Intermediates::full;
  void* stream = nullptr;
  void* work_area = nullptr;
  bool auto_allocate = true;
  // cuFFT plans take the direction at execution; we keep one plan for each.
  // With auto_allocate only the forward plan owns a workspace, which the
  // inverse one borrows (the same schedule: the same size), so a handle
  // holds one workspace as a cuFFT plan does.
  std::optional<tensorfft::Plan> forward;
  std::optional<tensorfft::Plan> inverse;
};

namespace {

thread_local std::string last_error_message;

tensorfftResult record(tensorfft::Status status, const std::string& message) {
  last_error_message = message;
  return static_cast<tensorfftResult>(status);
}

template <typename Body>
tensorfftResult guarded(Body&& body) {
  try {
    body();
    return TENSORFFT_SUCCESS;
  } catch (const tensorfft::Error& error) {
    return record(error.status(), error.what());
  } catch (const std::bad_alloc&) {
    return record(tensorfft::Status::allocation_failed, "out of host memory");
  } catch (const std::exception& error) {
    return record(tensorfft::Status::internal_error, error.what());
  }
}

tensorfftResult null_handle() { return record(tensorfft::Status::invalid_plan, "handle is null"); }

}  // namespace

extern "C" {

tensorfftResult tensorfftCreate(tensorfftHandle* handle) {
  if (handle == nullptr) return record(tensorfft::Status::invalid_value, "handle pointer is null");
  return guarded([&] { *handle = new tensorfftPlan_s(); });
}

tensorfftResult tensorfftSetComputeMode(tensorfftHandle handle, tensorfftComputeMode mode) {
  if (!handle) return null_handle();
  if (mode < TENSORFFT_COMPUTE_SPLIT_FP16 || mode > TENSORFFT_COMPUTE_FP64) {
    return record(tensorfft::Status::invalid_value, "unknown compute mode " + std::to_string(static_cast<int>(mode)));
  }
  handle->mode = static_cast<tensorfft::ComputeMode>(mode);
  return TENSORFFT_SUCCESS;
}

tensorfftResult tensorfftSetNormalization(tensorfftHandle handle, tensorfftNormalization normalization) {
  if (!handle) return null_handle();
  if (normalization < TENSORFFT_NORM_BACKWARD || normalization > TENSORFFT_NORM_FORWARD) {
    return record(tensorfft::Status::invalid_value,
                  "unknown normalization " + std::to_string(static_cast<int>(normalization)));
  }
  handle->normalization = static_cast<tensorfft::Normalization>(normalization);
  return TENSORFFT_SUCCESS;
}

tensorfftResult tensorfftSetBackend(tensorfftHandle handle, tensorfftBackend backend) {
  if (!handle) return null_handle();
  switch (backend) {
    case TENSORFFT_BACKEND_AUTO: handle->backend = tensorfft::Backend::automatic; break;
    case TENSORFFT_BACKEND_CUDA: handle->backend = tensorfft::Backend::cuda; break;
    case TENSORFFT_BACKEND_HOST: handle->backend = tensorfft::Backend::host; break;
    default:
      return record(tensorfft::Status::invalid_value, "unknown backend " + std::to_string(static_cast<int>(backend)));
  }
  return TENSORFFT_SUCCESS;
}

tensorfftResult tensorfftSetIntermediates(tensorfftHandle handle, tensorfftIntermediates intermediates) {
  if (!handle) return null_handle();
  if (intermediates < TENSORFFT_INTERMEDIATES_FULL || intermediates > TENSORFFT_INTERMEDIATES_COMPACT) {
    return record(tensorfft::Status::invalid_value,
                  "unknown intermediates " + std::to_string(static_cast<int>(intermediates)));
  }
  handle->intermediates = static_cast<tensorfft::Intermediates>(intermediates);
  return TENSORFFT_SUCCESS;
}

tensorfftResult tensorfftSetMaxRadix(tensorfftHandle handle, int max_radix) {
  if (!handle) return null_handle();
  handle->max_radix = max_radix;  // validated by make_plan
  return TENSORFFT_SUCCESS;
}

tensorfftResult tensorfftMakePlanMany64(tensorfftHandle handle, int rank, const long long* n,
                                        const long long* inembed, long long istride, long long idist,
                                        const long long* onembed, long long ostride, long long odist,
                                        tensorfftDataType type, long long batch, size_t* work_size) {
  if (!handle) return null_handle();
  if (n == nullptr) return record(tensorfft::Status::invalid_value, "size array n is null");
  if (rank < 1 || rank > 3) {
    return record(tensorfft::Status::invalid_size,
                  "rank " + std::to_string(rank) + " is not supported: give 1 to 3 sizes");
  }
  tensorfft::Problem problem;
  problem.sizes.assign(n, n + rank);
  problem.batch = batch;
  switch (type) {
    case TENSORFFT_C_32F: problem.storage = tensorfft::StorageType::complex_fp32; break;
    case TENSORFFT_C_16F: problem.storage = tensorfft::StorageType::complex_fp16; break;
    case TENSORFFT_C_16BF: problem.storage = tensorfft::StorageType::complex_bf16; break;
    case TENSORFFT_C_64F: problem.storage = tensorfft::StorageType::complex_fp64; break;
    default: return record(tensorfft::Status::invalid_type, "unknown data type " + std::to_string(static_cast<int>(type)));
  }
  problem.mode = handle->mode;
  problem.normalization = handle->normalization;
  problem.max_radix = handle->max_radix;
  problem.intermediates = handle->intermediates;
  // As in cuFFT: with a null embed the layout is packed and strides/distances are ignored.
  if (inembed != nullptr) {
    problem.input_layout.embed.assign(inembed, inembed + rank);
    problem.input_layout.stride = istride;
    problem.input_layout.distance = idist;
  }
  if (onembed != nullptr) {
    problem.output_layout.embed.assign(onembed, onembed + rank);
    problem.output_layout.stride = ostride;
    problem.output_layout.distance = odist;
  }
  return guarded([&] {
    tensorfft::PlanOptions options;
    options.allocate_workspace = handle->auto_allocate;
    problem.direction = tensorfft::Direction::forward;
    tensorfft::Plan forward = tensorfft::make_plan(problem, handle->backend, options);
    problem.direction = tensorfft::Direction::inverse;
    options.allocate_workspace = false;
    tensorfft::Plan inverse = tensorfft::make_plan(problem, handle->backend, options);
    if (inverse.workspace_bytes() > forward.workspace_bytes()) {
      throw tensorfft::Error(tensorfft::Status::internal_error,
                             "the inverse plan needs a larger workspace than the forward one: " + inverse.describe());
    }
    handle->forward.emplace(std::move(forward));
    handle->inverse.emplace(std::move(inverse));
    if (work_size) *work_size = std::max(handle->forward->workspace_bytes(), handle->inverse->workspace_bytes());
  });
}

tensorfftResult tensorfftSetStream(tensorfftHandle handle, void* stream) {
  if (!handle) return null_handle();
  handle->stream = stream;
  return TENSORFFT_SUCCESS;
}

tensorfftResult tensorfftSetWorkArea(tensorfftHandle handle, void* work_area) {
  if (!handle) return null_handle();
  handle->work_area = work_area;
  return TENSORFFT_SUCCESS;
}

tensorfftResult tensorfftSetAutoAllocation(tensorfftHandle handle, int auto_allocate) {
  if (!handle) return null_handle();
  handle->auto_allocate = auto_allocate != 0;  // for the next tensorfftMakePlanMany64
  return TENSORFFT_SUCCESS;
}

tensorfftResult tensorfftExec(tensorfftHandle handle, const void* input, void* output, int direction) {
  if (!handle) return null_handle();
  if (!handle->forward) {
    return record(tensorfft::Status::invalid_plan, "the handle has no plan: call tensorfftMakePlanMany64 first");
  }
  const tensorfft::Plan* plan = nullptr;
  if (direction == TENSORFFT_FORWARD) {
    plan = &*handle->forward;
  } else if (direction == TENSORFFT_INVERSE) {
    plan = &*handle->inverse;
  } else {
    return record(tensorfft::Status::invalid_value,
                  "direction " + std::to_string(direction) + " is neither TENSORFFT_FORWARD (-1) nor TENSORFFT_INVERSE (1)");
  }
  return guarded([&] {
    // The handle's one own workspace, if any, is the forward plan's.
    void* const own = handle->forward->implementation().executor->own_workspace();
    if (handle->work_area) {
      plan->execute(input, output, handle->stream, handle->work_area);
    } else if (own != nullptr) {
      plan->execute(input, output, handle->stream, own);
    } else {
      plan->execute(input, output, handle->stream);
    }
  });
}

const char* tensorfftGetPlanDescription(tensorfftHandle handle) {
  if (!handle || !handle->forward) return "";
  return handle->forward->describe().c_str();
}

tensorfftResult tensorfftDestroy(tensorfftHandle handle) {
  if (!handle) return null_handle();
  delete handle;
  return TENSORFFT_SUCCESS;
}

const char* tensorfftGetErrorString(tensorfftResult result) {
  switch (result) {
    case TENSORFFT_SUCCESS: return "TENSORFFT_SUCCESS";
    case TENSORFFT_INVALID_PLAN: return "TENSORFFT_INVALID_PLAN";
    case TENSORFFT_ALLOC_FAILED: return "TENSORFFT_ALLOC_FAILED";
    case TENSORFFT_INVALID_TYPE: return "TENSORFFT_INVALID_TYPE";
    case TENSORFFT_INVALID_VALUE: return "TENSORFFT_INVALID_VALUE";
    case TENSORFFT_INTERNAL_ERROR: return "TENSORFFT_INTERNAL_ERROR";
    case TENSORFFT_EXEC_FAILED: return "TENSORFFT_EXEC_FAILED";
    case TENSORFFT_INVALID_SIZE: return "TENSORFFT_INVALID_SIZE";
    case TENSORFFT_UNALIGNED_DATA: return "TENSORFFT_UNALIGNED_DATA";
    case TENSORFFT_NOT_SUPPORTED: return "TENSORFFT_NOT_SUPPORTED";
    case TENSORFFT_NO_DEVICE: return "TENSORFFT_NO_DEVICE";
    case TENSORFFT_OVERFLOW: return "TENSORFFT_OVERFLOW";
    case TENSORFFT_INVALID_LAYOUT: return "TENSORFFT_INVALID_LAYOUT";
  }
  return "unknown tensorfftResult";
}

const char* tensorfftGetLastErrorMessage(void) { return last_error_message.c_str(); }

}  // extern "C"
