// Profiler CSVs: torch_npu / msprof kernel_details, op_summary, op_statistic, and the legacy
// MindSpore profiler tables (FRONTENDS "Evidence files").

#include "evidence/evidencedtype.h"
#include "evidence/evidenceimport_p.h"

#include "common/coretext.h"

#include <nlohmann/json.hpp>

namespace opsinfo::evidence_detail {

namespace {

// A fused op's kernel names its nodes comma-joined.
std::vector<std::string> splitNames(std::string_view names)
{
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos <= names.size()) {
        std::size_t end = names.find(',', pos);
        if (end == std::string_view::npos)
            end = names.size();
        std::string_view one = names.substr(pos, end - pos);
        while (!one.empty() && one.front() == ' ')
            one.remove_prefix(1);
        while (!one.empty() && one.back() == ' ')
            one.remove_suffix(1);
        if (!one.empty())
            out.push_back(validUtf8(one));
        pos = end + 1;
    }
    return out;
}

std::string typeCell(std::string_view text)
{
    return text == "N/A" ? std::string() : validUtf8(text);
}

// Reads the Input/Output Data Types pair; a cell that is no dtype list (a shifted short row)
// leaves the row without dtypes.
void readDtypes(const CsvRecord &record, int inColumn, int outColumn, CsvImport &state,
                EvidenceRow &row, const std::vector<std::string> &header)
{
    if (inColumn < 0 && outColumn < 0)
        return;
    const auto in = parseEvidenceDTypeList(cell(record, inColumn));
    const auto out = parseEvidenceDTypeList(cell(record, outColumn));
    if (!in || !out) {
        const int bad = !in ? inColumn : outColumn;
        state.noteBadCell(record, bad,
                          CoreText::tr("'%1' under '%2' is not a dtype list: the cell is ignored",
                                       validUtf8(cell(record, bad).substr(0, 60)),
                                       header[std::size_t(bad)]));
        return;
    }
    row.inputDtypes = *in;
    row.outputDtypes = *out;
    row.dtypesRecorded = true;
}

void readTime(const CsvRecord &record, int column, double scale, CsvImport &state, EvidenceRow &row,
              const std::vector<std::string> &header)
{
    if (column < 0)
        return;
    const std::string_view text = cell(record, column);
    if (text.empty() || text == "N/A")
        return;
    if (const auto value = parseNumber(text); value && *value >= 0)
        row.durationUs = *value * scale;
    else
        state.noteBadCell(record, column,
                          CoreText::tr("'%1' under '%2' is not a time: the cell is ignored",
                                       validUtf8(text.substr(0, 60)), header[std::size_t(column)]));
}

// "Default/TransData-op118" -> "TransData"
std::string typeFromKernelName(std::string_view name)
{
    const std::size_t slash = name.rfind('/');
    if (slash != std::string_view::npos)
        name.remove_prefix(slash + 1);
    const std::size_t op = name.rfind("-op");
    if (op != std::string_view::npos)
        name = name.substr(0, op);
    return validUtf8(name);
}

RecordImporter kernelRows(EvidenceFormat format, const CsvColumns &c,
                          const std::vector<std::string> &header, CsvImport &state)
{
    const bool summary = format == EvidenceFormat::OpSummary;
    const int name = summary ? c.find({"Op Name"}) : c.find({"Name"});
    const int type = summary ? c.find({"OP Type"}) : c.find({"Type"});
    const int core = summary ? c.find({"Task Type"}) : c.find({"Accelerator Core"});
    const int duration = summary ? c.find({"Task Duration(us)"}) : c.find({"Duration(us)"});
    const int in = c.find({"Input Data Types"});
    const int out = c.find({"Output Data Types"});
    state.out.hasDtypeColumns = in >= 0 || out >= 0;
    state.out.hasTimes = duration >= 0;
    state.out.framework = EvidenceFramework::Ge;
    return [=, &state, &header](const CsvRecord &record) {
        EvidenceRow row;
        row.line = record.line;
        row.name = validUtf8(cell(record, name));
        row.nodeNames = splitNames(row.name);
        row.opType = typeCell(cell(record, type));
        row.coreText = validUtf8(cell(record, core));
        row.core = coreKindFrom(row.coreText);
        if (record.fields.size() < state.headerFields)
            state.noteShortRow(record);
        readTime(record, duration, 1.0, state, row, header);
        readDtypes(record, in, out, state, row, header);
        state.out.rows.push_back(std::move(row));
    };
}

RecordImporter statisticRows(const CsvColumns &c, const std::vector<std::string> &header,
                             CsvImport &state)
{
    const int type = c.find({"OP Type"});
    const int core = c.find({"Core Type"});
    const int count = c.find({"Count"});
    const int total = c.find({"Total Time(us)"});
    state.out.hasTimes = true;
    state.out.framework = EvidenceFramework::Ge;
    return [=, &state, &header](const CsvRecord &record) {
        EvidenceRow row;
        row.line = record.line;
        row.opType = typeCell(cell(record, type));
        row.name = row.opType;
        row.coreText = validUtf8(cell(record, core));
        row.core = coreKindFrom(row.coreText);
        if (record.fields.size() < state.headerFields)
            state.noteShortRow(record);
        if (const auto n = parseNumber(cell(record, count)); n && *n >= 0 && *n < 1e15)
            row.count = std::size_t(*n);
        else
            state.noteBadCell(record, count,
                              CoreText::tr("'%1' under '%2' is not a count: the cell is ignored",
                                           validUtf8(cell(record, count).substr(0, 60)),
                                           header[std::size_t(count)]));
        readTime(record, total, 1.0, state, row, header);
        state.out.rows.push_back(std::move(row));
    };
}

// op_info: {"input_0": {"data_type": "NUMBER_TYPE_FLOAT16", ...}, "output_0": {...}}
void readOpInfo(const CsvRecord &record, int column, CsvImport &state, EvidenceRow &row,
                const std::vector<std::string> &header)
{
    const std::string_view text = cell(record, column);
    if (text.empty())
        return;
    const nlohmann::json info = nlohmann::json::parse(text, nullptr, false);
    if (!info.is_object()) {
        state.noteBadCell(record, column,
                          CoreText::tr("'%1' under '%2' is not a JSON object: the cell is ignored",
                                       validUtf8(text.substr(0, 60)), header[std::size_t(column)]));
        return;
    }
    // Keys input_<n> / output_<n>; their order in the object is not their index order.
    std::vector<std::pair<int, DType>> inputs, outputs;
    for (const auto &[key, tensor] : info.items()) {
        const bool input = key.rfind("input_", 0) == 0;
        if (!(input || key.rfind("output_", 0) == 0) || !tensor.is_object())
            continue;
        const auto type = tensor.find("data_type");
        if (type == tensor.end() || !type->is_string())
            continue;
        const auto index = parseNumber(key.substr(input ? 6 : 7));
        const auto dtype = parseEvidenceDType(type->get<std::string>());
        if (!index || *index < 0 || *index > 4096 || !dtype)
            continue;
        (input ? inputs : outputs).push_back({int(*index), *dtype});
    }
    for (auto *list : {&inputs, &outputs})
        std::sort(list->begin(), list->end(),
                  [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &[index, type] : inputs)
        row.inputDtypes.push_back(type);
    for (const auto &[index, type] : outputs)
        row.outputDtypes.push_back(type);
    row.dtypesRecorded = !inputs.empty() || !outputs.empty();
}

RecordImporter mindsporeRows(EvidenceFormat format, const CsvColumns &c,
                             const std::vector<std::string> &header, CsvImport &state)
{
    state.out.framework = EvidenceFramework::MindSpore;
    if (format == EvidenceFormat::MindSporeFrameworkRaw) {
        const int name = c.find({"full_kernel_name", "full_op_name"});
        const int type = c.find({"kernel_type", "op_type"});
        const int info = c.find({"op_info"});
        state.out.hasDtypeColumns = true;
        return [=, &state, &header](const CsvRecord &record) {
            EvidenceRow row;
            row.line = record.line;
            row.name = validUtf8(cell(record, name));
            row.opType = typeCell(cell(record, type));
            if (record.fields.size() < state.headerFields)
                state.noteShortRow(record);
            readOpInfo(record, info, state, row, header);
            state.out.rows.push_back(std::move(row));
        };
    }
    // Both legacy time tables are in milliseconds.
    state.out.hasTimes = true;
    const bool aicpu = format == EvidenceFormat::MindSporeAicpu;
    const int name = aicpu ? c.find({"kernel_type"}) : c.find({"full_op_name"});
    const int time = aicpu ? c.find({"total_time"}) : c.find({"execution_time"});
    return [=, &state, &header](const CsvRecord &record) {
        EvidenceRow row;
        row.line = record.line;
        row.name = validUtf8(cell(record, name));
        row.opType = aicpu ? row.name : typeFromKernelName(row.name);
        row.core = aicpu ? CoreKind::AICPU : CoreKind::AICore;
        row.coreText = coreKindName(row.core);
        if (record.fields.size() < state.headerFields)
            state.noteShortRow(record);
        readTime(record, time, 1000.0, state, row, header);
        state.out.rows.push_back(std::move(row));
    };
}

} // namespace

RecordImporter profilerImporter(EvidenceFormat format, const CsvColumns &columns,
                                const std::vector<std::string> &header, CsvImport &state)
{
    switch (format) {
    case EvidenceFormat::KernelDetails:
    case EvidenceFormat::OpSummary:
        return kernelRows(format, columns, header, state);
    case EvidenceFormat::OpStatistic:
        return statisticRows(columns, header, state);
    case EvidenceFormat::MindSporeFrameworkRaw:
    case EvidenceFormat::MindSporeAicoreDetail:
    case EvidenceFormat::MindSporeAicpu:
        return mindsporeRows(format, columns, header, state);
    default:
        return {};
    }
}

} // namespace opsinfo::evidence_detail
