#pragma once

#include "graph/atcjsonpieces.h"
#include "graph/geimporter.h"
#include "graph/gemodel.h"
#include "graph/importcontext.h"

#include <simdjson.h>

#include <string>
#include <string_view>

// Internal to the ATC JSON importer: the On-Demand reader of a ModelDef, used on a whole file and
// on its pieces (atcjsonpieces).
namespace opsinfo::atcjson {

namespace ondemand = simdjson::ondemand;
using simdjson::error_code;

// ATC writes the ModelDef with protobuf's field names; maps are arrays of {"key","value"}. One
// On-Demand walk (no DOM): only the fields convertGeModel reads are looked at, everything else
// (attributes, which are most of a real file) is skipped over. Values of the wrong JSON type are
// skipped as if absent. Strings without escapes stay views into the file.
class AtcJsonReader
{
public:
    AtcJsonReader(GeModel &model, const ImportContext &context)
        : m_model(model)
        , m_context(context)
    {
    }

    // The text being read is a piece of the file (views into it are mapped back into the file);
    // `continuing`: it is the last piece, whose first graph is the rest of the main graph.
    void readingPiece(const AtcJsonPiece *piece, bool continuing)
    {
        m_piece = piece;
        m_continueMainGraph = continuing;
    }

    // The last key read of the last graph object: a first piece must end in the op array.
    std::string_view lastGraphKey() const { return m_lastGraphKey; }

    // A piece of the main graph's op array, as a JSON array of ops.
    error_code readOpArray(ondemand::array array)
    {
        for (auto element : array) {
            ondemand::object object;
            if (error_code e = element.get_object().get(object); e) {
                if (wrongType(e))
                    continue;
                return e;
            }
            GeOpDef op;
            if (error_code e = readOp(object, op); e)
                return e;
            m_model.ops.push_back(op);
            if (!m_piece) // a piece's bytes were given back once copied
                m_context.releaseReadBytes(op.name.data());
        }
        return simdjson::SUCCESS;
    }

    error_code readModel(ondemand::object top)
    {
        return forEachField(top, [this](std::string_view key, ondemand::field &field) {
            if (key == "name")
                return readString(field.value(), m_model.name);
            if (key == "graph")
                return readGraphs(field.value());
            return simdjson::SUCCESS;
        });
    }

private:
    // Keys in ATC's output never need unescaping; one that does is unescaped.
    static error_code keyOf(ondemand::field &field, std::string_view &key)
    {
        const char *raw = field.key().raw();
        const char *end = raw;
        while (*end != '"' && *end != '\\')
            ++end;
        if (*end == '"') {
            key = std::string_view(raw, std::size_t(end - raw));
            return simdjson::SUCCESS;
        }
        return field.unescaped_key().get(key);
    }

    static bool wrongType(error_code e) { return e == simdjson::INCORRECT_TYPE; }

    // Calls `read(key, field)` for each field of `object` in order; the first error ends it.
    template<typename Read> static error_code forEachField(ondemand::object object, Read read)
    {
        for (auto result : object) {
            ondemand::field field;
            std::string_view key;
            if (error_code e = std::move(result).get(field); e)
                return e;
            if (error_code e = keyOf(field, key); e)
                return e;
            if (error_code e = read(key, field); e)
                return e;
        }
        return simdjson::SUCCESS;
    }

    // A string value as a view into the file, or unescaped (kept by the model); "" when the value
    // is not a string.
    error_code readString(ondemand::value value, std::string_view &out)
    {
        if (error_code e = readText(value, out); e)
            return e;
        if (m_piece)
            out = m_piece->inFile(out);
        return simdjson::SUCCESS;
    }

    // The same as a view into the text being read: valid until the next piece, and reading it
    // does not map the file's bytes back in.
    error_code readText(ondemand::value value, std::string_view &out)
    {
        const std::string_view token = value.raw_json_token();
        if (token.empty() || token.front() != '"') {
            out = {};
            return simdjson::SUCCESS;
        }
        // A loop, not find_first_of: that calls memchr on the two stop characters per byte.
        std::size_t close = 1;
        while (close < token.size() && token[close] != '"' && token[close] != '\\')
            ++close;
        if (close < token.size() && token[close] == '"') {
            out = token.substr(1, close - 1);
            return simdjson::SUCCESS;
        }
        std::string_view unescaped;
        if (error_code e = value.get_string().get(unescaped); e)
            return e;
        out = m_model.keep(std::string(unescaped));
        return simdjson::SUCCESS;
    }

    // An array of strings (elements of another type read as ""); a value that is not an array
    // leaves the range empty.
    error_code readStrings(ondemand::value value, GeRange &out)
    {
        ondemand::array array;
        if (error_code e = value.get_array().get(array); e)
            return wrongType(e) ? simdjson::SUCCESS : e;
        const std::size_t begin = m_model.strings.size();
        for (auto element : array) {
            ondemand::value item;
            if (error_code e = element.get(item); e)
                return e;
            if (error_code e = readString(item, m_model.strings.emplace_back()); e)
                return e;
        }
        out = GeModel::rangeFrom(m_model.strings, begin);
        return simdjson::SUCCESS;
    }

    error_code readGraphs(ondemand::value value)
    {
        ondemand::array array;
        if (error_code e = value.get_array().get(array); e)
            return wrongType(e) ? simdjson::SUCCESS : e;
        for (auto element : array) {
            ondemand::object object;
            if (error_code e = element.get_object().get(object); e) {
                if (wrongType(e))
                    continue;
                return e;
            }
            GeGraphDef graph;
            if (error_code e = readGraph(object, graph); e)
                return e;
            if (m_continueMainGraph) {
                continueMainGraph(graph);
                m_continueMainGraph = false;
                continue;
            }
            m_model.graphs.push_back(graph);
        }
        return simdjson::SUCCESS;
    }

    // The last piece's first graph is the main graph from its op array's last piece on: its ops
    // are those not converted yet (the pieces' before it were, piece by piece), and what it states
    // after them wins, as in a whole read.
    void continueMainGraph(const GeGraphDef &rest)
    {
        GeGraphDef &main = m_model.graphs.front();
        main.ops = rest.ops;
        if (!rest.name.empty())
            main.name = rest.name;
        if (rest.inputs.count > 0)
            main.inputs = rest.inputs;
        if (rest.outputs.count > 0)
            main.outputs = rest.outputs;
    }

    error_code readGraph(ondemand::object object, GeGraphDef &graph)
    {
        return forEachField(object, [&](std::string_view key, ondemand::field &field) {
            m_lastGraphKey = key == "op" ? "op" : "";
            if (key == "name")
                return readString(field.value(), graph.name);
            if (key == "input")
                return readStrings(field.value(), graph.inputs);
            if (key == "output")
                return readStrings(field.value(), graph.outputs);
            if (key == "op")
                return readOps(field.value(), graph.ops);
            return simdjson::SUCCESS;
        });
    }

    error_code readOps(ondemand::value value, GeRange &out)
    {
        ondemand::array array;
        if (error_code e = value.get_array().get(array); e)
            return wrongType(e) ? simdjson::SUCCESS : e;
        const std::size_t begin = m_model.ops.size();
        if (error_code e = readOpArray(array); e)
            return e;
        out = GeModel::rangeFrom(m_model.ops, begin);
        return simdjson::SUCCESS;
    }

    error_code readOp(ondemand::object object, GeOpDef &op)
    {
        return forEachField(object, [&](std::string_view key, ondemand::field &field) {
            if (key == "name")
                return readString(field.value(), op.name);
            if (key == "type")
                return readString(field.value(), op.type);
            if (key == "input")
                return readStrings(field.value(), op.inputs);
            if (key == "input_desc")
                return readDescs(field.value(), op.inputDescs);
            if (key == "output_desc")
                return readDescs(field.value(), op.outputDescs);
            if (key == "subgraph_name")
                return readStrings(field.value(), op.subgraphNames);
            return simdjson::SUCCESS;
        });
    }

    // Every element gives a descriptor (one that is not an object an empty one), so input_desc[i]
    // stays paired with input[i].
    error_code readDescs(ondemand::value value, GeRange &out)
    {
        ondemand::array array;
        if (error_code e = value.get_array().get(array); e)
            return wrongType(e) ? simdjson::SUCCESS : e;
        const std::size_t begin = m_model.descs.size();
        for (auto element : array) {
            GeTensorDesc desc;
            ondemand::object object;
            if (error_code e = element.get_object().get(object); e) {
                if (!wrongType(e))
                    return e;
            } else if (error_code e = readDesc(object, desc); e) {
                return e;
            }
            m_model.descs.push_back(desc);
        }
        out = GeModel::rangeFrom(m_model.descs, begin);
        return simdjson::SUCCESS;
    }

    error_code readDesc(ondemand::object object, GeTensorDesc &desc)
    {
        return forEachField(object, [&](std::string_view key, ondemand::field &field) {
            if (key == "name")
                return readString(field.value(), desc.name);
            if (key == "dtype")
                return readDType(field.value(), desc.dtype);
            if (key == "shape")
                return readShape(field.value(), desc.dims);
            return simdjson::SUCCESS;
        });
    }

    // "DT_FLOAT" or GE's enum number; a name or number GE's proto does not declare is undefined.
    error_code readDType(ondemand::value value, DType &out)
    {
        out = DType::Undefined;
        const std::string_view token = value.raw_json_token();
        if (token.empty())
            return simdjson::SUCCESS;
        if (token.front() == '"') {
            std::string_view name;
            if (error_code e = readText(value, name); e)
                return e;
            if (name != m_lastDTypeName) {
                m_lastDTypeName = name;
                m_lastDType = geDTypeFromName(name);
            }
            out = m_lastDType;
            return simdjson::SUCCESS;
        }
        std::int64_t number = 0;
        if (value.get_int64().get(number) == simdjson::SUCCESS && number >= 0 && number <= 1000)
            out = geDTypeFromNumber(number) == DType::Other ? DType::Undefined
                                                            : geDTypeFromNumber(number);
        return simdjson::SUCCESS;
    }

    // {"dim": [1, 224, 224, 3]}; dims that are not integers are left out.
    error_code readShape(ondemand::value value, GeRange &out)
    {
        ondemand::object object;
        if (error_code e = value.get_object().get(object); e)
            return wrongType(e) ? simdjson::SUCCESS : e;
        return forEachField(object, [&](std::string_view key, ondemand::field &field) {
            if (key == "dim")
                return readDims(field.value(), out);
            return simdjson::SUCCESS;
        });
    }

    error_code readDims(ondemand::value value, GeRange &out)
    {
        ondemand::array array;
        if (error_code e = value.get_array().get(array); e)
            return wrongType(e) ? simdjson::SUCCESS : e;
        const std::size_t begin = m_model.dims.size();
        for (auto element : array) {
            ondemand::value item;
            if (error_code e = element.get(item); e)
                return e;
            std::int64_t dim = 0;
            if (item.get_int64().get(dim) == simdjson::SUCCESS)
                m_model.dims.push_back(dim);
        }
        out = GeModel::rangeFrom(m_model.dims, begin);
        return simdjson::SUCCESS;
    }

    GeModel &m_model;
    const ImportContext &m_context;
    const AtcJsonPiece *m_piece = nullptr;
    bool m_continueMainGraph = false;
    std::string_view m_lastGraphKey;
    std::string m_lastDTypeName; // a copy: the text it came from may be gone
    DType m_lastDType = DType::Undefined;
};

} // namespace opsinfo::atcjson
