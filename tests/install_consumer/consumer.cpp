// Transforms an impulse on the host backend through the installed package and
// checks the result is the all-ones spectrum.
#include <tensorfft/tensorfft.hpp>

#include <complex>
#include <cstdio>
#include <vector>

int main() {
  tensorfft::Problem problem;
  problem.sizes = {64};
  tensorfft::Plan plan = tensorfft::make_plan(problem, tensorfft::Backend::host);
  std::vector<std::complex<float>> input(64), output(64, {-7.0f, -7.0f});
  input[0] = 1.0f;
  plan.execute(input.data(), output.data());
  for (const auto& value : output) {
    if (std::abs(value - std::complex<float>(1.0f, 0.0f)) > 1e-6f) {
      std::printf("consumer: wrong spectrum value (%g, %g)\n", value.real(), value.imag());
      return 1;
    }
  }
  std::printf("consumer: installed tensorfft works: %s\n", plan.describe().c_str());
  return 0;
}
