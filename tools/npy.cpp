#include "npy.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

// The elements are copied between memory and file as they are, so the host's
// byte order must be the file's.  (Every platform tensorfft targets is.)
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "tools/npy.cpp reads and writes little-endian data and needs a little-endian host"
#endif

namespace tensorfft::tools {

namespace {

namespace fs = std::filesystem;

constexpr char magic[] = "\x93NUMPY";
constexpr std::size_t magic_bytes = 6;
constexpr std::size_t max_dimensions = 64;  // NumPy 2 allows 64, NumPy 1 allowed 32

[[noreturn]] void fail(const std::string& message) { throw NpyError(message); }

// Header text for an error message: one line, printable, not too long.
std::string printable(const std::string& text, std::size_t limit = 80) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      static const char digits[] = "0123456789abcdef";
      out += "\\x";
      out += digits[c >> 4];
      out += digits[c & 15];
    }
  }
  if (text.size() > limit) out += "...";
  return out;
}

std::string shape_text(const std::vector<std::int64_t>& shape) {
  std::string out = "(";
  for (std::size_t k = 0; k < shape.size(); ++k) {
    if (k) out += ", ";
    out += std::to_string(shape[k]);
  }
  if (shape.size() == 1) out += ',';
  return out + ")";
}

std::string system_error_text() { return std::strerror(errno); }

// A recursive-descent parser for the header's Python dict literal.  It accepts
// what numpy.lib.format writes and what a hand-written header plausibly holds:
// the three keys in any order, either quote style, any whitespace, trailing
// commas, and Python 2's "3L" integers.
class HeaderParser {
 public:
  explicit HeaderParser(const std::string& text) : text_(text) {}

  NpyHeader parse() {
    skip_space();
    expect('{', "the header must be a dict starting with '{'");
    bool have_descr = false, have_order = false, have_shape = false;
    std::string descr;
    bool fortran_order = false;
    std::vector<std::int64_t> shape;
    skip_space();
    while (peek() != '}') {
      const std::string key = parse_key();
      skip_space();
      expect(':', "expected ':' after the key '" + printable(key) + "'");
      skip_space();
      if (key == "descr") {
        check_unique(have_descr, key);
        if (peek() == '[') {
          fail(
              "dtype is a structured (record) type, which is not supported: use complex64 ('<c8') or "
              "complex128 ('<c16')");
        }
        descr = parse_string("the value of 'descr'");
      } else if (key == "fortran_order") {
        check_unique(have_order, key);
        fortran_order = parse_bool();
      } else if (key == "shape") {
        check_unique(have_shape, key);
        shape = parse_shape();
      } else {
        malformed("unexpected key '" + printable(key) + "' (a .npy header has 'descr', 'fortran_order' and 'shape')");
      }
      skip_space();
      if (peek() == ',') {
        ++position_;
        skip_space();
      } else if (peek() != '}') {
        malformed("expected ',' or '}' after the value of '" + key + "'");
      }
    }
    ++position_;  // '}'
    skip_space();
    if (position_ != text_.size()) malformed("unexpected text after the closing '}'");
    if (!have_descr) malformed("the key 'descr' is missing");
    if (!have_order) malformed("the key 'fortran_order' is missing");
    if (!have_shape) malformed("the key 'shape' is missing");

    NpyHeader header;
    header.dtype = dtype_from_descr(descr);
    if (fortran_order) {
      fail(
          "fortran_order is True: column-major arrays are not supported; save a C-ordered array "
          "(numpy.ascontiguousarray)");
    }
    header.shape = shape;
    header.element_count = 1;
    for (std::int64_t dimension : shape) {
      if (__builtin_mul_overflow(header.element_count, dimension, &header.element_count)) {
        fail("shape " + shape_text(shape) + " has more elements than 64-bit sizes hold");
      }
    }
    const auto item = static_cast<std::int64_t>(npy_item_bytes(header.dtype));
    if (__builtin_mul_overflow(header.element_count, item, &header.data_bytes)) {
      fail("shape " + shape_text(shape) + " of " + npy_dtype_name(header.dtype) +
           " has more bytes than 64-bit sizes hold");
    }
    return header;
  }

 private:
  static NpyDtype dtype_from_descr(const std::string& descr) {
    if (descr == "<c8") return NpyDtype::complex64;
    if (descr == "<c16") return NpyDtype::complex128;
    if (descr == ">c8" || descr == ">c16") {
      fail("dtype '" + descr +
           "' is big-endian, which is not supported: save a little-endian array "
           "(astype('<" +
           descr.substr(1) + "'))");
    }
    fail("dtype '" + printable(descr) + "' is not supported: use complex64 ('<c8') or complex128 ('<c16')");
  }

  [[noreturn]] void malformed(const std::string& message) const {
    fail("malformed header: " + message + " at offset " + std::to_string(position_) + " of \"" + printable(text_) +
         "\"");
  }

  char peek() const {
    if (position_ >= text_.size()) malformed("the header ends early");
    return text_[position_];
  }

  void expect(char c, const std::string& message) {
    if (peek() != c) malformed(message);
    ++position_;
  }

  void skip_space() {
    while (position_ < text_.size() && (text_[position_] == ' ' || text_[position_] == '\t' ||
                                        text_[position_] == '\n' || text_[position_] == '\r')) {
      ++position_;
    }
  }

  void check_unique(bool& seen, const std::string& key) {
    if (seen) malformed("the key '" + key + "' appears twice");
    seen = true;
  }

  std::string parse_key() {
    if (peek() != '\'' && peek() != '"') malformed("expected a quoted key");
    return parse_string("a key");
  }

  std::string parse_string(const std::string& what) {
    const char quote = peek();
    if (quote != '\'' && quote != '"') malformed(what + " must be a quoted string");
    ++position_;
    std::string value;
    while (peek() != quote) {
      if (peek() == '\\') malformed("escape sequences in strings are not supported");
      if (peek() == '\n') malformed("a string runs to the end of the line");
      value += text_[position_++];
    }
    ++position_;
    return value;
  }

  bool parse_bool() {
    if (text_.compare(position_, 4, "True") == 0) {
      position_ += 4;
      return true;
    }
    if (text_.compare(position_, 5, "False") == 0) {
      position_ += 5;
      return false;
    }
    malformed("the value of 'fortran_order' must be True or False");
  }

  std::vector<std::int64_t> parse_shape() {
    if (peek() != '(') malformed("the value of 'shape' must be a tuple such as (3, 4) or (5,)");
    ++position_;
    std::vector<std::int64_t> shape;
    bool trailing_comma = false;
    skip_space();
    while (peek() != ')') {
      shape.push_back(parse_dimension());
      if (shape.size() > max_dimensions) {
        fail("shape has more than " + std::to_string(max_dimensions) + " dimensions");
      }
      skip_space();
      trailing_comma = false;
      if (peek() == ',') {
        ++position_;
        trailing_comma = true;
        skip_space();
      } else if (peek() != ')') {
        malformed("expected ',' or ')' in the shape");
      }
    }
    ++position_;
    // Python's (3) is the integer 3, not a tuple; NumPy rejects it too.
    if (shape.size() == 1 && !trailing_comma) malformed("the shape (n) is not a tuple: write (n,)");
    return shape;
  }

  std::int64_t parse_dimension() {
    bool negative = false;
    if (peek() == '-') {
      negative = true;
      ++position_;
    }
    const std::size_t start = position_;
    std::int64_t value = 0;
    bool too_large = false;
    while (position_ < text_.size() && text_[position_] >= '0' && text_[position_] <= '9') {
      const int digit = text_[position_] - '0';
      if (__builtin_mul_overflow(value, std::int64_t{10}, &value) ||
          __builtin_add_overflow(value, std::int64_t{digit}, &value)) {
        too_large = true;
      }
      ++position_;
    }
    const std::string digits = text_.substr(start, position_ - start);
    if (digits.empty()) malformed("expected an integer in the shape");
    if (position_ < text_.size() && (text_[position_] == 'L' || text_[position_] == 'l')) ++position_;
    if (negative) fail("shape has a negative dimension -" + printable(digits));
    if (too_large) fail("shape dimension " + printable(digits) + " does not fit in 64 bits");
    return value;
  }

  const std::string& text_;
  std::size_t position_ = 0;
};

std::uint32_t read_little_endian(const unsigned char* bytes, int count) {
  std::uint32_t value = 0;
  for (int i = count; i-- > 0;) value = (value << 8) | bytes[i];
  return value;
}

// The header block: magic, version, length and the padded dict, so that the
// data starts at a multiple of 64 bytes as NumPy writes it.
std::string encode_header(NpyDtype dtype, const std::vector<std::int64_t>& shape) {
  std::string dict = std::string("{'descr': '") + npy_descr(dtype) +
                     "', 'fortran_order': False, 'shape': " + shape_text(shape) + ", }";
  const auto padded = [&dict](std::size_t prefix) {
    const std::size_t unpadded = prefix + dict.size() + 1;  // + '\n'
    return dict + std::string((64 - unpadded % 64) % 64, ' ') + '\n';
  };
  std::string header = padded(magic_bytes + 2 + 2);
  std::string out(magic, magic_bytes);
  if (header.size() <= std::numeric_limits<std::uint16_t>::max()) {
    out += '\x01';
    out += '\x00';
    out += static_cast<char>(header.size() & 0xff);
    out += static_cast<char>((header.size() >> 8) & 0xff);
  } else {
    header = padded(magic_bytes + 2 + 4);
    if (header.size() > std::numeric_limits<std::uint32_t>::max()) fail("the header is too long for a .npy file");
    out += '\x02';
    out += '\x00';
    for (int i = 0; i < 4; ++i) out += static_cast<char>((header.size() >> (8 * i)) & 0xff);
  }
  return out + header;
}

// The array's data size in bytes, after checking its vector matches its shape.
std::size_t checked_data_bytes(const NpyArray& array) {
  std::int64_t count = 1;
  for (std::int64_t dimension : array.shape) {
    if (dimension < 0) fail("cannot write shape " + shape_text(array.shape) + ": negative dimension");
    if (__builtin_mul_overflow(count, dimension, &count)) {
      fail("cannot write shape " + shape_text(array.shape) + ": too many elements");
    }
  }
  const std::size_t held = array.dtype == NpyDtype::complex64 ? array.complex64.size() : array.complex128.size();
  if (held != static_cast<std::uint64_t>(count)) {
    fail("cannot write: shape " + shape_text(array.shape) + " has " + std::to_string(count) +
         " elements but the array holds " + std::to_string(held));
  }
  return held * npy_item_bytes(array.dtype);
}

void write_all(int descriptor, const void* data, std::size_t bytes, const std::string& path) {
  const char* cursor = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t written = ::write(descriptor, cursor, bytes);
    if (written < 0) {
      if (errno == EINTR) continue;
      fail(path + ": cannot write: " + system_error_text());
    }
    cursor += written;
    bytes -= static_cast<std::size_t>(written);
  }
}

// Removes the temporary file unless it was moved into place.
class TemporaryFile {
 public:
  explicit TemporaryFile(const fs::path& target) {
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string stem = "." + target.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-";
    for (int attempt = 0; attempt < 100; ++attempt) {
      path_ = (folder / (stem + std::to_string(attempt))).string();
      descriptor_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (descriptor_ >= 0) return;
      if (errno != EEXIST) {
        fail(target.string() + ": cannot create a temporary file in " + folder.string() + ": " + system_error_text());
      }
    }
    fail(target.string() + ": cannot create a temporary file in " + folder.string() + ": too many exist");
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() {
    if (descriptor_ >= 0) ::close(descriptor_);
    if (!path_.empty()) ::unlink(path_.c_str());
  }

  int descriptor() const { return descriptor_; }
  const std::string& path() const { return path_; }

  // Flushes the data to disk before the rename makes it visible.
  void finish(const std::string& target) {
    if (::fsync(descriptor_) != 0 && errno != EINVAL && errno != ENOTSUP) {
      fail(target + ": cannot flush to disk: " + system_error_text());
    }
    const int status = ::close(descriptor_);
    descriptor_ = -1;
    if (status != 0) fail(target + ": cannot write: " + system_error_text());
  }

  // The file is now someone else's to keep (renamed) or already gone.
  void release() { path_.clear(); }

 private:
  std::string path_;
  int descriptor_ = -1;
};

}  // namespace

const char* npy_descr(NpyDtype dtype) noexcept { return dtype == NpyDtype::complex64 ? "<c8" : "<c16"; }

const char* npy_dtype_name(NpyDtype dtype) noexcept {
  return dtype == NpyDtype::complex64 ? "complex64" : "complex128";
}

std::size_t npy_item_bytes(NpyDtype dtype) noexcept { return dtype == NpyDtype::complex64 ? 8 : 16; }

NpyHeader parse_npy_header(const std::string& dict) { return HeaderParser(dict).parse(); }

std::int64_t NpyArray::element_count() const {
  std::int64_t count = 1;
  for (std::int64_t dimension : shape) count *= dimension;
  return count;
}

const void* NpyArray::data() const {
  return dtype == NpyDtype::complex64 ? static_cast<const void*>(complex64.data())
                                      : static_cast<const void*>(complex128.data());
}

void* NpyArray::data() {
  return dtype == NpyDtype::complex64 ? static_cast<void*>(complex64.data()) : static_cast<void*>(complex128.data());
}

void NpyArray::reset(NpyDtype new_dtype, std::vector<std::int64_t> new_shape) {
  dtype = new_dtype;
  shape = std::move(new_shape);
  const auto count = static_cast<std::size_t>(element_count());
  complex64 = {};
  complex128 = {};
  if (dtype == NpyDtype::complex64) {
    complex64.resize(count);
  } else {
    complex128.resize(count);
  }
}

NpyArray read_npy(const std::string& path) {
  try {
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (error) fail("cannot read: " + error.message());
    if (fs::is_directory(status)) fail("is a directory, not a .npy file");
    if (!fs::is_regular_file(status)) fail("is not a regular file");
    const std::uintmax_t file_bytes = fs::file_size(path, error);
    if (error) fail("cannot read: " + error.message());

    std::ifstream file(path, std::ios::binary);
    if (!file) fail("cannot open: " + system_error_text());
    const auto read_exactly = [&file](void* destination, std::uintmax_t bytes) {
      file.read(static_cast<char*>(destination), static_cast<std::streamsize>(bytes));
      if (static_cast<std::uintmax_t>(file.gcount()) != bytes) fail("read error (the file changed while reading?)");
    };

    // Magic and version.
    unsigned char prefix[12] = {};
    const std::size_t prefix_read = static_cast<std::size_t>(std::min<std::uintmax_t>(file_bytes, 8));
    read_exactly(prefix, prefix_read);
    if (std::memcmp(prefix, magic, std::min(prefix_read, magic_bytes)) != 0 || file_bytes == 0) {
      fail("not a .npy file: bad magic (a .npy file starts with \\x93NUMPY)");
    }
    if (file_bytes < 10) {
      fail("file is too short (" + std::to_string(file_bytes) + " bytes) to hold a .npy header");
    }
    const int major = prefix[6], minor = prefix[7];
    if ((major != 1 && major != 2 && major != 3) || minor != 0) {
      fail("unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
           " (supported: 1.0, 2.0, 3.0)");
    }

    // Header length: 2 bytes in version 1.0, 4 in 2.0 and 3.0.
    const int length_bytes = major == 1 ? 2 : 4;
    if (file_bytes < 8u + static_cast<unsigned>(length_bytes)) {
      fail("file is too short (" + std::to_string(file_bytes) + " bytes) to hold a version " + std::to_string(major) +
           ".0 header");
    }
    read_exactly(prefix + 8, static_cast<std::uintmax_t>(length_bytes));
    const std::uint64_t header_length = read_little_endian(prefix + 8, length_bytes);
    const std::uint64_t data_offset = 8u + static_cast<std::uint64_t>(length_bytes) + header_length;
    if (data_offset > file_bytes) {
      fail("header length " + std::to_string(header_length) +
           " goes past the end of the file (the header would end at byte " + std::to_string(data_offset) +
           ", the file has " + std::to_string(file_bytes) + ")");
    }
    std::string dict(static_cast<std::size_t>(header_length), '\0');
    read_exactly(dict.data(), header_length);
    const NpyHeader header = parse_npy_header(dict);

    const std::uint64_t present = file_bytes - data_offset;
    const auto expected = static_cast<std::uint64_t>(header.data_bytes);
    const std::string what = "shape " + shape_text(header.shape) + " of " + npy_dtype_name(header.dtype);
    if (present < expected) {
      fail("data truncated: " + what + " needs " + std::to_string(expected) + " bytes of data but the file has " +
           std::to_string(present));
    }
    if (present > expected) {
      fail("file has " + std::to_string(present - expected) + " extra bytes after the data (" + what + " needs " +
           std::to_string(expected) + ")");
    }

    NpyArray array;
    array.reset(header.dtype, header.shape);
    read_exactly(array.data(), expected);
    return array;
  } catch (const NpyError& error) {
    throw NpyError(path + ": " + error.what());
  }
}

std::vector<unsigned char> encode_npy(const NpyArray& array) {
  const std::size_t data_bytes = checked_data_bytes(array);
  const std::string header = encode_header(array.dtype, array.shape);
  std::vector<unsigned char> out(header.begin(), header.end());
  const auto* data = static_cast<const unsigned char*>(array.data());
  out.insert(out.end(), data, data + data_bytes);
  return out;
}

void write_npy(const std::string& path, const NpyArray& array, bool overwrite) {
  const fs::path target(path);
  if (target.filename().empty()) fail(path + ": is a folder name, not a file name");
  std::error_code error;
  const fs::file_status status = fs::symlink_status(target, error);
  if (fs::is_directory(fs::status(target, error))) fail(path + ": is a directory");
  if (!overwrite && fs::exists(status)) fail(path + ": already exists; not overwriting it");

  const std::size_t data_bytes = checked_data_bytes(array);
  const std::string header = encode_header(array.dtype, array.shape);

  TemporaryFile temporary(target);
  write_all(temporary.descriptor(), header.data(), header.size(), path);
  write_all(temporary.descriptor(), array.data(), data_bytes, path);
  temporary.finish(path);

  if (overwrite) {
    if (std::rename(temporary.path().c_str(), path.c_str()) != 0) fail(path + ": cannot write: " + system_error_text());
    temporary.release();
    return;
  }
  // link() fails when the target exists, so a file that appeared since the
  // check above is not replaced either.
  if (::link(temporary.path().c_str(), path.c_str()) == 0) return;  // ~TemporaryFile removes the other name
  if (errno == EEXIST) fail(path + ": already exists; not overwriting it");
  // File systems without hard links: fall back to check-then-rename.
  if (errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == EXDEV || errno == EMLINK ||
      errno == ENOSYS) {
    if (fs::exists(fs::symlink_status(target, error))) fail(path + ": already exists; not overwriting it");
    if (std::rename(temporary.path().c_str(), path.c_str()) != 0) fail(path + ": cannot write: " + system_error_text());
    temporary.release();
    return;
  }
  fail(path + ": cannot write: " + system_error_text());
}

}  // namespace tensorfft::tools
