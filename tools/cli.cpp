#include "cli.hpp"

#include <charconv>

namespace tensorfft::tools::cli {

Arguments parse_arguments(const std::string& command, const std::vector<std::string>& args,
                          const std::set<std::string>& valued, const std::set<std::string>& flags) {
  Arguments parsed;
  bool options_ended = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (options_ended || arg == "-" || arg.empty() || arg[0] != '-') {
      parsed.positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      options_ended = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      parsed.help = true;
      continue;
    }
    const std::size_t equals = arg.find('=');
    const std::string name = arg.substr(0, equals);
    if (valued.count(name)) {
      if (equals != std::string::npos) {
        parsed.values[name] = arg.substr(equals + 1);
      } else if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
        parsed.values[name] = args[++i];
      } else {
        throw UsageError("option " + name + " needs a value");
      }
    } else if (flags.count(name)) {
      if (equals != std::string::npos) throw UsageError("option " + name + " takes no value");
      parsed.flags.insert(name);
    } else {
      throw UsageError("unknown option '" + arg + "' for '" + command + "' (see 'tensorfft " + command + " --help')");
    }
  }
  return parsed;
}

const std::vector<std::pair<const char*, StorageType>> storage_choices = {
    {"fp32", StorageType::complex_fp32},
    {"fp16", StorageType::complex_fp16},
    {"bf16", StorageType::complex_bf16},
    {"fp64", StorageType::complex_fp64},
};
const std::vector<std::pair<const char*, ComputeMode>> mode_choices = {
    {"split_fp16", ComputeMode::split_fp16},
    {"single_fp16", ComputeMode::single_fp16},
    {"fp32", ComputeMode::fp32},
    {"fp64", ComputeMode::fp64},
};
const std::vector<std::pair<const char*, Backend>> backend_choices = {
    {"auto", Backend::automatic},
    {"cuda", Backend::cuda},
    {"host", Backend::host},
};
const std::vector<std::pair<const char*, Normalization>> norm_choices = {
    {"backward", Normalization::backward},
    {"ortho", Normalization::ortho},
    {"forward", Normalization::forward},
};

std::int64_t parse_integer(const std::string& option, const std::string& text, std::int64_t low, std::int64_t high) {
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto result = std::from_chars(text.data(), end, value);
  if (text.empty() || result.ec == std::errc::invalid_argument || result.ptr != end) {
    throw UsageError("invalid number '" + text + "' for " + option);
  }
  if (result.ec == std::errc::result_out_of_range || value < low || value > high) {
    throw UsageError("value " + text + " for " + option + " is out of range: give " + std::to_string(low) + " to " +
                     std::to_string(high));
  }
  return value;
}

std::vector<std::string> split_list(const std::string& option, const std::string& text, char separator) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    std::string item = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (item.empty()) throw UsageError("empty item in " + option + " '" + text + "'");
    items.push_back(std::move(item));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return items;
}

std::vector<std::int64_t> parse_size_list(const std::string& option, const std::string& text, std::int64_t high) {
  std::vector<std::int64_t> sizes;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.empty()) throw UsageError("empty size in " + option + " '" + text + "'");
    sizes.push_back(parse_integer(option, item, 1, high));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return sizes;
}

}  // namespace tensorfft::tools::cli
