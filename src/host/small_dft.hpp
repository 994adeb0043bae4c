// The radix-r DFT of one stage, computed with the rounding points of each
// compute mode (what the tensor-core kernels do, emulated on the CPU):
//   fp32 / fp64    y = F x in that precision (products and sums rounded)
//   single_fp16    x scaled by a power of two and rounded to fp16, F rounded to
//                  fp16; the exact fp16 x fp16 products accumulate in fp32
//   split_fp16     x and F split into hi + 2^-11 lo (precision/split.hpp);
//                  main = F_hi hi and correction = F_hi lo + F_lo hi accumulate
//                  in fp32; y = scale * (main + 2^-11 correction)
// The complex product is the real block product [Fr -Fi; Fi Fr] [xr; xi] that
// the MMA computes, accumulated in the same order (real part, then imaginary).
// Radix 2 and 4 stages of the fp16 modes are fp32 (plan::stage_uses_tensor_cores).
#pragma once

#include <complex>
#include <vector>

#include "tensorfft/tensorfft.hpp"

namespace tensorfft::host {

class SmallDft {
 public:
  SmallDft(int radix, int sign, ComputeMode mode);
  int radix() const { return radix_; }
  void apply(const std::complex<float>* input, std::complex<float>* output) const;
  void apply(const std::complex<double>* input, std::complex<double>* output) const;

 private:
  void apply_split(const std::complex<float>* input, std::complex<float>* output, bool with_correction) const;
  int radix_;
  ComputeMode mode_;
  // Row-major matrices: rounded to fp32 (fp32 mode) or fp16 hi parts.
  std::vector<float> re_, im_;
  std::vector<float> lo_re_, lo_im_;  // split mode: fp16 lo parts (scaled by 2^11)
  std::vector<double> re64_, im64_;
};

}  // namespace tensorfft::host
