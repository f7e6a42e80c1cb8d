#include "evidence/evidenceimport_p.h"

#include "common/coretext.h"
#include "common/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace opsinfo::evidence_detail {

namespace {

constexpr int kRowWarnings = 10; // per kind and file, then a count

} // namespace

std::string headerKey(std::string_view name)
{
    if (name.substr(0, 3) == "\xEF\xBB\xBF")
        name.remove_prefix(3);
    std::string key(trimmed(name));
    for (char &c : key)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return key;
}

CsvColumns::CsvColumns(const std::vector<std::string> &header)
{
    for (const std::string &name : header)
        m_names.push_back(headerKey(name));
}

int CsvColumns::find(std::initializer_list<std::string_view> names) const
{
    for (std::string_view wanted : names) {
        const std::string key = headerKey(wanted);
        const auto it = std::find(m_names.begin(), m_names.end(), key);
        if (it != m_names.end())
            return int(it - m_names.begin());
    }
    return -1;
}

std::string_view cell(const CsvRecord &record, int column)
{
    if (column < 0 || std::size_t(column) >= record.fields.size())
        return {};
    return trimmed(record.fields[std::size_t(column)]);
}

std::optional<double> parseNumber(std::string_view text, bool *nanInf)
{
    text = trimmed(text);
    bool percent = false;
    if (!text.empty() && text.back() == '%') {
        percent = true;
        text.remove_suffix(1);
    }
    if (text.empty())
        return std::nullopt;
    std::string lowered(text);
    for (char &c : lowered)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    if (lowered == "nan" || lowered == "inf" || lowered == "-inf" || lowered == "+inf"
        || lowered == "infinity" || lowered == "-infinity") {
        if (nanInf)
            *nanInf = true;
        return lowered == "nan" ? std::nan("") : (lowered[0] == '-' ? -INFINITY : INFINITY);
    }
    if (text.front() == '+')
        text.remove_prefix(1);
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    if (!std::isfinite(value) && nanInf)
        *nanInf = true;
    return percent ? value / 100.0 : value;
}

std::string validUtf8(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t length = c < 0x80 ? 1
            : (c >> 5) == 0x6         ? 2
            : (c >> 4) == 0xe         ? 3
            : (c >> 3) == 0x1e        ? 4
                                      : 0;
        bool ok = length > 0 && i + length <= text.size();
        for (std::size_t k = 1; ok && k < length; ++k)
            ok = (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
        if (ok && length > 1) {
            // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
            const auto c1 = static_cast<unsigned char>(text[i + 1]);
            if ((length == 2 && c < 0xc2) || (length == 3 && c == 0xe0 && c1 < 0xa0)
                || (length == 3 && c == 0xed && c1 >= 0xa0)
                || (length == 4 && c == 0xf0 && c1 < 0x90)
                || (length == 4 && (c > 0xf4 || (c == 0xf4 && c1 >= 0x90))))
                ok = false;
        }
        if (ok && c != 0) {
            out.append(text.substr(i, length));
            i += length;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

void CsvImport::noteShortRow(const CsvRecord &record)
{
    if (shortRows++ >= kRowWarnings)
        return;
    out.diagnostics.push_back(
        {Severity::Warning,
         {file, record.line, 1},
         "evidence-short-row",
         CoreText::tr(
             "row has %1 fields, the header %2: the row is imported, but its cells after a missing one may sit under the wrong header",
             record.fields.size(), headerFields),
         CoreText::tr("dtype cells of this row that read as no dtype are ignored")});
}

void CsvImport::noteBadCell(const CsvRecord &record, int column, std::string message)
{
    if (badCells++ >= kRowWarnings)
        return;
    out.diagnostics.push_back({Severity::Warning,
                               csvFieldLocation(text, record, std::size_t(column), file),
                               "evidence-cell",
                               std::move(message),
                               {}});
}

void CsvImport::finish()
{
    if (shortRows > kRowWarnings)
        out.diagnostics.push_back(
            {Severity::Warning,
             {file, 0, 0},
             "evidence-short-row",
             CoreText::tr("%1 rows in all are shorter than the header", shortRows),
             {}});
    if (badCells > kRowWarnings)
        out.diagnostics.push_back({Severity::Warning,
                                   {file, 0, 0},
                                   "evidence-cell",
                                   CoreText::tr("%1 cells in all were ignored", badCells),
                                   {}});
}

CoreKind coreKindFrom(std::string_view text)
{
    std::string t(trimmed(text));
    for (char &c : t)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    if (t.empty() || t == "N/A")
        return CoreKind::Unknown;
    if (t == "AI_CORE" || t == "AICORE" || t == "AI CORE")
        return CoreKind::AICore;
    if (t == "AI_VECTOR_CORE" || t == "AIV" || t == "AI_VECTOR")
        return CoreKind::AIVector;
    if (t.rfind("MIX", 0) == 0)
        return CoreKind::Mix;
    if (t == "AI_CPU" || t == "AICPU" || t == "AI CPU")
        return CoreKind::AICPU;
    if (t == "HCCL" || t == "COMMUNICATION" || t == "COMMUNICATION_OP")
        return CoreKind::Communication;
    return CoreKind::Other;
}

std::optional<EvidenceFormat> formatFromHeader(const CsvColumns &c,
                                               const std::vector<std::string> &header)
{
    if (header.size() == 1 && headerKey(header[0]) == "nodeexecutionorder-fullnamewithscope")
        return EvidenceFormat::MindSporeExecutionOrder;
    if (c.has("OpType") && c.has("NPUDump") && c.has("GroundTruth"))
        return EvidenceFormat::MsaccucmpResult;
    if (c.has("NPU Name") && c.has("Bench Name")) {
        if (c.has("NPU Dtype"))
            return EvidenceFormat::MsprobeCompare;
        if (c.has("NPU Tensor Dtype"))
            return EvidenceFormat::MsprobeCompareLegacy;
    }
    if (c.has("API Name") && c.has("Forward Test Success"))
        return EvidenceFormat::AccCheckResult;
    if (c.has("API Name") && c.has("Status") && (c.has("DEVICE Dtype") || c.has("Tested Dtype")))
        return EvidenceFormat::AccCheckDetails;
    if (c.has("Op Type") && c.has("Op Name") && c.has("IO") && c.has("Slot") && c.has("Data Type"))
        return EvidenceFormat::MindSporeStatistic;
    if (c.has("Op Name") && c.has("OP Type") && c.has("Task Duration(us)"))
        return EvidenceFormat::OpSummary;
    if (c.has("OP Type") && c.has("Core Type") && c.has("Count") && c.has("Total Time(us)"))
        return EvidenceFormat::OpStatistic;
    if (c.has("Name") && c.has("Duration(us)"))
        return EvidenceFormat::KernelDetails;
    if (c.has("op_info") && (c.has("full_kernel_name") || c.has("full_op_name")))
        return EvidenceFormat::MindSporeFrameworkRaw;
    if (c.has("full_op_name") && c.has("execution_time"))
        return EvidenceFormat::MindSporeAicoreDetail;
    if (c.has("serial_number") && c.has("kernel_type") && c.has("total_time"))
        return EvidenceFormat::MindSporeAicpu;
    return std::nullopt;
}

} // namespace opsinfo::evidence_detail
