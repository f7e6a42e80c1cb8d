#include "cli/clireport.h"

#include "cli/clicommon.h"
#include "cli/clioutput.h"
#include "common/textescape.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace opsinfo {

bool parseReportFormat(const std::string &name, ReportFormat &format)
{
    if (name == "text")
        format = ReportFormat::Text;
    else if (name == "json")
        format = ReportFormat::Json;
    else if (name == "github")
        format = ReportFormat::Github;
    else if (name == "junit")
        format = ReportFormat::Junit;
    else
        return false;
    return true;
}

namespace {

nlohmann::json toJson(const Diagnostic &d)
{
    return {{"severity", severityName(d.severity)},
            {"file", d.location.file},
            {"line", d.location.line},
            {"column", d.location.column},
            {"code", d.code},
            {"message", d.message},
            {"hint", d.hint}};
}

} // namespace

void writeFindings(ReportFormat format, const std::string &suite, const std::string &subject,
                   const std::vector<Diagnostic> &diagnostics, std::ostream &out, std::ostream &err)
{
    switch (format) {
    case ReportFormat::Text:
        printDiagnostics(diagnostics, err);
        return;
    case ReportFormat::Json: {
        nlohmann::json list = nlohmann::json::array();
        for (const Diagnostic &d : diagnostics)
            list.push_back(toJson(d));
        writeJson(out, err,
                  {{"file", subject}, {"valid", !hasErrors(diagnostics)}, {"diagnostics", list}});
        return;
    }
    case ReportFormat::Github: {
        std::string text;
        for (const Diagnostic &d : diagnostics) {
            const char *level = d.severity == Severity::Error ? "error"
                : d.severity == Severity::Warning             ? "warning"
                                                              : "notice";
            text += std::string("::") + level + " file="
                + githubEscape(d.location.file.empty() ? subject : d.location.file, true);
            if (d.location.line > 0)
                text += ",line=" + std::to_string(d.location.line);
            if (d.location.column > 0)
                text += ",col=" + std::to_string(d.location.column);
            if (!d.code.empty())
                text += ",title=" + githubEscape(d.code, true);
            text += "::"
                + githubEscape(d.message + (d.hint.empty() ? "" : " (" + d.hint + ")"), false)
                + "\n";
        }
        writeDocument(out, text);
        return;
    }
    case ReportFormat::Junit: {
        // One test case per finding; a file without findings is one passing case, so dashboards
        // count checked files, not only failures.
        std::size_t failures = 0;
        for (const Diagnostic &d : diagnostics)
            failures += d.severity == Severity::Error ? 1 : 0;
        const std::size_t cases = diagnostics.empty() ? 1 : diagnostics.size();
        std::ostringstream xml;
        xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\""
            << xmlEscape(suite) << "\" tests=\"" << cases << "\" failures=\"" << failures
            << "\">\n";
        if (diagnostics.empty())
            xml << "    <testcase classname=\"" << xmlEscape(subject) << "\" name=\""
                << xmlEscape(subject) << "\"/>\n";
        for (const Diagnostic &d : diagnostics) {
            const std::string name = formatDiagnostic(d);
            xml << "    <testcase classname=\"" << xmlEscape(subject) << "\" name=\""
                << xmlEscape(name) << "\"";
            if (d.severity == Severity::Error)
                xml << ">\n      <failure message=\"" << xmlEscape(d.message) << "\" type=\""
                    << xmlEscape(d.code) << "\">" << xmlEscape(name)
                    << "</failure>\n    </testcase>\n";
            else
                xml << ">\n      <system-out>" << xmlEscape(name)
                    << "</system-out>\n    </testcase>\n";
        }
        xml << "  </testsuite>\n</testsuites>\n";
        writeDocument(out, xml.str());
        return;
    }
    }
}

} // namespace opsinfo
