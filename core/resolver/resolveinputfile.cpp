#include "resolver/resolveinputfile.h"

#include "common/text.h"

#include <optional>

namespace opsinfo {

ResolveInputKind sniffResolveInput(std::string_view head)
{
    if (head.find('\0') != std::string_view::npos)
        return ResolveInputKind::Other; // binary: an ONNX or GraphDef file
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        head.remove_prefix(3);
    bool oneNamePerLine = true;
    std::size_t names = 0;
    std::optional<ResolveInputKind> kind;
    forEachTrimmedLine(head, [&](std::string_view line) {
        if (line.find("InputDtype:") != std::string_view::npos
            || line.find("OutputDtype:") != std::string_view::npos)
            kind = ResolveInputKind::CustomizeDtypes;
        else if (line.substr(0, 12) == "fp16.op_type"
                 && trimmed(line.substr(12)).substr(0, 1) == "=")
            kind = ResolveInputKind::FeIni;
        else if (line.substr(0, 11) == "SoC_version"
                 && trimmed(line.substr(11)).substr(0, 1) == "=")
            kind = ResolveInputKind::PlatformIni;
        if (line.find_first_of(" \t={}[]\"<>#;") != std::string_view::npos)
            oneNamePerLine = false;
        ++names;
        return !kind;
    });
    if (kind)
        return *kind;
    return oneNamePerLine && names > 0 ? ResolveInputKind::KeepDtype : ResolveInputKind::Other;
}

} // namespace opsinfo
