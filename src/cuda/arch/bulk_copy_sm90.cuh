// Bulk copies from device memory to shared memory by the copy engine (sm_90:
// cp.async.bulk), completing on an mbarrier: one thread starts a whole
// transform's input, no registers are held while it is in flight, and the
// block waits on the barrier's phase before reading it.
#pragma once

#include <cstdint>

namespace tensorfft::cuda::arch {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
constexpr bool device_has_bulk_copies = true;
#else
constexpr bool device_has_bulk_copies = false;  // sm_80 (and the host pass): the kernels load directly
#endif

__device__ __forceinline__ std::uint32_t shared_address(const void* pointer) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(pointer));
}

// One thread: the barrier expects one arrival per phase (the thread that starts a copy).
__device__ __forceinline__ void initialize_copy_barrier(std::uint64_t* barrier) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n"
               "fence.mbarrier_init.release.cluster;\n" ::"r"(shared_address(barrier))
               : "memory");
#endif
}

// One thread: copies `bytes` (a multiple of 16; both addresses 16-byte
// aligned) and arrives on the barrier expecting them.  The block's earlier
// reads of `destination` must be ordered before this by a block barrier.
__device__ __forceinline__ void start_bulk_copy(void* destination, const void* source, std::uint32_t bytes,
                                                std::uint64_t* barrier) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile(
      "fence.proxy.async.shared::cta;\n"
      "{\n"
      ".reg .b64 state;\n"
      "mbarrier.arrive.expect_tx.shared::cta.b64 state, [%2], %3;\n"
      "}\n"
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %3, [%2];\n" ::"r"(
          shared_address(destination)),
      "l"(source), "r"(shared_address(barrier)), "r"(bytes)
      : "memory");
#else
  __trap();  // device_has_bulk_copies is false: never called
#endif
}

// Every thread: waits until the barrier's phase `parity` (0, 1, 0, ...) completes.
__device__ __forceinline__ void wait_for_bulk_copy(std::uint64_t* barrier, std::uint32_t parity) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile(
      "{\n"
      ".reg .pred done;\n"
      "wait_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      "@!done bra wait_%=;\n"
      "}\n" ::"r"(shared_address(barrier)),
      "r"(parity)
      : "memory");
#endif
}

}  // namespace tensorfft::cuda::arch
