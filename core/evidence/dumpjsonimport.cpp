// msprobe dump.json (per API call: the dtype and statistics of every tensor) and the JSON files
// that travel with evidence (construct.json, profiler info, CANN op-debug overflow records).

#include "evidence/evidencedtype.h"
#include "evidence/evidenceimport_p.h"
#include "graph/apiname.h"

#include "common/coretext.h"
#include "common/lineindex.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace opsinfo::evidence_detail {

namespace {

// msprobe writes Python's json output: bare NaN, Infinity and -Infinity, which JSON does not have.
// They become strings of the same length, so error positions stay where they were.
constexpr std::string_view kNaN = "\"N\"";
constexpr std::string_view kInf = "\"Infini\""; // Infinity: 8 bytes
constexpr std::string_view kNegInf = "\"-Infini\""; // -Infinity: 9 bytes

std::string withNonFiniteAsStrings(std::string_view text)
{
    std::string out(text);
    bool inString = false;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const char c = out[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (out.compare(i, 3, "NaN") == 0) {
            out.replace(i, 3, kNaN);
            i += 2;
        } else if (out.compare(i, 8, "Infinity") == 0) {
            out.replace(i, 8, kInf);
            i += 7;
        } else if (out.compare(i, 9, "-Infinity") == 0) {
            out.replace(i, 9, kNegInf);
            i += 8;
        }
    }
    return out;
}

bool isNonFinite(const nlohmann::ordered_json &value)
{
    if (value.is_number_float())
        return !std::isfinite(value.get<double>());
    if (!value.is_string())
        return false;
    const std::string &s = value.get_ref<const std::string &>();
    return s == "N" || s == "Infini" || s == "-Infini" || s == "nan" || s == "inf" || s == "-inf"
        || s == "NaN" || s == "Infinity" || s == "-Infinity";
}

struct TensorScan
{
    std::vector<DType> dtypes;
    bool nanInf = false;
    bool overflow = false;
    EvidenceFramework framework = EvidenceFramework::Unknown;
};

// Tensors nest in lists (tuple outputs) and in kwargs objects; walks them in order.
void scanTensors(const nlohmann::ordered_json &value, TensorScan &scan, int depth = 0)
{
    if (depth > 32)
        return;
    if (value.is_array()) {
        for (const auto &item : value)
            scanTensors(item, scan, depth + 1);
        return;
    }
    if (!value.is_object())
        return;
    const auto dtype = value.find("dtype");
    if (dtype == value.end() || !dtype->is_string()) {
        if (value.find("type") == value.end()) // a kwargs object: its values are tensors
            for (const auto &[key, item] : value.items())
                scanTensors(item, scan, depth + 1);
        return;
    }
    const std::string &text = dtype->get_ref<const std::string &>();
    const DType type = parseEvidenceDType(text).value_or(DType::Other);
    scan.dtypes.push_back(type);
    if (scan.framework == EvidenceFramework::Unknown)
        scan.framework = text.rfind("torch.", 0) == 0 ? EvidenceFramework::PyTorch
                                                      : EvidenceFramework::MindSpore;
    for (const char *stat : {"Max", "Min", "Mean", "Norm"}) {
        const auto it = value.find(stat);
        if (it == value.end())
            continue;
        if (isNonFinite(*it))
            scan.nanInf = true;
        else if (type == DType::Float16 && it->is_number()
                 && std::fabs(it->get<double>()) > 65504.0)
            scan.overflow = true;
    }
}

// The line of each entry's key: entries come in file order, so one forward search finds them all.
class KeyLines
{
public:
    explicit KeyLines(std::string_view text)
        : m_text(text)
    {
    }
    int lineOf(const std::string &key)
    {
        const std::string quoted = "\"" + key + "\"";
        const std::size_t at = m_text.find(quoted, m_pos);
        if (at == std::string_view::npos)
            return 0;
        for (; m_pos < at; ++m_pos)
            if (m_text[m_pos] == '\n')
                ++m_line;
        return m_line;
    }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_line = 1;
};

void importDump(const nlohmann::ordered_json &doc, std::string_view text, EvidenceFile &out)
{
    KeyLines lines(text);
    out.format = EvidenceFormat::MsprobeDump;
    out.hasDtypeColumns = true;
    out.hasAccuracy = true;
    if (const auto fw = doc.find("framework"); fw != doc.end() && fw->is_string())
        out.framework = fw->get<std::string>() == "pytorch" ? EvidenceFramework::PyTorch
                                                            : EvidenceFramework::MindSpore;
    const auto data = doc.find("data");
    if (data == doc.end() || !data->is_object())
        return;
    for (const auto &[key, entry] : data->items()) {
        EvidenceRow row;
        row.name = validUtf8(key);
        row.line = lines.lineOf(key);
        if (const auto api = parseApiName(row.name)) {
            row.api = api->qualified();
            row.tensor = api->tensor;
        }
        if (!entry.is_object()) {
            out.rows.push_back(std::move(row));
            continue;
        }
        TensorScan inputs, outputs;
        for (const char *part : {"input_args", "input_kwargs", "input"})
            if (const auto it = entry.find(part); it != entry.end())
                scanTensors(*it, inputs);
        if (const auto it = entry.find("output"); it != entry.end())
            scanTensors(*it, outputs);
        row.inputDtypes = inputs.dtypes;
        row.outputDtypes = outputs.dtypes;
        row.dtypesRecorded = !row.inputDtypes.empty() || !row.outputDtypes.empty();
        row.nanInf = inputs.nanInf || outputs.nanInf;
        row.overflow = outputs.overflow;
        if (out.framework == EvidenceFramework::Unknown)
            out.framework = inputs.framework != EvidenceFramework::Unknown ? inputs.framework
                                                                           : outputs.framework;
        out.rows.push_back(std::move(row));
    }
}

bool looksLikeConstruct(const nlohmann::ordered_json &doc)
{
    // Values are the parent module (or null); nearly every key is an API or module name (a few
    // are not, e.g. "optimizer").
    if (doc.empty())
        return false;
    std::size_t apiKeys = 0;
    for (const auto &[key, value] : doc.items()) {
        if (!(value.is_string() || value.is_null()))
            return false;
        if (parseApiName(key))
            ++apiKeys;
    }
    return apiKeys * 10 >= doc.size() * 9;
}

std::string profilerLevel(const nlohmann::ordered_json &doc)
{
    const auto config = doc.find("config");
    if (config == doc.end() || !config->is_object())
        return {};
    const auto experimental = config->find("experimental_config");
    if (experimental == config->end() || !experimental->is_object())
        return {};
    for (const char *key : {"_profiler_level", "profiler_level"})
        if (const auto it = experimental->find(key); it != experimental->end() && it->is_string())
            return validUtf8(it->get<std::string>());
    return {};
}

// Valid JSON of none of the shapes this version reads.
void reportNotEvidence(EvidenceFile &out)
{
    out.diagnostics.push_back(
        {Severity::Error,
         {out.path, 1, 1},
         "evidence-format",
         CoreText::tr("a JSON file that is no evidence this version reads"),
         CoreText::tr("expected msprobe dump.json (keys task, level, data)")});
}

} // namespace

void importEvidenceJson(std::string_view text, EvidenceFile &out)
{
    const std::string json = withNonFiniteAsStrings(text);
    nlohmann::ordered_json doc;
    try {
        doc = nlohmann::ordered_json::parse(json);
    } catch (const nlohmann::ordered_json::parse_error &e) {
        std::string reason = e.what();
        if (const std::size_t at = reason.find("]: "); at != std::string::npos)
            reason = reason.substr(at + 3);
        out.diagnostics.push_back(
            {Severity::Error, locate(text, e.byte > 0 ? e.byte - 1 : 0, out.path), "evidence-json",
             CoreText::tr("not valid JSON: %1", reason),
             CoreText::tr("the file looks truncated or edited: export it again")});
        return;
    } catch (const nlohmann::ordered_json::exception &e) {
        out.diagnostics.push_back({Severity::Error,
                                   {out.path, 0, 0},
                                   "evidence-json",
                                   CoreText::tr("not valid JSON: %1", e.what()),
                                   {}});
        return;
    }
    if (!doc.is_object()) {
        reportNotEvidence(out);
        return;
    }
    if (doc.contains("data") && (doc.contains("task") || doc.contains("level"))) {
        importDump(doc, text, out);
        return;
    }
    if (doc.contains("config") || doc.contains("distributed_args")
        || doc.contains("ENV_VARIABLES")) {
        out.format = EvidenceFormat::ProfilerInfo;
        const std::string level = profilerLevel(doc);
        out.companionNote = level.empty()
            ? CoreText::tr("torch_npu profiler run information: no per-op data to import")
            : CoreText::tr(
                "torch_npu profiler run information (profiler level %1): no per-op data to import (kernel_details.csv has dtype columns from Level1 on)",
                level);
        return;
    }
    if (doc.contains("AI Core") || doc.contains("DHA Atomic Add")
        || doc.contains("L2 Atomic Add")) {
        out.format = EvidenceFormat::OpDebugOverflow;
        bool overflow = false;
        for (const auto &[key, record] : doc.items())
            if (record.is_object())
                if (const auto status = record.find("status");
                    status != record.end() && status->is_number() && status->get<double>() != 0)
                    overflow = true;
        out.companionNote = overflow
            ? CoreText::tr(
                "CANN op-debug overflow record: an overflow was detected, but the record names no op (find it with msprobe overflow_check)")
            : CoreText::tr(
                "CANN op-debug overflow record: no overflow status set, and the record names no op");
        return;
    }
    if (looksLikeConstruct(doc)) {
        out.format = EvidenceFormat::MsprobeConstruct;
        out.companionNote = CoreText::tr(
            "msprobe construct.json (which module called each API): no measurements to import, import the dump.json beside it");
        return;
    }
    reportNotEvidence(out);
}

} // namespace opsinfo::evidence_detail
