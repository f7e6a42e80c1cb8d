#include "library/editopsinfo.h"

#include "common/coretext.h"
#include "common/jsonstring.h"
#include "common/lineindex.h"
#include "common/text.h"

#include <algorithm>
#include <cctype>

namespace opsinfo {

namespace {

constexpr std::string_view precisionReduce = "precision_reduce";

// How the op lays out a two-level item: what follows the item key, what follows '{', what
// separates "flag" from its value and what precedes '}'. Taken from a sibling item so the new
// text matches the file's own style (indent width, ":" or ": ", LF or CRLF, one line or several).
struct ItemStyle
{
    std::string sepItem;
    std::string innerOpen;
    std::string sepField;
    std::string innerClose;
};

bool isStringFlag(const ScannedMember &field)
{
    return field.key == "flag" && field.valueKind == '"';
}

} // namespace

OpsInfoEditor::OpsInfoEditor(std::string bytes, std::string file)
    : m_bytes(std::move(bytes))
    , m_file(std::move(file))
    , m_scan(scanOpsInfo(m_bytes, m_file))
{
    m_byType.reserve(m_scan.ops.size());
    for (std::size_t i = 0; i < m_scan.ops.size(); ++i)
        m_byType[m_scan.ops[i].member.key].push_back(i);
}

bool OpsInfoEditor::contains(std::string_view opType) const
{
    return m_byType.count(std::string(opType)) != 0;
}

const ScannedOp *OpsInfoEditor::lastDefinition(std::string_view opType) const
{
    const auto it = m_byType.find(std::string(opType));
    return it == m_byType.end() ? nullptr : &m_scan.ops[it->second.back()];
}

std::optional<Policy> OpsInfoEditor::filePolicy(std::string_view opType) const
{
    const ScannedOp *op = lastDefinition(opType);
    return op ? policyOf(*op) : std::nullopt;
}

std::optional<std::pair<std::size_t, std::size_t>>
OpsInfoEditor::opSpan(std::string_view opType) const
{
    const ScannedOp *op = lastDefinition(opType);
    if (!op)
        return std::nullopt;
    return std::make_pair(op->member.valueBegin, op->member.valueEnd);
}

std::string_view OpsInfoEditor::slice(std::size_t begin, std::size_t end) const
{
    return std::string_view(m_bytes).substr(begin, end - begin);
}

std::optional<Policy> OpsInfoEditor::policyOf(const ScannedOp &op) const
{
    const ScannedItem *last = nullptr;
    for (const auto &item : op.items) {
        if (item.member.key == precisionReduce)
            last = &item;
    }
    if (!last)
        return Policy::Gray;
    if (last->member.valueKind != '{')
        return std::nullopt;
    const ScannedMember *flag = nullptr;
    for (const auto &field : last->fields) {
        if (field.key == "flag")
            flag = &field;
    }
    if (!flag)
        return Policy::Gray;
    if (flag->valueKind != '"')
        return std::nullopt; // L4: a boolean where a string belongs
    // The scanner refused bad escapes, so the content decodes.
    const std::string_view content = slice(flag->valueBegin + 1, flag->valueEnd - 1);
    return policyFromFlag(decodeJsonString(content).value_or(std::string(content)));
}

std::string OpsInfoEditor::lineIndent(std::size_t offset) const
{
    std::size_t begin = offset;
    while (begin > 0 && m_bytes[begin - 1] != '\n')
        --begin;
    const auto prefix = slice(begin, offset);
    if (prefix.find_first_not_of(" \t") != std::string_view::npos)
        return {}; // not at the start of a line
    return std::string(prefix);
}

namespace {

ItemStyle styleFromSibling(std::string_view bytes, const ScannedItem &sibling)
{
    const auto &m = sibling.member;
    const auto &first = sibling.fields.front();
    const auto &last = sibling.fields.back();
    auto cut = [&](std::size_t b, std::size_t e) { return std::string(bytes.substr(b, e - b)); };
    return {cut(m.keyEnd, m.valueBegin), cut(m.valueBegin + 1, first.keyBegin),
            cut(first.keyEnd, first.valueBegin), cut(last.valueEnd, m.valueEnd - 1)};
}

} // namespace

std::string OpsInfoEditor::newItemText(const ScannedOp &op, std::size_t near, Policy target) const
{
    const auto &items = op.items;
    const ScannedItem *sibling = nullptr;
    // Nearest two-level sibling first: the file may mix styles, the neighbourhood is what a reader
    // sees.
    for (std::size_t d = 0; d <= items.size() && !sibling; ++d) {
        for (const std::ptrdiff_t k :
             {std::ptrdiff_t(near) - 1 - std::ptrdiff_t(d), std::ptrdiff_t(near + d)}) {
            if (k < 0 || std::size_t(k) >= items.size())
                continue;
            const auto &candidate = items[std::size_t(k)];
            if (candidate.member.valueKind == '{' && !candidate.fields.empty()
                && candidate.member.key != precisionReduce) {
                sibling = &candidate;
                break;
            }
        }
    }
    ItemStyle style;
    if (sibling) {
        style = styleFromSibling(m_bytes, *sibling);
    } else {
        const ScannedMember &keyed = items.empty() ? op.member : items.front().member;
        style.sepItem = std::string(slice(keyed.keyEnd, keyed.valueBegin));
        style.sepField = style.sepItem;
        const std::string opIndent = lineIndent(op.member.keyBegin);
        // The file's indent unit: what precedes the first op key after the root '{'.
        std::string unit = "    ";
        if (!m_scan.ops.empty()) {
            const auto gap = slice(m_scan.rootBegin + 1, m_scan.ops.front().member.keyBegin);
            const auto nl = gap.rfind('\n');
            if (nl != std::string_view::npos && nl + 1 < gap.size())
                unit = std::string(gap.substr(nl + 1));
        }
        const std::string itemIndent
            = items.empty() ? opIndent + unit : lineIndent(items.front().member.keyBegin);
        if (itemIndent.size() > opIndent.size()
            && itemIndent.compare(0, opIndent.size(), opIndent) == 0)
            unit = itemIndent.substr(opIndent.size());
        const bool multiLine = !m_scan.lineEnding.empty()
            && (items.empty()
                || slice(op.member.valueBegin, items.front().member.keyBegin).find('\n')
                    != std::string_view::npos);
        if (multiLine) {
            style.innerOpen = m_scan.lineEnding + itemIndent + unit;
            style.innerClose = m_scan.lineEnding + itemIndent;
        }
    }
    std::string text = "\"precision_reduce\"" + style.sepItem + '{' + style.innerOpen + "\"flag\""
        + style.sepField;
    text += '"';
    text += flagForPolicy(target);
    text += '"';
    text += style.innerClose + '}';
    return text;
}

void OpsInfoEditor::removeItems(const ScannedOp &op, const std::vector<std::size_t> &removed,
                                std::vector<Splice> &splices) const
{
    const auto &items = op.items;
    if (removed.size() == items.size()) {
        // What Python writes for an empty dict.
        splices.push_back({op.member.valueBegin, op.member.valueEnd, "{}"});
        return;
    }
    std::size_t firstKept = 0;
    while (std::find(removed.begin(), removed.end(), firstKept) != removed.end())
        ++firstKept;
    if (firstKept > 0)
        splices.push_back({items[0].member.keyBegin, items[firstKept].member.keyBegin, {}});
    for (const std::size_t i : removed) {
        // Drop the separator before the item together with the item: the rest stays as it was.
        if (i > firstKept)
            splices.push_back({items[i - 1].member.valueEnd, items[i].member.valueEnd, {}});
    }
}

void OpsInfoEditor::insertItem(const ScannedOp &op, Policy target,
                               std::vector<Splice> &splices) const
{
    const auto &items = op.items;
    const std::size_t n = items.size();
    std::size_t i = 0;
    while (i < n && items[i].member.key <= precisionReduce)
        ++i;
    const std::string item = newItemText(op, i, target);
    if (n == 0) {
        const std::string opIndent = lineIndent(op.member.keyBegin);
        std::string open, close;
        const auto firstGap = m_scan.ops.empty()
            ? std::string_view()
            : slice(m_scan.rootBegin + 1, m_scan.ops.front().member.keyBegin);
        const auto nl = firstGap.rfind('\n');
        if (nl != std::string_view::npos) {
            open = m_scan.lineEnding + opIndent + std::string(firstGap.substr(nl + 1));
            close = m_scan.lineEnding + opIndent;
        }
        splices.push_back(
            {op.member.valueBegin, op.member.valueEnd, '{' + open + item + close + '}'});
        return;
    }
    std::string gap;
    if (n >= 2) {
        const std::size_t k = (i > 0 && i < n) ? i - 1 : (i == 0 ? 0 : n - 2);
        gap = std::string(slice(items[k].member.valueEnd, items[k + 1].member.keyBegin));
    } else {
        gap = ',' + std::string(slice(op.member.valueBegin + 1, items[0].member.keyBegin));
    }
    if (i == 0)
        splices.push_back({items[0].member.keyBegin, items[0].member.keyBegin, item + gap});
    else
        splices.push_back({items[i - 1].member.valueEnd, items[i - 1].member.valueEnd, gap + item});
}

void OpsInfoEditor::editOp(const ScannedOp &op, Policy target, std::vector<Splice> &splices) const
{
    if (policyOf(op) == target)
        return;
    std::vector<std::size_t> reduceItems;
    for (std::size_t i = 0; i < op.items.size(); ++i) {
        if (op.items[i].member.key == precisionReduce)
            reduceItems.push_back(i);
    }
    if (target == Policy::Gray) {
        removeItems(op, reduceItems, splices);
        return;
    }
    if (reduceItems.empty()) {
        insertItem(op, target, splices);
        return;
    }
    // Every duplicate gets the new flag: loaders disagree on which duplicate wins.
    const std::string flag = flagForPolicy(target);
    for (const std::size_t i : reduceItems) {
        const ScannedItem &item = op.items[i];
        const bool hasStringFlag
            = std::any_of(item.fields.begin(), item.fields.end(), isStringFlag);
        if (item.member.valueKind == '{' && hasStringFlag) {
            for (const auto &field : item.fields) {
                if (!isStringFlag(field))
                    continue;
                const auto content = slice(field.valueBegin + 1, field.valueEnd - 1);
                if (policyFromFlag(decodeJsonString(content).value_or(std::string(content)))
                    != target)
                    splices.push_back({field.valueBegin + 1, field.valueEnd - 1, flag});
            }
            continue;
        }
        const bool otherFields
            = std::any_of(item.fields.begin(), item.fields.end(),
                          [](const ScannedMember &f) { return f.key != "flag"; });
        const std::string text = newItemText(op, i, target);
        const auto value = text.substr(text.find('{'));
        if (item.member.valueKind == '{' && otherFields) {
            // Keep the other fields of a hand-made item; replace a non-string flag, else add one.
            for (const auto &field : item.fields) {
                if (field.key == "flag")
                    splices.push_back({field.valueBegin, field.valueEnd, '"' + flag + '"'});
            }
            if (std::none_of(item.fields.begin(), item.fields.end(),
                             [](const ScannedMember &f) { return f.key == "flag"; })) {
                const auto &first = item.fields.front();
                const std::string sep(slice(first.keyEnd, first.valueBegin));
                const std::string lead(slice(item.member.valueBegin + 1, first.keyBegin));
                splices.push_back(
                    {first.keyBegin, first.keyBegin, "\"flag\"" + sep + '"' + flag + "\"," + lead});
            }
        } else {
            splices.push_back({item.member.valueBegin, item.member.valueEnd, value});
        }
    }
}

std::optional<std::string> OpsInfoEditor::suggestOpType(std::string_view opType) const
{
    const std::string wanted = asciiLower(opType);
    for (const auto &op : m_scan.ops) { // file order, so the answer does not depend on hashing
        if (asciiLower(op.member.key) == wanted)
            return op.member.key;
    }
    return std::nullopt;
}

Diagnostic OpsInfoEditor::unknownOp(const std::string &opType) const
{
    std::string hint = CoreText::tr("op types are case-sensitive") + "; "
        + CoreText::tr("pick one defined in this file");
    if (const auto suggestion = suggestOpType(opType))
        hint = CoreText::tr("did you mean '%1'? op types are case-sensitive", *suggestion);
    return {Severity::Error,
            {m_file, 0, 0},
            "edit-unknown-op",
            CoreText::tr("cannot set the colour of '%1': the op type is not defined in this file",
                         opType),
            hint};
}

OpsInfoEditResult OpsInfoEditor::apply(const PolicyEdits &edits) const
{
    OpsInfoEditResult result;
    if (!isValid()) {
        result.bytes = m_bytes;
        result.diagnostics = m_scan.diagnostics;
        result.diagnostics.push_back({Severity::Error,
                                      {m_file, 0, 0},
                                      "edit-invalid-file",
                                      CoreText::tr("cannot edit a file that is not valid JSON"),
                                      CoreText::tr("fix the syntax error reported above first")});
        return result;
    }
    std::vector<Splice> splices;
    std::vector<std::size_t> opOfSplice;
    for (const auto &[type, policy] : edits) {
        const auto it = m_byType.find(type);
        if (it == m_byType.end()) {
            result.diagnostics.push_back(unknownOp(type));
            continue;
        }
        // Already the op's colour: nothing to do, not even to shadowed duplicate definitions, so
        // setting every op back to its file colour gives the original bytes.
        if (filePolicy(type) == policy)
            continue;
        for (const std::size_t index : it->second) {
            const ScannedOp &op = m_scan.ops[index];
            if (op.member.valueKind != '{') {
                result.diagnostics.push_back(
                    {Severity::Error, locate(m_bytes, op.member.valueBegin, m_file), "L4",
                     CoreText::tr("the entry of '%1' is not an object", type),
                     CoreText::tr("an op entry is {\"item\":{\"key\":\"value\"}}") + "; "
                         + CoreText::tr("fix it by hand")});
                continue;
            }
            const std::size_t before = splices.size();
            editOp(op, policy, splices);
            if (splices.size() > before)
                ++result.changedOps;
        }
    }
    if (hasErrors(result.diagnostics)) {
        result.bytes = m_bytes;
        result.changedOps = 0;
        return result;
    }
    std::sort(splices.begin(), splices.end(), [](const Splice &a, const Splice &b) {
        return a.begin < b.begin || (a.begin == b.begin && a.end < b.end);
    });
    std::size_t growth = 0;
    for (const auto &s : splices)
        growth += s.text.size();
    result.bytes.reserve(m_bytes.size() + growth);
    std::size_t pos = 0;
    for (const auto &s : splices) {
        if (s.begin < pos) { // cannot happen for well-formed scans; refuse rather than corrupt
            result.bytes = m_bytes;
            result.changedOps = 0;
            result.diagnostics.push_back(
                {Severity::Error,
                 {m_file, 0, 0},
                 "edit-internal",
                 CoreText::tr("overlapping edits") + "; " + CoreText::tr("nothing was changed"),
                 CoreText::tr("report this file to the developers")});
            return result;
        }
        result.bytes.append(m_bytes, pos, s.begin - pos);
        result.bytes += s.text;
        pos = s.end;
    }
    result.bytes.append(m_bytes, pos, std::string::npos);
    return result;
}

} // namespace opsinfo
