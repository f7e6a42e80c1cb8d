#include "library/fixlibrary.h"

#include "common/textfix.h"
#include "library/libraryfilereader.h"

namespace opsinfo {

namespace {

ParsedLibraryFile readText(std::string_view bytes, const std::string &file)
{
    const bool ini = file.size() >= 4
        && (file.compare(file.size() - 4, 4, ".ini") == 0
            || file.compare(file.size() - 4, 4, ".INI") == 0); // as readLibraryFile tells them
    return ini ? readIniLibraryText(bytes, file) : readJsonLibraryText(bytes, file);
}

} // namespace

LibraryFixResult fixLibraryText(std::string_view bytes, const std::string &file)
{
    ParsedLibraryFile parsed = readText(bytes, file);
    LibraryFixResult result;
    for (const Diagnostic &d : parsed.diagnostics)
        if (d.fix && d.location.file == file)
            result.fixed.push_back(d);
    FixedText fixed = applyTextFixes(bytes, fixesForFile(parsed.diagnostics, file));
    result.applied = fixed.applied;
    if (fixed.applied == 0) {
        result.bytes = std::string(bytes);
        result.remaining = std::move(parsed.diagnostics);
        return result;
    }
    result.bytes = std::move(fixed.bytes);
    result.remaining = readText(result.bytes, file).diagnostics;
    return result;
}

} // namespace opsinfo
