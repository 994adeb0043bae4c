// `tensorfft bench`: the command line, the sweep, the progress lines and the
// outputs.  The measuring is done by a Runner (runner.hpp): the CUDA runner
// times tensorfft beside cuFFT on the device, the host runner checks the host
// backend's accuracy when there is no GPU.
#include "bench.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "../cli.hpp"
#include "plan/plan_implementation.hpp"
#include "report.hpp"
#include "runner.hpp"
#include "seed_tables.hpp"

#ifndef TENSORFFT_TOOL_VERSION
#define TENSORFFT_TOOL_VERSION "unknown"
#endif
#ifndef TENSORFFT_BENCH_GIT_COMMIT
#define TENSORFFT_BENCH_GIT_COMMIT "unknown"
#endif
#ifndef TENSORFFT_BENCH_GIT_DIRTY
#define TENSORFFT_BENCH_GIT_DIRTY "unknown"
#endif

namespace tensorfft::tools::bench {
namespace {

using cli::UsageError;

const char* const bench_help = R"(usage: tensorfft bench [options]

Times tensorfft beside cuFFT on the same device and the same input, and
measures both against cuFFT fp64 of the unrounded input (real and imaginary
parts uniform in [-1, 1)): forward C2C, out of place, packed.  One line per
measurement as it goes; CSV and JSON with a metadata block (device, driver,
CUDA runtime, cuFFT version, git commit, date, command line).

Without a usable GPU (or with --backend host) it runs tensorfft's host
backend for accuracy only, against a long-double reference; its times are
the host's, and there are no cuFFT rows.

what to run:
  --sizes LIST       transform shapes, e.g. 16,1024,256x256,128x128x128 (the
                     last size is the contiguous axis)
  --log2 A:B         1-D sizes 2^A ... 2^B (with --sizes: both lists)
  --ranks LIST       only shapes of these ranks: 1,2,3
  --storage LIST     storage types: fp16,bf16,fp32 (default: all three)
  --modes LIST       tensorfft compute modes: split_fp16,single_fp16,fp32
                     (or split, single; default: split_fp16 and single_fp16,
                     plus fp32 with fp32 storage)
  --total-log2 L     elements per case: batch = 2^L / (elements of one
                     transform), at least 1 (default: 26; host mode: 16)
  --batch B          this batch for every shape instead
  --max-radix R      largest radix tensorfft may use: 2, 4, 8 or 16 (default:
                     the library's choice)
  --intermediates LIST  what tensorfft keeps between passes: full, compact
                     (both: full,compact; default: full); compact measures
                     fp16/bf16 storage in split_fp16 and single_fp16 only
  --max-log2 L       skip cases of more than 2^L elements (default: no limit on
                     a GPU, 16 in host mode)
  --no-cufft         tensorfft only
  --seed-tables      the seed paper's Tables 1-9 instead of the sweep: 1-D,
                     2-D and 3-D, radix 2/4/8, N*batch 1k ... 64M, printed as
                     markdown beside the paper's V100 numbers

how to measure:
  --repeats R        timed executions, the median is reported (default: 25;
                     host mode: 3)
  --warmups W        untimed executions first (default: 3; host mode: 1)
  --seed N           seed of the random input (default: 1)
  --backend NAME     auto (default: cuda when a GPU is usable), cuda or host

outputs:
  --csv FILE         one row per measurement, after '# key: value' metadata lines
  --json FILE        {"metadata", "columns", "results", "seed_tables"}; rewritten
                     after every case, so an interrupted run leaves valid JSON
  -h, --help         show this help

Default sweep: 1-D 2^4 ... 2^26, 2-D 1024^2, 4096^2, 8192^2, 3-D 128^3,
256^3, 512^3 with 2^26 elements per case; host mode: 1-D 2^4 ... 2^16, 2-D
16^2, 64^2, 256^2, 3-D 8^3, 16^3, 32^3 with 2^16.

Columns: time_ms is the median of CUDA-event-timed executions (no copies);
gbps counts one read and one write of the storage bytes; bandwidth_fraction
is gbps over the device-to-device copy bandwidth measured at start-up; relL2
= ||y - ref|| / ||ref||, maxrel = max |y - ref| / rms(ref); plan_first_ms and
plan_ms time the first plan of a case and the same plan made again (on the
GPU the median of five); ratio is tensorfft's time over cuFFT's in the same
storage type and case.  A case a
library refuses (not supported, cuFFT's 16-bit types for other sizes than
powers of two, too large for the memory) is reported on its own line with
its reason and the sweep goes on.  Plot the JSON with scripts/plot-benchmarks.
)";

struct Options {
  std::vector<std::vector<std::int64_t>> shapes;  // empty: the default sweep
  std::set<int> ranks;                            // empty: all
  std::vector<StorageType> storages = {StorageType::complex_fp16, StorageType::complex_bf16,
                                       StorageType::complex_fp32};
  std::vector<ComputeMode> modes;  // empty: the default modes
  std::optional<int> total_log2;
  std::optional<std::int64_t> batch;
  int max_radix = 0;
  std::vector<Intermediates> intermediates = {Intermediates::full};
  std::optional<int> max_log2;
  bool cufft = true;
  bool seed_tables = false;
  std::optional<int> repeats;
  std::optional<int> warmups;
  std::uint64_t seed = 1;
  Backend backend = Backend::automatic;
  std::string csv_path;
  std::string json_path;
};

constexpr int largest_log2 = 40;
const std::int64_t largest_elements = std::int64_t{1} << largest_log2;

std::vector<std::int64_t> parse_shape(const std::string& text) {
  std::vector<std::int64_t> dims;
  std::int64_t elements = 1;
  for (const std::string& item : cli::split_list("--sizes", text, 'x')) {
    dims.push_back(cli::parse_integer("--sizes", item, 1, largest_elements));
    if (dims.back() > largest_elements / elements) {
      throw UsageError("shape '" + text + "' in --sizes has more than 2^" + std::to_string(largest_log2) +
                       " elements");
    }
    elements *= dims.back();
  }
  if (dims.size() > 3) {
    throw UsageError("shape '" + text + "' in --sizes has rank " + std::to_string(dims.size()) + ": give 1 to 3 sizes");
  }
  return dims;
}

Options parse_options(const cli::Arguments& arguments) {
  Options options;
  std::vector<std::vector<std::int64_t>> from_log2, from_sizes;
  if (const auto* text = arguments.value("--log2")) {
    const std::size_t colon = text->find(':');
    const int low = static_cast<int>(cli::parse_integer("--log2", text->substr(0, colon), 0, largest_log2));
    const int high = colon == std::string::npos
                         ? low
                         : static_cast<int>(cli::parse_integer("--log2", text->substr(colon + 1), 0, largest_log2));
    if (high < low) throw UsageError("--log2 " + *text + ": the first exponent is larger than the second");
    for (int e = low; e <= high; ++e) from_log2.push_back({std::int64_t{1} << e});
  }
  if (const auto* text = arguments.value("--sizes")) {
    for (const std::string& item : cli::split_list("--sizes", *text)) from_sizes.push_back(parse_shape(item));
  }
  options.shapes = from_log2;
  options.shapes.insert(options.shapes.end(), from_sizes.begin(), from_sizes.end());
  if (const auto* text = arguments.value("--ranks")) {
    for (const std::string& item : cli::split_list("--ranks", *text)) {
      options.ranks.insert(static_cast<int>(cli::parse_integer("--ranks", item, 1, 3)));
    }
  }
  if (const auto* text = arguments.value("--storage")) {
    static const std::vector<std::pair<const char*, StorageType>> choices = {
        {"fp16", StorageType::complex_fp16}, {"bf16", StorageType::complex_bf16}, {"fp32", StorageType::complex_fp32}};
    options.storages.clear();
    for (const std::string& item : cli::split_list("--storage", *text)) {
      const StorageType storage = cli::parse_choice("--storage", item, choices);
      if (std::find(options.storages.begin(), options.storages.end(), storage) == options.storages.end()) {
        options.storages.push_back(storage);
      }
    }
  }
  if (const auto* text = arguments.value("--modes")) {
    static const std::vector<std::pair<const char*, ComputeMode>> choices = {
        {"split_fp16", ComputeMode::split_fp16}, {"single_fp16", ComputeMode::single_fp16},
        {"fp32", ComputeMode::fp32},             {"split", ComputeMode::split_fp16},
        {"single", ComputeMode::single_fp16}};
    for (const std::string& item : cli::split_list("--modes", *text)) {
      ComputeMode mode{};
      try {
        mode = cli::parse_choice("--modes", item, choices);
      } catch (const UsageError&) {
        throw UsageError("invalid value '" + item + "' for --modes: choose split_fp16, single_fp16 or fp32");
      }
      if (std::find(options.modes.begin(), options.modes.end(), mode) == options.modes.end()) {
        options.modes.push_back(mode);
      }
    }
  }
  if (const auto* text = arguments.value("--total-log2")) {
    options.total_log2 = static_cast<int>(cli::parse_integer("--total-log2", *text, 0, largest_log2));
  }
  if (const auto* text = arguments.value("--batch")) {
    if (options.total_log2) throw UsageError("give either --batch or --total-log2, not both");
    options.batch = cli::parse_integer("--batch", *text, 1, largest_elements);
  }
  if (const auto* text = arguments.value("--max-radix")) {
    options.max_radix = static_cast<int>(cli::parse_integer("--max-radix", *text, 2, 16));
    if (options.max_radix != 2 && options.max_radix != 4 && options.max_radix != 8 && options.max_radix != 16) {
      throw UsageError("invalid value '" + *text + "' for --max-radix: choose 2, 4, 8 or 16");
    }
  }
  if (const auto* text = arguments.value("--intermediates")) {
    static const std::vector<std::pair<const char*, Intermediates>> choices = {{"full", Intermediates::full},
                                                                               {"compact", Intermediates::compact}};
    options.intermediates.clear();
    for (const std::string& item : cli::split_list("--intermediates", *text)) {
      const Intermediates intermediates = cli::parse_choice("--intermediates", item, choices);
      if (std::find(options.intermediates.begin(), options.intermediates.end(), intermediates) ==
          options.intermediates.end()) {
        options.intermediates.push_back(intermediates);
      }
    }
  }
  if (const auto* text = arguments.value("--max-log2")) {
    options.max_log2 = static_cast<int>(cli::parse_integer("--max-log2", *text, 0, largest_log2));
  }
  options.cufft = !arguments.flag("--no-cufft");
  options.seed_tables = arguments.flag("--seed-tables");
  if (options.seed_tables) {
    for (const char* name : {"--sizes", "--log2", "--ranks", "--storage", "--modes", "--total-log2", "--batch",
                             "--max-radix", "--intermediates"}) {
      if (arguments.value(name)) {
        throw UsageError(std::string("--seed-tables runs the paper's fixed cases: it does not take ") + name);
      }
    }
  }
  if (const auto* text = arguments.value("--repeats")) {
    options.repeats = static_cast<int>(cli::parse_integer("--repeats", *text, 1, 100000));
  }
  if (const auto* text = arguments.value("--warmups")) {
    options.warmups = static_cast<int>(cli::parse_integer("--warmups", *text, 0, 10000));
  }
  if (const auto* text = arguments.value("--seed")) {
    options.seed = static_cast<std::uint64_t>(
        cli::parse_integer("--seed", *text, 0, std::numeric_limits<std::int64_t>::max()));
  }
  if (const auto* name = arguments.value("--backend")) {
    options.backend = cli::parse_choice("--backend", *name, cli::backend_choices);
  }
  if (const auto* path = arguments.value("--csv")) options.csv_path = *path;
  if (const auto* path = arguments.value("--json")) options.json_path = *path;
  if (!options.csv_path.empty() && options.csv_path == options.json_path) {
    throw UsageError("--csv and --json name the same file '" + options.csv_path + "'");
  }
  return options;
}

std::uint64_t case_seed(std::uint64_t seed, const std::vector<std::int64_t>& dims, std::int64_t batch) {
  std::uint64_t hash = mix64(seed, dims.size());
  for (std::int64_t size : dims) hash = mix64(hash, static_cast<std::uint64_t>(size));
  return mix64(hash, static_cast<std::uint64_t>(batch));
}

std::vector<std::vector<std::int64_t>> default_shapes(bool cuda) {
  std::vector<std::vector<std::int64_t>> shapes;
  const int largest = cuda ? 26 : 16;
  for (int e = 4; e <= largest; ++e) shapes.push_back({std::int64_t{1} << e});
  const std::vector<std::int64_t> sides_2d = cuda ? std::vector<std::int64_t>{1024, 4096, 8192}
                                                  : std::vector<std::int64_t>{16, 64, 256};
  const std::vector<std::int64_t> sides_3d = cuda ? std::vector<std::int64_t>{128, 256, 512}
                                                  : std::vector<std::int64_t>{8, 16, 32};
  for (std::int64_t side : sides_2d) shapes.push_back({side, side});
  for (std::int64_t side : sides_3d) shapes.push_back({side, side, side});
  return shapes;
}

std::vector<Case> sweep_cases(const Options& options, bool cuda) {
  const std::vector<std::vector<std::int64_t>> shapes = options.shapes.empty() ? default_shapes(cuda) : options.shapes;
  const int total_log2 = options.total_log2.value_or(cuda ? 26 : 16);
  std::vector<Case> cases;
  for (const auto& dims : shapes) {
    if (!options.ranks.empty() && !options.ranks.count(static_cast<int>(dims.size()))) continue;
    Case which;
    which.dims = dims;
    const std::int64_t n = which.transform_elements();
    which.batch = options.batch ? *options.batch : std::max<std::int64_t>(1, (std::int64_t{1} << total_log2) / n);
    which.max_radix = options.max_radix;
    which.seed = case_seed(options.seed, dims, which.batch);
    for (StorageType storage : options.storages) {
      if (cuda && options.cufft) which.measurements.push_back({Library::cufft, storage, ComputeMode::split_fp16});
      std::vector<ComputeMode> modes = options.modes;
      if (modes.empty()) {
        modes = {ComputeMode::split_fp16, ComputeMode::single_fp16};
        if (storage == StorageType::complex_fp32) modes.push_back(ComputeMode::fp32);
      }
      for (ComputeMode mode : modes) {
        for (Intermediates intermediates : options.intermediates) {
          if (intermediates == Intermediates::compact && !plan::compact_intermediates_exist(storage, mode)) continue;
          which.measurements.push_back({Library::tensorfft, storage, mode, intermediates});
        }
      }
    }
    cases.push_back(std::move(which));
  }
  return cases;
}

std::vector<Case> seed_table_cases(const Options& options, bool cuda) {
  std::vector<Case> cases;
  for (const SeedTable& table : seed_tables()) {
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      Case which;
      which.dims = seed_table_shape(table.rank, table.radix, table.rows[r].log2_elements);
      which.batch = 1;
      which.max_radix = table.radix;
      which.seed = case_seed(options.seed, which.dims, which.batch);
      which.seed_table = table.number;
      which.seed_row = static_cast<int>(r);
      which.seed_metric = true;
      if (cuda && options.cufft) {
        which.measurements.push_back({Library::cufft, StorageType::complex_fp32, ComputeMode::split_fp16});
        which.measurements.push_back({Library::cufft, StorageType::complex_fp16, ComputeMode::split_fp16});
      }
      which.measurements.push_back({Library::tensorfft, StorageType::complex_fp32, ComputeMode::split_fp16});
      cases.push_back(std::move(which));
    }
  }
  return cases;
}

std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\r', ' ');
  return text;
}

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string version_text(int version, bool with_patch) {
  if (version <= 0) return "unknown";
  const int major = version / 1000;
  if (!with_patch) return std::to_string(major) + "." + std::to_string(version % 1000 / 10);
  return std::to_string(major) + "." + std::to_string(version % 1000 / 100) + "." + std::to_string(version % 100);
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

std::string command_line(const std::vector<std::string>& args) {
  std::string text = "tensorfft bench";
  for (const std::string& arg : args) {
    const bool plain = !arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                             "0123456789-_=.,:/+x") == std::string::npos;
    if (plain) {
      text += " " + arg;
    } else {
      text += " '";
      for (char c : arg) text += c == '\'' ? std::string("'\\''") : std::string(1, c);
      text += "'";
    }
  }
  return text;
}

// true or false when configure could tell, else the string "unknown".
MetaField git_dirty_field(const std::string& dirty) {
  if (dirty == "true" || dirty == "false") return {"git_dirty", dirty, dirty};
  return meta_string("git_dirty", dirty);
}

const char* outcome_words(Outcome outcome) {
  switch (outcome) {
    case Outcome::ok: return "ok";
    case Outcome::not_supported: return "not supported";
    case Outcome::refused: return "refused";
    case Outcome::out_of_memory: return "out of memory";
    case Outcome::skipped: return "skipped";
    case Outcome::error: return "error";
  }
  return "error";
}

std::string row_line(const Row& row, int count, double seconds_left) {
  char head[256];
  std::snprintf(head, sizeof head, "case %d/%d  n=%s b=%lld  %s %-9s %-11s", row.case_index, count,
                shape_text(row.dims).c_str(), static_cast<long long>(row.batch), tensorfft::to_string(row.storage),
                to_string(row.library), row.mode_name().c_str());
  std::string line = head;
  if (row.library == Library::tensorfft && row.intermediates == Intermediates::compact) line += " compact";
  if (row.outcome == Outcome::ok) {
    line += format(" %9.4f ms", row.time_ms);
    if (row.backend == "host") line += " (host)";
    if (std::isfinite(row.gbps)) line += format(" %7.1f GB/s", row.gbps);
    if (std::isfinite(row.bandwidth_fraction)) line += format(" %5.1f%% of copy", 100 * row.bandwidth_fraction);
    line += format("  relL2 %.2e", row.relative_l2) + format("  maxrel %.2e", row.max_relative);
    if (std::isfinite(row.seed_error)) line += format("  seed-error %.2e", row.seed_error);
    line += format("  plan %.1f", row.plan_first_ms) + format("/%.2f ms", row.plan_ms);
    if (std::isfinite(row.ratio)) line += format("  %.2fx cuFFT", row.ratio);
  } else {
    line += std::string("  ") + outcome_words(row.outcome) + ": " + one_line(row.message);
  }
  if (std::isfinite(seconds_left)) line += format("  | est. left %.0f s", std::max(0.0, seconds_left));
  return line;
}

}  // namespace

int run_bench(const std::vector<std::string>& args) {
  const cli::Arguments arguments = cli::parse_arguments(
      "bench", args,
      {"--sizes", "--log2", "--ranks", "--storage", "--modes", "--total-log2", "--batch", "--max-radix",
       "--intermediates", "--max-log2", "--repeats", "--warmups", "--seed", "--backend", "--csv", "--json"},
      {"--no-cufft", "--seed-tables"});
  if (arguments.help) {
    std::fputs(bench_help, stdout);
    return cli::exit_success;
  }
  if (!arguments.positional.empty()) {
    throw UsageError("bench takes no file names, got '" + arguments.positional[0] +
                     "' (see 'tensorfft bench --help')");
  }
  const Options options = parse_options(arguments);

  // Where to run: the GPU when there is one (or when asked), else the host.
  std::unique_ptr<Runner> runner;
  std::string host_reason = "host backend requested";
  Settings settings;
  if (options.backend != Backend::host) {
    Settings cuda_settings;
    cuda_settings.repeats = options.repeats.value_or(25);
    cuda_settings.warmups = options.warmups.value_or(3);
    std::string reason;
    runner = make_cuda_runner(&reason, std::size_t{512} << 20, cuda_settings);
    if (!runner && options.backend == Backend::cuda) throw std::runtime_error("--backend cuda: " + reason);
    if (!runner) host_reason = reason;
    settings = cuda_settings;
  }
  const bool cuda = runner != nullptr;
  if (!cuda) {
    runner = make_host_runner();
    settings.repeats = options.repeats.value_or(3);
    settings.warmups = options.warmups.value_or(1);
  }
  const Environment& environment = runner->environment();
  const std::vector<Case> cases = options.seed_tables ? seed_table_cases(options, cuda) : sweep_cases(options, cuda);
  // The largest case in elements, as a power of two; -1: no limit.
  const int max_log2 = options.max_log2.value_or(cuda ? -1 : 16);

  std::vector<MetaField> metadata = {
      meta_string("tool", "tensorfft bench"),
      meta_string("version", TENSORFFT_TOOL_VERSION),
      meta_string("git_commit", TENSORFFT_BENCH_GIT_COMMIT),
      git_dirty_field(TENSORFFT_BENCH_GIT_DIRTY),
      meta_string("date", utc_now()),
      meta_string("command_line", command_line(args)),
      meta_string("mode", cuda ? "cuda" : "host"),
      meta_string("device", environment.device),
  };
  if (cuda) {
    metadata.push_back(meta_string("compute_capability", environment.compute_capability));
    metadata.push_back(meta_number("device_memory_gib", environment.memory_gib));
    metadata.push_back(meta_string("driver_version", version_text(environment.driver_version, false)));
    metadata.push_back(meta_string("cuda_runtime_version", version_text(environment.runtime_version, false)));
    metadata.push_back(meta_string("cufft_version", version_text(environment.cufft_version, true)));
    metadata.push_back(meta_integer("cufft_version_number", environment.cufft_version));
    metadata.push_back(meta_number("copy_gbps", environment.copy_gbps));
    metadata.push_back(meta_string("copy_method", environment.copy_method));
    metadata.push_back(meta_string("reference", "cuFFT fp64 (Z2Z) of the unrounded input"));
    metadata.push_back(meta_string("timing", "median of CUDA-event-timed executions on the default stream, "
                                             "without copies, after warm-ups"));
  } else {
    metadata.push_back(meta_string("host_mode_reason", host_reason));
    metadata.push_back(meta_string("reference", "long-double FFT (src/host/reference_dft) of the unrounded input"));
    metadata.push_back(meta_string("timing", "host backend, std::chrono::steady_clock, median after warm-ups"));
  }
  metadata.push_back(meta_string("input", "real and imaginary parts uniform in [-1, 1), 53-bit, per-case seed"));
  metadata.push_back(meta_string("transform", "forward C2C, out of place, packed, unnormalized"));
  metadata.push_back(meta_integer("repeats", settings.repeats));
  metadata.push_back(meta_integer("warmups", settings.warmups));
  metadata.push_back(meta_integer("seed", static_cast<long long>(options.seed)));
  if (!options.seed_tables && !options.batch) {
    metadata.push_back(meta_integer("total_log2", options.total_log2.value_or(cuda ? 26 : 16)));
  }
  if (max_log2 >= 0) metadata.push_back(meta_integer("max_log2", max_log2));
  metadata.push_back(meta_string("sweep", options.seed_tables ? "seed tables 1-9" : "sizes"));

  // Outputs first, so an unwritable path fails before the work.
  std::unique_ptr<CsvWriter> csv;
  if (!options.csv_path.empty()) csv = std::make_unique<CsvWriter>(options.csv_path, metadata);
  std::vector<Row> rows;
  const auto write_outputs = [&] {
    if (!options.json_path.empty()) {
      write_json(options.json_path, metadata, rows, options.seed_tables ? seed_tables_json(rows) : "");
    }
  };
  write_outputs();

  // A case over the size limit is skipped, not run.
  const auto over_limit = [&](const Case& which) {
    return max_log2 >= 0 && which.elements() > (std::int64_t{1} << max_log2);
  };
  // For the time estimate: a measurement's cost grows with its elements and executions.
  int count = 0;
  double total_weight = 0;
  const auto weight_of = [&](const Case& which) {
    return over_limit(which) ? 0.0
                             : static_cast<double>(which.elements()) * (settings.warmups + settings.repeats + 3) + 1e6;
  };
  for (const Case& which : cases) {
    count += static_cast<int>(which.measurements.size());
    total_weight += weight_of(which) * static_cast<double>(which.measurements.size());
  }
  if (cuda) {
    std::printf("tensorfft bench: CUDA mode on %s (compute capability %s, %.1f GiB), driver %s, CUDA runtime %s, cuFFT %s; "
                "device-to-device copy %.0f GB/s\n",
                environment.device.c_str(), environment.compute_capability.c_str(), environment.memory_gib,
                version_text(environment.driver_version, false).c_str(),
                version_text(environment.runtime_version, false).c_str(),
                version_text(environment.cufft_version, true).c_str(), environment.copy_gbps);
  } else {
    std::printf("tensorfft bench: host mode (%s): accuracy against a long-double reference; times are the host "
                "backend's, no cuFFT\n",
                one_line(host_reason).c_str());
  }
  std::printf("%zu cases, %d measurements; median of %d after %d warm-up%s; seed %llu; reference: %s\n",
              cases.size(), count, settings.repeats, settings.warmups, settings.warmups == 1 ? "" : "s",
              static_cast<unsigned long long>(options.seed),
              cuda ? "cuFFT fp64 of the unrounded input" : "long-double FFT of the unrounded input");
  std::fflush(stdout);

  const auto start = std::chrono::steady_clock::now();
  double done_weight = 0;
  int index = 0;
  std::map<Outcome, int> tally;
  for (const Case& which : cases) {
    std::map<StorageType, double> cufft_ms;  // this case's cuFFT times, for the ratios
    const double row_weight = weight_of(which);
    const Emit emit = [&](Row&& row) {
      row.case_index = ++index;
      if (row.outcome == Outcome::ok && !std::isfinite(row.relative_l2)) {
        row.outcome = Outcome::error;
        row.message = "the output holds NaN or inf (an element left unwritten, or an overflow)";
      }
      if (row.outcome == Outcome::ok) {
        const double bytes = 2.0 * static_cast<double>(row.elements()) * element_bytes(row.storage);
        row.gbps = bytes / (row.time_ms * 1e6);
        if (std::isfinite(environment.copy_gbps) && environment.copy_gbps > 0) {
          row.bandwidth_fraction = row.gbps / environment.copy_gbps;
        }
        if (row.library == Library::cufft) {
          cufft_ms[row.storage] = row.time_ms;
        } else if (const auto found = cufft_ms.find(row.storage); found != cufft_ms.end()) {
          row.ratio = row.time_ms / found->second;
        }
      }
      done_weight += row_weight;
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const double left = elapsed * (total_weight - done_weight) / done_weight;
      std::printf("%s\n", row_line(row, count, left).c_str());
      std::fflush(stdout);
      ++tally[row.outcome];
      if (csv) csv->write(row);
      rows.push_back(std::move(row));
    };
    if (over_limit(which)) {
      for (const Measurement& measurement : which.measurements) {
        Row row = make_row(which, measurement, cuda ? "cuda" : "host");
        row.outcome = Outcome::skipped;
        row.message = std::to_string(which.elements()) + " elements is over the " +
                      (options.max_log2 ? std::string("--max-log2") : std::string("host-mode")) + " limit of 2^" +
                      std::to_string(max_log2) + (options.max_log2 ? "" : " (raise it with --max-log2)");
        emit(std::move(row));
      }
    } else {
      runner->run(which, settings, emit);
    }
    write_outputs();
  }

  if (options.seed_tables) {
    std::fputs(seed_tables_markdown(rows, environment.device, !cuda).c_str(), stdout);
  }
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string summary;
  for (const auto& [outcome, number] : tally) {
    summary += (summary.empty() ? "" : ", ") + std::to_string(number) + " " + outcome_words(outcome);
  }
  std::printf("done in %.0f s: %d measurements: %s%s%s%s%s\n", elapsed, count, summary.empty() ? "none" : summary.c_str(),
              options.csv_path.empty() ? "" : "; CSV: ", options.csv_path.c_str(),
              options.json_path.empty() ? "" : "; JSON: ", options.json_path.c_str());
  return cli::exit_success;
}

}  // namespace tensorfft::tools::bench
