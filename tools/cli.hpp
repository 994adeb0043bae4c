// Command-line parsing shared by the tensorfft program's commands (main.cpp
// and bench/): options, choices, numbers and the usage-error exception.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tensorfft/tensorfft.hpp"

namespace tensorfft::tools::cli {

constexpr int exit_success = 0;
constexpr int exit_failure = 1;
constexpr int exit_usage = 2;

// A command line the program cannot act on (exit status 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Arguments {
  std::map<std::string, std::string> values;  // --name VALUE options
  std::set<std::string> flags;                // --name options
  std::vector<std::string> positional;
  bool help = false;

  bool flag(const std::string& name) const { return flags.count(name) != 0; }
  const std::string* value(const std::string& name) const {
    const auto it = values.find(name);
    return it == values.end() ? nullptr : &it->second;
  }
};

// Parses `args` for a command that takes the given valued and flag options.
// "--name=value" and "--name value" both work; "--" ends the options.
Arguments parse_arguments(const std::string& command, const std::vector<std::string>& args,
                          const std::set<std::string>& valued, const std::set<std::string>& flags);

// "a, b or c" from the choices' names.
template <typename T>
std::string choice_names(const std::vector<std::pair<const char*, T>>& choices) {
  std::string names;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    names += i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ";
    names += choices[i].first;
  }
  return names;
}

template <typename T>
T parse_choice(const std::string& option, const std::string& value,
               const std::vector<std::pair<const char*, T>>& choices) {
  for (const auto& choice : choices) {
    if (value == choice.first) return choice.second;
  }
  throw UsageError("invalid value '" + value + "' for " + option + ": choose " + choice_names(choices));
}

extern const std::vector<std::pair<const char*, StorageType>> storage_choices;
extern const std::vector<std::pair<const char*, ComputeMode>> mode_choices;
extern const std::vector<std::pair<const char*, Backend>> backend_choices;
extern const std::vector<std::pair<const char*, Normalization>> norm_choices;

// A whole decimal integer in [low, high].
std::int64_t parse_integer(const std::string& option, const std::string& text, std::int64_t low, std::int64_t high);

// Comma-separated items of `text`; an empty item is a usage error.
std::vector<std::string> split_list(const std::string& option, const std::string& text, char separator = ',');

// Comma-separated integers in [1, high].
std::vector<std::int64_t> parse_size_list(const std::string& option, const std::string& text, std::int64_t high);

}  // namespace tensorfft::tools::cli
