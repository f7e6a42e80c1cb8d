#include "resolver/resolveinputfile.h"

#include "common/text.h"

namespace opsinfo {

ResolveInputKind sniffResolveInput(std::string_view head)
{
    if (head.find('\0') != std::string_view::npos)
        return ResolveInputKind::Other; // binary: an ONNX or GraphDef file
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        head.remove_prefix(3);
    bool oneNamePerLine = true;
    std::size_t names = 0;
    std::size_t start = 0;
    while (start < head.size()) {
        std::size_t end = head.find('\n', start);
        if (end == std::string_view::npos)
            end = head.size();
        const std::string_view line = trimmed(head.substr(start, end - start));
        start = end + 1;
        if (line.empty())
            continue;
        if (line.find("InputDtype:") != std::string_view::npos
            || line.find("OutputDtype:") != std::string_view::npos)
            return ResolveInputKind::CustomizeDtypes;
        if (line.substr(0, 12) == "fp16.op_type" && trimmed(line.substr(12)).substr(0, 1) == "=")
            return ResolveInputKind::FeIni;
        if (line.substr(0, 11) == "SoC_version" && trimmed(line.substr(11)).substr(0, 1) == "=")
            return ResolveInputKind::PlatformIni;
        if (line.find_first_of(" \t={}[]\"<>#;") != std::string_view::npos)
            oneNamePerLine = false;
        ++names;
    }
    return oneNamePerLine && names > 0 ? ResolveInputKind::KeepDtype : ResolveInputKind::Other;
}

} // namespace opsinfo
