// Runs the built tensorfft program as a user does, in a fresh temporary folder
// per test: exit status, stdout and stderr.  Shared by the program's tests.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace tensorfft::testing {

inline std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

struct Outcome {
  int status = -1;  // the exit status, -1 when killed by a signal
  std::string out;
  std::string err;
};

// Runs a shell command with its output captured in `folder`.
inline Outcome run_command(const std::string& command, const std::filesystem::path& folder) {
  const std::filesystem::path out = folder / "stdout.txt", err = folder / "stderr.txt";
  const int raw = std::system((command + " >" + quoted(out.string()) + " 2>" + quoted(err.string())).c_str());
  Outcome result;
  result.status = raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  result.out = read_text(out);
  result.err = read_text(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return result;
}

class ToolFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    folder_ = std::filesystem::temp_directory_path() /
              ("tensorfft_tool_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" + info->name());
    std::filesystem::remove_all(folder_);
    std::filesystem::create_directories(folder_);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  std::string path(const std::string& name) const { return (folder_ / name).string(); }

  // Runs the program with `arguments` (already shell-quoted where needed).
  Outcome run(const std::string& arguments) const {
    return run_command(quoted(TENSORFFT_TOOL_PATH) + " " + arguments, folder_);
  }

  // An error run: the status, and stderr is one "tensorfft: error:" line holding `fragment`.
  void expect_error(const std::string& arguments, int status, const std::string& fragment) const {
    const Outcome result = run(arguments);
    EXPECT_EQ(result.status, status) << arguments << "\nstderr: " << result.err;
    EXPECT_EQ(result.err.rfind("tensorfft: error: ", 0), 0u) << arguments << "\nstderr: " << result.err;
    ASSERT_FALSE(result.err.empty());
    EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << "not one line: " << result.err;
    EXPECT_NE(result.err.find(fragment), std::string::npos) << arguments << "\nstderr: " << result.err;
  }

  std::filesystem::path folder_;
};

}  // namespace tensorfft::testing
