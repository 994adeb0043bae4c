// The barrier of a thread-block cluster (sm_90): the blocks of a cluster run
// at the same time, and a split arrive / wait lets each block tell the others
// "I have read my inputs" early and wait for theirs only where it matters.
#pragma once

// Below sm_90 (and in the host pass) both trap: the executor launches the
// kernels that use them only where the device has clusters.
namespace tensorfft::cuda::arch {

// Every thread of every block of the cluster, once per phase: this thread's
// earlier memory accesses are ordered before what other blocks do after
// their matching wait_for_cluster.
__device__ __forceinline__ void arrive_at_cluster_barrier() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("barrier.cluster.arrive.release.aligned;\n" ::: "memory");
#else
  __trap();
#endif
}

// Every thread, after its arrive_at_cluster_barrier: waits until every
// thread of the cluster has arrived in this phase.
__device__ __forceinline__ void wait_for_cluster() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("barrier.cluster.wait.acquire.aligned;\n" ::: "memory");
#else
  __trap();
#endif
}

}  // namespace tensorfft::cuda::arch
