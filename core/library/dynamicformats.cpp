#include "library/dynamicformats.h"

#include "common/coretext.h"
#include "common/resources.h"
#include "common/text.h"

#include <algorithm>
#include <array>

namespace opsinfo {

namespace {

struct ShortName
{
    std::string_view name;
    DType type;
};

// The table's dtype abbreviations (see its header).
constexpr std::array kShortNames {
    ShortName {"f32", DType::Float32},   ShortName {"f16", DType::Float16},
    ShortName {"bf16", DType::BFloat16}, ShortName {"f64", DType::Float64},
    ShortName {"i4", DType::Int4},       ShortName {"i8", DType::Int8},
    ShortName {"i16", DType::Int16},     ShortName {"i32", DType::Int32},
    ShortName {"i64", DType::Int64},     ShortName {"u1", DType::UInt1},
    ShortName {"u8", DType::UInt8},      ShortName {"u16", DType::UInt16},
    ShortName {"u32", DType::UInt32},    ShortName {"u64", DType::UInt64},
    ShortName {"b", DType::Bool},        ShortName {"c32", DType::Complex32},
    ShortName {"c64", DType::Complex64}, ShortName {"-", DType::Undefined},
};

bool shortDtype(std::string_view name, DType &type)
{
    for (const ShortName &s : kShortNames)
        if (s.name == name) {
            type = s.type;
            return true;
        }
    return false;
}

// Attribute values as GE dumps, ONNX and TensorFlow write them: "True", "true", "1", "b: true".
bool sameAttributeValue(std::string_view wanted, std::string_view actual)
{
    const std::string w = asciiLower(wanted), a = asciiLower(actual);
    if (w == a)
        return true;
    const auto truth = [](const std::string &v) {
        return v == "true" || v == "1" ? 1 : v == "false" || v == "0" ? 0 : -1;
    };
    return truth(w) >= 0 && truth(w) == truth(a);
}

bool parseRow(std::string_view line, DynamicFormatRow &row)
{
    const std::vector<std::string_view> fields = splitAt(line, '\t');
    if (fields.size() != 6)
        return false;
    for (std::string_view soc : splitAt(fields[0], ','))
        if (!soc.empty())
            row.socs.emplace_back(soc);
    row.opType = fields[1];
    if (fields[2] == "static")
        row.variant = ShapeVariant::Static;
    else if (fields[2] == "dynamic")
        row.variant = ShapeVariant::Dynamic;
    else if (fields[2] == "kernels")
        row.variant = ShapeVariant::Kernels;
    else
        return false;
    if (fields[3] != "-") {
        const std::size_t eq = fields[3].find('=');
        if (eq == std::string_view::npos || eq == 0)
            return false;
        row.conditionAttr = fields[3].substr(0, eq);
        row.conditionValue = fields[3].substr(eq + 1);
    }
    if (fields[4] != "-") {
        for (char flag : fields[4]) {
            if (flag == 's')
                row.shapeDependent = true;
            else if (flag == 'c')
                row.needCheckSupport = true;
            else
                return false;
        }
    }
    for (std::string_view column : splitAt(fields[5], ' ')) {
        const std::size_t arrow = column.find('>');
        if (arrow == std::string_view::npos)
            return false;
        const std::string_view ins = column.substr(0, arrow), outs = column.substr(arrow + 1);
        const std::vector<std::string_view> inputs
            = ins.empty() ? std::vector<std::string_view> {} : splitAt(ins, ',');
        const std::vector<std::string_view> outputs
            = outs.empty() ? std::vector<std::string_view> {} : splitAt(outs, ',');
        if (row.columns == 0) {
            row.inputs = int(inputs.size());
            row.outputs = int(outputs.size());
        } else if (int(inputs.size()) != row.inputs || int(outputs.size()) != row.outputs) {
            return false;
        }
        for (const auto *names : {&inputs, &outputs}) {
            for (std::string_view name : *names) {
                DType type = DType::Undefined;
                if (!shortDtype(name, type))
                    return false;
                row.cells.push_back(type);
            }
        }
        ++row.columns;
    }
    return row.columns > 0 && !row.socs.empty() && !row.opType.empty();
}

} // namespace

const char *shapeVariantName(ShapeVariant variant)
{
    switch (variant) {
    case ShapeVariant::Static:
        return "static";
    case ShapeVariant::Dynamic:
        return "dynamic";
    case ShapeVariant::Kernels:
        return "kernels";
    }
    return "static";
}

std::string DynamicFormatRow::describe(std::string_view soc) const
{
    std::string text = std::string(soc) + " " + opType + " " + shapeVariantName(variant);
    if (!conditionAttr.empty())
        text += " " + conditionAttr + "=" + conditionValue;
    return text;
}

const DynamicFormatTable &DynamicFormatTable::builtIn()
{
    static const DynamicFormatTable table
        = parse(embeddedResource("dynamic_formats.tsv").value_or(""), "dynamic_formats.tsv");
    return table;
}

DynamicFormatTable DynamicFormatTable::parse(std::string_view text, const std::string &file,
                                             std::vector<Diagnostic> *problems)
{
    DynamicFormatTable table;
    int lineNo = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty() || line.front() == '#')
            continue;
        DynamicFormatRow row;
        row.line = lineNo;
        if (!parseRow(line, row)) {
            if (problems)
                problems->push_back(
                    {Severity::Error,
                     {file, lineNo, 1},
                     "dynfmt-row",
                     CoreText::tr("not a row of the op_select_format table: %1",
                                  line.substr(0, 60)),
                     CoreText::tr("regenerate it with resources/dynfmt/make_dynamic_formats.py")});
            continue;
        }
        for (const std::string &soc : row.socs)
            if (std::find(table.m_socs.begin(), table.m_socs.end(), soc) == table.m_socs.end())
                table.m_socs.push_back(soc);
        table.m_byOp.emplace(row.opType, table.m_rows.size());
        table.m_rows.push_back(std::move(row));
    }
    return table;
}

bool DynamicFormatTable::knowsSoc(std::string_view soc) const
{
    return std::find(m_socs.begin(), m_socs.end(), soc) != m_socs.end();
}

std::vector<const DynamicFormatRow *> DynamicFormatTable::rowsFor(std::string_view soc,
                                                                  std::string_view opType) const
{
    std::vector<const DynamicFormatRow *> found;
    const auto [begin, end] = m_byOp.equal_range(opType);
    for (auto it = begin; it != end; ++it) {
        const DynamicFormatRow &row = m_rows[it->second];
        if (std::find(row.socs.begin(), row.socs.end(), soc) != row.socs.end())
            found.push_back(&row);
    }
    std::sort(found.begin(), found.end(),
              [](const auto *a, const auto *b) { return a->line < b->line; });
    return found;
}

DynamicFormatChoice DynamicFormatTable::choose(std::string_view soc, std::string_view opType,
                                               ShapeKnowledge shapes,
                                               const NodeAttributes &attributes) const
{
    DynamicFormatChoice choice;
    choice.socKnown = knowsSoc(soc);
    const std::vector<const DynamicFormatRow *> rows = rowsFor(soc, opType);
    // The default row of a variant, replaced by a condition row the node's attributes meet.
    const auto rowOf = [&](ShapeVariant variant) -> const DynamicFormatRow * {
        const DynamicFormatRow *fallback = nullptr;
        for (const DynamicFormatRow *row : rows) {
            if (row->variant != variant)
                continue;
            if (row->conditionAttr.empty()) {
                if (!fallback)
                    fallback = row;
                continue;
            }
            const auto value = attributes.value(row->conditionAttr);
            if (value && sameAttributeValue(row->conditionValue, *value))
                return row;
        }
        return fallback;
    };
    const DynamicFormatRow *staticRow = rowOf(ShapeVariant::Static);
    const DynamicFormatRow *dynamicRow = rowOf(ShapeVariant::Dynamic);
    if (!staticRow && !dynamicRow) {
        choice.row = rowOf(ShapeVariant::Kernels);
        return choice;
    }
    switch (shapes) {
    case ShapeKnowledge::Static:
        choice.row = staticRow ? staticRow : dynamicRow;
        break;
    case ShapeKnowledge::Dynamic:
        choice.row = dynamicRow ? dynamicRow : staticRow;
        break;
    case ShapeKnowledge::Unknown:
        choice.row = staticRow ? staticRow : dynamicRow;
        if (staticRow && dynamicRow && staticRow->cells != dynamicRow->cells)
            choice.alternative = dynamicRow;
        break;
    }
    return choice;
}

} // namespace opsinfo
