// The .npy reader and writer: round trips, the header forms NumPy and people
// write, and one specific error for each kind of malformed file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "npy.hpp"

namespace fs = std::filesystem;
using tensorfft::tools::encode_npy;
using tensorfft::tools::NpyArray;
using tensorfft::tools::NpyDtype;
using tensorfft::tools::NpyError;
using tensorfft::tools::parse_npy_header;
using tensorfft::tools::read_npy;
using tensorfft::tools::write_npy;

namespace {

// A fresh folder per test, removed afterwards.
class NpyFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    folder_ = fs::temp_directory_path() /
              ("tensorfft_npy_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" + info->name());
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  std::string path(const std::string& name) const { return (folder_ / name).string(); }

  std::string write_bytes(const std::string& name, const std::string& bytes) const {
    const std::string file = path(name);
    std::ofstream(file, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return file;
  }

  std::string read_bytes(const std::string& file) const {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

  std::size_t file_count() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(folder_), fs::directory_iterator()));
  }

  // The error read_npy gives for a file of these bytes ("" when it reads).
  std::string read_error(const std::string& bytes) const {
    const std::string file = write_bytes("case.npy", bytes);
    try {
      read_npy(file);
    } catch (const NpyError& error) {
      const std::string message = error.what();
      EXPECT_EQ(message.find('\n'), std::string::npos) << "not one line: " << message;
      EXPECT_EQ(message.rfind(file + ": ", 0), 0u) << "does not start with the path: " << message;
      return message.substr(file.size() + 2);
    }
    return "";
  }

  fs::path folder_;
};

// A .npy file: magic, version, little-endian header length, header, data.
std::string npy_bytes(const std::string& dict, int major = 1, std::size_t data_bytes = 0, char minor = 0) {
  std::string out("\x93NUMPY", 6);
  out += static_cast<char>(major);
  out += minor;
  const std::size_t length = dict.size();
  const int length_bytes = major == 1 ? 2 : 4;
  for (int i = 0; i < length_bytes; ++i) out += static_cast<char>((length >> (8 * i)) & 0xff);
  return out + dict + std::string(data_bytes, '\x01');
}

std::string dict_with(const std::string& descr, const std::string& fortran, const std::string& shape) {
  return "{'descr': " + descr + ", 'fortran_order': " + fortran + ", 'shape': " + shape + ", }\n";
}

NpyArray pattern_array(NpyDtype dtype, std::vector<std::int64_t> shape) {
  NpyArray array;
  array.reset(dtype, std::move(shape));
  for (std::size_t i = 0; i < array.complex64.size(); ++i) {
    array.complex64[i] = {0.5f + static_cast<float>(i), -1.0f / static_cast<float>(i + 3)};
  }
  for (std::size_t i = 0; i < array.complex128.size(); ++i) {
    array.complex128[i] = {0.25 + static_cast<double>(i), -1.0 / static_cast<double>(i + 7)};
  }
  return array;
}

TEST_F(NpyFiles, RoundTripsBothDtypesAndManyShapes) {
  const std::vector<std::vector<std::int64_t>> shapes = {
      {}, {0}, {1}, {5}, {3, 4}, {2, 3, 4}, {2, 0, 3}, {1, 1, 1, 1, 7}, {4096}};
  for (NpyDtype dtype : {NpyDtype::complex64, NpyDtype::complex128}) {
    for (const auto& shape : shapes) {
      const NpyArray array = pattern_array(dtype, shape);
      const std::string file = path("round_trip.npy");
      write_npy(file, array, /*overwrite=*/true);
      const NpyArray back = read_npy(file);
      EXPECT_EQ(back.dtype, dtype);
      EXPECT_EQ(back.shape, shape);
      EXPECT_EQ(back.complex64, array.complex64);
      EXPECT_EQ(back.complex128, array.complex128);

      // NumPy's layout: version 1.0, data aligned to 64 bytes, header ends in '\n'.
      const std::string bytes = read_bytes(file);
      ASSERT_GE(bytes.size(), 64u);
      EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
      const std::size_t header_end =
          10 + static_cast<unsigned char>(bytes[8]) + 256u * static_cast<unsigned char>(bytes[9]);
      EXPECT_EQ(header_end % 64, 0u);
      EXPECT_EQ(bytes[header_end - 1], '\n');
      EXPECT_EQ(bytes.size(),
                header_end + static_cast<std::size_t>(array.element_count()) * (dtype == NpyDtype::complex64 ? 8 : 16));
    }
  }
  EXPECT_EQ(file_count(), 1u);  // no temporary files left behind
}

// numpy.save's bytes: the dict, spaces up to a multiple of 64 bytes, '\n'.
TEST(NpyEncode, WritesTheHeaderNumPyWrites) {
  const auto header_of = [](const NpyArray& array) {
    const auto bytes = encode_npy(array);
    const std::size_t length = bytes[8] + 256u * bytes[9];
    return std::string(bytes.begin() + 10, bytes.begin() + 10 + static_cast<std::ptrdiff_t>(length));
  };
  const std::string matrix = "{'descr': '<c8', 'fortran_order': False, 'shape': (3, 4), }";
  EXPECT_EQ(header_of(pattern_array(NpyDtype::complex64, {3, 4})),
            matrix + std::string(128 - 10 - matrix.size() - 1, ' ') + "\n");
  const std::string vector = "{'descr': '<c16', 'fortran_order': False, 'shape': (5,), }";
  EXPECT_EQ(header_of(pattern_array(NpyDtype::complex128, {5})),
            vector + std::string(128 - 10 - vector.size() - 1, ' ') + "\n");
  const std::string scalar = "{'descr': '<c8', 'fortran_order': False, 'shape': (), }";
  EXPECT_EQ(header_of(pattern_array(NpyDtype::complex64, {})),
            scalar + std::string(128 - 10 - scalar.size() - 1, ' ') + "\n");
}

TEST(NpyHeader, AcceptsKeysInAnyOrderAndPythonSpelling) {
  const char* const dicts[] = {
      "{'descr': '<c8', 'fortran_order': False, 'shape': (3, 4), }",
      "{'shape': (3, 4), 'fortran_order': False, 'descr': '<c8'}",
      "{\"fortran_order\":False,\"shape\":(3,4),\"descr\":\"<c8\"}",
      "  {  'descr' : '<c8' ,\t'fortran_order' : False , 'shape' : ( 3 , 4 , ) , }    \n",
      "{'descr': '<c8', 'fortran_order': False, 'shape': (3L, 4L)}",
  };
  for (const char* dict : dicts) {
    const auto header = parse_npy_header(dict);
    EXPECT_EQ(header.dtype, NpyDtype::complex64) << dict;
    EXPECT_EQ(header.shape, (std::vector<std::int64_t>{3, 4})) << dict;
    EXPECT_EQ(header.element_count, 12) << dict;
    EXPECT_EQ(header.data_bytes, 96) << dict;
  }
  const auto scalar = parse_npy_header("{'descr': '<c16', 'fortran_order': False, 'shape': ()}");
  EXPECT_EQ(scalar.dtype, NpyDtype::complex128);
  EXPECT_TRUE(scalar.shape.empty());
  EXPECT_EQ(scalar.element_count, 1);
  EXPECT_EQ(scalar.data_bytes, 16);
}

TEST_F(NpyFiles, ReadsVersions2And3) {
  for (int major : {2, 3}) {
    const std::string file = write_bytes("v.npy", npy_bytes(dict_with("'<c16'", "False", "(2,)"), major, 2 * 16));
    const NpyArray array = read_npy(file);
    EXPECT_EQ(array.dtype, NpyDtype::complex128);
    EXPECT_EQ(array.shape, (std::vector<std::int64_t>{2}));
    ASSERT_EQ(array.complex128.size(), 2u);
  }
}

TEST_F(NpyFiles, RejectsBadMagic) {
  EXPECT_EQ(read_error(""), "not a .npy file: bad magic (a .npy file starts with \\x93NUMPY)");
  EXPECT_EQ(read_error("PK\x03\x04 this is a zip"), "not a .npy file: bad magic (a .npy file starts with \\x93NUMPY)");
  std::string wrong = npy_bytes(dict_with("'<c8'", "False", "(1,)"), 1, 8);
  wrong[1] = 'n';
  EXPECT_EQ(read_error(wrong), "not a .npy file: bad magic (a .npy file starts with \\x93NUMPY)");
  EXPECT_EQ(read_error(std::string("\x93NUM", 4)), "file is too short (4 bytes) to hold a .npy header");
}

TEST_F(NpyFiles, RejectsUnsupportedVersions) {
  const std::string dict = dict_with("'<c8'", "False", "(1,)");
  EXPECT_EQ(read_error(npy_bytes(dict, 4, 8)), "unsupported .npy format version 4.0 (supported: 1.0, 2.0, 3.0)");
  EXPECT_EQ(read_error(npy_bytes(dict, 0, 8)), "unsupported .npy format version 0.0 (supported: 1.0, 2.0, 3.0)");
  EXPECT_EQ(read_error(npy_bytes(dict, 1, 8, 1)), "unsupported .npy format version 1.1 (supported: 1.0, 2.0, 3.0)");
}

TEST_F(NpyFiles, RejectsAHeaderLengthBeyondTheFile) {
  std::string bytes = npy_bytes(dict_with("'<c8'", "False", "(1,)"), 1, 0);
  bytes[8] = '\xff';
  bytes[9] = '\x7f';  // 32767 bytes of header in a file of about 70
  const std::string message = read_error(bytes);
  EXPECT_EQ(message.find("header length 32767 goes past the end of the file"), 0u) << message;
  std::string v2 = npy_bytes(dict_with("'<c8'", "False", "(1,)"), 2, 8);
  v2[11] = '\x7f';  // a length near 2^31
  EXPECT_NE(read_error(v2).find("goes past the end of the file"), std::string::npos);
  EXPECT_EQ(read_error(std::string("\x93NUMPY\x02\x00\x10", 9)), "file is too short (9 bytes) to hold a .npy header");
  EXPECT_EQ(read_error(std::string("\x93NUMPY\x02\x00\x10\x00", 10)),
            "file is too short (10 bytes) to hold a version 2.0 header");
}

TEST_F(NpyFiles, RejectsMalformedDicts) {
  const char* const dicts[] = {
      "",                                                                         // empty
      "descr: '<c8'",                                                             // not a dict
      "{'descr': '<c8', 'fortran_order': False, 'shape': (3,)",                   // no closing brace
      "{'descr': '<c8', 'fortran_order': False}",                                 // no shape
      "{'descr': '<c8', 'shape': (3,)}",                                          // no fortran_order
      "{'fortran_order': False, 'shape': (3,)}",                                  // no descr
      "{'descr': '<c8', 'fortran_order': False, 'shape': (3,), 'x': 1}",          // unknown key
      "{'descr': '<c8', 'descr': '<c8', 'fortran_order': False, 'shape': (3,)}",  // duplicate
      "{'descr' '<c8', 'fortran_order': False, 'shape': (3,)}",                   // no colon
      "{'descr': '<c8' 'fortran_order': False, 'shape': (3,)}",                   // no comma
      "{'descr': <c8, 'fortran_order': False, 'shape': (3,)}",                    // unquoted string
      "{'descr': '<c8, 'fortran_order': False, 'shape': (3,)}",                   // quote mismatch
      "{'descr': '<c8', 'fortran_order': false, 'shape': (3,)}",                  // not Python's False
      "{'descr': '<c8', 'fortran_order': False, 'shape': [3]}",                   // a list
      "{'descr': '<c8', 'fortran_order': False, 'shape': (3)}",                   // the integer 3
      "{'descr': '<c8', 'fortran_order': False, 'shape': (3,,)}",                 // empty item
      "{'descr': '<c8', 'fortran_order': False, 'shape': (3.5,)}",                // not an integer
      "{'descr': '<c8', 'fortran_order': False, 'shape': (3,)} extra",            // text after the dict
      "{'descr': '<c\\x38', 'fortran_order': False, 'shape': (3,)}",              // an escape
  };
  for (const char* dict : dicts) {
    const std::string message = read_error(npy_bytes(dict, 1, 24));
    EXPECT_EQ(message.find("malformed header: "), 0u) << "dict: " << dict << "\nmessage: " << message;
  }
  // Binary junk in the header is shown escaped, on one line.
  const std::string junk = read_error(npy_bytes(std::string("{'descr'\n\x01\x00", 11), 1, 0));
  EXPECT_EQ(junk.find("malformed header: "), 0u) << junk;
  EXPECT_NE(junk.find("\\x01\\x00"), std::string::npos) << junk;
}

TEST_F(NpyFiles, RejectsOtherDtypesByName) {
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<f4'", "False", "(3,)"), 1, 12)),
            "dtype '<f4' is not supported: use complex64 ('<c8') or complex128 ('<c16')");
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<c32'", "False", "(3,)"), 1, 96)),
            "dtype '<c32' is not supported: use complex64 ('<c8') or complex128 ('<c16')");
  EXPECT_EQ(read_error(npy_bytes(dict_with("'|u1'", "False", "(3,)"), 1, 3)),
            "dtype '|u1' is not supported: use complex64 ('<c8') or complex128 ('<c16')");
  EXPECT_EQ(read_error(npy_bytes(dict_with("[('re', '<f4'), ('im', '<f4')]", "False", "(3,)"), 1, 24)),
            "dtype is a structured (record) type, which is not supported: use complex64 ('<c8') or complex128 "
            "('<c16')");
}

TEST_F(NpyFiles, RejectsBigEndian) {
  EXPECT_EQ(read_error(npy_bytes(dict_with("'>c8'", "False", "(3,)"), 1, 24)),
            "dtype '>c8' is big-endian, which is not supported: save a little-endian array (astype('<c8'))");
  EXPECT_EQ(read_error(npy_bytes(dict_with("'>c16'", "False", "(3,)"), 1, 48)),
            "dtype '>c16' is big-endian, which is not supported: save a little-endian array (astype('<c16'))");
}

TEST_F(NpyFiles, RejectsFortranOrder) {
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<c8'", "True", "(3, 4)"), 1, 96)),
            "fortran_order is True: column-major arrays are not supported; save a C-ordered array "
            "(numpy.ascontiguousarray)");
}

TEST_F(NpyFiles, RejectsNegativeAndHugeShapes) {
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<c8'", "False", "(2, -3)"), 1, 0)), "shape has a negative dimension -3");
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<c8'", "False", "(99999999999999999999,)"), 1, 0)),
            "shape dimension 99999999999999999999 does not fit in 64 bits");
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<c8'", "False", "(4294967296, 4294967296)"), 1, 0)),
            "shape (4294967296, 4294967296) has more elements than 64-bit sizes hold");
  // 2^60 elements fit, but not their 2^64 bytes.
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<c16'", "False", "(1152921504606846976,)"), 1, 0)),
            "shape (1152921504606846976,) of complex128 has more bytes than 64-bit sizes hold");
  // Fits in 64 bits but not in the file: an honest "truncated", no allocation.
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<c8'", "False", "(1000000000000,)"), 1, 8)),
            "data truncated: shape (1000000000000,) of complex64 needs 8000000000000 bytes of data but the file has 8");
  const std::string many = "(" + [] {
    std::string ones;
    for (int i = 0; i < 65; ++i) ones += "1,";
    return ones;
  }() + ")";
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<c8'", "False", many), 1, 8)), "shape has more than 64 dimensions");
}

TEST_F(NpyFiles, RejectsTruncatedData) {
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<c8'", "False", "(3, 4)"), 1, 50)),
            "data truncated: shape (3, 4) of complex64 needs 96 bytes of data but the file has 50");
  // A file NumPy wrote, cut short.
  const auto full = encode_npy(pattern_array(NpyDtype::complex128, {10}));
  const std::string cut(full.begin(), full.end() - 3);
  EXPECT_EQ(read_error(cut), "data truncated: shape (10,) of complex128 needs 160 bytes of data but the file has 157");
}

TEST_F(NpyFiles, RejectsTrailingBytes) {
  EXPECT_EQ(read_error(npy_bytes(dict_with("'<c8'", "False", "(3, 4)"), 1, 101)),
            "file has 5 extra bytes after the data (shape (3, 4) of complex64 needs 96)");
}

TEST_F(NpyFiles, RejectsMissingFilesAndFolders) {
  try {
    read_npy(path("missing.npy"));
    FAIL() << "no error";
  } catch (const NpyError& error) {
    EXPECT_NE(std::string(error.what()).find("missing.npy: cannot read: "), std::string::npos) << error.what();
  }
  try {
    read_npy(folder_.string());
    FAIL() << "no error";
  } catch (const NpyError& error) {
    EXPECT_NE(std::string(error.what()).find("is a directory"), std::string::npos) << error.what();
  }
}

TEST_F(NpyFiles, RefusesToOverwriteUnlessAsked) {
  const std::string file = write_bytes("existing.npy", "precious");
  const NpyArray array = pattern_array(NpyDtype::complex64, {4});
  try {
    write_npy(file, array, /*overwrite=*/false);
    FAIL() << "no error";
  } catch (const NpyError& error) {
    EXPECT_EQ(std::string(error.what()), file + ": already exists; not overwriting it");
  }
  EXPECT_EQ(read_bytes(file), "precious");
  EXPECT_EQ(file_count(), 1u);

  write_npy(file, array, /*overwrite=*/true);
  EXPECT_EQ(read_npy(file).complex64, array.complex64);
  EXPECT_EQ(file_count(), 1u);

  // A new file needs no overwrite permission.
  write_npy(path("new.npy"), array, /*overwrite=*/false);
  EXPECT_EQ(read_npy(path("new.npy")).complex64, array.complex64);
  EXPECT_EQ(file_count(), 2u);
}

TEST_F(NpyFiles, WriteFailuresLeaveNoFiles) {
  const NpyArray array = pattern_array(NpyDtype::complex64, {4});
  EXPECT_THROW(write_npy(path("no_such_folder/out.npy"), array, true), NpyError);
  EXPECT_THROW(write_npy(folder_.string(), array, true), NpyError);  // a folder
  NpyArray mismatched = array;
  mismatched.shape = {5};
  try {
    write_npy(path("bad.npy"), mismatched, true);
    FAIL() << "no error";
  } catch (const NpyError& error) {
    EXPECT_EQ(std::string(error.what()), "cannot write: shape (5,) has 5 elements but the array holds 4");
  }
  EXPECT_EQ(file_count(), 0u);
}

}  // namespace
