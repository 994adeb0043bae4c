// Factories of the executors; each lives in its backend's folder.
#pragma once

#include <memory>

#include "plan/plan_implementation.hpp"

namespace tensorfft {

std::unique_ptr<Executor> make_host_executor(const PlanImplementation& plan);
// Defined in src/cuda/ (or by src/cuda/no_cuda.cpp in a build without CUDA).
std::unique_ptr<Executor> make_cuda_executor(const PlanImplementation& plan);

}  // namespace tensorfft
