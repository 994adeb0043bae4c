// Built instead of the CUDA executor when CMake finds no CUDA compiler: the
// library still works, on the host backend.
#include "plan/executors.hpp"

namespace tensorfft {

bool cuda_available(std::string* reason) {
  if (reason) *reason = "this build of tensorfft has no CUDA support (built without nvcc)";
  return false;
}

std::int64_t cuda_shared_bytes_per_block() { return 0; }

bool cuda_device_has_clusters() { return false; }

double cuda_memory_bytes_per_sm_cycle() { return 0; }

bool cuda_supports(const PlanImplementation&, std::string* reason) {
  if (reason) *reason = "this build of tensorfft has no CUDA support";
  return false;
}

std::unique_ptr<Executor> make_cuda_executor(const PlanImplementation&) {
  throw Error(Status::no_device, "this build of tensorfft has no CUDA support (built without nvcc)");
}

}  // namespace tensorfft
