// Asynchronous copies from device memory to shared memory (cp.async, sm_80
// and later): 16 bytes per thread, no registers held while the data is in
// flight, so a block can fetch its next tile while it computes this one.
#pragma once

#include <cstdint>

namespace tensorfft::cuda::arch {

// Starts copying 16 bytes from `source` (16-byte aligned, device memory) to
// `destination` (16-byte aligned, shared memory).  L2 fetches the whole
// 128-byte line: strided tiles of four 8-byte columns read one 32-byte
// sector per row, and the blocks beside them (the next columns) then find
// theirs in L2.  H100 r139/r140 against plain sector fetches: N = 2^22 and 2^23
// 0.94x ... 0.97x the time (fp16 and fp32 storage), 8192^2 0.97x, fp16
// N = 2^17 0.97x, every other case within noise; a 256-byte prefetch
// gained the same but fp32 N = 2^15 1.06x slower (r139).  The same hint on the
// ordinary loads (__ldg) changed nothing beyond noise (r140).
__device__ __forceinline__ void copy_16_bytes_async(void* destination, const void* source) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const auto shared_address = static_cast<std::uint32_t>(__cvta_generic_to_shared(destination));
  asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;\n" ::"r"(shared_address), "l"(source) : "memory");
#else
  __trap();  // the executor refuses devices below sm_80 before launching
#endif
}

// Starts copying the 4 bytes at `source` (4-byte aligned, device memory) to `destination` (shared memory),
// through L1 (cp.async.cg takes 16 bytes only).
__device__ __forceinline__ void copy_4_bytes_async(void* destination, const void* source) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const auto shared_address = static_cast<std::uint32_t>(__cvta_generic_to_shared(destination));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(shared_address), "l"(source) : "memory");
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

// 16 bytes of shared memory at `address` (16-byte aligned; a shared-memory
// address, __cvta_generic_to_shared).  Volatile, so that a read inside a
// loop stays there (hoisted, register_block_pass's fragment reads spilled).
__device__ __forceinline__ uint4 load_shared_16_bytes(std::uint32_t address) {
  uint4 value;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(value.x), "=r"(value.y), "=r"(value.z), "=r"(value.w)
               : "r"(address));
  return value;
}

// Bytes of dynamic shared memory this block was launched with.
__device__ __forceinline__ std::uint32_t dynamic_shared_bytes() {
  std::uint32_t bytes;
  asm("mov.u32 %0, %%dynamic_smem_size;\n" : "=r"(bytes));
  return bytes;
}

}  // namespace tensorfft::cuda::arch
