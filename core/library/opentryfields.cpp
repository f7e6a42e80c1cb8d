#include "library/opentryfields.h"

#include "common/coretext.h"

#include <algorithm>
#include <cstring>

namespace opsinfo {

namespace {

std::string_view trimmed(std::string_view s)
{
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && space(s.back()))
        s.remove_suffix(1);
    return s;
}

// Calls f(token) for each comma-separated, trimmed token; nothing for an empty list.
template<typename F>
void forEachListItem(std::string_view list, F &&f)
{
    if (trimmed(list).empty())
        return;
    while (true) {
        const auto comma = list.find(',');
        f(trimmed(list.substr(0, comma)));
        if (comma == std::string_view::npos)
            return;
        list.remove_prefix(comma + 1);
    }
}

std::size_t listLength(std::string_view list)
{
    if (trimmed(list).empty())
        return 0;
    return std::size_t(std::count(list.begin(), list.end(), ',')) + 1;
}

bool is(std::string_view s, std::string_view literal) // inlined compare for short literals
{
    return s.size() == literal.size() && std::memcmp(s.data(), literal.data(), literal.size()) == 0;
}

// parseOpsInfoDType for the hot path: names of up to 8 bytes packed into one integer and looked up
// among the spellings the shipped files use; the table is filled from parseOpsInfoDType itself, and
// anything else goes to it, so both always agree.
class DTypeCache
{
public:
    DTypeCache()
    {
        for (std::string_view name : {"float16", "float", "float32", "bfloat16", "int32", "int64", "int8",
                                      "uint8", "bool", "uint64", "int16", "uint32", "uint16", "int4",
                                      "double", "uint1", "float64"})
            m_entries[m_count++] = Entry{pack(name), parseOpsInfoDType(name)};
    }
    DType operator()(std::string_view name) const
    {
        if (name.size() - 1 < 8) { // 1..8 bytes
            const std::uint64_t key = pack(name);
            for (std::size_t i = 0; i < m_count; ++i)
                if (m_entries[i].key == key)
                    return m_entries[i].type;
        }
        return parseOpsInfoDType(name);
    }

private:
    static std::uint64_t pack(std::string_view name)
    {
        std::uint64_t key = 0;
        std::memcpy(&key, name.data(), std::min<std::size_t>(name.size(), 8));
        return key;
    }
    struct Entry
    {
        std::uint64_t key = 0;
        DType type = DType::Undefined;
    };
    Entry m_entries[24];
    std::size_t m_count = 0;
};

} // namespace

void storeItems(OpEntry &entry, const std::shared_ptr<OpEntryArena> &arena, std::span<const std::string_view> names,
                const LeafPositions &positions, std::span<const OpValue> leaves)
{
    // The strings of one op mostly lie together in the reader's buffer (simdjson unescapes them one
    // after the other): when they span little more than their own length, copy that block once and
    // rebase the views instead of copying ~30 small strings one by one.
    const char *low = nullptr, *high = nullptr;
    std::size_t length = 0;
    const auto extend = [&](std::string_view s) {
        if (s.empty())
            return;
        if (!low || s.data() < low)
            low = s.data();
        if (!high || s.data() + s.size() > high)
            high = s.data() + s.size();
        length += s.size() + 1;
    };
    for (std::size_t i = 0; i < names.size(); ++i) {
        extend(names[i]);
        const auto [first, count] = positions.ranges[i];
        for (std::size_t k = 0; k < count; ++k) {
            extend(leaves[first + k].first);
            extend(leaves[first + k].second);
        }
    }
    const char *block = nullptr;
    if (low && std::size_t(high - low) <= 2 * length + 64)
        block = arena->copy(std::string_view(low, std::size_t(high - low))).data();
    const auto store = [&](std::string_view s) {
        return block && !s.empty() ? std::string_view(block + (s.data() - low), s.size()) : arena->copy(s);
    };

    std::span<OpItem> items = arena->allocate<OpItem>(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto [first, count] = positions.ranges[i];
        std::span<OpValue> values = arena->allocate<OpValue>(count);
        for (std::size_t k = 0; k < count; ++k) {
            const OpValue &leaf = leaves[first + k];
            values[k] = {store(leaf.first), store(leaf.second)};
        }
        items[i] = {store(names[i]), values};
    }
    entry.items = items;
    if (entry.arena != arena)
        entry.arena = arena;
}

int tensorItemIndex(std::string_view item, bool *isInput)
{
    std::string_view digits;
    if (is(item.substr(0, 5), "input")) {
        digits = item.substr(5);
        *isInput = true;
    } else if (is(item.substr(0, 6), "output")) {
        digits = item.substr(6);
        *isInput = false;
    } else {
        return -1;
    }
    if (digits.empty() || digits.size() > 6)
        return -1;
    int index = 0;
    for (char c : digits) {
        if (c < '0' || c > '9')
            return -1;
        index = index * 10 + (c - '0');
    }
    return index;
}

void deriveEntryFields(OpEntry &entry, const LeafPositions &positions, const EntryRules &rules,
                       EntryReporter &reporter)
{
    entry.inputs.clear();
    entry.outputs.clear();
    entry.policy = Policy::Gray;
    entry.hasPrecisionReduce = false;
    entry.flag.clear();
    entry.dynamicFormat = false;
    entry.opFile.clear();

    std::size_t inputCount = 0, outputCount = 0;
    for (const OpItem &item : entry.items) {
        bool isInput = false;
        if (tensorItemIndex(item.name, &isInput) >= 0)
            ++(isInput ? inputCount : outputCount);
    }
    entry.inputs.reserve(inputCount);
    entry.outputs.reserve(outputCount);

    // Only built when something is reported: most entries have nothing to say.
    for (std::size_t i = 0; i < entry.items.size(); ++i) {
        const OpItem &item = entry.items[i];
        const auto valueAt = [&](std::size_t k) { return positions.at(i, k); };
        const std::size_t itemOffset = valueAt(0) != std::size_t(-1) ? valueAt(0) : entry.valueBegin;
        bool isInput = false;
        const int index = tensorItemIndex(item.name, &isInput);
        if (index >= 0) {
            TensorInfo t;
            t.item = item.name;
            t.index = index;
            const std::string_view *dtype = nullptr;
            const std::string_view *format = nullptr;
            const std::string_view *unknownShapeFormat = nullptr;
            std::size_t formatKey = 0, unknownKey = 0, formatCount = 0;
            for (std::size_t k = 0; k < item.values.size(); ++k) {
                const auto &[key, value] = item.values[k];
                if (is(key, "name")) {
                    t.name = value;
                } else if (is(key, "paramType")) {
                    t.paramType = value;
                } else if (is(key, "dtype")) {
                    static const DTypeCache parseDType;
                    dtype = &value;
                    t.dtypes.reserve(listLength(value));
                    forEachListItem(value, [&t](std::string_view d) { t.dtypes.push_back(parseDType(d)); });
                } else if (is(key, "format")) {
                    format = &value;
                    formatKey = k;
                    formatCount = listLength(value);
                } else if (is(key, "unknownshape_format")) {
                    unknownShapeFormat = &value;
                    unknownKey = k;
                }
            }
            // dtypes/formats hold one element per list item, so their sizes are the list lengths
            if (dtype && format && t.dtypes.size() != formatCount) {
                reporter.report(valueAt(formatKey), Severity::Error, "dtype-format-count",
                                CoreText::tr("op '%1', %2: %3 dtypes but %4 formats", entry.type, item.name,
                                             t.dtypes.size(), formatCount),
                                CoreText::tr("the i-th dtype and the i-th format form kernel signature i: give both lists the same length"));
            }
            if (dtype && unknownShapeFormat && t.dtypes.size() != listLength(*unknownShapeFormat)) {
                reporter.report(valueAt(unknownKey), Severity::Error, "dtype-format-count",
                                CoreText::tr("op '%1', %2: %3 dtypes but %4 unknownshape_format entries", entry.type,
                                             item.name, t.dtypes.size(), listLength(*unknownShapeFormat)),
                                CoreText::tr("give unknownshape_format one entry per dtype"));
            }
            if (rules.requireTensorNameAndParamType) {
                std::string missing;
                if (std::none_of(item.values.begin(), item.values.end(),
                                 [](const auto &kv) { return kv.first == "name"; }))
                    missing = "name";
                const bool hasParamType = std::any_of(item.values.begin(), item.values.end(),
                                                      [](const auto &kv) { return kv.first == "paramType"; });
                if (!hasParamType)
                    missing += missing.empty() ? "paramType" : ", paramType";
                if (!missing.empty()) {
                    reporter.report(itemOffset, Severity::Error, "ini-missing-key",
                                    CoreText::tr("op '%1', %2 lacks %3", entry.type, item.name, missing),
                                    CoreText::tr("every input*/output* needs %1.name and %1.paramType", item.name));
                } else if (t.paramType != "required" && t.paramType != "optional"
                           && t.paramType != "dynamic") {
                    reporter.report(itemOffset, Severity::Error, "ini-param-type",
                                    CoreText::tr("op '%1', %2.paramType is '%3'", entry.type, item.name, t.paramType),
                                    CoreText::tr("use required, optional or dynamic"));
                }
            }
            (isInput ? entry.inputs : entry.outputs).push_back(std::move(t));
        } else if (is(item.name, "precision_reduce")) {
            entry.hasPrecisionReduce = true;
            std::size_t flagKey = std::size_t(-1);
            for (std::size_t k = 0; k < item.values.size(); ++k)
                if (item.values[k].first == "flag")
                    flagKey = k;
            if (flagKey != std::size_t(-1))
                entry.flag = item.values[flagKey].second;
            if (const auto policy = policyFromFlag(entry.flag)) {
                entry.policy = *policy;
            } else {
                reporter.report(flagKey != std::size_t(-1) ? valueAt(flagKey) : itemOffset,
                                Severity::Error, "precision-reduce-flag",
                                CoreText::tr("op '%1': precision_reduce.flag is '%2'", entry.type, entry.flag) + "; "
                                    + CoreText::tr("the compiler accepts only \"true\", \"false\" or \"\" and refuses the whole file"),
                                CoreText::tr("set it to \"true\" (white list), \"false\" (black list) or remove the precision_reduce item (gray)"));
            }
        } else if (is(item.name, "dynamicFormat")) {
            for (const auto &[key, value] : item.values) {
                if (key == "flag") {
                    std::string lower(trimmed(value));
                    std::transform(lower.begin(), lower.end(), lower.begin(),
                                   [](unsigned char c) { return char(c >= 'A' && c <= 'Z' ? c + 32 : c); });
                    entry.dynamicFormat = lower == "true";
                }
            }
        } else if (is(item.name, "opFile")) {
            for (const auto &[key, value] : item.values)
                if (key == "value")
                    entry.opFile = value;
        }
        if (rules.strictFlags) {
            for (std::size_t k = 0; k < item.values.size(); ++k) {
                const auto &[key, value] = item.values[k];
                const bool reportedAbove = item.name == "precision_reduce" && !policyFromFlag(value);
                if (key == "flag" && value != "true" && value != "false" && !reportedAbove)
                    reporter.report(valueAt(k), Severity::Error, "ini-flag",
                                    CoreText::tr("op '%1': %2.flag is '%3'", entry.type, item.name, value),
                                    CoreText::tr("write exactly true or false"));
            }
        }
    }
    const auto byIndex = [](const TensorInfo &a, const TensorInfo &b) { return a.index < b.index; };
    if (!std::is_sorted(entry.inputs.begin(), entry.inputs.end(), byIndex))
        std::stable_sort(entry.inputs.begin(), entry.inputs.end(), byIndex);
    if (!std::is_sorted(entry.outputs.begin(), entry.outputs.end(), byIndex))
        std::stable_sort(entry.outputs.begin(), entry.outputs.end(), byIndex);
}

std::vector<std::string> OpEntry::formatsOf(const TensorInfo &tensor) const
{
    std::vector<std::string> formats;
    if (const std::string_view *list = value(tensor.item, "format")) {
        formats.reserve(listLength(*list));
        forEachListItem(*list, [&formats](std::string_view f) { formats.emplace_back(f); });
    }
    return formats;
}

} // namespace opsinfo
