// Built instead of cuda_runner.cu when the program is built without CUDA:
// the bench then runs in host mode.
#include "runner.hpp"

namespace tensorfft::tools::bench {

std::unique_ptr<Runner> make_cuda_runner(std::string* reason, std::size_t, const Settings&) {
  if (reason) *reason = "this tensorfft program was built without CUDA";
  return nullptr;
}

}  // namespace tensorfft::tools::bench
