// Accuracy CSVs: msprobe compare results (both layouts), msaccucmp / msquickcmp result_*.csv,
// MindSpore dump statistic.csv and the msprobe API pre-check tables (FRONTENDS "Evidence files").

#include "evidence/evidencedtype.h"
#include "evidence/evidenceimport_p.h"
#include "graph/apiname.h"

#include "common/coretext.h"
#include "common/text.h"

#include <cctype>

namespace opsinfo::evidence_detail {

namespace {

Verdict verdictFrom(std::string_view text)
{
    const std::string w = asciiLower(text);
    if (w == "pass" || w == "yes" || w == "true" || w == "no error")
        return Verdict::Pass;
    if (w == "warning")
        return Verdict::Warning;
    if (w == "error" || w == "no" || w == "false" || w == "failed" || w == "fail")
        return Verdict::Error;
    if (w == "skip")
        return Verdict::Skip;
    return Verdict::None;
}

Verdict worse(Verdict a, Verdict b)
{
    auto rank = [](Verdict v) {
        switch (v) {
        case Verdict::Error:
            return 4;
        case Verdict::Warning:
            return 3;
        case Verdict::Pass:
            return 2;
        case Verdict::Skip:
            return 1;
        case Verdict::None:
            return 0;
        }
        return 0;
    };
    return rank(a) >= rank(b) ? a : b;
}

void readMeasure(const CsvRecord &record, int column, std::optional<double> &into, EvidenceRow &row)
{
    if (column < 0)
        return;
    bool nanInf = false;
    const auto value = parseNumber(cell(record, column), &nanInf);
    if (value && !nanInf)
        into = value;
    else if (nanInf)
        row.nanInf = true;
}

// The tensor's dtype goes to the side the tensor is on ("input.0" / "output.0" / "x:output:0").
void placeDtype(EvidenceRow &row, std::string_view text)
{
    const auto dtype = parseEvidenceDType(text);
    if (!dtype || *dtype == DType::Undefined)
        return;
    const std::string t = asciiLower(row.tensor);
    if (t.rfind("input", 0) == 0 || t.find(":input:") != std::string::npos)
        row.inputDtypes = {*dtype};
    else if (t.rfind("output", 0) == 0 || t.find(":output:") != std::string::npos)
        row.outputDtypes = {*dtype};
    else
        return;
    row.dtypesRecorded = true;
}

void setApi(EvidenceRow &row)
{
    if (const auto api = parseApiName(row.name)) {
        row.api = api->qualified();
        row.tensor = api->tensor;
    }
}

EvidenceFramework frameworkFromDtype(std::string_view text)
{
    const std::string w = asciiLower(text);
    if (w.rfind("torch.", 0) == 0)
        return EvidenceFramework::PyTorch;
    if (!text.empty() && std::isupper(static_cast<unsigned char>(text[0])))
        return EvidenceFramework::MindSpore; // "Float32", "BFloat16"
    return EvidenceFramework::Unknown;
}

RecordImporter msprobeCompareRows(EvidenceFormat format, const CsvColumns &c, CsvImport &state)
{
    const bool legacy = format == EvidenceFormat::MsprobeCompareLegacy;
    const int name = c.find({"NPU Name"});
    const int npuDtype = c.find({"NPU Dtype", "NPU Tensor Dtype"});
    const int benchDtype = c.find({"Bench Dtype", "Bench Tensor Dtype"});
    const int cosine = c.find({"Cosine"});
    const int maxAbs = c.find({"MaxAbsErr"});
    const int maxRel = c.find({"MaxRelativeErr"});
    const int result = legacy ? c.find({"Accuracy Reached or Not"}) : c.find({"Result"});
    const int message = c.find({"Err_message"});
    std::vector<int> npuStats;
    for (const char *stat : {"NPU max", "NPU min", "NPU mean", "NPU l2norm"})
        if (const int at = c.find({stat}); at >= 0)
            npuStats.push_back(at);
    state.out.hasDtypeColumns = npuDtype >= 0;
    state.out.hasAccuracy = true;
    return [=, &state](const CsvRecord &record) {
        EvidenceRow row;
        row.line = record.line;
        row.name = validUtf8(cell(record, name));
        if (row.name == "N/A")
            row.name.clear();
        setApi(row);
        if (record.fields.size() < state.headerFields)
            state.noteShortRow(record);
        placeDtype(row, cell(record, npuDtype));
        if (const auto bench = parseEvidenceDType(cell(record, benchDtype)))
            row.benchDtype = *bench;
        if (state.out.framework == EvidenceFramework::Unknown)
            state.out.framework = frameworkFromDtype(cell(record, npuDtype));
        readMeasure(record, cosine, row.cosine, row);
        readMeasure(record, maxAbs, row.maxAbsError, row);
        readMeasure(record, maxRel, row.maxRelError, row);
        for (int stat : npuStats) {
            bool nanInf = false;
            parseNumber(cell(record, stat), &nanInf);
            row.nanInf = row.nanInf || nanInf;
        }
        row.verdict = verdictFrom(cell(record, result));
        row.message = validUtf8(cell(record, message));
        state.out.rows.push_back(std::move(row));
    };
}

RecordImporter msaccucmpRows(const CsvColumns &c, const std::vector<std::string> &header,
                             CsvImport &state)
{
    const int type = c.find({"OpType"});
    const int names = c.find({"NPUDump"});
    const int npuDtype = c.find({"DataType"});
    int benchDtype = -1; // the second DataType column is the ground truth's
    for (std::size_t i = std::size_t(npuDtype) + 1; npuDtype >= 0 && i < header.size(); ++i)
        if (headerKey(header[i]) == "datatype") {
            benchDtype = int(i);
            break;
        }
    const int groundTruth = c.find({"GroundTruth"});
    const int tensor = c.find({"TensorIndex"});
    const int overflow = c.find({"OverFlow", "Overflow"});
    const int cosine = c.find({"CosineSimilarity"});
    const int maxAbs = c.find({"MaxAbsoluteError"});
    const int maxRel = c.find({"MaxRelativeError"});
    const int failReason = c.find({"CompareFailReason"});
    const int precisionError = c.find({"IsPrecisionError"});
    state.out.framework = EvidenceFramework::Ge;
    state.out.hasDtypeColumns = npuDtype >= 0;
    state.out.hasAccuracy = true;
    return [=, &state](const CsvRecord &record) {
        EvidenceRow row;
        row.line = record.line;
        row.name = validUtf8(cell(record, names));
        for (std::size_t pos = 0; pos <= row.name.size();) {
            std::size_t end = row.name.find(',', pos);
            if (end == std::string::npos)
                end = row.name.size();
            std::string one = row.name.substr(pos, end - pos);
            while (!one.empty() && one.front() == ' ')
                one.erase(0, 1);
            while (!one.empty() && one.back() == ' ')
                one.pop_back();
            if (!one.empty() && one != "*" && one != "NaN")
                row.nodeNames.push_back(one);
            pos = end + 1;
        }
        row.opType = validUtf8(cell(record, type));
        row.tensor = validUtf8(cell(record, tensor));
        if (record.fields.size() < state.headerFields)
            state.noteShortRow(record);
        placeDtype(row, cell(record, npuDtype));
        if (const auto bench = parseEvidenceDType(cell(record, benchDtype)))
            row.benchDtype = *bench;
        row.overflow = asciiLower(cell(record, overflow)) == "yes";
        readMeasure(record, cosine, row.cosine, row);
        readMeasure(record, maxAbs, row.maxAbsError, row);
        readMeasure(record, maxRel, row.maxRelError, row);
        // msaccucmp writes NaN for "not computed" (NPU-only ops, all-zero data); its overflow
        // column says whether the data itself went out of range.
        row.nanInf = false;
        if (precisionError >= 0)
            row.verdict = asciiLower(cell(record, precisionError)) == "yes" ? Verdict::Error
                : asciiLower(cell(record, precisionError)) == "no"          ? Verdict::Pass
                                                                            : Verdict::None;
        row.message = validUtf8(cell(record, failReason));
        if (cell(record, groundTruth) == "*" && row.message.empty())
            row.message = CoreText::tr("NPU-only op (no ground truth)");
        state.out.rows.push_back(std::move(row));
    };
}

RecordImporter mindsporeStatisticRows(const CsvColumns &c, CsvImport &state)
{
    const int type = c.find({"Op Type"});
    const int name = c.find({"Op Name"});
    const int io = c.find({"IO"});
    const int slot = c.find({"Slot"});
    const int dtype = c.find({"Data Type"});
    std::vector<int> values, counts;
    for (const char *v : {"Max Value", "Min Value", "Avg Value", "L2Norm Value"})
        if (const int at = c.find({v}); at >= 0)
            values.push_back(at);
    for (const char *n : {"NaN Count", "Negative Inf Count", "Positive Inf Count"})
        if (const int at = c.find({n}); at >= 0)
            counts.push_back(at);
    state.out.framework = EvidenceFramework::MindSpore;
    state.out.hasDtypeColumns = true;
    state.out.hasAccuracy = true;
    return [=, &state](const CsvRecord &record) {
        EvidenceRow row;
        row.line = record.line;
        row.name = validUtf8(cell(record, name));
        row.opType = validUtf8(cell(record, type));
        row.tensor = asciiLower(cell(record, io)) + "." + std::string(cell(record, slot));
        // Every data row of MindSpore's writer ends with a comma: one field more is normal.
        if (record.fields.size() < state.headerFields)
            state.noteShortRow(record);
        placeDtype(row, cell(record, dtype));
        for (int v : values) {
            bool nanInf = false;
            parseNumber(cell(record, v), &nanInf);
            row.nanInf = row.nanInf || nanInf;
        }
        for (int n : counts)
            if (const auto count = parseNumber(cell(record, n)); count && *count > 0)
                row.nanInf = true;
        state.out.rows.push_back(std::move(row));
    };
}

RecordImporter accCheckRows(EvidenceFormat format, const CsvColumns &c, CsvImport &state)
{
    const int name = c.find({"API Name"});
    const int message = c.find({"Message"});
    state.out.hasAccuracy = true;
    if (format == EvidenceFormat::AccCheckResult) {
        const int forward = c.find({"Forward Test Success"});
        const int backward = c.find({"Backward Test Success"});
        return [=, &state](const CsvRecord &record) {
            EvidenceRow row;
            row.line = record.line;
            row.name = validUtf8(cell(record, name));
            setApi(row);
            row.verdict
                = worse(verdictFrom(cell(record, forward)), verdictFrom(cell(record, backward)));
            row.message = validUtf8(cell(record, message));
            state.out.rows.push_back(std::move(row));
        };
    }
    const int bench = c.find({"Bench Dtype"});
    const int device = c.find({"DEVICE Dtype", "Tested Dtype"});
    const int cosine = c.find({"Cosine", "余弦相似度"});
    const int maxAbs = c.find({"MaxAbsErr", "最大绝对误差"});
    const int maxRel = c.find({"MaxRelativeErr", "相对误差最大值"});
    const int infNan = c.find({"inf/nan错误率"});
    const int status = c.find({"Status"});
    state.out.framework
        = c.has("DEVICE Dtype") ? EvidenceFramework::PyTorch : EvidenceFramework::MindSpore;
    state.out.hasDtypeColumns = true;
    return [=, &state](const CsvRecord &record) {
        EvidenceRow row;
        row.line = record.line;
        row.name = validUtf8(cell(record, name));
        setApi(row);
        if (record.fields.size() < state.headerFields)
            state.noteShortRow(record);
        placeDtype(row, cell(record, device));
        if (const auto b = parseEvidenceDType(cell(record, bench)))
            row.benchDtype = *b;
        readMeasure(record, cosine, row.cosine, row);
        readMeasure(record, maxAbs, row.maxAbsError, row);
        readMeasure(record, maxRel, row.maxRelError, row);
        if (const auto rate = parseNumber(cell(record, infNan)); rate && *rate > 0)
            row.nanInf = true;
        row.verdict = verdictFrom(cell(record, status));
        row.message = validUtf8(cell(record, message));
        state.out.rows.push_back(std::move(row));
    };
}

} // namespace

RecordImporter accuracyImporter(EvidenceFormat format, const CsvColumns &columns,
                                const std::vector<std::string> &header, CsvImport &state)
{
    switch (format) {
    case EvidenceFormat::MsprobeCompare:
    case EvidenceFormat::MsprobeCompareLegacy:
        return msprobeCompareRows(format, columns, state);
    case EvidenceFormat::MsaccucmpResult:
        return msaccucmpRows(columns, header, state);
    case EvidenceFormat::MindSporeStatistic:
        return mindsporeStatisticRows(columns, state);
    case EvidenceFormat::AccCheckDetails:
    case EvidenceFormat::AccCheckResult:
        return accCheckRows(format, columns, state);
    default:
        return {};
    }
}

} // namespace opsinfo::evidence_detail
