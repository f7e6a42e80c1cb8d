#pragma once

#include "common/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opsinfo {

enum class Framework { Onnx, TensorFlow };

// The answer for one framework op type.
struct OpLookup
{
    std::string irType; // Ascend IR type; the framework type when unmapped
    std::vector<std::string> alternatives; // other IR types the parser may pick ("A|B", "A+B")
    bool mapped = false; // found in the map ("not in map" otherwise)
    bool opsetMatched = true; // ONNX: a row covers the model's opset exactly
    std::string opsets; // ONNX: the opsets of the row used ("8-18")
};

// Framework op type -> Ascend IR type (FORMATS "Graphs"). The embedded default comes from
// resources/core/opmap; users can add their own rows with loadOverride(), which win over the
// defaults for the same op.
//
// File format (one row a line, '#' comments, sections select the framework):
//   [onnx]         op<TAB>ir_type[<TAB>opsets[<TAB>domain]]
//   [tensorflow]   op<TAB>ir_type
// ir_type "=" keeps the op's name; "A|B" / "A+B" list alternatives, A is used.
class OpMap
{
public:
    OpMap() = default;

    // The shipped map (both frameworks), parsed once.
    static const OpMap &defaults();

    // Adds rows from text; `file` names the source in diagnostics. Malformed lines are reported
    // and skipped, the rest is kept.
    std::vector<Diagnostic> loadText(std::string_view text, const std::string &file,
                                     bool override = true);
    // Reads a user file in the same format; its rows replace the defaults of the same op.
    std::vector<Diagnostic> loadOverride(const std::string &path);

    // `domain` "" means ai.onnx; `opset` < 0 means "not declared by the model".
    OpLookup lookupOnnx(std::string_view domain, std::string_view op, int opset) const;
    OpLookup lookupTensorFlow(std::string_view op) const;

    std::size_t size(Framework framework) const;

private:
    struct Range
    {
        int low = 0;
        int high = 0;
    };
    struct Row
    {
        std::vector<Range> opsets; // empty: any opset
        std::string opsetText;
        std::string irType;
        std::vector<std::string> alternatives;
    };
    using Table = std::unordered_map<std::string, std::vector<Row>>; // key "domain\x1fop" or op

    // One row line of a section into its table key and row; the error when it is malformed.
    static std::optional<Diagnostic> parseRow(std::string_view line, bool onnx,
                                              const std::string &file, int lineNumber,
                                              std::string &key, Row &row);
    // "8-18", "1,6,8-18" or "*" (any opset: no range); false when malformed.
    static bool parseOpsets(std::string_view opsets, std::vector<Range> &ranges);

    Table m_onnx;
    Table m_tf;
};

} // namespace opsinfo
