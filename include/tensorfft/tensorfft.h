/* tensorfft C API, modelled on cuFFT's cufftXtMakePlanMany / cufftXtExec /
 * cufftDestroy so that a cuFFT user switches with a few changed lines:
 *
 *   cuFFT                                   tensorfft
 *   cufftCreate(&h)                         tensorfftCreate(&h)
 *   cufftXtMakePlanMany(h, rank, n,         tensorfftMakePlanMany64(h, rank, n,
 *     inembed, istride, idist, CUDA_C_16F,    inembed, istride, idist,
 *     onembed, ostride, odist, CUDA_C_16F,    onembed, ostride, odist,
 *     batch, &ws, CUDA_C_16F)                 TENSORFFT_C_16F, batch, &ws)
 *   cufftSetStream(h, s)                    tensorfftSetStream(h, s)
 *   cufftXtExec(h, in, out, CUFFT_FORWARD)  tensorfftExec(h, in, out, TENSORFFT_FORWARD)
 *   cufftDestroy(h)                         tensorfftDestroy(h)
 *
 * Settings (compute mode, normalization, backend, radix) are made between
 * tensorfftCreate and tensorfftMakePlanMany64.  Every call returns a
 * tensorfftResult; tensorfftGetErrorString names a code and
 * tensorfftGetLastErrorMessage gives the message of this thread's last failure.
 */
#ifndef TENSORFFT_TENSORFFT_H
#define TENSORFFT_TENSORFFT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tensorfftResult_t {
  TENSORFFT_SUCCESS = 0,
  TENSORFFT_INVALID_PLAN = 1,
  TENSORFFT_ALLOC_FAILED = 2,
  TENSORFFT_INVALID_TYPE = 3,
  TENSORFFT_INVALID_VALUE = 4,
  TENSORFFT_INTERNAL_ERROR = 5,
  TENSORFFT_EXEC_FAILED = 6,
  TENSORFFT_INVALID_SIZE = 7,
  TENSORFFT_UNALIGNED_DATA = 8,
  TENSORFFT_NOT_SUPPORTED = 9,
  TENSORFFT_NO_DEVICE = 10,
  TENSORFFT_OVERFLOW = 11,
  TENSORFFT_INVALID_LAYOUT = 12
} tensorfftResult;

/* Storage types of complex elements (interleaved re, im). */
typedef enum tensorfftDataType_t {
  TENSORFFT_C_32F = 0, /* float2 */
  TENSORFFT_C_16F = 1, /* half2 (IEEE binary16) */
  TENSORFFT_C_16BF = 2, /* bfloat16 pairs */
  TENSORFFT_C_64F = 3 /* double2; needs TENSORFFT_COMPUTE_FP64 */
} tensorfftDataType;

typedef enum tensorfftComputeMode_t {
  TENSORFFT_COMPUTE_SPLIT_FP16 = 0, /* FP32 accuracy from two FP16 halves (default) */
  TENSORFFT_COMPUTE_SINGLE_FP16 = 1, /* one FP16 product per stage: fastest */
  TENSORFFT_COMPUTE_FP32 = 2, /* plain FP32 arithmetic */
  TENSORFFT_COMPUTE_FP64 = 3 /* plain FP64 arithmetic (complex_fp64 storage) */
} tensorfftComputeMode;

typedef enum tensorfftNormalization_t {
  TENSORFFT_NORM_BACKWARD = 0, /* inverse scaled by 1/N (NumPy's default) */
  TENSORFFT_NORM_ORTHO = 1,
  TENSORFFT_NORM_FORWARD = 2
} tensorfftNormalization;

/* What multi-pass transforms keep between passes (tensorfft::Intermediates). */
typedef enum tensorfftIntermediates_t {
  TENSORFFT_INTERMEDIATES_FULL = 0, /* fp32 (fp64): as accurate as the storage allows (default) */
  TENSORFFT_INTERMEDIATES_COMPACT = 1 /* 4 bytes, shared exponent: fp16/bf16 storage, FP16 modes */
} tensorfftIntermediates;

typedef enum tensorfftBackend_t {
  TENSORFFT_BACKEND_AUTO = 0,
  TENSORFFT_BACKEND_CUDA = 1,
  TENSORFFT_BACKEND_HOST = 2
} tensorfftBackend;

#define TENSORFFT_FORWARD (-1)
#define TENSORFFT_INVERSE (1)

typedef struct tensorfftPlan_s* tensorfftHandle;

tensorfftResult tensorfftCreate(tensorfftHandle* handle);
tensorfftResult tensorfftSetComputeMode(tensorfftHandle handle, tensorfftComputeMode mode);
tensorfftResult tensorfftSetNormalization(tensorfftHandle handle, tensorfftNormalization normalization);
tensorfftResult tensorfftSetBackend(tensorfftHandle handle, tensorfftBackend backend);
/* 0 (default schedule), 2, 4, 8 or 16. */
tensorfftResult tensorfftSetMaxRadix(tensorfftHandle handle, int max_radix);
/* Validated by tensorfftMakePlanMany64 (compact: fp16/bf16 data, the FP16 compute modes). */
tensorfftResult tensorfftSetIntermediates(tensorfftHandle handle, tensorfftIntermediates intermediates);

/* Like cufftXtMakePlanMany with 64-bit values.  inembed/onembed may be NULL
 * (then the strides and distances are ignored and the data is packed, as in
 * cuFFT).  *work_size receives the workspace bytes per execution. */
tensorfftResult tensorfftMakePlanMany64(tensorfftHandle handle, int rank, const long long* n,
                                        const long long* inembed, long long istride,
                                        long long idist, const long long* onembed,
                                        long long ostride, long long odist,
                                        tensorfftDataType type, long long batch,
                                        size_t* work_size);

/* stream is a cudaStream_t (NULL: the default stream); ignored by the host backend. */
tensorfftResult tensorfftSetStream(tensorfftHandle handle, void* stream);
/* Use a caller-owned workspace of at least *work_size bytes, aligned to 16 bytes (cudaMalloc's are);
 * NULL: the plan's own. */
tensorfftResult tensorfftSetWorkArea(tensorfftHandle handle, void* work_area);
/* As cufftSetAutoAllocation, before tensorfftMakePlanMany64: nonzero (the default) allocates the plan's
 * own workspace (one for both directions), 0 none, so that every tensorfftExec then needs a work area
 * from tensorfftSetWorkArea when *work_size is not 0. */
tensorfftResult tensorfftSetAutoAllocation(tensorfftHandle handle, int auto_allocate);

/* direction: TENSORFFT_FORWARD or TENSORFFT_INVERSE.  input == output is in place. */
tensorfftResult tensorfftExec(tensorfftHandle handle, const void* input, void* output, int direction);

/* The plan's one-line description; valid until the handle is destroyed. */
const char* tensorfftGetPlanDescription(tensorfftHandle handle);
tensorfftResult tensorfftDestroy(tensorfftHandle handle);

const char* tensorfftGetErrorString(tensorfftResult result);
/* The message of the calling thread's last failed call ("" if none). */
const char* tensorfftGetLastErrorMessage(void);

#ifdef __cplusplus
}
#endif

#endif /* TENSORFFT_TENSORFFT_H */
