#include "common/textfix.h"

#include <algorithm>

namespace opsinfo {

FixedText applyTextFixes(std::string_view bytes, std::vector<TextFix> fixes)
{
    std::stable_sort(fixes.begin(), fixes.end(),
                     [](const TextFix &a, const TextFix &b) { return a.offset < b.offset; });
    FixedText result;
    result.bytes.reserve(bytes.size() + 64);
    std::size_t copied = 0; // bytes before this are in result.bytes
    for (const TextFix &fix : fixes) {
        const bool fits = fix.offset >= copied && fix.offset <= bytes.size()
            && bytes.substr(fix.offset, fix.original.size()) == fix.original
            && !fix.original.empty();
        if (!fits) {
            ++result.skipped;
            continue;
        }
        result.bytes.append(bytes.substr(copied, fix.offset - copied));
        result.bytes.append(fix.replacement);
        copied = fix.offset + fix.original.size();
        ++result.applied;
    }
    result.bytes.append(bytes.substr(copied));
    return result;
}

std::vector<TextFix> fixesForFile(const std::vector<Diagnostic> &diagnostics,
                                  const std::string &file)
{
    std::vector<TextFix> fixes;
    for (const Diagnostic &d : diagnostics)
        if (d.fix && d.location.file == file)
            fixes.push_back(*d.fix);
    return fixes;
}

} // namespace opsinfo
