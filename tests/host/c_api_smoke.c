/* The C API used from C (C99): the header compiles as C, and a round trip
 * works.  Enum values outside their range are passed from C, where they are
 * plain ints (in C++ such casts of unscoped enums are not portable). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tensorfft/tensorfft.h"

#define CHECK(condition)                                                          \
  do {                                                                            \
    if (!(condition)) {                                                           \
      snprintf(message, size, "%s:%d: %s (last error: %s)", __FILE__, __LINE__,   \
               #condition, tensorfftGetLastErrorMessage());                        \
      if (handle) tensorfftDestroy(handle);                                       \
      return 1;                                                                   \
    }                                                                             \
  } while (0)

/* Forward then inverse of 64 points, batch 2, fp32 storage, fp32 mode, host
 * backend: the round trip returns the input (normalization backward). */
int tensorfft_c_smoke_round_trip(char* message, size_t size) {
  tensorfftHandle handle = NULL;
  long long n[1] = {64};
  float input[2 * 64 * 2], spectrum[2 * 64 * 2], output[2 * 64 * 2];
  size_t work_size = 12345;
  int i;
  double difference = 0.0, norm = 0.0;
  for (i = 0; i < 2 * 64 * 2; ++i) input[i] = (float)sin(0.37 * i + 0.1) + 0.25f;
  CHECK(tensorfftCreate(&handle) == TENSORFFT_SUCCESS);
  CHECK(tensorfftSetBackend(handle, TENSORFFT_BACKEND_HOST) == TENSORFFT_SUCCESS);
  CHECK(tensorfftSetComputeMode(handle, TENSORFFT_COMPUTE_FP32) == TENSORFFT_SUCCESS);
  CHECK(tensorfftMakePlanMany64(handle, 1, n, NULL, 1, 0, NULL, 1, 0, TENSORFFT_C_32F, 2, &work_size) ==
        TENSORFFT_SUCCESS);
  CHECK(work_size == 0);
  CHECK(strlen(tensorfftGetPlanDescription(handle)) > 0);
  CHECK(tensorfftExec(handle, input, spectrum, TENSORFFT_FORWARD) == TENSORFFT_SUCCESS);
  CHECK(tensorfftExec(handle, spectrum, output, TENSORFFT_INVERSE) == TENSORFFT_SUCCESS);
  for (i = 0; i < 2 * 64 * 2; ++i) {
    difference += (double)(output[i] - input[i]) * (output[i] - input[i]);
    norm += (double)input[i] * input[i];
  }
  CHECK(sqrt(difference / norm) < 1e-6);
  CHECK(tensorfftDestroy(handle) == TENSORFFT_SUCCESS);
  return 0;
}

/* Out-of-range enum values are refused with the right codes. */
int tensorfft_c_smoke_bad_enums(char* message, size_t size) {
  tensorfftHandle handle = NULL;
  long long n[1] = {16};
  CHECK(tensorfftCreate(&handle) == TENSORFFT_SUCCESS);
  CHECK(tensorfftSetComputeMode(handle, (tensorfftComputeMode)7) == TENSORFFT_INVALID_VALUE);
  CHECK(strstr(tensorfftGetLastErrorMessage(), "unknown compute mode 7") != NULL);
  CHECK(tensorfftSetComputeMode(handle, (tensorfftComputeMode)-1) == TENSORFFT_INVALID_VALUE);
  CHECK(tensorfftSetNormalization(handle, (tensorfftNormalization)5) == TENSORFFT_INVALID_VALUE);
  CHECK(strstr(tensorfftGetLastErrorMessage(), "unknown normalization 5") != NULL);
  CHECK(tensorfftSetBackend(handle, (tensorfftBackend)9) == TENSORFFT_INVALID_VALUE);
  CHECK(strstr(tensorfftGetLastErrorMessage(), "unknown backend 9") != NULL);
  CHECK(tensorfftSetBackend(handle, TENSORFFT_BACKEND_HOST) == TENSORFFT_SUCCESS);
  CHECK(tensorfftMakePlanMany64(handle, 1, n, NULL, 1, 0, NULL, 1, 0, (tensorfftDataType)9, 1, NULL) ==
        TENSORFFT_INVALID_TYPE);
  CHECK(strstr(tensorfftGetLastErrorMessage(), "unknown data type 9") != NULL);
  CHECK(strcmp(tensorfftGetErrorString((tensorfftResult)99), "unknown tensorfftResult") == 0);
  CHECK(tensorfftDestroy(handle) == TENSORFFT_SUCCESS);
  return 0;
}
