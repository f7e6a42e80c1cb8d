#pragma once

#include "common/diagnostic.h"
#include "common/dtype.h"
#include "common/policy.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace opsinfo {

// One `inputN` / `outputN` item of an ops-info entry.
struct TensorInfo
{
    std::string item; // "input0", "output1" — the key in the file
    int index = 0; // N
    std::string name; // "x1"
    std::string paramType; // required / optional / dynamic
    std::vector<DType> dtypes; // one per column; empty when the entry lists none
    // The formats are read on demand (OpEntry::formatsOf): nothing in the resolver or the tables
    // needs them, and a list of strings per tensor was ~70,000 allocations in a 20,000-op load.
};

class OpEntryArena;

// The hash OpLibrary finds op types by. Readers that hold each new entry in cache compute it there,
// so building the library does not walk 20,000 entries (~300 bytes apart) a second time.
std::uint32_t opTypeHash(std::string_view type);

// One key/value leaf of an item.
using OpValue = std::pair<std::string_view, std::string_view>;

// Where a leaf's key and value lie: byte offsets from the first OpLeaf of its item (the text
// follows the leaves in the arena) and sizes. Half the size of two string_views, for the ~560,000
// leaves of a 20,000-op library (that was 9 MB of fresh memory to fault in per load).
struct OpLeaf
{
    std::uint32_t key = 0, keySize = 0, value = 0, valueSize = 0;
};

// The key/value leaves of an item in file order, read as OpValue pairs (by value).
class OpValues
{
public:
    class iterator
    {
    public:
        using iterator_concept = std::forward_iterator_tag;
        using iterator_category = std::forward_iterator_tag;
        using value_type = OpValue;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = OpValue;

        iterator() = default;
        iterator(const char *base, const OpLeaf *leaf)
            : m_base(base)
            , m_leaf(leaf)
        {
        }
        OpValue operator*() const { return OpValues::pairOf(m_base, *m_leaf); }
        iterator &operator++()
        {
            ++m_leaf;
            return *this;
        }
        iterator operator++(int)
        {
            iterator before = *this;
            ++m_leaf;
            return before;
        }
        bool operator==(const iterator &other) const { return m_leaf == other.m_leaf; }

    private:
        const char *m_base = nullptr;
        const OpLeaf *m_leaf = nullptr;
    };

    OpValues() = default;
    OpValues(const OpLeaf *leaves, std::size_t size)
        : m_leaves(leaves)
        , m_size(size)
    {
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    OpValue operator[](std::size_t k) const { return pairOf(base(), m_leaves[k]); }
    iterator begin() const { return {base(), m_leaves}; }
    iterator end() const { return {base(), m_leaves + m_size}; }

private:
    const char *base() const { return reinterpret_cast<const char *>(m_leaves); }
    static OpValue pairOf(const char *base, const OpLeaf &leaf)
    {
        return {std::string_view(base + leaf.key, leaf.keySize),
                std::string_view(base + leaf.value, leaf.valueSize)};
    }

    const OpLeaf *m_leaves = nullptr;
    std::size_t m_size = 0;
};

// Any item, kept verbatim (key/value pairs in file order) so nothing is lost. A view: the text and
// the leaves live in the arena of the OpEntry it belongs to (a 20,000-op library has ~560,000
// leaves; one heap string each made up most of the load time).
struct OpItem
{
    std::string_view name;
    OpValues values;
};

// An item as code writes it, for OpEntry::setItems().
struct OpItemText
{
    std::string name;
    std::vector<std::pair<std::string, std::string>> values;
};

// One op type as one file of the library defines it.
struct OpEntry
{
    std::string type;
    Policy policy = Policy::Gray;
    bool hasPrecisionReduce = false; // a precision_reduce item exists (its flag may be "")
    std::string flag; // raw precision_reduce.flag text
    std::vector<TensorInfo> inputs; // sorted by index
    std::vector<TensorInfo> outputs; // sorted by index
    bool dynamicFormat = false; // dynamicFormat.flag == "true": dtypes known only at compile time
    std::string opFile; // opFile.value ("Null" / "AICore_Null" mark no-kernel ops)
    std::span<const OpItem> items; // every item in file order, verbatim; points into `arena`
    int fileIndex = -1; // into OpLibrary::files()
    SourceLocation location; // the op's key in its file

    // Byte spans [begin, end) in the file the entry was read from, for editors that patch the file
    // in place. npos = absent. JSON: the op key token, the op's value object `{...}`, the whole
    // `"precision_reduce":{...}` member (key through closing brace) and the flag's string token
    // (quotes included). INI: the `[OpType]` line, the section (header through its last line), the
    // `precision_reduce.flag=...` line and the flag's value text.
    static constexpr std::size_t npos = std::size_t(-1);
    std::size_t keyBegin = npos, keyEnd = npos;
    std::size_t valueBegin = npos, valueEnd = npos;
    std::size_t precisionReduceBegin = npos, precisionReduceEnd = npos;
    std::size_t flagBegin = npos, flagEnd = npos;

    // Number of kernel signatures (columns); 0 when no tensor lists dtypes.
    std::size_t columnCount() const;
    // Keeps what `items` points into alive; shared by copies of the entry and by every entry read
    // from the same file.
    std::shared_ptr<const OpEntryArena> arena;

    // Value of item.key, if the entry has it.
    std::optional<std::string_view> value(std::string_view item, std::string_view key) const;
    // The tensor's format list ("format" of its item), one per column; empty when it lists none.
    std::vector<std::string> formatsOf(const TensorInfo &tensor) const;
    // Replaces `items` by copies of these in a new arena (entries built in code; readers fill
    // items directly). The typed fields are left as they are.
    void setItems(const std::vector<OpItemText> &items);
};

} // namespace opsinfo
