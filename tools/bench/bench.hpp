// `tensorfft bench`: the benchmark and accuracy sweep beside cuFFT.
#pragma once

#include <string>
#include <vector>

namespace tensorfft::tools::bench {

// Runs the command with the arguments after "bench"; returns the exit status.
// Throws cli::UsageError for a bad command line and std::exception for a
// failure that stops the whole run (an unwritable output file, a requested
// GPU that is not there).  A failing case is not such a failure: it is
// reported on its own line and recorded, and the sweep goes on.
int run_bench(const std::vector<std::string>& args);

}  // namespace tensorfft::tools::bench
