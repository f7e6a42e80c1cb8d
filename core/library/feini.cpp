#include "library/feini.h"

#include "common/coretext.h"
#include "common/inputfile.h"
#include "common/text.h"

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace opsinfo {

CubeOpList cubeOpsFromFeIniText(std::string_view text, const std::string &file,
                                std::vector<Diagnostic> &diagnostics)
{
    std::set<std::string, std::less<>> types;
    bool found = false;
    int lineNumber = 0;
    int foundLine = 0;
    while (!text.empty()) {
        ++lineNumber;
        const auto end = text.find('\n');
        const std::string_view line = trimmed(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view {} : text.substr(end + 1);
        if (line.empty() || line.front() == '#')
            continue;
        const auto eq = line.find('=');
        if (eq == std::string_view::npos || trimmed(line.substr(0, eq)) != "fp16.op_type")
            continue;
        if (found) {
            diagnostics.push_back(
                Diagnostic {Severity::Warning, SourceLocation {file, lineNumber, 1}, "fe-ini",
                            CoreText::tr("fp16.op_type appears again (first at line %1)", foundLine)
                                + "; " + CoreText::tr("the later line is used"),
                            CoreText::tr("keep one fp16.op_type line")});
            types.clear();
        }
        found = true;
        foundLine = lineNumber;
        std::string_view list = line.substr(eq + 1);
        while (true) {
            const auto comma = list.find(',');
            const std::string_view type = trimmed(list.substr(0, comma));
            if (!type.empty())
                types.emplace(type);
            if (comma == std::string_view::npos)
                break;
            list.remove_prefix(comma + 1);
        }
    }
    if (!found) {
        diagnostics.push_back(Diagnostic {
            Severity::Warning, SourceLocation {file, 0, 0}, "fe-ini",
            CoreText::tr("no fp16.op_type line: using FE's default cube list (27 types)"),
            CoreText::tr(
                "point to the fe.ini of your CANN installation (lib64/plugin/opskernel/fe_config/fe.ini)")});
        return CubeOpList::defaults();
    }
    return CubeOpList(std::move(types), file);
}

std::string findFeIni(const std::string &libraryPath)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path folder = fs::absolute(libraryPath, ec);
    if (ec || !fs::is_directory(folder, ec))
        return {};
    // Where CANN installs it relative to an opp (or op store) root, nearest first.
    static constexpr std::array<const char *, 4> kPlaces {
        "fe_config/fe.ini", "../lib64/plugin/opskernel/fe_config/fe.ini",
        "../compiler/lib64/plugin/opskernel/fe_config/fe.ini", "../lib64/fe_config/fe.ini"};
    // From the folder opened up to the opp root: a soc folder sits at
    // <store>/op_impl/ai_core/tbe/config/<soc>, a store at <opp>/built-in or <opp>/vendors/<name>.
    for (int up = 0; up < 8 && !folder.empty(); ++up, folder = folder.parent_path()) {
        const bool oppLike = fs::is_directory(folder / "op_impl", ec)
            || fs::is_directory(folder / "built-in", ec)
            || fs::is_directory(folder / "vendors", ec);
        if (oppLike)
            for (const char *place : kPlaces)
                if (fs::is_regular_file(folder / place, ec))
                    return (folder / place).lexically_normal().string();
        if (folder == folder.parent_path())
            break;
    }
    return {};
}

CubeOpList loadCubeOpsFromFeIni(const std::string &path, std::vector<Diagnostic> &diagnostics)
{
    std::string text;
    if (const auto refused = readInputFile(path, InputLimits::SettingsIni, text)) {
        diagnostics.push_back(refused->diagnostic());
        return CubeOpList::defaults();
    }
    return cubeOpsFromFeIniText(text, path, diagnostics);
}

} // namespace opsinfo
