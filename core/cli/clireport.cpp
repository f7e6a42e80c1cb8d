#include "cli/clireport.h"

#include "cli/clicommon.h"
#include "common/textescape.h"

#include <nlohmann/json.hpp>

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

// GitHub workflow commands: properties escape %, \r, \n, ':' and ','; the message escapes %, \r, \n.
std::string githubEscape(const std::string &text, bool property)
{
    std::string out;
    for (char c : text) {
        switch (c) {
        case '%': out += "%25"; break;
        case '\r': out += "%0D"; break;
        case '\n': out += "%0A"; break;
        case ':': out += property ? "%3A" : ":"; break;
        case ',': out += property ? "%2C" : ","; break;
        default: out += c;
        }
    }
    return out;
}

nlohmann::json toJson(const Diagnostic &d)
{
    return {{"severity", severityName(d.severity)}, {"file", d.location.file}, {"line", d.location.line},
            {"column", d.location.column}, {"code", d.code}, {"message", d.message}, {"hint", d.hint}};
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
        out << nlohmann::json{{"file", subject}, {"valid", !hasErrors(diagnostics)}, {"diagnostics", list}}.dump(2)
            << "\n";
        return;
    }
    case ReportFormat::Github:
        for (const Diagnostic &d : diagnostics) {
            const char *level = d.severity == Severity::Error ? "error" : d.severity == Severity::Warning ? "warning" : "notice";
            out << "::" << level << " file=" << githubEscape(d.location.file.empty() ? subject : d.location.file, true);
            if (d.location.line > 0)
                out << ",line=" << d.location.line;
            if (d.location.column > 0)
                out << ",col=" << d.location.column;
            if (!d.code.empty())
                out << ",title=" << githubEscape(d.code, true);
            out << "::" << githubEscape(d.message + (d.hint.empty() ? "" : " (" + d.hint + ")"), false) << "\n";
        }
        return;
    case ReportFormat::Junit: {
        // One test case per finding; a file without findings is one passing case, so dashboards
        // count checked files, not only failures.
        std::size_t failures = 0;
        for (const Diagnostic &d : diagnostics)
            failures += d.severity == Severity::Error ? 1 : 0;
        const std::size_t cases = diagnostics.empty() ? 1 : diagnostics.size();
        out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"" << xmlEscape(suite)
            << "\" tests=\"" << cases << "\" failures=\"" << failures << "\">\n";
        if (diagnostics.empty())
            out << "    <testcase classname=\"" << xmlEscape(subject) << "\" name=\"" << xmlEscape(subject) << "\"/>\n";
        for (const Diagnostic &d : diagnostics) {
            const std::string name = formatDiagnostic(d);
            out << "    <testcase classname=\"" << xmlEscape(subject) << "\" name=\"" << xmlEscape(name) << "\"";
            if (d.severity == Severity::Error)
                out << ">\n      <failure message=\"" << xmlEscape(d.message) << "\" type=\"" << xmlEscape(d.code)
                    << "\">" << xmlEscape(name) << "</failure>\n    </testcase>\n";
            else
                out << ">\n      <system-out>" << xmlEscape(name) << "</system-out>\n    </testcase>\n";
        }
        out << "  </testsuite>\n</testsuites>\n";
        return;
    }
    }
}

} // namespace opsinfo
