#pragma once

#include "common/diagnostic.h"
#include "common/dtype.h"
#include "common/texthash.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opsinfo {

// --keep_dtype: nodes (by name or `OpType::X`) decided as in M2 without cube promotion (M8).
struct KeepDtype
{
    std::set<std::string, std::less<>> nodeNames;
    std::set<std::string, std::less<>> opTypes;
    std::map<std::string, int, std::less<>>
        lines; // each entry as written ("n", "OpType::T") -> line
    bool matches(std::string_view nodeName, std::string_view opType) const
    {
        return nodeNames.count(nodeName) > 0 || opTypes.count(opType) > 0;
    }
    bool empty() const { return nodeNames.empty() && opTypes.empty(); }
};

// --customize_dtypes: restricts an op's columns before any mode rule (M8). A position with no
// dtype ("") means any.
struct DtypeRestriction
{
    std::vector<std::optional<DType>> inputs;
    std::vector<std::optional<DType>> outputs;
    int line = 0;
};

struct CustomizeDtypes
{
    TextMap<DtypeRestriction> byNode;
    TextMap<DtypeRestriction> byType;
    // A node name wins over an op type.
    const DtypeRestriction *find(std::string_view nodeName, std::string_view opType) const
    {
        if (auto it = byNode.find(nodeName); it != byNode.end())
            return &it->second;
        if (auto it = byType.find(opType); it != byType.end())
            return &it->second;
        return nullptr;
    }
    bool empty() const { return byNode.empty() && byType.empty(); }
};

class Graph;

// Parsers (core/mixlist/dtypeoverrides.cpp). Diagnostics carry file, line and column.
KeepDtype parseKeepDtype(std::string_view text, const std::string &file,
                         std::vector<Diagnostic> &diagnostics);
CustomizeDtypes parseCustomizeDtypes(std::string_view text, const std::string &file,
                                     std::vector<Diagnostic> &diagnostics);

// keep_dtype entries naming no node (or op type) of the graph, subgraphs included: the compiler
// warns and ignores them (keep_dtype_option.cc:112-120). One warning per entry, at its line.
std::vector<Diagnostic> keepDtypeEntriesNotInGraph(const KeepDtype &keep, const Graph &graph,
                                                   const std::string &file);

} // namespace opsinfo
