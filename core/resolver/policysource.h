#pragma once

#include "common/policy.h"

#include <functional>
#include <string>
#include <string_view>

namespace opsinfo {

class OpLibrary;
class PolicyTable;
struct OpPolicy;

// Where the resolver gets the effective colour of an op type (X3). A function, so the resolver does
// not need a computed PolicyTable: tests pass a lambda, the app passes a table.
struct PolicySource
{
    std::function<Policy(std::string_view type)> effective;
    // Optional: the full story (library file, mixlist entries) for explanations; may return null.
    std::function<const OpPolicy *(std::string_view type)> details;
    // Words used when `details` gives nothing ("library colour", "test policy" ...).
    std::string origin = "library";
};

// The library's own colours, no mixlist.
PolicySource libraryPolicies(const OpLibrary &library);
// A computed PolicyTable (library + mixlist). The table must outlive the source.
PolicySource tablePolicies(const PolicyTable &table);

} // namespace opsinfo
