#include "common/coretext.h"
#include "common/inputfile.h"
#include "common/lineindex.h"
#include "common/text.h"
#include "library/libraryfilereader.h"
#include "library/opentryfields.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <unordered_map>

namespace opsinfo {

namespace {

constexpr std::size_t kNpos = OpEntry::npos;

// msopgen's ini-to-json conversion, with its checks, reporting lines instead of stopping at the
// first problem: `[OpType]` starts an op (a repeated section replaces the earlier one), and
// `item.key=value` adds a leaf; lines without '=' are ignored.
class IniLibraryParser final : public EntryReporter
{
public:
    IniLibraryParser(std::string_view text, const std::string &file)
        : m_text(text)
        , m_file(file)
        , m_lines(text)
    {
    }

    ParsedLibraryFile run()
    {
        std::unordered_map<std::string, std::size_t> sections; // op type -> index in entries
        std::size_t lineBegin = m_text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
        while (lineBegin < m_text.size()) {
            std::size_t lineEnd = m_text.find('\n', lineBegin);
            if (lineEnd == std::string_view::npos)
                lineEnd = m_text.size();
            handleLine(lineBegin, m_text.substr(lineBegin, lineEnd - lineBegin), sections);
            lineBegin = lineEnd + 1;
        }
        closeSection();
        m_result.readable = true;
        // section checks run when the section ends: report everything in file order
        std::stable_sort(m_result.diagnostics.begin(), m_result.diagnostics.end(),
                         [](const Diagnostic &a, const Diagnostic &b) {
                             return std::pair(a.location.line, a.location.column)
                                 < std::pair(b.location.line, b.location.column);
                         });
        return std::move(m_result);
    }

    void report(std::size_t offset, Severity severity, std::string code, std::string message,
                std::string hint) override
    {
        Diagnostic d {severity,
                      offset == kNpos ? SourceLocation {m_file, 0, 0}
                                      : m_lines.locate(offset, m_file),
                      std::move(code), std::move(message), std::move(hint)};
        m_result.diagnostics.push_back(std::move(d));
    }
    void offerFix(std::size_t offset, std::string_view original, std::string replacement) override
    {
        if (m_result.diagnostics.empty() || m_text.substr(offset, original.size()) != original)
            return;
        m_result.diagnostics.back().fix
            = TextFix {offset, std::string(original), std::move(replacement)};
    }

private:
    struct Section
    {
        OpEntry entry;
        // per item (views into the text, copied into the arena when the section ends): its
        // name, leaves and their value offsets
        std::vector<std::string_view> itemNames;
        std::vector<std::vector<OpValue>> values;
        std::vector<std::vector<std::size_t>> offsets;
    };

    void handleLine(std::size_t begin, std::string_view raw,
                    std::unordered_map<std::string, std::size_t> &sections)
    {
        const std::string_view line = trimmed(raw);
        if (line.empty() || line.front() == '#' || line.front() == ';')
            return;
        const std::size_t lineOffset = begin + std::size_t(line.data() - raw.data());
        if (line.front() == '[') {
            if (line.back() != ']') {
                report(lineOffset, Severity::Error, "ini-syntax",
                       CoreText::tr("section header without closing ']'"),
                       CoreText::tr("write the op type as [OpType]"));
                return;
            }
            closeSection();
            const std::string_view type = trimmed(line.substr(1, line.size() - 2));
            if (type.empty()) {
                report(lineOffset, Severity::Error, "ini-syntax",
                       CoreText::tr("empty section name []"),
                       CoreText::tr("write the op type as [OpType]"));
                return;
            }
            m_section.emplace();
            OpEntry &e = m_section->entry;
            e.type = type;
            e.keyBegin = lineOffset;
            e.keyEnd = lineOffset + line.size();
            e.valueBegin = lineOffset;
            e.location = m_lines.locate(lineOffset, m_file);
            auto [it, inserted] = sections.try_emplace(e.type, kNpos);
            if (!inserted) {
                const OpEntry &earlier = m_result.entries[it->second];
                report(lineOffset, Severity::Warning, "ini-repeated-section",
                       CoreText::tr("section [%1] appears again (first at line %2)", e.type,
                                    earlier.location.line)
                           + "; " + CoreText::tr("this one replaces the earlier one as a whole"),
                       CoreText::tr("merge the two sections"));
            }
            m_sectionSlot = &it->second;
            return;
        }
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos)
            return; // msopgen ignores such lines
        const std::string_view key = trimmed(line.substr(0, eq));
        const std::string_view value = line.substr(eq + 1);
        const std::size_t valueOffset = lineOffset + eq + 1;
        const std::size_t dot = key.find('.');
        if (dot == std::string_view::npos || dot == 0 || dot + 1 == key.size()
            || key.find('.', dot + 1) != std::string_view::npos) {
            report(lineOffset, Severity::Error, "ini-syntax",
                   CoreText::tr("'%1' is not of the form item.key (exactly one dot)", key),
                   CoreText::tr("write e.g. input0.dtype=float16,float"));
            return;
        }
        if (!m_section) {
            report(lineOffset, Severity::Error, "ini-syntax",
                   CoreText::tr("'%1' comes before any [OpType] section", key),
                   CoreText::tr("start the file with the op type in brackets, e.g. [Add]"));
            return;
        }
        const std::string_view itemName = key.substr(0, dot);
        const std::string_view leafKey = key.substr(dot + 1);
        OpEntry &e = m_section->entry;
        std::vector<std::string_view> &names = m_section->itemNames;
        const std::size_t itemIndex
            = std::size_t(std::find(names.begin(), names.end(), itemName) - names.begin());
        if (itemIndex == names.size()) {
            names.push_back(itemName);
            m_section->values.emplace_back();
            m_section->offsets.emplace_back();
        }
        std::vector<OpValue> &itemValues = m_section->values[itemIndex];
        for (const auto &[k, v] : itemValues) {
            if (k == leafKey) {
                report(lineOffset, Severity::Error, "ini-repeated-key",
                       CoreText::tr("op '%1': %2 is repeated", e.type, key),
                       CoreText::tr("keep one %1 line in the section", key));
                return;
            }
        }
        itemValues.emplace_back(leafKey, value);
        m_section->offsets[itemIndex].push_back(valueOffset);
        if (itemName == "precision_reduce" && leafKey == "flag") {
            e.precisionReduceBegin = lineOffset;
            e.precisionReduceEnd = lineOffset + line.size();
            e.flagBegin = valueOffset;
            e.flagEnd = valueOffset + value.size();
        }
        m_lastLineEnd = lineOffset + line.size();
    }

    void closeSection()
    {
        if (!m_section)
            return;
        OpEntry &e = m_section->entry;
        e.valueEnd = std::max(m_lastLineEnd, e.keyEnd);
        LeafPositions positions;
        std::vector<OpValue> leaves;
        for (std::size_t i = 0; i < m_section->offsets.size(); ++i) {
            const auto &leafOffsets = m_section->offsets[i];
            positions.ranges.emplace_back(std::uint32_t(positions.offsets.size()),
                                          std::uint32_t(leafOffsets.size()));
            positions.offsets.insert(positions.offsets.end(), leafOffsets.begin(),
                                     leafOffsets.end());
            leaves.insert(leaves.end(), m_section->values[i].begin(), m_section->values[i].end());
        }
        storeItems(e, m_arena, m_section->itemNames, positions, leaves);
        deriveEntryFields(e, positions, EntryRules {true, true}, *this);
        if (*m_sectionSlot == kNpos) {
            *m_sectionSlot = m_result.entries.size();
            m_result.entries.push_back(std::move(e));
        } else {
            m_result.entries[*m_sectionSlot] = std::move(e);
        }
        m_section.reset();
        m_lastLineEnd = 0;
    }

    std::string_view m_text;
    const std::string &m_file;
    LineIndex m_lines;
    ParsedLibraryFile m_result;
    std::optional<Section> m_section;
    std::size_t *m_sectionSlot = nullptr;
    std::size_t m_lastLineEnd = 0;
    std::shared_ptr<OpEntryArena> m_arena = std::make_shared<OpEntryArena>(16 * 1024);
};

} // namespace

ParsedLibraryFile readIniLibraryText(std::string_view text, const std::string &file)
{
    return IniLibraryParser(text, file).run();
}

ParsedLibraryFile readIniLibraryFile(const std::string &path)
{
    std::string text;
    if (const auto refused = readInputFile(path, InputLimits::OpsInfoIni, text)) {
        ParsedLibraryFile failed;
        failed.diagnostics.push_back(refused->diagnostic());
        return failed;
    }
    return readIniLibraryText(text, path);
}

ParsedLibraryFile readLibraryFile(const std::string &path)
{
    // Memory is bounded by refusing by size before a byte is read or mapped (the parsed model
    // takes several times the file); shipped files are 0.1-2 MB, a 20,000-op library 28 MB. A
    // folder, pipe or device is refused unopened.
    const bool ini = path.size() >= 4
        && (path.compare(path.size() - 4, 4, ".ini") == 0
            || path.compare(path.size() - 4, 4, ".INI") == 0);
    if (const auto refused
        = checkInputFile(path,
                         ini ? InputLimits::OpsInfoIni
                             : InputLimit {"an ops-info library file", kMaxLibraryFileBytes})) {
        ParsedLibraryFile failed;
        Diagnostic d = refused->diagnostic();
        if (refused->kind == InputFailureKind::TooLarge)
            d.hint = CoreText::tr(
                "check that this is an ops-info library file (aic-<soc>-ops-info.json)");
        failed.diagnostics.push_back(std::move(d));
        return failed;
    }
    return ini ? readIniLibraryFile(path) : readJsonLibraryFile(path);
}

} // namespace opsinfo
