// The bench without a GPU: tensorfft's host backend (which reproduces the GPU
// executor's rounding points), for accuracy against the long-double reference
// of src/host/reference_dft.hpp.  Its times are the host backend's.
#include <algorithm>
#include <chrono>
#include <complex>
#include <fstream>
#include <new>
#include <thread>
#include <vector>

#include "host/reference_dft.hpp"
#include "host/storage_access.hpp"
#include "runner.hpp"

namespace tensorfft::tools::bench {
namespace {

using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string cpu_name() {
  std::ifstream info("/proc/cpuinfo");
  std::string line;
  while (std::getline(info, line)) {
    if (line.rfind("model name", 0) == 0) {
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos) {
        const std::size_t start = line.find_first_not_of(' ', colon + 1);
        if (start != std::string::npos) return line.substr(start);
      }
    }
  }
  return "unknown CPU";
}

class HostRunner final : public Runner {
 public:
  HostRunner() {
    environment_.cuda = false;
    environment_.device = cpu_name() + " (" + std::to_string(std::max(1u, std::thread::hardware_concurrency())) +
                          " threads), host backend";
  }
  const Environment& environment() const override { return environment_; }

  void run(const Case& which, const Settings& settings, const Emit& emit) override {
    const std::int64_t elements = which.elements();
    // The unrounded input, and its reference once a plan needs it.
    std::vector<reference::Complex> input;
    std::vector<reference::Complex> expected;
    for (const Measurement& measurement : which.measurements) {
      Row row = make_row(which, measurement, "host");
      try {
        if (measurement.library != Library::tensorfft) {
          throw Error(Status::not_supported, "cuFFT needs a GPU");
        }
        const Problem problem = tensorfft_problem(which, measurement);
        auto start = Clock::now();
        make_plan(problem, Backend::host);
        row.plan_first_ms = milliseconds_since(start);
        start = Clock::now();
        const Plan plan = make_plan(problem, Backend::host);
        row.plan_ms = milliseconds_since(start);
        row.plan = plan.describe();

        if (input.empty()) {
          input.resize(static_cast<std::size_t>(elements));
          for (std::int64_t i = 0; i < elements; ++i) {
            const auto index = static_cast<std::uint64_t>(i);
            input[static_cast<std::size_t>(i)] = {uniform(which.seed, 2 * index), uniform(which.seed, 2 * index + 1)};
          }
        }
        // Storage buffers of complex<double> words: aligned for every type.
        const std::size_t bytes = static_cast<std::size_t>(elements) * element_bytes(measurement.storage);
        const std::size_t words = (bytes + sizeof(std::complex<double>) - 1) / sizeof(std::complex<double>);
        std::vector<std::complex<double>> in(std::max<std::size_t>(words, 1)), out(std::max<std::size_t>(words, 1));
        for (std::int64_t i = 0; i < elements; ++i) {
          host::store_element(measurement.storage, in.data(), i, input[static_cast<std::size_t>(i)]);
        }
        for (int run = 0; run < settings.warmups; ++run) plan.execute(in.data(), out.data());
        std::vector<double> times;
        for (int run = 0; run < std::max(1, settings.repeats); ++run) {
          start = Clock::now();
          plan.execute(in.data(), out.data());
          times.push_back(milliseconds_since(start));
        }
        std::sort(times.begin(), times.end());
        const std::size_t middle = times.size() / 2;
        row.time_ms = times.size() % 2 ? times[middle] : (times[middle - 1] + times[middle]) / 2;
        row.time_min_ms = times.front();

        if (expected.empty()) expected = reference::fft_nd(input, which.dims, which.batch, -1);
        std::vector<reference::Complex> result(static_cast<std::size_t>(elements));
        for (std::int64_t i = 0; i < elements; ++i) {
          result[static_cast<std::size_t>(i)] = host::load_element<long double>(measurement.storage, out.data(), i);
        }
        row.relative_l2 = static_cast<double>(reference::relative_l2_error(result, expected));
        row.max_relative = static_cast<double>(reference::max_relative_error(result, expected));
        if (which.seed_metric) {
          // No cuFFT here: X32 is the long-double reference; norm = 1 bounds the input.
          long double sum = 0;
          for (std::size_t i = 0; i < result.size(); ++i) sum += std::abs(result[i] - expected[i]);
          row.seed_error = static_cast<double>(sum);
        }
        const bool finite = std::all_of(result.begin(), result.end(), [](const reference::Complex& value) {
          return std::isfinite(value.real()) && std::isfinite(value.imag());
        });
        if (!finite) row.relative_l2 = row.max_relative = std::numeric_limits<double>::infinity();
      } catch (const Error& error) {
        row.outcome = outcome_of(error);
        row.message = error.what();
      } catch (const std::bad_alloc&) {
        row.outcome = Outcome::out_of_memory;
        row.message = "out of host memory for " + std::to_string(elements) + " elements";
      }
      emit(std::move(row));
    }
  }

 private:
  Environment environment_;
};

}  // namespace

std::unique_ptr<Runner> make_host_runner() { return std::make_unique<HostRunner>(); }

}  // namespace tensorfft::tools::bench
