#pragma once

#include "common/diagnostic.h"
#include "mixlist/mixlist.h"

#include <optional>
#include <string>
#include <vector>

namespace opsinfo {

class OpLibrary;

// A one-click repair of one mixlist entry, offered with a lint finding.
struct FixIt
{
    enum class Kind { Rename, Remove };
    Kind kind = Kind::Remove;
    // The entry: its list, action and index in Mixlist::entries(list, action), plus its op type
    // and position so a stale fix-it (the mixlist changed meanwhile) is detected.
    MixlistList list = MixlistList::Black;
    MixlistAction action = MixlistAction::Add;
    std::size_t index = 0;
    std::string opType;
    int line = 0;
    int column = 0;
    std::string replacement; // Rename: the new op type
    std::string label; // "Rename to 'MatMul'", "Remove 'Data'"
};

struct LintFinding
{
    Diagnostic diagnostic;
    std::optional<FixIt> fixIt;
};

// X4 lint. With a library: op types not in it (nearest name suggested, case-insensitive match
// first), entries that change nothing under X3. Always: duplicates and graph node types that are
// not FE ops (Data, NetOutput, Const ...). Findings are Warnings with code "X4", in entry order.
// F4 (code "F4"): framework, ONNX or TensorFlow names where an IR type belongs (Warning, with a
// rename to the IR type they most likely mean), the CANN documentation's sample entries (a
// Warning first when three or more are present, a Note on Bias/Yolo/Xlog1py).
std::vector<LintFinding> lintMixlist(const Mixlist &mixlist, const OpLibrary *library,
                                     const std::string &file = {});

// The mixlist with the fix applied; unchanged if the fix no longer matches an entry.
Mixlist applyFixIt(const Mixlist &mixlist, const FixIt &fix);

// Graph node types no ops-info library defines: the mixlist never affects them.
bool isGraphOnlyType(std::string_view type);

} // namespace opsinfo
