#pragma once

#include "common/dtype.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// Internal to the GE importers: the fields of GE's ModelDef that we read, as views into the bytes
// of the file (ATC JSON, a ge_proto text dump) or into a parsed message. Readers fill it without a
// string or vector per field; convertGeModel turns it into a Graph.
namespace opsinfo {

// A run of elements in one of GeModel's flat arrays.
struct GeRange
{
    std::uint32_t begin = 0;
    std::uint32_t count = 0;
};

struct GeTensorDesc
{
    std::string_view name;
    DType dtype = DType::Undefined;
    GeRange dims; // into GeModel::dims
};

struct GeOpDef
{
    std::string_view name;
    std::string_view type;
    GeRange inputs; // into GeModel::strings
    GeRange subgraphNames; // into GeModel::strings
    GeRange inputDescs; // into GeModel::descs
    GeRange outputDescs; // into GeModel::descs
};

struct GeGraphDef
{
    std::string_view name;
    GeRange inputs; // into GeModel::strings
    GeRange outputs; // into GeModel::strings
    GeRange ops; // into GeModel::ops
};

class GeModel
{
public:
    std::string_view name;
    std::vector<GeGraphDef> graphs;
    std::vector<GeOpDef> ops;
    std::vector<GeTensorDesc> descs;
    std::vector<std::string_view> strings;
    std::vector<std::int64_t> dims;

    std::span<const GeOpDef> opsOf(const GeGraphDef &graph) const { return slice(ops, graph.ops); }
    std::span<const std::string_view> stringsAt(GeRange range) const
    {
        return slice(strings, range);
    }
    std::span<const GeTensorDesc> descsAt(GeRange range) const { return slice(descs, range); }
    std::span<const std::int64_t> dimsAt(GeRange range) const { return slice(dims, range); }

    // Keeps a string the reader had to build (an unescaped one) alive as long as the model (or a
    // model it is appended to).
    std::string_view keep(std::string text)
    {
        return *m_kept.emplace_back(std::make_unique<std::string>(std::move(text)));
    }

    // `other`'s ops after this model's (a piece of the same op array read on its own): their
    // ranges moved by the arrays before them, the strings it kept kept here. Graphs stay.
    void append(GeModel &&other)
    {
        const auto strings0 = std::uint32_t(strings.size());
        const auto descs0 = std::uint32_t(descs.size());
        const auto dims0 = std::uint32_t(dims.size());
        for (GeOpDef op : other.ops) {
            op.inputs.begin += strings0;
            op.subgraphNames.begin += strings0;
            op.inputDescs.begin += descs0;
            op.outputDescs.begin += descs0;
            ops.push_back(op);
        }
        for (GeTensorDesc desc : other.descs) {
            desc.dims.begin += dims0;
            descs.push_back(desc);
        }
        strings.insert(strings.end(), other.strings.begin(), other.strings.end());
        dims.insert(dims.end(), other.dims.begin(), other.dims.end());
        for (auto &text : other.m_kept)
            m_kept.push_back(std::move(text));
    }

    // The range from `begin` to the current end of `array`.
    template<typename T> static GeRange rangeFrom(const std::vector<T> &array, std::size_t begin)
    {
        return {std::uint32_t(begin), std::uint32_t(array.size() - begin)};
    }

private:
    template<typename T> static std::span<const T> slice(const std::vector<T> &array, GeRange range)
    {
        return std::span<const T>(array).subspan(range.begin, range.count);
    }

    std::vector<std::unique_ptr<std::string>> m_kept; // each string where it was made
};

} // namespace opsinfo
