// Asynchronous copies from device memory to shared memory (cp.async, sm_80
// and later): 16 bytes per thread, no registers held while the data is in
// flight, so a block can fetch its next tile while it computes this one.
#pragma once

#include <cstdint>

namespace tensorfft::cuda::arch {

// Starts copying 16 bytes from `source` (16-byte aligned, device memory) to
// `destination` (16-byte aligned, shared memory).
__device__ __forceinline__ void copy_16_bytes_async(void* destination, const void* source) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const auto shared_address = static_cast<std::uint32_t>(__cvta_generic_to_shared(destination));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(shared_address), "l"(source) : "memory");
#else
  __trap();  // the executor refuses devices below sm_80 before launching
#endif
}

// Waits for every copy this thread started (the block still needs a
// __syncthreads before reading what other threads copied).
__device__ __forceinline__ void wait_for_async_copies() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;\n" ::: "memory");
#endif
}

}  // namespace tensorfft::cuda::arch
