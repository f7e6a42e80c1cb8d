#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

// The `opsinfo` command line, as a function so tests can run it without a process.
// Machine-readable output goes to `out`, messages to `err`; returns the exit code.
int runCli(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace opsinfo
