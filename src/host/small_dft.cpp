#include "host/small_dft.hpp"

#include <algorithm>
#include <cmath>

#include "plan/plan_implementation.hpp"
#include "plan/twiddles.hpp"
#include "precision/split.hpp"

namespace tensorfft::host {

using precision::HiLo;

SmallDft::SmallDft(int radix, int sign, ComputeMode mode)
    : radix_(radix),
      // Stages the GPU runs as fp32 butterflies are fp32 here too.
      mode_(mode == ComputeMode::fp64 || plan::stage_uses_tensor_cores(mode, radix) ? mode : ComputeMode::fp32) {
  const auto matrix = plan::dft_matrix(radix, sign);
  const std::size_t count = matrix.size();
  re_.resize(count);
  im_.resize(count);
  lo_re_.assign(count, 0.0f);
  lo_im_.assign(count, 0.0f);
  re64_.resize(count);
  im64_.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    re64_[i] = static_cast<double>(matrix[i].real());
    im64_[i] = static_cast<double>(matrix[i].imag());
    const float re32 = static_cast<float>(matrix[i].real());
    const float im32 = static_cast<float>(matrix[i].imag());
    if (plan::tensor_core_mode(mode_)) {
      // |F| <= 1, so no scaling: hi = fp16(F), lo = fp16((F - hi) * 2^11).
      const HiLo re_parts = precision::split_hi_lo(re32);
      const HiLo im_parts = precision::split_hi_lo(im32);
      re_[i] = re_parts.hi;
      im_[i] = im_parts.hi;
      lo_re_[i] = re_parts.lo;
      lo_im_[i] = im_parts.lo;
    } else {
      re_[i] = re32;
      im_[i] = im32;
    }
  }
}

void SmallDft::apply(const std::complex<double>* input, std::complex<double>* output) const {
  for (int row = 0; row < radix_; ++row) {
    double sum_re = 0.0, sum_im = 0.0;
    const double* f_re = &re64_[static_cast<std::size_t>(row) * radix_];
    const double* f_im = &im64_[static_cast<std::size_t>(row) * radix_];
    for (int k = 0; k < radix_; ++k) {
      sum_re += f_re[k] * input[k].real() - f_im[k] * input[k].imag();
      sum_im += f_re[k] * input[k].imag() + f_im[k] * input[k].real();
    }
    output[row] = {sum_re, sum_im};
  }
}

void SmallDft::apply(const std::complex<float>* input, std::complex<float>* output) const {
  if (plan::tensor_core_mode(mode_)) {
    apply_split(input, output, mode_ == ComputeMode::split_fp16);
    return;
  }
  for (int row = 0; row < radix_; ++row) {
    float sum_re = 0.0f, sum_im = 0.0f;
    const float* f_re = &re_[static_cast<std::size_t>(row) * radix_];
    const float* f_im = &im_[static_cast<std::size_t>(row) * radix_];
    for (int k = 0; k < radix_; ++k) {
      sum_re = std::fma(f_re[k], input[k].real(), sum_re);
      sum_re = std::fma(-f_im[k], input[k].imag(), sum_re);
      sum_im = std::fma(f_re[k], input[k].imag(), sum_im);
      sum_im = std::fma(f_im[k], input[k].real(), sum_im);
    }
    output[row] = {sum_re, sum_im};
  }
}

void SmallDft::apply_split(const std::complex<float>* input, std::complex<float>* output,
                           bool with_correction) const {
  constexpr int max_radix = 64;
  float hi_re[max_radix], hi_im[max_radix], lo_re[max_radix], lo_im[max_radix];
  float max_abs = 0.0f;
  for (int k = 0; k < radix_; ++k) {
    max_abs = std::max(max_abs, std::max(std::fabs(input[k].real()), std::fabs(input[k].imag())));
  }
  if (!std::isfinite(max_abs)) {  // NaN or inf in: the whole vector's output is NaN, as on the GPU
    for (int k = 0; k < radix_; ++k) output[k] = {NAN, NAN};
    return;
  }
  const int exponent = precision::split_scale_exponent(max_abs);
  for (int k = 0; k < radix_; ++k) {
    const HiLo re = precision::split_hi_lo(precision::scale_by_power_of_two(input[k].real(), -exponent));
    const HiLo im = precision::split_hi_lo(precision::scale_by_power_of_two(input[k].imag(), -exponent));
    hi_re[k] = re.hi;
    hi_im[k] = im.hi;
    lo_re[k] = re.lo;
    lo_im[k] = im.lo;
  }
  for (int row = 0; row < radix_; ++row) {
    const std::size_t offset = static_cast<std::size_t>(row) * radix_;
    const float* f_re = &re_[offset];
    const float* f_im = &im_[offset];
    const float* fl_re = &lo_re_[offset];
    const float* fl_im = &lo_im_[offset];
    // fp16 x fp16 products are exact in fp32; each += rounds once, like the
    // MMA's fp32 accumulator.
    float main_re = 0.0f, main_im = 0.0f, correction_re = 0.0f, correction_im = 0.0f;
    for (int k = 0; k < radix_; ++k) {
      main_re += f_re[k] * hi_re[k];
      main_im += f_re[k] * hi_im[k];
    }
    for (int k = 0; k < radix_; ++k) {
      main_re += -f_im[k] * hi_im[k];
      main_im += f_im[k] * hi_re[k];
    }
    if (with_correction) {
      for (int k = 0; k < radix_; ++k) {
        correction_re += f_re[k] * lo_re[k] - f_im[k] * lo_im[k];
        correction_im += f_re[k] * lo_im[k] + f_im[k] * lo_re[k];
      }
      for (int k = 0; k < radix_; ++k) {
        correction_re += fl_re[k] * hi_re[k] - fl_im[k] * hi_im[k];
        correction_im += fl_re[k] * hi_im[k] + fl_im[k] * hi_re[k];
      }
    }
    const float re = main_re + precision::split_lo_weight * correction_re;
    const float im = main_im + precision::split_lo_weight * correction_im;
    output[row] = {precision::scale_by_power_of_two(re, exponent), precision::scale_by_power_of_two(im, exponent)};
  }
}

}  // namespace tensorfft::host
