#include "library/opentryfields.h"

#include "common/coretext.h"
#include "common/text.h"
#include "library/getypenames.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

namespace opsinfo {

namespace {

// Calls f(token) for each comma-separated, trimmed token; nothing for an empty list.
template<typename F> void forEachListItem(std::string_view list, F &&f)
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

// geDtypeOfToken for the hot path: names of up to 8 bytes packed into one integer and looked up
// among the spellings the shipped files use; the table is filled from geDtypeOfToken itself, and
// anything else goes to it, so both always agree. Undefined: FE does not know the word (L6).
class DTypeCache
{
public:
    DTypeCache()
    {
        for (std::string_view name :
             {"float16", "float", "float32", "bfloat16", "int32", "int64", "int8", "uint8", "bool",
              "uint64", "int16", "uint32", "uint16", "int4", "double", "uint1"})
            m_entries[m_count++]
                = Entry {pack(name), geDtypeOfToken(name).value_or(DType::Undefined)};
    }
    DType operator()(std::string_view name) const
    {
        if (name.size() - 1 < 8) { // 1..8 bytes
            const std::uint64_t key = pack(name);
            for (std::size_t i = 0; i < m_count; ++i)
                if (m_entries[i].key == key)
                    return m_entries[i].type;
        }
        return geDtypeOfToken(name).value_or(DType::Undefined);
    }

private:
    static std::uint64_t pack(std::string_view name)
    {
        // byte by byte: a memcpy of a variable length is a call, then a stalled reload
        std::uint64_t key = 0;
        const std::size_t n = std::min<std::size_t>(name.size(), 8);
        for (std::size_t i = 0; i < n; ++i)
            key |= std::uint64_t(static_cast<unsigned char>(name[i])) << (8 * i);
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

void storeItems(OpEntry &entry, const std::shared_ptr<OpEntryArena> &arena,
                std::span<const std::string_view> names, const LeafPositions &positions,
                std::span<const OpValue> leaves, const ItemTextSpan *seen)
{
    // The strings of one op mostly lie together in the reader's buffer (simdjson unescapes them one
    // after the other): when they span little more than their own length, copy that block once and
    // rebase the views instead of copying ~30 small strings one by one.
    ItemTextSpan span;
    std::size_t leafCount = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto [first, count] = positions.ranges[i];
        leafCount += count;
        if (seen)
            continue;
        span.add(names[i]);
        for (std::size_t k = 0; k < count; ++k) {
            span.add(leaves[first + k].first);
            span.add(leaves[first + k].second);
        }
    }
    if (seen)
        span = *seen;
    const char *const low = span.low, *const high = span.high;
    const std::size_t length = span.length, strings = span.strings;
    const bool asBlock = low && std::size_t(high - low) <= 2 * (length + strings) + 64;
    const std::size_t textBytes = asBlock ? std::size_t(high - low) : length;
    // One chunk: the leaves, then the text they point into, so that a leaf's offsets from its
    // item's first leaf are small (a JSON document, hence an op, is below 4 GiB for simdjson).
    if (leafCount * sizeof(OpLeaf) + textBytes > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("an op of more than 4 GiB");
    const std::span<OpLeaf> stored = arena->allocateFollowedBy<OpLeaf>(leafCount, textBytes);
    char *const text = reinterpret_cast<char *>(stored.data() + leafCount);
    if (asBlock)
        std::memcpy(text, low, textBytes);
    std::size_t appended = 0;
    const auto place = [&](std::string_view s) -> const char * {
        if (s.empty())
            return text;
        if (asBlock)
            return text + (s.data() - low);
        char *at = text + appended;
        std::memcpy(at, s.data(), s.size());
        appended += s.size();
        return at;
    };

    std::span<OpItem> items = arena->allocate<OpItem>(names.size());
    OpLeaf *next = stored.data();
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto [first, count] = positions.ranges[i];
        const char *base = reinterpret_cast<const char *>(next);
        for (std::size_t k = 0; k < count; ++k) {
            const auto &[key, value] = leaves[first + k];
            const char *keyAt = place(key);
            const char *valueAt = place(value);
            next[k] = {std::uint32_t(keyAt - base), std::uint32_t(key.size()),
                       std::uint32_t(valueAt - base), std::uint32_t(value.size())};
        }
        items[i] = {std::string_view(place(names[i]), names[i].size()), OpValues(next, count)};
        next += count;
    }
    entry.items = items;
    if (entry.arena != arena)
        entry.arena = arena;
}

int tensorItemIndex(std::string_view item, bool *isInput)
{
    std::string_view digits;
    // FE takes "Input<N>" / "Output<N>" too (KIC:320-334)
    if (is(item.substr(0, 5), "input") || is(item.substr(0, 5), "Input")) {
        digits = item.substr(5);
        *isInput = true;
    } else if (is(item.substr(0, 6), "output") || is(item.substr(0, 6), "Output")) {
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

namespace {

// FE's op.pattern values (`ops_kernel_constants.h` kOpPatternMap); dynamicFormat makes any op
// "customize" (KIC:114-118).
enum class OpPattern {
    Kernel,
    FormatAgnostic,
    Broadcast,
    Reduce,
    Customize,
    RangeAgnostic,
    BroadcastEnhanced
};

OpPattern patternOf(std::string_view value)
{
    std::string lower(trimmed(value));
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(c >= 'A' && c <= 'Z' ? c + 32 : c); });
    if (lower == "formatagnostic")
        return OpPattern::FormatAgnostic;
    if (lower == "broadcast")
        return OpPattern::Broadcast;
    if (lower == "reduce")
        return OpPattern::Reduce;
    if (lower == "dynamic")
        return OpPattern::Customize;
    if (lower == "rangeagnostic")
        return OpPattern::RangeAgnostic;
    if (lower == "broadcastenhanced")
        return OpPattern::BroadcastEnhanced;
    return OpPattern::Kernel; // absent (or a value FE itself refuses: not an L6 check)
}

const char *patternName(OpPattern pattern)
{
    switch (pattern) {
    case OpPattern::FormatAgnostic:
        return "formatAgnostic";
    case OpPattern::Broadcast:
        return "broadcast";
    case OpPattern::Reduce:
        return "reduce";
    case OpPattern::RangeAgnostic:
        return "rangeAgnostic";
    case OpPattern::BroadcastEnhanced:
        return "broadcastEnhanced";
    default:
        return "";
    }
}

// Where one list item sits in its (untrimmed) value text.
struct ListToken
{
    std::string_view text; // trimmed
    std::size_t at = 0; // byte index of the trimmed token in the value
};

// Calls f(ListToken) for each comma-separated item of `list`; nothing for an empty list.
template<typename F> void forEachListToken(std::string_view list, F &&f)
{
    if (trimmed(list).empty())
        return;
    std::size_t begin = 0;
    while (true) {
        const std::size_t comma = list.find(',', begin);
        const std::string_view raw = list.substr(
            begin, comma == std::string_view::npos ? std::string_view::npos : comma - begin);
        const std::string_view token = trimmed(raw);
        f(ListToken {token, begin + std::size_t(token.data() - raw.data())});
        if (comma == std::string_view::npos)
            return;
        begin = comma + 1;
    }
}

// Format lists repeat across a library (the same few hundred texts on thousands of tensors): a
// list whose every token is a known format is remembered, per thread, so the next tensor with the
// same text skips the token-by-token lookup (a tenth of a 20,000-op load before). The verdict
// depends on the text alone, so a remembered one is always right.
class KnownFormatLists
{
public:
    static KnownFormatLists &forThisThread()
    {
        thread_local KnownFormatLists lists;
        return lists;
    }
    bool contains(std::string_view list) const { return m_slots[slotOf(list)] == list; }
    void add(std::string_view list)
    {
        if (list.size() <= kMaxBytes)
            m_slots[slotOf(list)].assign(list);
    }

private:
    static constexpr std::size_t kSlots = 512;
    static constexpr std::size_t kMaxBytes = 512;
    static std::size_t slotOf(std::string_view list)
    {
        return std::hash<std::string_view> {}(list) % kSlots;
    }
    std::array<std::string, kSlots> m_slots;
};

// std::stoll's verdict on a sub_format item (FE: KIC:915-929): leading white space, a sign and at
// least one digit; what follows the digits is ignored. False when it would throw or the value is
// outside 0..65535.
bool isSubFormatItem(std::string_view item)
{
    std::size_t i = 0;
    while (i < item.size() && (item[i] == ' ' || (item[i] >= '\t' && item[i] <= '\r')))
        ++i;
    bool negative = false;
    if (i < item.size() && (item[i] == '+' || item[i] == '-'))
        negative = item[i++] == '-';
    if (i == item.size() || item[i] < '0' || item[i] > '9')
        return false;
    std::uint64_t value = 0;
    for (; i < item.size() && item[i] >= '0' && item[i] <= '9'; ++i) {
        value = value * 10 + std::uint64_t(item[i] - '0');
        if (value > 65535)
            return false; // out of 0..65535, or of long long (stoll throws): refused either way
    }
    return !negative || value == 0;
}

// A key FE reads from a tensor item, if the item has it: its value and its index among the item's
// keys (16 bytes: a scan per tensor is built ~70,000 times in a 20,000-op load).
struct ScannedKey
{
    const char *data = nullptr;
    std::uint32_t size = 0;
    std::uint32_t key = std::uint32_t(-1); // -1: absent

    explicit operator bool() const { return key != std::uint32_t(-1); }
    std::string_view operator*() const { return {data, size}; }
};

// One input/output item as read, for the checks FE makes in its own order (KIC:442-520).
struct TensorScan
{
    std::size_t item = 0; // into entry.items
    bool isInput = false;
    int index = 0;
    std::size_t tensor = 0; // into entry.inputs / entry.outputs
    bool hasName = false;
    ScannedKey paramType, dtype, format, unknownShapeFormat, subFormat;
    bool hasUnknownDtype = false;
};

// The L6 checks of one entry (SEMANTICS §2): what makes FE refuse the whole store.
class StoreRefusals
{
public:
    StoreRefusals(const OpEntry &entry, const LeafPositions &positions, const EntryRules &rules,
                  EntryReporter &reporter)
        : m_entry(entry)
        , m_positions(positions)
        , m_rules(rules)
        , m_reporter(reporter)
    {
    }

    void check(std::vector<TensorScan> &scans, OpPattern pattern)
    {
        // FE's order: inputs by number, then outputs by number; the first tensor whose lists FE
        // reads sets the column count every later one must have.
        std::stable_sort(scans.begin(), scans.end(), [](const TensorScan &a, const TensorScan &b) {
            return a.isInput != b.isInput ? a.isInput : a.index < b.index;
        });
        for (const TensorScan &s : scans)
            checkTensor(s, pattern);
    }

private:
    std::size_t valueAt(const TensorScan &s, std::size_t key) const
    {
        const std::size_t offset = m_positions.at(s.item, key);
        return offset != std::size_t(-1) ? offset : m_entry.valueBegin;
    }
    std::size_t itemAt(const TensorScan &s) const
    {
        const std::size_t offset = m_positions.at(s.item, 0);
        return offset != std::size_t(-1) ? offset : m_entry.valueBegin;
    }
    std::size_t tokenAt(const TensorScan &s, std::size_t key, std::size_t index) const
    {
        const std::size_t offset = m_positions.at(s.item, key);
        return offset != std::size_t(-1) ? m_reporter.offsetInValue(offset, index)
                                         : m_entry.valueBegin;
    }
    std::string_view itemName(const TensorScan &s) const { return m_entry.items[s.item].name; }
    const TensorInfo &tensor(const TensorScan &s) const
    {
        return (s.isInput ? m_entry.inputs : m_entry.outputs)[s.tensor];
    }
    void refuse(std::size_t offset, std::string message, std::string hint)
    {
        m_reporter.report(offset, Severity::Error, "L6",
                          std::move(message) + "; "
                              + CoreText::tr("the compiler refuses the whole store"),
                          std::move(hint));
    }

    void checkTensor(const TensorScan &s, OpPattern pattern)
    {
        const std::string_view item = itemName(s);
        if (!m_rules.requireTensorNameAndParamType && !s.hasName) {
            refuse(itemAt(s), CoreText::tr("op '%1', %2 lacks %3", m_entry.type, item, "name"),
                   CoreText::tr("every input*/output* needs %1.name and %1.paramType", item));
            return; // FE stops at the name (KIC:460-467)
        }
        bool dtypeTokensChecked = false;
        const bool byKernel = pattern == OpPattern::Kernel || s.format || s.unknownShapeFormat;
        if (byKernel) {
            if (s.format) {
                if (!requireDtype(s, s.format.key))
                    return;
                const std::size_t formats = listLength(trimmed(*s.format));
                if (tensor(s).dtypes.size() != formats)
                    m_reporter.report(
                        valueAt(s, s.format.key), Severity::Error, "L6",
                        CoreText::tr("op '%1', %2: %3 dtypes but %4 formats", m_entry.type, item,
                                     tensor(s).dtypes.size(), formats)
                            + "; " + CoreText::tr("the compiler refuses the whole store"),
                        CoreText::tr(
                            "the i-th dtype and the i-th format form kernel signature i: give both lists the same length"));
                else
                    checkColumnCount(s, formats, s.format.key);
                checkFormatTokens(s, s.format.key, *s.format);
                checkDtypeTokens(s);
                dtypeTokensChecked = true;
                checkSubFormat(s);
            }
            if (s.unknownShapeFormat) {
                if (!requireDtype(s, s.unknownShapeFormat.key))
                    return;
                const std::size_t formats = listLength(trimmed(*s.unknownShapeFormat));
                if (tensor(s).dtypes.size() != formats)
                    m_reporter.report(
                        valueAt(s, s.unknownShapeFormat.key), Severity::Error, "L6",
                        CoreText::tr("op '%1', %2: %3 dtypes but %4 unknownshape_format entries",
                                     m_entry.type, item, tensor(s).dtypes.size(), formats)
                            + "; " + CoreText::tr("the compiler refuses the whole store"),
                        CoreText::tr("give unknownshape_format one entry per dtype"));
                else if (!s.format)
                    checkColumnCount(s, formats, s.unknownShapeFormat.key);
                checkFormatTokens(s, s.unknownShapeFormat.key,
                                  *s.unknownShapeFormat); // NULL is known in both
                if (!dtypeTokensChecked)
                    checkDtypeTokens(s);
                dtypeTokensChecked = true;
            }
        } else if (pattern != OpPattern::Customize) {
            // formatAgnostic, broadcast, reduce ... without formats: FE reads the dtypes alone
            if (!s.dtype) {
                refuse(itemAt(s),
                       CoreText::tr("op '%1', %2 lists no dtype, which op.pattern '%3' requires",
                                    m_entry.type, item, patternName(pattern)),
                       CoreText::tr("add %1.dtype", item));
            } else {
                checkColumnCount(s, tensor(s).dtypes.size(), s.dtype.key);
                checkDtypeTokens(s);
            }
        }
        if (!m_rules.requireTensorNameAndParamType) {
            if (!s.paramType) {
                refuse(itemAt(s),
                       CoreText::tr("op '%1', %2 lacks %3", m_entry.type, item, "paramType"),
                       CoreText::tr("every input*/output* needs %1.name and %1.paramType", item));
            } else {
                const std::string_view value = trimmed(*s.paramType);
                if (value != "required" && value != "optional" && value != "dynamic"
                    && value != "reserved")
                    refuse(valueAt(s, s.paramType.key),
                           CoreText::tr("op '%1', %2.paramType is '%3'", m_entry.type, item,
                                        *s.paramType),
                           CoreText::tr("use required, optional, dynamic or reserved"));
            }
        }
    }

    bool requireDtype(const TensorScan &s, std::size_t formatKey)
    {
        if (s.dtype)
            return true;
        refuse(valueAt(s, formatKey),
               CoreText::tr("op '%1', %2 has a format list but no dtype list", m_entry.type,
                            itemName(s)),
               CoreText::tr("add %1.dtype with one dtype per format", itemName(s)));
        return false;
    }

    void checkColumnCount(const TensorScan &s, std::size_t count, std::size_t key)
    {
        if (!m_first) {
            m_first = &s;
            m_firstCount = count;
            return;
        }
        if (count != m_firstCount)
            refuse(
                valueAt(s, key),
                CoreText::tr("op '%1', %2 has %3 kernel columns but %4 has %5", m_entry.type,
                             itemName(s), count, itemName(*m_first), m_firstCount),
                CoreText::tr(
                    "every input and output lists one dtype and one format per kernel column: give %1 %2 items",
                    itemName(s), m_firstCount));
    }

    void checkDtypeTokens(const TensorScan &s)
    {
        if (!s.hasUnknownDtype)
            return;
        forEachListToken(*s.dtype, [&](const ListToken &token) {
            if (geDtypeOfToken(token.text))
                return;
            const std::size_t at = tokenAt(s, s.dtype.key, token.at);
            const auto spelling = geSpellingOfDtypeAlias(token.text);
            refuse(
                at,
                CoreText::tr("op '%1', %2: '%3' is not a dtype the compiler knows", m_entry.type,
                             itemName(s), token.text),
                spelling
                    ? CoreText::tr("write '%1': the compiler's name for this dtype", *spelling)
                    : CoreText::tr(
                        "use GE's dtype names: float16, float or float32, bfloat16, int8, int32, bool ... (not fp32 or float64)"));
            if (spelling)
                m_reporter.offerFix(at, token.text, std::string(*spelling));
        });
    }

    void checkFormatTokens(const TensorScan &s, std::size_t key, std::string_view list)
    {
        KnownFormatLists &known = KnownFormatLists::forThisThread();
        if (known.contains(list))
            return;
        bool allKnown = true;
        std::string_view previous;
        forEachListToken(list, [&](const ListToken &token) {
            if (!previous.empty() && token.text == previous)
                return; // "ND,ND,ND": known once checked
            if (isGeFormatToken(token.text)) {
                previous = token.text;
                return;
            }
            allKnown = false;
            refuse(
                tokenAt(s, key, token.at),
                CoreText::tr("op '%1', %2: '%3' is not a format the compiler knows", m_entry.type,
                             itemName(s), token.text),
                CoreText::tr(
                    "use GE's format names, case-sensitive: ND, NCHW, NHWC, NC1HWC0, FRACTAL_NZ, FRACTAL_Z ..."));
        });
        if (allKnown)
            known.add(list);
    }

    void checkSubFormat(const TensorScan &s)
    {
        if (!s.subFormat)
            return;
        // FE splits the trimmed value at ',' and converts each piece with std::stoll
        const std::string_view value = *s.subFormat;
        const std::string_view whole = trimmed(value);
        if (whole.empty())
            return;
        std::size_t begin = std::size_t(whole.data() - value.data());
        const std::size_t stop = begin + whole.size();
        while (true) {
            const std::size_t comma = value.find(',', begin);
            const std::size_t end = comma == std::string_view::npos || comma > stop ? stop : comma;
            const std::string_view piece = value.substr(begin, end - begin);
            if (!isSubFormatItem(piece))
                refuse(
                    tokenAt(s, s.subFormat.key, begin),
                    CoreText::tr("op '%1', %2: sub_format item '%3' is not an integer in 0..65535",
                                 m_entry.type, itemName(s), trimmed(piece)),
                    CoreText::tr(
                        "write sub_format as integers from 0 to 65535 separated by commas"));
            if (end == stop)
                return;
            begin = end + 1;
        }
    }

    const OpEntry &m_entry;
    const LeafPositions &m_positions;
    const EntryRules &m_rules;
    EntryReporter &m_reporter;
    const TensorScan *m_first = nullptr;
    std::size_t m_firstCount = 0;
};

} // namespace

namespace {

// An input*/output* item: its TensorInfo (dtypes parsed once per distinct list) and the scan
// StoreRefusals checks once every item is read; the INI reader's key checks come here.
void readTensorItem(OpEntry &entry, std::size_t i, bool isInput, int index, std::size_t itemOffset,
                    const EntryRules &rules, EntryReporter &reporter,
                    std::vector<TensorScan> &scans)
{
    const OpItem &item = entry.items[i];
    std::vector<TensorInfo> &tensors = isInput ? entry.inputs : entry.outputs;
    TensorScan scan;
    scan.item = i;
    scan.isInput = isInput;
    scan.index = index;
    scan.tensor = tensors.size();
    TensorInfo &t = tensors.emplace_back(); // filled in place (deriveEntryFields reserved them)
    t.item = item.name;
    t.index = index;
    for (std::size_t k = 0; k < item.values.size(); ++k) {
        const auto &[key, value] = item.values[k];
        if (is(key, "name")) {
            t.name = value;
            scan.hasName = true;
        } else if (is(key, "paramType")) {
            t.paramType = value;
            scan.paramType = {value.data(), std::uint32_t(value.size()), std::uint32_t(k)};
        } else if (is(key, "dtype")) {
            static const DTypeCache parseDType;
            scan.dtype = {value.data(), std::uint32_t(value.size()), std::uint32_t(k)};
            t.dtypes.reserve(listLength(value));
            forEachListItem(value, [&t, &scan](std::string_view d) {
                const DType type = parseDType(d);
                scan.hasUnknownDtype = scan.hasUnknownDtype || type == DType::Undefined;
                t.dtypes.push_back(type == DType::Undefined ? DType::Other : type);
            });
        } else if (is(key, "format")) {
            scan.format = {value.data(), std::uint32_t(value.size()), std::uint32_t(k)};
        } else if (is(key, "unknownshape_format")) {
            scan.unknownShapeFormat = {value.data(), std::uint32_t(value.size()), std::uint32_t(k)};
        } else if (is(key, "sub_format")) {
            scan.subFormat = {value.data(), std::uint32_t(value.size()), std::uint32_t(k)};
        }
    }
    if (rules.requireTensorNameAndParamType) {
        std::string missing;
        if (!scan.hasName)
            missing = "name";
        if (!scan.paramType)
            missing += missing.empty() ? "paramType" : ", paramType";
        if (!missing.empty()) {
            reporter.report(
                itemOffset, Severity::Error, "ini-missing-key",
                CoreText::tr("op '%1', %2 lacks %3", entry.type, item.name, missing),
                CoreText::tr("every input*/output* needs %1.name and %1.paramType", item.name));
        } else if (t.paramType != "required" && t.paramType != "optional"
                   && t.paramType != "dynamic") {
            reporter.report(
                itemOffset, Severity::Error, "ini-param-type",
                CoreText::tr("op '%1', %2.paramType is '%3'", entry.type, item.name, t.paramType),
                CoreText::tr("use required, optional or dynamic"));
        }
    }
    scans.push_back(scan);
}

// precision_reduce: the flag that puts the op on the white, black or gray list.
void readPrecisionReduce(OpEntry &entry, const OpItem &item, std::size_t itemIndex,
                         const LeafPositions &positions, std::size_t itemOffset,
                         EntryReporter &reporter)
{
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
        reporter.report(
            flagKey != std::size_t(-1) ? positions.at(itemIndex, flagKey) : itemOffset,
            Severity::Error, "precision-reduce-flag",
            CoreText::tr("op '%1': precision_reduce.flag is '%2'", entry.type, entry.flag) + "; "
                + CoreText::tr(
                    "the compiler accepts only \"true\", \"false\" or \"\" and refuses the whole file"),
            CoreText::tr(
                "set it to \"true\" (white list), \"false\" (black list) or remove the precision_reduce item (gray)"));
    }
}

// The INI reader's rule: every flag of every item is exactly true or false.
void checkStrictFlags(const OpEntry &entry, const OpItem &item, std::size_t itemIndex,
                      const LeafPositions &positions, EntryReporter &reporter)
{
    for (std::size_t k = 0; k < item.values.size(); ++k) {
        const auto &[key, value] = item.values[k];
        const bool reportedAbove = item.name == "precision_reduce" && !policyFromFlag(value);
        if (key == "flag" && value != "true" && value != "false" && !reportedAbove)
            reporter.report(positions.at(itemIndex, k), Severity::Error, "ini-flag",
                            CoreText::tr("op '%1': %2.flag is '%3'", entry.type, item.name, value),
                            CoreText::tr("write exactly true or false"));
    }
}

} // namespace

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
    std::vector<TensorScan> scans;
    scans.reserve(inputCount + outputCount);
    OpPattern pattern = OpPattern::Kernel;

    for (std::size_t i = 0; i < entry.items.size(); ++i) {
        const OpItem &item = entry.items[i];
        const auto valueAt = [&](std::size_t k) { return positions.at(i, k); };
        const std::size_t itemOffset
            = valueAt(0) != std::size_t(-1) ? valueAt(0) : entry.valueBegin;
        bool isInput = false;
        const int index = tensorItemIndex(item.name, &isInput);
        if (index >= 0) {
            readTensorItem(entry, i, isInput, index, itemOffset, rules, reporter, scans);
        } else if (is(item.name, "precision_reduce")) {
            readPrecisionReduce(entry, item, i, positions, itemOffset, reporter);
        } else if (is(item.name, "dynamicFormat")) {
            for (const auto &[key, value] : item.values) {
                if (key == "flag")
                    entry.dynamicFormat = asciiLower(trimmed(value)) == "true";
            }
        } else if (is(item.name, "opFile")) {
            for (const auto &[key, value] : item.values)
                if (key == "value")
                    entry.opFile = value;
        } else if (is(item.name, "op")) {
            for (const auto &[key, value] : item.values)
                if (key == "pattern")
                    pattern = patternOf(value);
        }
        if (rules.strictFlags)
            checkStrictFlags(entry, item, i, positions, reporter);
    }
    if (entry.dynamicFormat)
        pattern = OpPattern::Customize;
    StoreRefusals(entry, positions, rules, reporter).check(scans, pattern);

    const auto byIndex = [](const TensorInfo &a, const TensorInfo &b) { return a.index < b.index; };
    if (!std::is_sorted(entry.inputs.begin(), entry.inputs.end(), byIndex))
        std::stable_sort(entry.inputs.begin(), entry.inputs.end(), byIndex);
    if (!std::is_sorted(entry.outputs.begin(), entry.outputs.end(), byIndex))
        std::stable_sort(entry.outputs.begin(), entry.outputs.end(), byIndex);
}

std::vector<std::string> OpEntry::formatsOf(const TensorInfo &tensor) const
{
    std::vector<std::string> formats;
    if (const std::optional<std::string_view> list = value(tensor.item, "format")) {
        formats.reserve(listLength(*list));
        forEachListItem(*list, [&formats](std::string_view f) { formats.emplace_back(f); });
    }
    return formats;
}

} // namespace opsinfo
