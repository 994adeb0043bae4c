// The bench's outputs: CSV (a "# key: value" metadata block, then a header
// line and one row per measurement) and JSON ({"metadata", "results",
// "seed_tables"}); column names in the spirit of gearshifft.
#pragma once

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "runner.hpp"

namespace tensorfft::tools::bench {

// A metadata entry: `value` is JSON text (a quoted string, a number, true,
// false or null); `text` the same for the CSV block and the terminal.
struct MetaField {
  std::string key;
  std::string value;
  std::string text;
};

MetaField meta_string(const std::string& key, const std::string& text);
MetaField meta_number(const std::string& key, double value);
MetaField meta_integer(const std::string& key, long long value);

std::string json_string(const std::string& text);
std::string json_number(double value);  // null when not finite
std::string shape_text(const std::vector<std::int64_t>& dims);  // "256x256"

// The CSV and JSON columns, in order.
const std::vector<std::string>& columns();

// The CSV file, written row by row (flushed) so an interrupted run keeps its rows.
class CsvWriter {
 public:
  CsvWriter(const std::string& path, const std::vector<MetaField>& metadata);
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;
  ~CsvWriter();
  void write(const Row& row);

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
};

// Writes the whole JSON document to `path` (through a temporary file and a
// rename, so a reader never sees half of it).  `seed_tables` is JSON text.
void write_json(const std::string& path, const std::vector<MetaField>& metadata, const std::vector<Row>& rows,
                const std::string& seed_tables);

}  // namespace tensorfft::tools::bench
