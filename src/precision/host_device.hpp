// Marks functions shared by the host executor and the CUDA kernels, so the
// rounding rules exist once.
#pragma once

#if defined(__CUDACC__)
#define TENSORFFT_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define TENSORFFT_HOST_DEVICE inline
#endif
