#pragma once

#include <cstddef>
#include <string>

namespace opsinfo {

// Numbers as the CLI prints them in tables and summaries.
std::string figure(double value, int decimals = 1);
// "12.5%", or "-" when there is no whole to take a share of.
std::string percentOrDash(std::size_t part, std::size_t whole);

} // namespace opsinfo
