// The layout of Tables 1-9 of the 2019 seed report (../shared/seeds/
// 004_328ff9bea0ac9582.txt): 1-D, 2-D and 3-D transforms with radix 2, 4 and
// 8, N*batch from 1k to 64M elements, time and error of cuFFT fp32, cuFFT
// fp16 and the tensor-core FFT on a V100.  `tensorfft bench --seed-tables`
// runs the same rows on this device and prints them beside the paper's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runner.hpp"

namespace tensorfft::tools::bench {

// One row of a paper table (times in ms, errors in the paper's metric).
struct PaperRow {
  int log2_elements;  // N * batch = 2^log2_elements
  double cufft32_ms, cufft16_ms, cufft16_error, accelerated_ms, accelerated_error;
};

struct SeedTable {
  int number;  // 1..9
  int rank;    // 1, 2, 3
  int radix;   // 2, 4, 8
  std::vector<PaperRow> rows;
};

const std::vector<SeedTable>& seed_tables();

// The shape a row is run with.  The paper gives only N * batch; here batch
// is 1 and the sizes are powers of the radix (as the paper's radix-r code
// needs), as equal as the element count allows, later axes the larger.
std::vector<std::int64_t> seed_table_shape(int rank, int radix, int log2_elements);

// Markdown tables, one per paper table, the paper's columns beside this run's.
// `device` names this run's device; `host_mode`: no cuFFT, X32 is the
// long-double reference.
std::string seed_tables_markdown(const std::vector<Row>& rows, const std::string& device, bool host_mode);

// The same as a JSON array (one object per table with its rows).
std::string seed_tables_json(const std::vector<Row>& rows);

}  // namespace tensorfft::tools::bench
