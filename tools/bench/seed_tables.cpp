#include "seed_tables.hpp"

#include <cmath>
#include <cstdio>

#include "report.hpp"

namespace tensorfft::tools::bench {
namespace {

// The rows of this run that reproduce one paper row.
struct Cells {
  const Row* cufft32 = nullptr;
  const Row* cufft16 = nullptr;
  const Row* tensorfft = nullptr;
};

Cells cells_of(const std::vector<Row>& rows, int table, int row_index) {
  Cells cells;
  for (const Row& row : rows) {
    if (row.seed_table != table || row.seed_row != row_index) continue;
    if (row.library == Library::tensorfft) {
      cells.tensorfft = &row;
    } else if (row.storage == StorageType::complex_fp32) {
      cells.cufft32 = &row;
    } else if (row.storage == StorageType::complex_fp16) {
      cells.cufft16 = &row;
    }
  }
  return cells;
}

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string short_outcome(Outcome outcome) {
  switch (outcome) {
    case Outcome::ok: return "";
    case Outcome::not_supported: return "n/s";
    case Outcome::refused: return "refused";
    case Outcome::out_of_memory: return "oom";
    case Outcome::skipped: return "skipped";
    case Outcome::error: return "error";
  }
  return "error";
}

// A cell of a measured value: "-" when the row is absent, the outcome when it failed.
std::string cell(const Row* row, double Row::*field, const char* pattern) {
  if (!row) return "-";
  if (row->outcome != Outcome::ok) return short_outcome(row->outcome);
  const double value = row->*field;
  return std::isfinite(value) ? format(pattern, value) : "-";
}

std::string label_of(int log2_elements) {
  return log2_elements >= 10 ? std::to_string(1LL << (log2_elements - 10)) + "k" : std::to_string(1LL << log2_elements);
}

std::string title_of(const SeedTable& table) {
  return std::to_string(table.rank) + "-D radix-" + std::to_string(table.radix);
}

std::string json_row_value(const Row* row, double Row::*field) {
  return row && row->outcome == Outcome::ok ? json_number(row->*field) : "null";
}

}  // namespace

const std::vector<SeedTable>& seed_tables() {
  // Tables 1-9 of the seed report: N*batch, cuFFT32 time, cuFFT16 time,
  // cuFFT16 error, accelerated FFT time, accelerated FFT error (V100).
  static const std::vector<SeedTable> tables = {
      {1, 1, 2,
       {{10, 2.46, 3.23, 5.09e-3, 2.43, 7.75e-7},
        {12, 2.47, 3.25, 5.04e-3, 2.45, 7.84e-7},
        {14, 2.52, 3.27, 5.03e-3, 2.56, 7.83e-7},
        {15, 2.53, 2.43, 5.04e-3, 3.22, 7.81e-7},
        {16, 2.73, 3.40, 5.03e-3, 3.68, 7.80e-7},
        {18, 4.94, 3.71, 5.04e-3, 8.09, 7.82e-7},
        {20, 7.71, 5.93, 5.04e-3, 14.42, 7.82e-7},
        {21, 11.95, 7.93, 5.05e-3, 24.90, 7.82e-7},
        {22, 19.24, 12.47, 5.01e-3, 33.93, 7.81e-7},
        {24, 63.93, 39.98, 4.55e-3, 111.81, 7.06e-7},
        {26, 242.50, 151.00, 2.28e-3, 425.91, 3.6e-7}}},
      {2, 1, 4,
       {{10, 3.13, 4.27, 5.10e-3, 2.30, 1.04e-6},
        {12, 3.00, 3.40, 5.06e-3, 2.32, 1.05e-6},
        {14, 3.76, 4.60, 1.26e-2, 2.42, 3.36e-6},
        {16, 2.77, 3.43, 1.27e-2, 3.58, 3.36e-6},
        {18, 5.35, 3.96, 2.94e-2, 7.58, 5.99e-6},
        {20, 8.98, 6.68, 2.95e-2, 14.03, 6.00e-6},
        {22, 19.80, 12.52, 8.70e-2, 30.81, 1.55e-5},
        {24, 63.46, 39.83, 9.03e-2, 99.20, 1.85e-5},
        {26, 251.84, 155.92, 9.03e-2, 381.51, 1.85e-5}}},
      {3, 1, 8,
       {{12, 2.43, 3.18, 5.02e-3, 2.28, 5.34e-4},
        {15, 2.53, 2.44, 1.93e-2, 3.23, 2.10e-3},
        {18, 4.90, 3.65, 1.94e-2, 6.59, 2.10e-3},
        {21, 11.69, 7.88, 8.73e-2, 16.72, 7.60e-3},
        {24, 62.92, 39.54, 7.89e-2, 79.13, 7.06e-3}}},
      {4, 2, 2,
       {{12, 2.44, 3.22, 5.71e-2, 2.57, 1.20e-5},
        {14, 2.94, 3.48, 2.79e-2, 3.41, 6.21e-6},
        {16, 3.12, 3.68, 3.75e-2, 4.81, 8.49e-6},
        {18, 6.02, 4.35, 5.70e-2, 10.45, 1.20e-5},
        {20, 8.46, 6.18, 1.45e-1, 18.70, 3.05e-5},
        {22, 19.79, 12.63, 2.25e-1, 49.22, 4.52e-5},
        {24, 65.39, 41.73, 2.97e-1, 177.84, 6.38e-5},
        {26, 240.89, 156.23, 2.97e-1, 924.24, 6.38e-5}}},
      {5, 2, 4,
       {{12, 2.45, 3.23, 5.59e-2, 2.74, 1.43e-5},
        {14, 2.59, 2.58, 5.72e-2, 2.98, 1.45e-5},
        {16, 2.88, 3.50, 5.68e-2, 4.24, 1.45e-5},
        {18, 5.36, 3.98, 5.70e-2, 8.13, 1.44e-5},
        {20, 8.28, 6.28, 1.53e-1, 16.72, 3.53e-5},
        {22, 19.85, 12.62, 3.27e-1, 42.16, 8.15e-5},
        {24, 64.04, 40.37, 2.97e-1, 142.80, 7.38e-5},
        {26, 257.85, 160.44, 3.34e-1, 597.95, 9.90e-5}}},
      {6, 2, 8,
       {{12, 2.45, 3.29, 5.68e-2, 2.70, 7.57e-3},
        {15, 2.57, 2.48, 5.69e-2, 3.09, 7.62e-3},
        {18, 5.12, 3.77, 5.70e-2, 7.20, 7.60e-3},
        {21, 11.67, 7.82, 1.92e-1, 18.90, 2.62e-2},
        {24, 63.79, 39.98, 1.74e-1, 95.17, 2.38e-2}}},
      {7, 3, 2,
       {{14, 2.79, 3.48, 2.07e-5, 6.30, 3.56e-9},
        {16, 3.00, 3.74, 4.04e-5, 8.15, 7.29e-9},
        {18, 5.40, 3.83, 3.87e-5, 10.02, 9.02e-9},
        {20, 8.07, 6.02, 2.79e-5, 21.08, 6.05e-9},
        {22, 19.47, 12.63, 1.87e-5, 60.98, 3.92e-9},
        {24, 68.51, 40.11, 1.41e-5, 230.54, 2.92e-9},
        {26, 259.13, 148.14, 1.23e-5, 956.44, 2.62e-9}}},
      {8, 3, 4,
       {{14, 2.82, 3.51, 2.25e-5, 5.96, 4.08e-9},
        {16, 2.97, 3.57, 4.14e-5, 7.13, 9.65e-9},
        {18, 5.51, 4.02, 9.76e-5, 8.57, 2.47e-8},
        {20, 8.46, 6.31, 2.62e-5, 18.37, 6.05e-9},
        {22, 19.99, 12.83, 6.56e-6, 49.12, 1.61e-9},
        {24, 69.67, 40.56, 1.39e-5, 177.62, 3.56e-9},
        {26, 269.77, 153.99, 3.69e-5, 727.22, 8.58e-9}}},
      {9, 3, 8,
       {{15, 2.77, 2.66, 2.60e-4, 4.10, 3.41e-5},
        {18, 5.34, 3.88, 3.23e-5, 7.48, 2.82e-6},
        {21, 11.95, 8.11, 4.62e-6, 20.43, 3.38e-7},
        {24, 67.82, 39.75, 1.39e-5, 113.30, 1.85e-6}}},
  };
  return tables;
}

std::vector<std::int64_t> seed_table_shape(int rank, int radix, int log2_elements) {
  int digit_bits = radix == 8 ? 3 : radix == 4 ? 2 : 1;
  if (log2_elements % digit_bits != 0) digit_bits = 1;
  const int digits = log2_elements / digit_bits;
  std::vector<std::int64_t> dims(static_cast<std::size_t>(rank));
  for (int axis = 0; axis < rank; ++axis) {
    // Later axes take the remainder: 5 digits over 3 axes are 1, 2, 2.
    const int share = digits / rank + (axis >= rank - digits % rank ? 1 : 0);
    dims[static_cast<std::size_t>(axis)] = std::int64_t{1} << (share * digit_bits);
  }
  return dims;
}

std::string seed_tables_markdown(const std::vector<Row>& rows, const std::string& device, bool host_mode) {
  std::string text;
  bool any = false;
  for (const SeedTable& table : seed_tables()) {
    std::string lines;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      const PaperRow& paper = table.rows[r];
      const Cells cells = cells_of(rows, table.number, static_cast<int>(r));
      if (!cells.tensorfft && !cells.cufft32 && !cells.cufft16) continue;
      const Row* any_row = cells.tensorfft ? cells.tensorfft : cells.cufft32 ? cells.cufft32 : cells.cufft16;
      lines += "| " + label_of(paper.log2_elements) + " | " + shape_text(any_row->dims) + " | " +
               format("%.2f", paper.cufft32_ms) + " | " + format("%.2f", paper.cufft16_ms) + " | " +
               format("%.2e", paper.cufft16_error) + " | " + format("%.2f", paper.accelerated_ms) + " | " +
               format("%.2e", paper.accelerated_error) + " | " + cell(cells.cufft32, &Row::time_ms, "%.4f") +
               " | " + cell(cells.cufft16, &Row::time_ms, "%.4f") + " | " +
               cell(cells.cufft16, &Row::seed_error, "%.2e") + " | " +
               cell(cells.tensorfft, &Row::time_ms, "%.4f") + " | " +
               cell(cells.tensorfft, &Row::seed_error, "%.2e") + " | " +
               cell(cells.tensorfft, &Row::relative_l2, "%.2e") + " |\n";
    }
    if (lines.empty()) continue;
    any = true;
    text += "\n### Table " + std::to_string(table.number) + ": " + title_of(table) + " (paper: V100; this run: " +
            device + ")\n\n";
    text +=
        "| N*batch | shape | V100 cuFFT32 ms | V100 cuFFT16 ms | V100 cuFFT16 error | V100 accel. ms | V100 accel. "
        "error | cuFFT32 ms | cuFFT16 ms | cuFFT16 error | tensorfft ms | tensorfft error | tensorfft relL2 |\n";
    text += "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    text += lines;
  }
  if (!any) return "";
  std::string notes =
      "\nSeed tables: batch 1, shapes in powers of the radix; tensorfft is fp32 storage, split_fp16, max_radix = "
      "the table's radix. error = sum_k |X32(k) - X(k)| / norm over all N*batch outputs, norm = 1 (input uniform "
      "in [-1, 1]), X32 = ";
  notes += host_mode ? "the long-double reference (host mode: no cuFFT; times are the host backend's)"
                     : "cuFFT fp32's result";
  notes +=
      ". The paper's errors are far below such a sum for these sizes (its normalization is not stated): compare "
      "columns within a table, not absolute values. relL2 is against the fp64 reference. n/s: not supported; oom: "
      "not enough memory; messages are in the CSV/JSON.\n";
  return notes + text;
}

std::string seed_tables_json(const std::vector<Row>& rows) {
  std::string text = "[";
  bool first_table = true;
  for (const SeedTable& table : seed_tables()) {
    std::string entries;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      const PaperRow& paper = table.rows[r];
      const Cells cells = cells_of(rows, table.number, static_cast<int>(r));
      if (!cells.tensorfft && !cells.cufft32 && !cells.cufft16) continue;
      const Row* any_row = cells.tensorfft ? cells.tensorfft : cells.cufft32 ? cells.cufft32 : cells.cufft16;
      entries += entries.empty() ? "\n      {" : ",\n      {";
      entries += "\"elements\": " + std::to_string(any_row->elements()) + ", \"label\": " +
                 json_string(label_of(paper.log2_elements)) + ", \"dims\": " + json_string(shape_text(any_row->dims)) +
                 ", \"batch\": " + std::to_string(any_row->batch);
      entries += ", \"paper_v100\": {\"cufft32_ms\": " + json_number(paper.cufft32_ms) +
                 ", \"cufft16_ms\": " + json_number(paper.cufft16_ms) +
                 ", \"cufft16_error\": " + json_number(paper.cufft16_error) +
                 ", \"accelerated_ms\": " + json_number(paper.accelerated_ms) +
                 ", \"accelerated_error\": " + json_number(paper.accelerated_error) + "}";
      entries += ", \"this_run\": {\"cufft32_ms\": " + json_row_value(cells.cufft32, &Row::time_ms) +
                 ", \"cufft16_ms\": " + json_row_value(cells.cufft16, &Row::time_ms) +
                 ", \"cufft16_error\": " + json_row_value(cells.cufft16, &Row::seed_error) +
                 ", \"cufft16_relL2\": " + json_row_value(cells.cufft16, &Row::relative_l2) +
                 ", \"tensorfft_ms\": " + json_row_value(cells.tensorfft, &Row::time_ms) +
                 ", \"tensorfft_error\": " + json_row_value(cells.tensorfft, &Row::seed_error) +
                 ", \"tensorfft_relL2\": " + json_row_value(cells.tensorfft, &Row::relative_l2) +
                 ", \"tensorfft_status\": " +
                 (cells.tensorfft ? json_string(to_string(cells.tensorfft->outcome)) : "null") + "}}";
    }
    if (entries.empty()) continue;
    text += first_table ? "\n    {" : ",\n    {";
    first_table = false;
    text += "\"table\": " + std::to_string(table.number) + ", \"title\": " + json_string(title_of(table)) +
            ", \"rank\": " + std::to_string(table.rank) + ", \"radix\": " + std::to_string(table.radix) +
            ", \"rows\": [" + entries + "\n    ]}";
  }
  return text + (first_table ? "]" : "\n  ]");
}

}  // namespace tensorfft::tools::bench
