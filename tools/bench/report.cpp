#include "report.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace tensorfft::tools::bench {
namespace {

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// A column's value: JSON text, and the plain text of a string value.
struct Value {
  std::string json;
  std::string text;
  bool is_string = false;
};

Value of_number(double value) { return {json_number(value), "", false}; }
Value of_integer(long long value) { return {std::to_string(value), "", false}; }
Value of_text(const std::string& text) { return {json_string(text), text, true}; }

// The values of a row, in the order of columns().
std::vector<Value> values_of(const Row& row) {
  return {
      of_integer(row.case_index),
      of_text(to_string(row.library)),
      of_text(row.backend),
      of_text(tensorfft::to_string(row.storage)),
      of_text(row.mode_name()),
      of_integer(static_cast<long long>(row.dims.size())),
      of_text(shape_text(row.dims)),
      of_integer(row.elements() / std::max<std::int64_t>(row.batch, 1)),
      of_integer(row.batch),
      of_integer(row.elements()),
      of_integer(row.max_radix),
      row.library == Library::cufft ? Value{"null", "", false} : of_text(tensorfft::to_string(row.intermediates)),
      of_number(row.time_ms),
      of_number(row.time_min_ms),
      of_number(row.gbps),
      of_number(row.bandwidth_fraction),
      of_number(row.relative_l2),
      of_number(row.max_relative),
      of_number(row.seed_error),
      of_number(row.plan_first_ms),
      of_number(row.plan_ms),
      of_number(row.ratio),
      row.seed_table > 0 ? of_integer(row.seed_table) : Value{"null", "", false},
      of_text(to_string(row.outcome)),
      of_text(row.message),
      row.plan.empty() ? Value{"null", "", false} : of_text(row.plan),
  };
}

// A CSV field: null is empty; a string is quoted when it needs it.
std::string csv_field(const Value& value) {
  if (!value.is_string) return value.json == "null" ? "" : value.json;
  if (value.text.find_first_of(",\"\n\r") == std::string::npos) return value.text;
  std::string quoted = "\"";
  for (char c : value.text) {
    if (c == '"') quoted += '"';
    quoted += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return quoted + "\"";
}

}  // namespace

MetaField meta_string(const std::string& key, const std::string& text) { return {key, json_string(text), text}; }
MetaField meta_number(const std::string& key, double value) {
  return {key, json_number(value), std::isfinite(value) ? format("%.6g", value) : "unknown"};
}
MetaField meta_integer(const std::string& key, long long value) {
  return {key, std::to_string(value), std::to_string(value)};
}

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
          out += escaped;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string json_number(double value) { return std::isfinite(value) ? format("%.6g", value) : "null"; }

std::string shape_text(const std::vector<std::int64_t>& dims) {
  std::string text;
  for (std::size_t k = 0; k < dims.size(); ++k) text += (k ? "x" : "") + std::to_string(dims[k]);
  return text;
}

const std::vector<std::string>& columns() {
  static const std::vector<std::string> names = {
      "case",       "library",       "backend",  "precision",  "mode",      "rank",
      "dims",       "n",             "batch",    "elements",   "max_radix", "intermediates", "time_ms",
      "time_min_ms", "gbps",         "bandwidth_fraction",     "relL2",     "maxrel",
      "seed_error", "plan_first_ms", "plan_ms",  "ratio",      "seed_table", "status",
      "message",    "plan",
  };
  return names;
}

CsvWriter::CsvWriter(const std::string& path, const std::vector<MetaField>& metadata) : path_(path) {
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
  for (const MetaField& field : metadata) {
    std::string text = field.text;
    for (char& c : text) c = (c == '\n' || c == '\r') ? ' ' : c;
    std::fprintf(file_, "# %s: %s\n", field.key.c_str(), text.c_str());
  }
  const auto& names = columns();
  for (std::size_t k = 0; k < names.size(); ++k) std::fprintf(file_, "%s%s", k ? "," : "", names[k].c_str());
  std::fputc('\n', file_);
  std::fflush(file_);
}

CsvWriter::~CsvWriter() {
  if (file_) std::fclose(file_);
}

void CsvWriter::write(const Row& row) {
  const std::vector<Value> values = values_of(row);
  for (std::size_t k = 0; k < values.size(); ++k) std::fprintf(file_, "%s%s", k ? "," : "", csv_field(values[k]).c_str());
  std::fputc('\n', file_);
  if (std::fflush(file_) != 0 || std::ferror(file_)) {
    throw std::runtime_error(path_ + ": cannot write: " + std::strerror(errno));
  }
}

void write_json(const std::string& path, const std::vector<MetaField>& metadata, const std::vector<Row>& rows,
                const std::string& seed_tables) {
  std::string text = "{\n  \"metadata\": {";
  for (std::size_t k = 0; k < metadata.size(); ++k) {
    text += (k ? ",\n    " : "\n    ") + json_string(metadata[k].key) + ": " + metadata[k].value;
  }
  text += "\n  },\n  \"columns\": [";
  const auto& names = columns();
  for (std::size_t k = 0; k < names.size(); ++k) text += (k ? ", " : "") + json_string(names[k]);
  text += "],\n  \"results\": [";
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::vector<Value> values = values_of(rows[r]);
    text += r ? ",\n    {" : "\n    {";
    for (std::size_t k = 0; k < names.size(); ++k) text += (k ? ", " : "") + json_string(names[k]) + ": " + values[k].json;
    text += "}";
  }
  text += rows.empty() ? "],\n" : "\n  ],\n";
  text += "  \"seed_tables\": " + (seed_tables.empty() ? std::string("[]") : seed_tables) + "\n}\n";

  const std::string temporary = path + ".tmp";
  std::FILE* file = std::fopen(temporary.c_str(), "w");
  if (!file) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  const bool closed = std::fclose(file) == 0;
  if (!written || !closed || std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(temporary.c_str());
    throw std::runtime_error(path + ": cannot write: " + std::strerror(error));
  }
}

}  // namespace tensorfft::tools::bench
