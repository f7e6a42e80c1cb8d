#pragma once

#include "common/diagnostic.h"
#include "common/policy.h"
#include "library/editscanner.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opsinfo {

// New list colours per op type (SEMANTICS §1). Gray means "no precision_reduce item".
using PolicyEdits = std::map<std::string, Policy>;

struct OpsInfoEditResult
{
    std::string bytes; // the whole new file
    std::vector<Diagnostic> diagnostics; // errors mean `bytes` is the unchanged original
    int changedOps = 0; // op entries whose bytes changed

    bool ok() const { return !hasErrors(diagnostics); }
};

// Applies colour edits to the original bytes of one ops-info file, changing only what must change
// (FORMATS "Saving must not rewrite what was not edited"): a flag's text, or inserting / removing
// the precision_reduce item in sorted position and in the op's own layout. Edits always apply to
// the original bytes, so setting an op back to its file colour gives the original bytes again.
class OpsInfoEditor
{
public:
    OpsInfoEditor(std::string bytes, std::string file);

    bool isValid() const { return m_scan.ok(); }
    const std::vector<Diagnostic> &diagnostics() const { return m_scan.diagnostics; }
    const std::string &original() const { return m_bytes; }
    const std::string &fileName() const { return m_file; }
    const ScannedOpsInfo &scan() const { return m_scan; }

    bool contains(std::string_view opType) const;
    // The colour the file gives an op (the last precision_reduce item wins, as in Python's json);
    // nullopt for an unknown op or an invalid flag such as "yes".
    std::optional<Policy> filePolicy(std::string_view opType) const;
    // An op type of this file that differs from `opType` only in case ("Matmul" -> "MatMul").
    std::optional<std::string> suggestOpType(std::string_view opType) const;
    // Byte range [first, second) of the op's value object (its last definition in the file).
    std::optional<std::pair<std::size_t, std::size_t>> opSpan(std::string_view opType) const;

    // All edits or none: any unknown op type (or an entry that is not an object) is an error and
    // the result holds the original bytes.
    OpsInfoEditResult apply(const PolicyEdits &edits) const;

private:
    struct Splice
    {
        std::size_t begin;
        std::size_t end;
        std::string text;
    };

    const ScannedOp *lastDefinition(std::string_view opType) const;
    std::optional<Policy> policyOf(const ScannedOp &op) const;
    void editOp(const ScannedOp &op, Policy target, std::vector<Splice> &splices) const;
    void removeItems(const ScannedOp &op, const std::vector<std::size_t> &removed,
                     std::vector<Splice> &splices) const;
    void insertItem(const ScannedOp &op, Policy target, std::vector<Splice> &splices) const;
    std::string newItemText(const ScannedOp &op, std::size_t near, Policy target) const;
    std::string lineIndent(std::size_t offset) const;
    std::string_view slice(std::size_t begin, std::size_t end) const;
    Diagnostic unknownOp(const std::string &opType) const;

    std::string m_bytes;
    std::string m_file;
    ScannedOpsInfo m_scan;
    std::unordered_map<std::string, std::vector<std::size_t>> m_byType;
};

} // namespace opsinfo
