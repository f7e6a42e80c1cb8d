#include "evidence/evidenceloader.h"

#include "evidence/evidenceimport_p.h"

#include "common/coretext.h"
#include "common/inputfile.h"
#include "graph/graphformat.h"

#include <memory>

namespace opsinfo {

using namespace evidence_detail;

namespace {

std::string sizeText(std::size_t bytes)
{
    return std::to_string(bytes >> 20) + " MiB";
}

void importCsv(std::string_view text, EvidenceFile &out)
{
    std::vector<std::string> header;
    std::unique_ptr<CsvColumns> columns;
    std::unique_ptr<CsvImport> state;
    RecordImporter importer;
    bool unknown = false;
    const auto diagnostics = readCsv(text, out.path, [&](const CsvRecord &record) {
        if (!columns) {
            header = record.fields;
            columns = std::make_unique<CsvColumns>(header);
            const auto format = formatFromHeader(*columns, header);
            if (!format) {
                unknown = true;
                return false;
            }
            out.format = *format;
            if (*format == EvidenceFormat::MindSporeExecutionOrder) {
                out.companionNote = CoreText::tr(
                    "MindSpore execution order (kernel names only): no measurements to import");
                return false;
            }
            state = std::make_unique<CsvImport>(CsvImport {text, out.path, out, header.size()});
            importer = profilerImporter(*format, *columns, header, *state);
            if (!importer)
                importer = accuracyImporter(*format, *columns, header, *state);
            return bool(importer);
        }
        if (record.fields.size() == 1 && record.fields[0].empty())
            return true;
        importer(record);
        return true;
    });
    out.diagnostics.insert(out.diagnostics.end(), diagnostics.begin(), diagnostics.end());
    if (state)
        state->finish();
    if (unknown) {
        if (const GraphFormat graph = detectGraphFormat(text);
            graph != GraphFormat::Unknown && graph != GraphFormat::Json) {
            out.format = EvidenceFormat::GraphDump;
            out.companionNote = CoreText::tr(
                "a model graph (%1), not evidence: pass it as the graph", graphFormatName(graph));
            return;
        }
        std::string shown;
        for (const std::string &name : header)
            if (shown.size() < 120)
                shown += (shown.empty() ? "" : ",") + validUtf8(name);
        out.diagnostics.push_back(
            {Severity::Error,
             {out.path, 1, 1},
             "evidence-format",
             CoreText::tr("the header '%1' is not one of an evidence file this version reads",
                          shown),
             CoreText::tr(
                 "expected kernel_details, op_summary, op_statistic, msprobe compare_result, msaccucmp result, MindSpore statistic.csv or msprobe accuracy_checking CSVs")});
        return;
    }
    if (!columns)
        out.diagnostics.push_back({Severity::Error,
                                   {out.path, 0, 0},
                                   "evidence-empty",
                                   CoreText::tr("the file is empty"),
                                   CoreText::tr("export the evidence again")});
    if (out.format == EvidenceFormat::KernelDetails && columns && !out.hasDtypeColumns)
        out.diagnostics.push_back(
            {Severity::Note,
             {out.path, 1, 1},
             "evidence-no-dtypes",
             CoreText::tr(
                 "no Input/Output Data Types columns: the profiler ran at level0, which does not record dtypes"),
             CoreText::tr(
                 "profile at Level1 or higher to compare executed dtypes with the prediction")});
}

} // namespace

EvidenceFile loadEvidenceText(std::string_view text, const std::string &path,
                              const EvidenceLoadOptions &options)
{
    EvidenceFile out;
    out.path = path;
    const std::string_view body = withoutBom(text);
    const std::size_t first = body.find_first_not_of(" \t\r\n");
    const bool json = first != std::string_view::npos && (body[first] == '{' || body[first] == '[');
    const std::size_t cap = json ? options.maxJsonBytes : options.maxCsvBytes;
    if (text.size() > cap) {
        out.diagnostics.push_back(
            {Severity::Error,
             {path, 0, 0},
             "evidence-too-large",
             CoreText::tr("the file is %1, more than the %2 this version reads",
                          sizeText(text.size()), sizeText(cap)),
             CoreText::tr("filter the export (one step, one rank) or split it")});
        return out;
    }
    if (first == std::string_view::npos) {
        out.diagnostics.push_back({Severity::Error,
                                   {path, 0, 0},
                                   "evidence-empty",
                                   CoreText::tr("the file is empty"),
                                   CoreText::tr("export the evidence again")});
        return out;
    }
    if (json) {
        if (detectGraphFormat(body) == GraphFormat::AtcJson
            && body.find("\"task\"") == std::string_view::npos) {
            out.format = EvidenceFormat::GraphDump;
            out.companionNote
                = CoreText::tr("a model graph (%1), not evidence: pass it as the graph",
                               graphFormatName(GraphFormat::AtcJson));
            return out;
        }
        importEvidenceJson(body, out);
        return out;
    }
    if (body.substr(first, 10) == "# IR entry") {
        out.format = EvidenceFormat::MindSporeIr;
        out.companionNote = CoreText::tr(
            "a MindSpore IR graph: this version reads GE, ONNX, ATC and TensorFlow graphs, not MindSpore IR");
        return out;
    }
    importCsv(text, out);
    return out;
}

EvidenceFile loadEvidenceFile(const std::string &path, const EvidenceLoadOptions &options)
{
    EvidenceFile out;
    out.path = path;
    // Opened once, then checked on the descriptor (regular file, size within the cap) and read
    // from it: no window between a check and the open where the path could become a FIFO, a
    // device or a larger file.
    const std::size_t cap = std::max(options.maxCsvBytes, options.maxJsonBytes);
    std::string text;
    if (const auto refused = readInputFile(path, {InputLimits::Evidence.what, cap}, text)) {
        Diagnostic d = refused->diagnostic();
        if (refused->kind == InputFailureKind::TooLarge)
            d.hint = CoreText::tr("filter the export (one step, one rank) or split it");
        out.diagnostics.push_back(std::move(d));
        return out;
    }
    return loadEvidenceText(text, path, options);
}

std::vector<EvidenceFile> loadEvidenceFiles(const std::vector<std::string> &paths,
                                            const EvidenceLoadOptions &options)
{
    std::vector<EvidenceFile> files;
    files.reserve(paths.size());
    for (const std::string &path : paths)
        files.push_back(loadEvidenceFile(path, options));
    return files;
}

} // namespace opsinfo
