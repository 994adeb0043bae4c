// The tensorfft program as a user runs it: exit statuses, one-line errors,
// results against the long-double reference, and never clobbering outputs.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "host/reference_dft.hpp"
#include "npy.hpp"
#include "tool_fixture.hpp"

namespace fs = std::filesystem;
using tensorfft::reference::Complex;
using tensorfft::tools::NpyArray;
using tensorfft::tools::NpyDtype;
using tensorfft::tools::read_npy;
using tensorfft::tools::write_npy;

namespace {

using tensorfft::testing::quoted;
using tensorfft::testing::read_text;
using Outcome = tensorfft::testing::Outcome;

class Tool : public tensorfft::testing::ToolFixture {};

NpyArray random_array(NpyDtype dtype, std::vector<std::int64_t> shape, unsigned seed) {
  NpyArray array;
  array.reset(dtype, std::move(shape));
  std::mt19937 generator(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  for (auto& value : array.complex64)
    value = {static_cast<float>(uniform(generator)), static_cast<float>(uniform(generator))};
  for (auto& value : array.complex128) value = {uniform(generator), uniform(generator)};
  return array;
}

std::vector<Complex> as_long_double(const NpyArray& array) {
  std::vector<Complex> values;
  for (const auto& value : array.complex64) values.emplace_back(value.real(), value.imag());
  for (const auto& value : array.complex128) values.emplace_back(value.real(), value.imag());
  return values;
}

TEST_F(Tool, HelpAndVersionExitZero) {
  for (const char* arguments : {"--help", "-h", "transform --help", "demo --help", "transform a.npy b.npy --help"}) {
    const Outcome result = run(arguments);
    EXPECT_EQ(result.status, 0) << arguments;
    EXPECT_EQ(result.out.rfind("usage: tensorfft", 0), 0u) << arguments << ": " << result.out;
    EXPECT_TRUE(result.err.empty()) << result.err;
  }
  const Outcome version = run("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.out.rfind("tensorfft ", 0), 0u) << version.out;
}

TEST_F(Tool, UsageErrorsExitTwo) {
  expect_error("", 2, "no command given");
  expect_error("frobnicate", 2, "unknown command 'frobnicate'");
  expect_error("--bogus", 2, "unknown option '--bogus'");
  expect_error("transform a.npy b.npy --bogus", 2, "unknown option '--bogus' for 'transform'");
  expect_error("transform a.npy b.npy -x", 2, "unknown option '-x'");
  expect_error("transform a.npy", 2, "transform needs INPUT.npy and OUTPUT.npy");
  expect_error("transform a.npy b.npy c.npy", 2, "transform needs INPUT.npy and OUTPUT.npy");
  expect_error("transform a.npy b.npy --norm", 2, "option --norm needs a value");
  expect_error("transform a.npy b.npy --norm --inverse", 2, "option --norm needs a value");
  expect_error("transform a.npy b.npy --norm sideways", 2,
               "invalid value 'sideways' for --norm: choose backward, ortho or forward");
  expect_error("transform a.npy b.npy --storage fp8", 2, "invalid value 'fp8' for --storage");
  expect_error("transform a.npy b.npy --mode tf32", 2, "invalid value 'tf32' for --mode");
  expect_error("transform a.npy b.npy --backend tpu", 2, "invalid value 'tpu' for --backend");
  expect_error("transform a.npy b.npy --intermediates half", 2,
               "invalid value 'half' for --intermediates: choose full or compact");
  expect_error("transform a.npy b.npy --rank two", 2, "invalid number 'two' for --rank");
  expect_error("transform a.npy b.npy --rank 4", 2, "value 4 for --rank is out of range: give 1 to 3");
  expect_error("transform a.npy b.npy --rank 2 --axes-from-shape", 2, "either --rank or --axes-from-shape");
  expect_error("transform a.npy b.npy --force=yes", 2, "option --force takes no value");
  expect_error("demo --sizes 12a", 2, "invalid number '12a' for --sizes");
  expect_error("demo --sizes 256,,64", 2, "empty size in --sizes");
  expect_error("demo --sizes -8", 2, "value -8 for --sizes is out of range");
  expect_error("demo --sizes 99999999999999999999", 2, "is out of range");
  expect_error("demo --runs 0", 2, "value 0 for --runs is out of range");
  expect_error("demo --storage fp64 --mode fp32", 2, "does not go with");
  expect_error("demo extra", 2, "demo takes no file names");
}

TEST_F(Tool, DemoRunsOnSmallSizes) {
  const Outcome result = run("demo --sizes 64,128 --runs 2");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find("backend: "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("relL2"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("(c2c 128 bf16 split_fp16"), std::string::npos) << result.out;
  const Outcome only_fp64 = run("demo --sizes 32 --storage fp64 --backend host");
  EXPECT_EQ(only_fp64.status, 0) << only_fp64.err;
  EXPECT_NE(only_fp64.out.find("(c2c 32 fp64 fp64"), std::string::npos) << only_fp64.out;
}

TEST_F(Tool, DemoReportsLibraryErrors) { expect_error("demo --sizes 100 --backend host", 1, "not a power of two"); }

// A batch of 1-D transforms in fp32 storage matches the long-double reference.
TEST_F(Tool, TransformsTheLastAxisLikeNumPy) {
  const NpyArray input = random_array(NpyDtype::complex64, {3, 256}, 1);
  write_npy(path("in.npy"), input, false);
  const Outcome result = run("transform " + quoted(path("in.npy")) + " " + quoted(path("out.npy")) + " --backend host");
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(result.out.empty() && result.err.empty()) << result.out << result.err;

  const NpyArray output = read_npy(path("out.npy"));
  EXPECT_EQ(output.dtype, NpyDtype::complex64);
  EXPECT_EQ(output.shape, input.shape);
  const auto values = as_long_double(input), results = as_long_double(output);
  for (std::size_t row = 0; row < 3; ++row) {
    const std::vector<Complex> line(values.begin() + row * 256, values.begin() + (row + 1) * 256);
    const std::vector<Complex> got(results.begin() + row * 256, results.begin() + (row + 1) * 256);
    EXPECT_LT(tensorfft::reference::relative_l2_error(got, tensorfft::reference::fft(line, -1)), 1e-6L)
        << "row " << row;
  }
}

TEST_F(Tool, TransformsTheLastTwoAxesInverseOrtho) {
  const NpyArray input = random_array(NpyDtype::complex64, {2, 16, 32}, 2);
  write_npy(path("in.npy"), input, false);
  const Outcome result = run("transform " + quoted(path("in.npy")) + " " + quoted(path("out.npy")) +
                             " --rank 2 --inverse --norm ortho --mode fp32 --backend host --verbose");
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find("plan: (c2c 16x32 fp32 fp32 inverse norm=ortho batch=2"), std::string::npos) << result.out;

  auto reference = tensorfft::reference::fft_nd(as_long_double(input), {16, 32}, 2, +1);
  for (auto& value : reference) value /= std::sqrt(16.0L * 32.0L);
  EXPECT_LT(tensorfft::reference::relative_l2_error(as_long_double(read_npy(path("out.npy"))), reference), 1e-6L);
}

TEST_F(Tool, TransformsEveryAxisFromTheShape) {
  const NpyArray input = random_array(NpyDtype::complex64, {4, 8, 16}, 3);
  write_npy(path("in.npy"), input, false);
  const Outcome result = run("transform " + quoted(path("in.npy")) + " " + quoted(path("out.npy")) +
                             " --axes-from-shape --norm forward --backend host");
  ASSERT_EQ(result.status, 0) << result.err;
  auto reference = tensorfft::reference::fft_nd(as_long_double(input), {4, 8, 16}, 1, -1);
  for (auto& value : reference) value /= 512.0L;
  EXPECT_LT(tensorfft::reference::relative_l2_error(as_long_double(read_npy(path("out.npy"))), reference), 1e-6L);
}

TEST_F(Tool, Complex128InputGivesFp64Results) {
  const NpyArray input = random_array(NpyDtype::complex128, {1024}, 4);
  write_npy(path("in.npy"), input, false);
  const Outcome result = run("transform " + quoted(path("in.npy")) + " " + quoted(path("out.npy")) + " --backend host");
  ASSERT_EQ(result.status, 0) << result.err;
  const NpyArray output = read_npy(path("out.npy"));
  EXPECT_EQ(output.dtype, NpyDtype::complex128);
  EXPECT_LT(tensorfft::reference::relative_l2_error(as_long_double(output),
                                                    tensorfft::reference::fft(as_long_double(input), -1)),
            1e-14L);
}

// 16-bit storage rounds the input first; the result is widened to complex64.
TEST_F(Tool, SixteenBitStorageRoundsAndWidens) {
  const NpyArray input = random_array(NpyDtype::complex64, {2048}, 5);
  write_npy(path("in.npy"), input, false);
  const auto reference = tensorfft::reference::fft(as_long_double(input), -1);
  for (const char* storage : {"fp16", "bf16"}) {
    const std::string out = path(std::string("out_") + storage + ".npy");
    const Outcome result =
        run("transform " + quoted(path("in.npy")) + " " + quoted(out) + " --backend host --storage " + storage);
    ASSERT_EQ(result.status, 0) << result.err;
    const NpyArray output = read_npy(out);
    EXPECT_EQ(output.dtype, NpyDtype::complex64);
    const long double error = tensorfft::reference::relative_l2_error(as_long_double(output), reference);
    EXPECT_LT(error, std::string(storage) == "fp16" ? 2e-3L : 2e-2L) << storage;
    EXPECT_GT(error, 1e-6L) << storage << ": the rounding to 16 bits should show";
    // Compact intermediates: two passes (2^16 points), within the storage's bound.
    write_npy(path("long.npy"), random_array(NpyDtype::complex64, {1 << 16}, 15), true);
    const std::string compact_out = path(std::string("compact_") + storage + ".npy");
    const Outcome compact = run("transform " + quoted(path("long.npy")) + " " + quoted(compact_out) +
                                " --backend host --intermediates compact --verbose --storage " + storage);
    ASSERT_EQ(compact.status, 0) << compact.err;
    EXPECT_NE(compact.out.find("intermediates=e"), std::string::npos) << compact.out;
    const auto long_reference = tensorfft::reference::fft(as_long_double(read_npy(path("long.npy"))), -1);
    const long double compact_error =
        tensorfft::reference::relative_l2_error(as_long_double(read_npy(compact_out)), long_reference);
    EXPECT_LT(compact_error, std::string(storage) == "fp16" ? 3.5e-4L : 2.6e-3L) << storage;
  }
  expect_error("transform " + quoted(path("in.npy")) + " " + quoted(path("c32.npy")) +
                   " --backend host --intermediates compact",
               1, "compact intermediates need complex_fp16 or complex_bf16 storage");
}

TEST_F(Tool, BadInputFilesExitOneWithOneLine) {
  const auto full = tensorfft::tools::encode_npy(random_array(NpyDtype::complex64, {64}, 6));
  std::ofstream(path("truncated.npy"), std::ios::binary).write(reinterpret_cast<const char*>(full.data()), 128 + 36);
  expect_error("transform " + quoted(path("truncated.npy")) + " " + quoted(path("out.npy")), 1,
               "truncated.npy: data truncated: shape (64,) of complex64 needs 512 bytes of data but the file has 36");
  EXPECT_FALSE(fs::exists(path("out.npy")));

  std::ofstream(path("text.npy")) << "re,im\n1,2\n";
  expect_error("transform " + quoted(path("text.npy")) + " " + quoted(path("out.npy")), 1, "bad magic");
  expect_error("transform " + quoted(path("missing.npy")) + " " + quoted(path("out.npy")), 1,
               "missing.npy: cannot read");
  EXPECT_FALSE(fs::exists(path("out.npy")));
}

TEST_F(Tool, LibraryErrorsExitOne) {
  write_npy(path("odd.npy"), random_array(NpyDtype::complex64, {4, 3}, 7), false);
  expect_error("transform " + quoted(path("odd.npy")) + " " + quoted(path("out.npy")) + " --backend host", 1,
               "not a power of two");
  write_npy(path("vector.npy"), random_array(NpyDtype::complex64, {8}, 8), false);
  expect_error("transform " + quoted(path("vector.npy")) + " " + quoted(path("out.npy")) + " --rank 2", 1,
               "needs an array with at least 2 axes, the array has shape (8,)");
  expect_error("transform " + quoted(path("vector.npy")) + " " + quoted(path("out.npy")) +
                   " --storage fp64 --mode fp32 --backend host",
               1, "not supported");
  EXPECT_FALSE(fs::exists(path("out.npy")));
}

TEST_F(Tool, KeepsAnExistingOutputWithoutForce) {
  write_npy(path("in.npy"), random_array(NpyDtype::complex64, {2, 32}, 9), false);
  std::ofstream(path("out.npy")) << "keep me";
  const std::string command = "transform " + quoted(path("in.npy")) + " " + quoted(path("out.npy")) + " --backend host";
  expect_error(command, 1, "out.npy: already exists; pass --force to overwrite it");
  EXPECT_EQ(read_text(path("out.npy")), "keep me");

  const Outcome forced = run(command + " --force");
  ASSERT_EQ(forced.status, 0) << forced.err;
  EXPECT_EQ(read_npy(path("out.npy")).shape, (std::vector<std::int64_t>{2, 32}));
  // Only in.npy and out.npy: no temporary files left.
  EXPECT_EQ(std::distance(fs::directory_iterator(folder_), fs::directory_iterator()), 2);
}

TEST_F(Tool, AMissingOutputFolderFailsBeforeTheWork) {
  write_npy(path("in.npy"), random_array(NpyDtype::complex64, {16}, 11), false);
  expect_error("transform " + quoted(path("in.npy")) + " " + quoted(path("no_folder/out.npy")), 1,
               "no_folder does not exist");
}

TEST_F(Tool, EmptyBatchGivesAnEmptyResult) {
  write_npy(path("empty.npy"), random_array(NpyDtype::complex64, {0, 16}, 10), false);
  const Outcome result =
      run("transform " + quoted(path("empty.npy")) + " " + quoted(path("out.npy")) + " --backend host");
  ASSERT_EQ(result.status, 0) << result.err;
  const NpyArray output = read_npy(path("out.npy"));
  EXPECT_EQ(output.shape, (std::vector<std::int64_t>{0, 16}));
  EXPECT_TRUE(output.complex64.empty());
}

}  // namespace
