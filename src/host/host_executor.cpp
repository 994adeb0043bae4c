// The host executor: runs a plan's stages on the CPU with the rounding points
// of its compute mode (see small_dft.hpp).  It is the reference CI checks the
// algorithm's accuracy with, so it favours clarity over speed; a 2^20-point
// transform takes well under a second.
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>

#include "host/small_dft.hpp"
#include "host/storage_access.hpp"
#include "plan/executors.hpp"
#include "plan/twiddles.hpp"
#include "precision/shared_exponent.hpp"

namespace tensorfft {
namespace {

template <typename Real>
struct StageTables {
  int radix = 0;
  std::int64_t stride = 1;
  const host::SmallDft* dft = nullptr;
  // twiddle[j * (radix - 1) + (k - 1)] = w^(j*k), w = exp(sign*2*pi*i/(stride*radix))
  std::vector<std::complex<Real>> twiddles;
};

// Rounds values through the plan's intermediate format, as the CUDA executor
// stores them between passes (fp32 and fp64 intermediates: the host's own
// precision, nothing to do).
template <typename Format, typename Real>
void round_through(std::complex<Real>* values, std::int64_t count) {
  for (std::int64_t i = 0; i < count; ++i) {
    const auto decoded = precision::decode_shared_exponent<Format>(precision::encode_shared_exponent<Format>(
        static_cast<float>(values[i].real()), static_cast<float>(values[i].imag())));
    values[i] = {static_cast<Real>(decoded.re), static_cast<Real>(decoded.im)};
  }
}
template <typename Real>
void round_to_intermediate(plan::IntermediateFormat format, std::complex<Real>* values, std::int64_t count) {
  if (format == plan::IntermediateFormat::shared_exponent_e6m13) {
    round_through<precision::SharedExponentE6M13>(values, count);
  } else if (format == plan::IntermediateFormat::shared_exponent_e8m12) {
    round_through<precision::SharedExponentE8M12>(values, count);
  }
}

template <typename Real>
class HostExecutor final : public Executor {
 public:
  explicit HostExecutor(const PlanImplementation& plan) : plan_(plan) {
    const int sign = plan::direction_sign(plan.problem.direction);
    for (const plan::AxisSchedule& axis : plan.axes) {
      std::vector<StageTables<Real>> stages;
      for (const plan::Stage& stage : axis.stages) {
        StageTables<Real> tables;
        tables.radix = stage.radix;
        tables.stride = stage.stride;
        tables.dft = &small_dft(stage.radix, sign);
        if (stage.stride > 1) {
          const std::int64_t length = stage.stride * stage.radix;
          tables.twiddles.resize(static_cast<std::size_t>(stage.stride) * (stage.radix - 1));
          for (std::int64_t j = 0; j < stage.stride; ++j) {
            for (int k = 1; k < stage.radix; ++k) {
              const auto w = plan::unit_root(j * k, length, sign);
              tables.twiddles[static_cast<std::size_t>(j) * (stage.radix - 1) + (k - 1)] = {
                  static_cast<Real>(w.real()), static_cast<Real>(w.imag())};
            }
          }
        }
        stages.push_back(std::move(tables));
      }
      axis_stages_.push_back(std::move(stages));
      // The CUDA passes store intermediates after every pass but an axis's last ...
      std::vector<bool> rounds(axis.stages.size(), false);
      for (std::size_t p = 0; p + 1 < axis.passes.size(); ++p) {
        rounds[axis.passes[p].first_stage + axis.passes[p].stage_count - 1] = true;
      }
      rounds_after_stage_.push_back(std::move(rounds));
    }
    // ... and after every axis but the last executed, and inside the plane
    // pass (axes 0 and 1 of the execution order) and before a cross-row step
    // (the contiguous axis's pass runs it) none.
    rounds_after_axis_.assign(plan.axes.size(), false);
    std::size_t last_with_stages = plan.axes.size();
    for (std::size_t a = 0; a < plan.axes.size(); ++a) {
      if (plan.axes[a].stages.empty()) continue;
      const bool same_pass = (plan.plane_pass && last_with_stages == 0 && a == 1) ||
                             plan.axes[a].passes.front().in_previous_pass;  // the cross-row step
      if (last_with_stages < plan.axes.size() && !same_pass) {
        rounds_after_axis_[last_with_stages] = true;
      }
      last_with_stages = a;
    }
    scale_ = static_cast<Real>(plan.scale);
  }

  void execute(const void* input, void* output, void* /*stream*/, void* /*workspace*/) const override {
    const Problem& problem = plan_.problem;
    const std::size_t rank = problem.sizes.size();
    const std::int64_t elements = plan_.transform_elements;
    std::vector<std::complex<Real>> work(static_cast<std::size_t>(elements));
    std::vector<std::complex<Real>> line_a, line_b;
    // Row-major strides of the packed work array.
    std::vector<std::int64_t> work_pitch(rank, 1);
    for (std::size_t k = rank - 1; k-- > 0;) work_pitch[k] = work_pitch[k + 1] * problem.sizes[k + 1];

    for (std::int64_t b = 0; b < problem.batch; ++b) {
      bool input_finite = true;  // per batch: a NaN in one batch must not hide another's overflow
      const std::int64_t in_base = b * plan_.input_layout.distance;
      const std::int64_t out_base = b * plan_.output_layout.distance;
      for (std::int64_t i = 0; i < elements; ++i) {
        const auto value = host::load_element<Real>(problem.storage, input, in_base + offset_of(i, plan_.input_layout));
        input_finite = input_finite && std::isfinite(value.real()) && std::isfinite(value.imag());
        work[i] = value;
      }
      for (std::size_t a = 0; a < plan_.axes.size(); ++a) {
        const plan::AxisSchedule& axis = plan_.axes[a];
        if (axis.stages.empty()) continue;
        const std::int64_t size = axis.size;
        const std::int64_t pitch = work_pitch[axis.axis];
        line_a.resize(static_cast<std::size_t>(size));
        line_b.resize(static_cast<std::size_t>(size));
        // Lines along this axis: every index with i_axis = 0.
        const std::int64_t outer_count = elements / (size * pitch);
        for (std::int64_t outer = 0; outer < outer_count; ++outer) {
          for (std::int64_t inner = 0; inner < pitch; ++inner) {
            const std::int64_t start = outer * size * pitch + inner;
            for (std::int64_t n = 0; n < size; ++n) line_a[n] = work[start + n * pitch];
            const std::complex<Real>* result =
                transform_line(axis_stages_[a], rounds_after_stage_[a], line_a.data(), line_b.data(), size);
            for (std::int64_t n = 0; n < size; ++n) work[start + n * pitch] = result[n];
          }
        }
        if (rounds_after_axis_[a]) round_to_intermediate(plan_.intermediate, work.data(), elements);
      }
      for (std::int64_t i = 0; i < elements; ++i) {
        const std::complex<Real> value = work[i] * scale_;
        const auto stored =
            host::store_element<Real>(problem.storage, output, out_base + offset_of(i, plan_.output_layout), value);
        if (input_finite && !(std::isfinite(stored.real()) && std::isfinite(stored.imag()))) {
          report_overflow(value, i, b);
        }
      }
    }
  }

 private:
  // Offset of packed index i inside one transform of `layout`.
  std::int64_t offset_of(std::int64_t index, const plan::ResolvedLayout& layout) const {
    if (layout.packed) return index;
    std::int64_t offset = 0;
    const auto& sizes = plan_.problem.sizes;
    for (std::size_t k = sizes.size(); k-- > 0;) {
      offset += (index % sizes[k]) * layout.pitch[k];
      index /= sizes[k];
    }
    return offset;
  }

  // Stockham autosort stages, ping-ponging between a and b; returns the buffer
  // holding the natural-order result.
  // The values are rounded to the intermediate format after the stages
  // rounds_after_stage names (the last of each pass but the axis's last).
  const std::complex<Real>* transform_line(const std::vector<StageTables<Real>>& stages,
                                           const std::vector<bool>& rounds_after_stage, std::complex<Real>* a,
                                           std::complex<Real>* b, std::int64_t size) const {
    std::complex<Real> vector_in[16], vector_out[16];
    for (std::size_t s = 0; s < stages.size(); ++s) {
      const StageTables<Real>& stage = stages[s];
      const int radix = stage.radix;
      const std::int64_t quarter = size / radix;  // distance between a vector's inputs
      for (std::int64_t t = 0; t < quarter; ++t) {
        const std::int64_t j = t % stage.stride;
        vector_in[0] = a[t];
        for (int k = 1; k < radix; ++k) {
          std::complex<Real> x = a[t + k * quarter];
          if (stage.stride > 1) {
            const std::complex<Real> w = stage.twiddles[static_cast<std::size_t>(j) * (radix - 1) + (k - 1)];
            x = {x.real() * w.real() - x.imag() * w.imag(), x.real() * w.imag() + x.imag() * w.real()};
          }
          vector_in[k] = x;
        }
        stage.dft->apply(vector_in, vector_out);
        const std::int64_t base = (t / stage.stride) * stage.stride * radix + j;
        for (int k = 0; k < radix; ++k) b[base + k * stage.stride] = vector_out[k];
      }
      std::swap(a, b);
      if (rounds_after_stage[s]) round_to_intermediate(plan_.intermediate, a, size);
    }
    return a;
  }

  [[noreturn]] void report_overflow(std::complex<Real> value, std::int64_t index, std::int64_t batch) const {
    char message[400];
    const double magnitude = std::max(std::fabs(static_cast<double>(value.real())),
                                      std::fabs(static_cast<double>(value.imag())));
    std::snprintf(message, sizeof message,
                  "output overflows %s storage: a component reaches %.4g at element %lld of batch %lld; "
                  "scale the input down, use normalization ortho or forward, or a wider storage type",
                  to_string(plan_.problem.storage), magnitude, static_cast<long long>(index),
                  static_cast<long long>(batch));
    throw Error(Status::overflow, message);
  }

  const host::SmallDft& small_dft(int radix, int sign) {
    for (const auto& dft : dfts_) {
      if (dft->radix() == radix) return *dft;
    }
    dfts_.push_back(std::make_unique<host::SmallDft>(radix, sign, plan_.problem.mode));
    return *dfts_.back();
  }

  const PlanImplementation& plan_;
  std::vector<std::unique_ptr<host::SmallDft>> dfts_;
  std::vector<std::vector<StageTables<Real>>> axis_stages_;
  std::vector<std::vector<bool>> rounds_after_stage_;  // per axis and stage
  std::vector<bool> rounds_after_axis_;
  Real scale_ = 1;
};

}  // namespace

std::unique_ptr<Executor> make_host_executor(const PlanImplementation& plan) {
  if (plan.problem.mode == ComputeMode::fp64) return std::make_unique<HostExecutor<double>>(plan);
  return std::make_unique<HostExecutor<float>>(plan);
}

}  // namespace tensorfft
