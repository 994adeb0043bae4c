// The error compact intermediates add (Intermediates::compact, precision/
// shared_exponent.hpp), shared by the host tests and the GPU suite: each
// rounding of an intermediate to a 4-byte format adds an independent error,
// so bounds grow in quadrature with the number of intermediates the plan
// stores.  Per rounding, 0.6 units of the format's 2^-(M-1): a NumPy model
// of two passes on uniform input measured 0.55 (E6M13 1.33e-4 relL2, E8M12
// 2.66e-4).
#pragma once

#include <cmath>

#include "plan/plan_implementation.hpp"
#include "precision/shared_exponent.hpp"

namespace tensorfft_tests {

// Intermediates rounded to a 4-byte format: one after every pass but the last.
inline int compact_intermediate_roundings(const tensorfft::Plan& plan) {
  const tensorfft::PlanImplementation& implementation = plan.implementation();
  if (tensorfft::plan::intermediate_element_bytes(implementation.intermediate) != 4) return 0;
  return std::max(tensorfft::plan::pass_count(implementation) - 1, 0);
}

inline double relative_error_per_intermediate(const tensorfft::Plan& plan) {
  using tensorfft::plan::IntermediateFormat;
  switch (plan.implementation().intermediate) {
    case IntermediateFormat::shared_exponent_e6m13:
      return 0.6 * std::ldexp(1.0, -(tensorfft::precision::SharedExponentE6M13::mantissa_bits - 1));
    case IntermediateFormat::shared_exponent_e8m12:
      return 0.6 * std::ldexp(1.0, -(tensorfft::precision::SharedExponentE8M12::mantissa_bits - 1));
    default: return 0;
  }
}

// A relL2 bound for full intermediates, widened for the plan's compact ones.
inline double with_compact_intermediates(double bound, const tensorfft::Plan& plan) {
  const double per_intermediate = relative_error_per_intermediate(plan);
  return std::sqrt(bound * bound + compact_intermediate_roundings(plan) * per_intermediate * per_intermediate);
}

}  // namespace tensorfft_tests
