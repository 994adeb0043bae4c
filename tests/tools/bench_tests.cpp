// `tensorfft bench` as a user runs it, in host mode (no GPU needed): the CSV
// and JSON it writes parse and hold sane numbers, bad flags are usage errors,
// a case the library refuses is reported and the sweep goes on, the seed
// tables come out as markdown, and the plot script turns the JSON into PNGs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tool_fixture.hpp"

namespace fs = std::filesystem;

namespace {

using tensorfft::testing::Outcome;
using tensorfft::testing::quoted;
using tensorfft::testing::read_text;

// ---- a small JSON reader, enough to check the bench's output ----

struct Json {
  enum class Kind { null, boolean, number, string, array, object } kind = Kind::null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Json> array;
  std::map<std::string, Json> object;
  std::vector<std::string> keys;  // the object's keys in order

  const Json& operator[](const std::string& key) const {
    const auto found = object.find(key);
    if (found == object.end()) throw std::runtime_error("no key " + key);
    return found->second;
  }
  bool has(const std::string& key) const { return object.count(key) != 0; }
};

class JsonParser {
 public:
  explicit JsonParser(const std::string& text) : text_(text) {}
  Json parse() {
    Json value = parse_value();
    skip_space();
    if (at_ != text_.size()) fail("trailing text");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("JSON: " + what + " at offset " + std::to_string(at_));
  }
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool take(const std::string& word) {
    if (text_.compare(at_, word.size(), word) != 0) return false;
    at_ += word.size();
    return true;
  }
  void expect(char c) {
    skip_space();
    if (at_ >= text_.size() || text_[at_] != c) fail(std::string("expected '") + c + "'");
    ++at_;
  }
  std::string parse_string() {
    expect('"');
    std::string out;
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c == '\\') {
        if (at_ >= text_.size()) fail("bad escape");
        const char e = text_[at_++];
        switch (e) {
          case 'n': c = '\n'; break;
          case 't': c = '\t'; break;
          case 'r': c = '\r'; break;
          case 'b': c = '\b'; break;
          case 'f': c = '\f'; break;
          case 'u':
            if (at_ + 4 > text_.size()) fail("bad \\u escape");
            c = static_cast<char>(std::stoi(text_.substr(at_, 4), nullptr, 16));
            at_ += 4;
            break;
          case '"': case '\\': case '/': c = e; break;
          default: fail("bad escape");
        }
      }
      out += c;
    }
    expect('"');
    return out;
  }
  Json parse_value() {
    skip_space();
    if (at_ >= text_.size()) fail("unexpected end");
    Json value;
    const char c = text_[at_];
    if (c == '{') {
      value.kind = Json::Kind::object;
      ++at_;
      skip_space();
      if (take("}")) return value;
      do {
        skip_space();
        std::string key = parse_string();
        expect(':');
        if (value.object.count(key)) fail("duplicate key " + key);
        value.keys.push_back(key);
        value.object[key] = parse_value();
        skip_space();
      } while (take(","));
      expect('}');
    } else if (c == '[') {
      value.kind = Json::Kind::array;
      ++at_;
      skip_space();
      if (take("]")) return value;
      do {
        value.array.push_back(parse_value());
        skip_space();
      } while (take(","));
      expect(']');
    } else if (c == '"') {
      value.kind = Json::Kind::string;
      value.string = parse_string();
    } else if (take("null")) {
      value.kind = Json::Kind::null;
    } else if (take("true") || take("false")) {
      value.kind = Json::Kind::boolean;
      value.boolean = text_[at_ - 1] == 'e' && text_[at_ - 2] == 'u';
    } else {
      const std::size_t start = at_;
      while (at_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[at_])) ||
                                    std::string("+-.eE").find(text_[at_]) != std::string::npos)) {
        ++at_;
      }
      if (start == at_) fail("unexpected character");
      std::size_t used = 0;
      value.kind = Json::Kind::number;
      value.number = std::stod(text_.substr(start, at_ - start), &used);
      if (used != at_ - start) fail("bad number");
    }
    return value;
  }

  const std::string& text_;
  std::size_t at_ = 0;
};

Json parse_json(const std::string& text) { return JsonParser(text).parse(); }

// ---- CSV: '#' metadata lines, a header, rows with RFC 4180 quoting ----

struct Csv {
  std::map<std::string, std::string> metadata;
  std::vector<std::string> header;
  std::vector<std::map<std::string, std::string>> rows;
};

std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted_field = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted_field) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted_field = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted_field = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

Csv parse_csv(const std::string& text) {
  Csv csv;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0) {
      const std::size_t colon = line.find(": ");
      if (colon == std::string::npos) throw std::runtime_error("CSV: bad metadata line " + line);
      csv.metadata[line.substr(2, colon - 2)] = line.substr(colon + 2);
    } else if (csv.header.empty()) {
      csv.header = csv_fields(line);
    } else {
      const std::vector<std::string> fields = csv_fields(line);
      if (fields.size() != csv.header.size()) {
        throw std::runtime_error("CSV: " + std::to_string(fields.size()) + " fields in '" + line + "', header has " +
                                 std::to_string(csv.header.size()));
      }
      std::map<std::string, std::string> row;
      for (std::size_t k = 0; k < fields.size(); ++k) row[csv.header[k]] = fields[k];
      csv.rows.push_back(std::move(row));
    }
  }
  return csv;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// The relL2 bounds the brief asks of the host backend in each storage type.
double relative_l2_bound(const std::string& precision) {
  if (precision == "fp32") return 1e-6;
  if (precision == "fp16") return 3.5e-4;
  return 2.6e-3;  // bf16 (ACCURACY.md)
}

const std::vector<std::string> expected_columns = {
    "case",  "library", "backend", "precision", "mode", "rank", "dims", "n", "batch", "elements", "max_radix",
    "intermediates",
    "time_ms", "time_min_ms", "gbps", "bandwidth_fraction", "relL2", "maxrel", "seed_error", "plan_first_ms",
    "plan_ms", "ratio", "seed_table", "status", "message", "plan"};

class Bench : public tensorfft::testing::ToolFixture {};

TEST_F(Bench, HelpExitsZero) {
  const Outcome result = run("bench --help");
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.out.rfind("usage: tensorfft bench", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("--seed-tables"), std::string::npos);
  EXPECT_TRUE(result.err.empty()) << result.err;
  const Outcome main_help = run("--help");
  EXPECT_NE(main_help.out.find("  bench "), std::string::npos) << main_help.out;
}

TEST_F(Bench, HostModeSweepWritesCsvAndJson) {
  const Outcome result = run("bench --backend host --sizes 64,1024,16x16,8x8x8 --storage fp32,fp16,bf16 "
                             "--total-log2 12 --repeats 2 --warmups 0 --seed 7 --csv " +
                             quoted(path("bench.csv")) + " --json " + quoted(path("bench.json")));
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(result.err.empty()) << result.err;
  const std::vector<std::string> lines = lines_of(result.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0].rfind("tensorfft bench: host mode (host backend requested)", 0), 0u) << lines[0];
  // 4 shapes x (fp32: split, single, fp32; fp16: split, single; bf16: split, single) = 28.
  const std::size_t measurements = 28;
  std::size_t case_lines = 0;
  for (const std::string& line : lines) {
    if (line.rfind("case ", 0) == 0) {
      ++case_lines;
      EXPECT_NE(line.find("/28 "), std::string::npos) << line;
      EXPECT_NE(line.find("(host)"), std::string::npos) << line;
    }
  }
  EXPECT_EQ(case_lines, measurements) << result.out;
  EXPECT_EQ(lines.back().rfind("done in ", 0), 0u) << lines.back();

  // CSV: the metadata block, the columns, one row per measurement.
  const Csv csv = parse_csv(read_text(path("bench.csv")));
  for (const char* key : {"tool", "version", "git_commit", "git_dirty", "date", "command_line", "mode", "device",
                          "repeats", "warmups", "seed", "reference"}) {
    EXPECT_TRUE(csv.metadata.count(key)) << "no metadata " << key;
  }
  EXPECT_EQ(csv.metadata.at("mode"), "host");
  EXPECT_EQ(csv.metadata.at("seed"), "7");
  EXPECT_NE(csv.metadata.at("command_line").find("--sizes 64,1024,16x16,8x8x8"), std::string::npos);
  EXPECT_FALSE(csv.metadata.at("git_commit").empty());
  EXPECT_EQ(csv.header, expected_columns);
  ASSERT_EQ(csv.rows.size(), measurements);
  std::map<std::string, int> per_rank;
  for (const auto& row : csv.rows) {
    EXPECT_EQ(row.at("library"), "tensorfft");
    EXPECT_EQ(row.at("backend"), "host");
    EXPECT_EQ(row.at("status"), "ok") << row.at("message");
    // The plan that ran: its describe(), naming the case's sizes and storage.
    EXPECT_EQ(row.at("plan").rfind("(c2c " + row.at("dims") + " " + row.at("precision") + " ", 0), 0u)
        << row.at("plan");
    EXPECT_EQ(std::stoll(row.at("elements")), 4096) << row.at("dims");
    EXPECT_EQ(std::stoll(row.at("n")) * std::stoll(row.at("batch")), 4096);
    const double relative_l2 = std::stod(row.at("relL2"));
    EXPECT_GT(relative_l2, 0) << row.at("dims") << " " << row.at("precision") << " " << row.at("mode");
    if (row.at("mode") != "single_fp16") {
      EXPECT_LT(relative_l2, relative_l2_bound(row.at("precision")))
          << row.at("dims") << " " << row.at("precision") << " " << row.at("mode");
    } else {  // one fp16 product per stage: about fp16 accuracy, whatever the storage
      EXPECT_LT(relative_l2, row.at("precision") == "bf16" ? 3e-3 : 1e-3) << row.at("dims") << " " << row.at("precision");
    }
    EXPECT_GT(std::stod(row.at("maxrel")), relative_l2);
    EXPECT_GT(std::stod(row.at("time_ms")), 0);
    EXPECT_GE(std::stod(row.at("plan_ms")), 0);
    EXPECT_TRUE(row.at("ratio").empty()) << "no cuFFT in host mode";
    EXPECT_TRUE(row.at("bandwidth_fraction").empty());
    ++per_rank[row.at("rank")];
  }
  EXPECT_EQ(per_rank["1"], 14);
  EXPECT_EQ(per_rank["2"], 7);
  EXPECT_EQ(per_rank["3"], 7);

  // JSON: the same rows and metadata.
  const Json json = parse_json(read_text(path("bench.json")));
  const Json& metadata = json["metadata"];
  EXPECT_EQ(metadata["mode"].string, "host");
  EXPECT_EQ(metadata["seed"].number, 7);
  EXPECT_EQ(metadata["git_commit"].string, csv.metadata.at("git_commit"));
  ASSERT_EQ(json["columns"].array.size(), expected_columns.size());
  for (std::size_t k = 0; k < expected_columns.size(); ++k) {
    EXPECT_EQ(json["columns"].array[k].string, expected_columns[k]);
  }
  const Json& results = json["results"];
  ASSERT_EQ(results.array.size(), measurements);
  for (std::size_t r = 0; r < measurements; ++r) {
    const Json& row = results.array[r];
    EXPECT_EQ(row.keys, expected_columns);
    EXPECT_EQ(row["case"].number, static_cast<double>(r + 1));
    EXPECT_EQ(row["status"].string, "ok");
    EXPECT_EQ(row["ratio"].kind, Json::Kind::null);
    EXPECT_EQ(row["plan"].string, csv.rows[r].at("plan"));
    EXPECT_NEAR(row["relL2"].number, std::stod(csv.rows[r].at("relL2")), 1e-5 * row["relL2"].number);
    if (row["precision"].string == "fp32" && row["mode"].string != "single_fp16") {
      EXPECT_LT(row["relL2"].number, 1e-6);
    }
    if (row["precision"].string == "fp16" && row["mode"].string == "split_fp16") {
      EXPECT_LT(row["relL2"].number, 3.5e-4);
    }
  }
  EXPECT_EQ(json["seed_tables"].kind, Json::Kind::array);
}

TEST_F(Bench, TheSameSeedGivesTheSameInput) {
  const std::string arguments = "bench --backend host --sizes 256 --storage fp16 --modes split --repeats 1 --warmups 0";
  const Outcome first = run(arguments + " --seed 3 --csv " + quoted(path("a.csv")));
  const Outcome again = run(arguments + " --seed 3 --csv " + quoted(path("b.csv")));
  const Outcome other = run(arguments + " --seed 4 --csv " + quoted(path("c.csv")));
  ASSERT_EQ(first.status + again.status + other.status, 0) << first.err << again.err << other.err;
  const auto error_of = [&](const std::string& name) { return parse_csv(read_text(path(name))).rows.at(0).at("relL2"); };
  EXPECT_EQ(error_of("a.csv"), error_of("b.csv"));
  EXPECT_NE(error_of("a.csv"), error_of("c.csv"));
}

TEST_F(Bench, UsageErrorsExitTwo) {
  expect_error("bench --bogus", 2, "unknown option '--bogus' for 'bench'");
  expect_error("bench extra", 2, "bench takes no file names");
  expect_error("bench --sizes", 2, "option --sizes needs a value");
  expect_error("bench --sizes 12a", 2, "invalid number '12a' for --sizes");
  expect_error("bench --sizes 64,,128", 2, "empty item in --sizes");
  expect_error("bench --sizes 0", 2, "value 0 for --sizes is out of range");
  expect_error("bench --sizes 2x2x2x2", 2, "has rank 4: give 1 to 3 sizes");
  expect_error("bench --sizes 1048576x1048576x1048576", 2, "has more than 2^40 elements");
  expect_error("bench --log2 9:4", 2, "the first exponent is larger than the second");
  expect_error("bench --log2 4:x", 2, "invalid number 'x' for --log2");
  expect_error("bench --ranks 4", 2, "value 4 for --ranks is out of range");
  expect_error("bench --storage fp8", 2, "invalid value 'fp8' for --storage: choose fp16, bf16 or fp32");
  expect_error("bench --storage fp64", 2, "invalid value 'fp64' for --storage");
  expect_error("bench --modes tf32", 2, "invalid value 'tf32' for --modes: choose split_fp16, single_fp16 or fp32");
  expect_error("bench --total-log2 41", 2, "value 41 for --total-log2 is out of range");
  expect_error("bench --batch 4 --total-log2 10", 2, "either --batch or --total-log2");
  expect_error("bench --max-radix 3", 2, "invalid value '3' for --max-radix: choose 2, 4, 8 or 16");
  expect_error("bench --repeats 0", 2, "value 0 for --repeats is out of range");
  expect_error("bench --warmups -1", 2, "value -1 for --warmups is out of range");
  expect_error("bench --seed x", 2, "invalid number 'x' for --seed");
  expect_error("bench --backend tpu", 2, "invalid value 'tpu' for --backend");
  expect_error("bench --seed-tables --sizes 64", 2, "--seed-tables runs the paper's fixed cases: it does not take --sizes");
  expect_error("bench --no-cufft=1", 2, "option --no-cufft takes no value");
  expect_error("bench --csv same --json same", 2, "--csv and --json name the same file");
}

// --backend cuda without a usable GPU is a failure of the whole run (exit 1,
// one line); with one, this tiny case runs.
TEST_F(Bench, RequiredCudaWithoutAGpuExitsOne) {
  const std::string arguments = "bench --backend cuda --sizes 16 --storage fp32 --modes split --total-log2 4 --repeats 1";
  const Outcome result = run(arguments);
  if (result.status == 0) {
    EXPECT_EQ(result.out.rfind("tensorfft bench: CUDA mode on ", 0), 0u) << result.out;
    return;
  }
  expect_error(arguments, 1, "tensorfft: error: --backend cuda: ");
}

TEST_F(Bench, AnUnwritableOutputExitsOneBeforeTheWork) {
  expect_error("bench --backend host --sizes 16 --csv " + quoted(path("no_folder/bench.csv")), 1,
               "no_folder/bench.csv: cannot write");
  expect_error("bench --backend host --sizes 16 --json " + quoted(path("no_folder/bench.json")), 1,
               "no_folder/bench.json: cannot write");
}

TEST_F(Bench, ARefusedCaseIsReportedAndTheSweepGoesOn) {
  // 100 is not a power of two (the library refuses it), 2^20 is over the
  // host-mode cap; 64 runs after both.
  const Outcome result = run("bench --backend host --sizes 100,1048576,64 --storage fp32 --modes split "
                             "--total-log2 10 --repeats 1 --csv " + quoted(path("bench.csv")) + " --json " +
                             quoted(path("bench.json")));
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(result.err.empty()) << result.err;
  const std::vector<std::string> lines = lines_of(result.out);
  std::vector<std::string> cases;
  std::copy_if(lines.begin(), lines.end(), std::back_inserter(cases),
               [](const std::string& line) { return line.rfind("case ", 0) == 0; });
  ASSERT_EQ(cases.size(), 3u) << result.out;
  EXPECT_NE(cases[0].find("case 1/3  n=100 b=10"), std::string::npos) << cases[0];
  EXPECT_NE(cases[0].find("not supported: size 100 on axis 0 is not a power of two"), std::string::npos) << cases[0];
  EXPECT_NE(cases[1].find("skipped: 1048576 elements is over the host-mode limit of 2^16"), std::string::npos)
      << cases[1];
  EXPECT_NE(cases[2].find("relL2 "), std::string::npos) << cases[2];
  EXPECT_NE(lines.back().find("1 ok, 1 not supported, 1 skipped"), std::string::npos) << lines.back();

  const Csv csv = parse_csv(read_text(path("bench.csv")));
  ASSERT_EQ(csv.rows.size(), 3u);
  EXPECT_EQ(csv.rows[0].at("status"), "not_supported");
  EXPECT_NE(csv.rows[0].at("message").find("not a power of two"), std::string::npos);
  EXPECT_TRUE(csv.rows[0].at("relL2").empty());
  EXPECT_EQ(csv.rows[1].at("status"), "skipped");
  EXPECT_EQ(csv.rows[2].at("status"), "ok");
  EXPECT_LT(std::stod(csv.rows[2].at("relL2")), 1e-6);
  const Json json = parse_json(read_text(path("bench.json")));
  ASSERT_EQ(json["results"].array.size(), 3u);
  EXPECT_EQ(json["results"].array[0]["relL2"].kind, Json::Kind::null);
  EXPECT_EQ(json["results"].array[0]["status"].string, "not_supported");

  // --max-log2 lifts the cap (here: lowers it).
  const Outcome capped = run("bench --backend host --sizes 64 --storage fp32 --modes split --total-log2 10 "
                             "--max-log2 8 --repeats 1");
  ASSERT_EQ(capped.status, 0) << capped.err;
  EXPECT_NE(capped.out.find("skipped: 1024 elements is over the --max-log2 limit of 2^8"), std::string::npos)
      << capped.out;
}

TEST_F(Bench, SeedTablesInHostMode) {
  const Outcome result =
      run("bench --backend host --seed-tables --max-log2 12 --repeats 1 --warmups 0 --json " + quoted(path("seed.json")));
  ASSERT_EQ(result.status, 0) << result.err;
  for (int table = 1; table <= 9; ++table) {
    EXPECT_NE(result.out.find("### Table " + std::to_string(table) + ": "), std::string::npos) << table;
  }
  EXPECT_NE(result.out.find("### Table 3: 1-D radix-8"), std::string::npos);
  // Table 1's first row: the paper's V100 numbers beside this run's.
  EXPECT_NE(result.out.find("| 1k | 1024 | 2.46 | 3.23 | 5.09e-03 | 2.43 | 7.75e-07 | - | - | - | "), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("| 4k | 64x64 | 2.44 | 3.22 |"), std::string::npos);
  EXPECT_NE(result.out.find("| 32k | 8x64x64 | 2.77 | 2.66 |"), std::string::npos);  // 8^5 in powers of 8
  EXPECT_NE(result.out.find("X32 = the long-double reference"), std::string::npos);

  const Json json = parse_json(read_text(path("seed.json")));
  const Json& tables = json["seed_tables"];
  ASSERT_EQ(tables.array.size(), 9u);
  EXPECT_EQ(tables.array[0]["title"].string, "1-D radix-2");
  ASSERT_EQ(tables.array[0]["rows"].array.size(), 11u);
  const Json& first = tables.array[0]["rows"].array[0];
  EXPECT_EQ(first["elements"].number, 1024);
  EXPECT_EQ(first["paper_v100"]["cufft32_ms"].number, 2.46);
  EXPECT_EQ(first["this_run"]["tensorfft_status"].string, "ok");
  EXPECT_GT(first["this_run"]["tensorfft_error"].number, 0);
  EXPECT_LT(first["this_run"]["tensorfft_relL2"].number, 1e-6);
  EXPECT_EQ(first["this_run"]["cufft32_ms"].kind, Json::Kind::null);
  // Rows over the cap are listed, as skipped.
  EXPECT_EQ(tables.array[0]["rows"].array[10]["this_run"]["tensorfft_status"].string, "skipped");
  for (const Json& row : json["results"].array) EXPECT_GT(row["seed_table"].number, 0);
}

// A Python with matplotlib: the one on PATH, or the system's (Debian's
// python3-matplotlib installs there); empty when there is none.
std::string python_with_matplotlib(const fs::path& folder) {
  for (const char* candidate : {"python3", "/usr/bin/python3"}) {
    const Outcome probe =
        tensorfft::testing::run_command(std::string(candidate) + " -c 'import matplotlib'", folder);
    if (probe.status == 0) return candidate;
  }
  return "";
}

TEST_F(Bench, PlotScriptMakesPngs) {
  const std::string python = python_with_matplotlib(folder_);
  if (python.empty()) GTEST_SKIP() << "no python3 with matplotlib";
  const Outcome bench = run("bench --backend host --sizes 16,64,256,4096,16x16 --total-log2 12 --repeats 1 "
                            "--warmups 0 --json " + quoted(path("bench.json")));
  ASSERT_EQ(bench.status, 0) << bench.err;
  const std::string script = quoted(std::string(TENSORFFT_SOURCE_DIR) + "/scripts/plot-benchmarks");
  const Outcome help = tensorfft::testing::run_command(python + " " + script + " --help", folder_);
  EXPECT_EQ(help.status, 0) << help.err;
  EXPECT_NE(help.out.find("usage:"), std::string::npos) << help.out;

  const Outcome plot = tensorfft::testing::run_command(
      python + " " + script + " " + quoted(path("bench.json")) + " --out " + quoted(path("plots")), folder_);
  ASSERT_EQ(plot.status, 0) << plot.out << plot.err;
  std::vector<std::string> pngs;
  for (const auto& entry : fs::directory_iterator(path("plots"))) {
    if (entry.path().extension() == ".png") {
      pngs.push_back(entry.path().filename().string());
      EXPECT_EQ(read_text(entry.path()).substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << entry.path();
    }
  }
  std::sort(pngs.begin(), pngs.end());
  EXPECT_NE(std::find(pngs.begin(), pngs.end(), "time.png"), pngs.end()) << plot.out;
  EXPECT_NE(std::find(pngs.begin(), pngs.end(), "accuracy.png"), pngs.end()) << plot.out;

  const Outcome missing = tensorfft::testing::run_command(
      python + " " + script + " " + quoted(path("missing.json")) + " --out " + quoted(path("plots")), folder_);
  EXPECT_NE(missing.status, 0);
  EXPECT_NE(missing.err.find("missing.json"), std::string::npos) << missing.err;
}

}  // namespace
