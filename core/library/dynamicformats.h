#pragma once

#include "common/diagnostic.h"
#include "common/dtype.h"
#include "common/nodeattributes.h"
#include "common/shapeknowledge.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// Which op_select_format answer a row holds: FE asks the static implementation for a node whose
// shapes are all known and the dynamic one for an unknown-shape node (a -1 or -2 dimension);
// "kernels" rows list only the precompiled kernels of ops whose op_select_format is compiled code.
enum class ShapeVariant { Static, Dynamic, Kernels };

const char *shapeVariantName(ShapeVariant variant); // "static", "dynamic", "kernels"

// One row of resources/core/dynamic_formats.tsv: the dtype columns op_select_format returns for an
// op type on some SoCs, in its order.
struct DynamicFormatRow
{
    std::vector<std::string> socs; // config folder names ("ascend910b")
    std::string opType;
    ShapeVariant variant = ShapeVariant::Static;
    std::string conditionAttr; // empty: default attributes
    std::string conditionValue;
    bool shapeDependent
        = false; // the columns change with the input shapes (the row is their union)
    bool needCheckSupport = false; // the entry's check_supported may still reject the node
    int inputs = 0;
    int outputs = 0;
    int columns = 0;
    // cells[column * (inputs + outputs) + slot], slots inputs then outputs; Undefined = the
    // optional input is absent in that kernel.
    std::vector<DType> cells;
    int line = 0; // in the table's text, to cite the row

    int slotCount() const { return inputs + outputs; }
    DType cell(int column, int slot) const
    {
        return cells[std::size_t(column) * std::size_t(slotCount()) + std::size_t(slot)];
    }
    // "ascend910b Add static" (+ " half_to_float=True"): what an explanation cites.
    std::string describe(std::string_view soc) const;
};

// The rows a node gets (DynamicFormatTable::choose).
struct DynamicFormatChoice
{
    // The row FE's op_select_format answers with; null when no row applies (no facts for the SoC
    // or the op type).
    const DynamicFormatRow *row = nullptr;
    // Shapes unknown and the unknown-shape row differs from the static one: the other candidate
    // (`row` is the static one). A caller that can decide with both should compare.
    const DynamicFormatRow *alternative = nullptr;
    bool socKnown = false; // the table has rows for this SoC
};

// The op_select_format facts per SoC for entries without dtype lists (SEMANTICS §1), parsed from
// resources/core/dynamic_formats.tsv (its header names the source). Immutable; builtIn() is shared.
class DynamicFormatTable
{
public:
    static const DynamicFormatTable &builtIn();
    // Parses the table's text format; lines it cannot read are reported and skipped.
    static DynamicFormatTable parse(std::string_view text, const std::string &file = {},
                                    std::vector<Diagnostic> *problems = nullptr);

    const std::vector<DynamicFormatRow> &rows() const { return m_rows; }
    bool knowsSoc(std::string_view soc) const;
    std::vector<const DynamicFormatRow *> rowsFor(std::string_view soc,
                                                  std::string_view opType) const;

    // The row for a node of `opType` on `soc`: the variant from what is known of its shapes, then
    // a row whose condition the node's attribute meets (values compared case-insensitively, a
    // boolean as true/false/1/0), else the default row. An op with only "kernels" rows gets those.
    DynamicFormatChoice choose(std::string_view soc, std::string_view opType, ShapeKnowledge shapes,
                               const NodeAttributes &attributes) const;

private:
    std::vector<DynamicFormatRow> m_rows;
    std::multimap<std::string, std::size_t, std::less<>> m_byOp; // op type -> row index
    std::vector<std::string> m_socs;
};

} // namespace opsinfo
