// Factories of the executors; each lives in its backend's folder.
#pragma once

#include <memory>
#include <string>

#include "plan/plan_implementation.hpp"

namespace tensorfft {

std::unique_ptr<Executor> make_host_executor(const PlanImplementation& plan);
// Defined in src/cuda/ (or by src/cuda/no_cuda.cpp in a build without CUDA).
std::unique_ptr<Executor> make_cuda_executor(const PlanImplementation& plan);
// Shared memory one block of the current CUDA device may use (the opt-in
// maximum), or 0 without a device.
std::int64_t cuda_shared_bytes_per_block();
// Whether the current CUDA device launches thread-block clusters (sm_90 and
// later); false without a device.
bool cuda_device_has_clusters();
// The current CUDA device's peak memory bandwidth over its SMs and their
// peak clock (bytes per SM per cycle), or 0 without a device.
double cuda_memory_bytes_per_sm_cycle();
// Whether the CUDA executor runs this plan's problem; `reason` says why not.
bool cuda_supports(const PlanImplementation& plan, std::string* reason);

}  // namespace tensorfft
