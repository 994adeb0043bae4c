// plan::column_power_roots computed on the device: w_(16 A)^(2^j c) at j A + c (j < 4, c < A), fp32 pairs.
// Why: the tables of long passes (A up to 2^18, 8 MB) would make every plan copy and upload them (a 2 MB
// table took 2^24's plans from 0.20 to 1.42 ms, H200 r505); filled on the device at plan time, the plans of
// 2^24 and 2^26 took as long as without a table (r509).  Each entry is the double sincospi of its exact
// angle (within an ulp of a double) rounded to fp32, so it differs from the host's long-double root rounded
// to fp32 only where the root lies that close to a midpoint between two floats, and then by one ulp; the GPU
// suite checks the two tables agree within 2^-24 (run_column_table_agreement).
#pragma once

#include <cstdint>

namespace tensorfft::cuda {

// Sign: the transform's (-1 forward, +1 inverse).  (A template also keeps the kernel one definition in the
// units that include this header.)
template <int Sign>
__global__ void column_power_roots_kernel(float2* __restrict__ table, int log2_columns) {
  const std::int64_t columns = std::int64_t{1} << log2_columns;
  for (std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x; i < 4 * columns;
       i += std::int64_t{gridDim.x} * blockDim.x) {
    const std::int64_t j = i >> log2_columns, c = i & (columns - 1);
    // w_(16 A)^e = exp(Sign 2 pi i e / (16 A)) = cospi(e / (8 A)) + i Sign sinpi(e / (8 A)), e = 2^j c < 8 A:
    // the quotient is exact in double.
    const double turn = static_cast<double>(c << j) / static_cast<double>(8 * columns);
    double s = 0.0, co = 0.0;
    sincospi(turn, &s, &co);
    table[i] = float2{static_cast<float>(co), static_cast<float>(Sign * s)};
  }
}

}  // namespace tensorfft::cuda
