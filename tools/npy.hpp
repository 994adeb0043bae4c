// Reading and writing NumPy .npy files of complex arrays, for the tensorfft
// command-line program.  Format reference:
// https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html
//
// Only what a transform needs is accepted: little-endian complex64 ('<c8') or
// complex128 ('<c16'), C order, format versions 1.0, 2.0 and 3.0.  Every other
// file is rejected with an NpyError whose message is one line naming the
// problem; a malformed file never makes the reader allocate more than the
// file's own size.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace tensorfft::tools {

class NpyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class NpyDtype { complex64, complex128 };

// "<c8" or "<c16".
const char* npy_descr(NpyDtype dtype) noexcept;
// "complex64" or "complex128".
const char* npy_dtype_name(NpyDtype dtype) noexcept;
std::size_t npy_item_bytes(NpyDtype dtype) noexcept;

// What the header dict says.
struct NpyHeader {
  NpyDtype dtype = NpyDtype::complex64;
  std::vector<std::int64_t> shape;  // empty for a 0-d array
  std::int64_t element_count = 1;   // product of the shape; fits with its bytes in int64
  std::int64_t data_bytes = 0;      // element_count * item bytes
};

// Parses the header dict text, e.g. "{'descr': '<c8', 'fortran_order': False, 'shape': (3, 4), }".
// Exposed for the tests; read_npy calls it.
NpyHeader parse_npy_header(const std::string& dict);

// A C-ordered complex array; the elements live in the vector of its dtype.
struct NpyArray {
  NpyDtype dtype = NpyDtype::complex64;
  std::vector<std::int64_t> shape;
  std::vector<std::complex<float>> complex64;    // the elements when dtype is complex64
  std::vector<std::complex<double>> complex128;  // the elements when dtype is complex128

  std::int64_t element_count() const;  // product of the shape
  const void* data() const;
  void* data();
  // Sets dtype and shape and sizes the matching vector (zeros); clears the other.
  void reset(NpyDtype new_dtype, std::vector<std::int64_t> new_shape);
};

// Reads a whole .npy file.  Messages start with the path.
NpyArray read_npy(const std::string& path);

// The exact bytes of a .npy file holding `array` (version 1.0, or 2.0 when the
// header does not fit in 1.0).  Throws NpyError when the vector's size does
// not match the shape.
std::vector<unsigned char> encode_npy(const NpyArray& array);

// Writes `array` to `path` through a temporary file in the same folder that
// is renamed into place, so an existing file is never left half-written.
// Without `overwrite`, an existing `path` is an error and is left untouched.
void write_npy(const std::string& path, const NpyArray& array, bool overwrite);

}  // namespace tensorfft::tools
