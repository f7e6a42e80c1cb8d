#include "graph/geimporter.h"

#include "common/coretext.h"

#include <nlohmann/json.hpp>

namespace opsinfo {

namespace {

using nlohmann::json;

// ATC writes the ModelDef with protobuf's field names; maps are arrays of {"key","value"}.
// Only the fields convertGeModel reads are copied; values of the wrong JSON type are skipped.
std::string stringAt(const json &object, const char *key)
{
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void readDesc(const json &object, geir::TensorDescriptor &desc)
{
    desc.set_name(stringAt(object, "name"));
    geir::DataType type = geir::DT_UNDEFINED;
    if (auto it = object.find("dtype"); it != object.end()) {
        if (it->is_string())
            geir::DataType_Parse(it->get<std::string>(), &type);
        else if (it->is_number_integer() && geir::DataType_IsValid(it->get<int>()))
            type = geir::DataType(it->get<int>());
    }
    desc.set_dtype(type);
    if (auto shape = object.find("shape"); shape != object.end() && shape->is_object())
        if (auto dims = shape->find("dim"); dims != shape->end() && dims->is_array())
            for (const json &dim : *dims)
                if (dim.is_number_integer())
                    desc.mutable_shape()->add_dim(dim.get<std::int64_t>());
}

void readStrings(const json &object, const char *key, google::protobuf::RepeatedPtrField<std::string> *out)
{
    if (auto it = object.find(key); it != object.end() && it->is_array())
        for (const json &value : *it)
            *out->Add() = value.is_string() ? value.get<std::string>() : std::string();
}

void readOp(const json &object, geir::OpDef &op)
{
    op.set_name(stringAt(object, "name"));
    op.set_type(stringAt(object, "type"));
    readStrings(object, "input", op.mutable_input());
    readStrings(object, "subgraph_name", op.mutable_subgraph_name());
    for (const char *key : {"input_desc", "output_desc"}) {
        auto it = object.find(key);
        if (it == object.end() || !it->is_array())
            continue;
        for (const json &desc : *it) {
            auto *target = std::string_view(key) == "input_desc" ? op.add_input_desc() : op.add_output_desc();
            if (desc.is_object())
                readDesc(desc, *target);
        }
    }
}

} // namespace

std::unique_ptr<Graph> importAtcJson(std::string_view bytes, ImportContext &context)
{
    json document = json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (document.is_discarded()) {
        // Parse again with exceptions to learn where it broke.
        try {
            document = json::parse(bytes.begin(), bytes.end());
        } catch (const json::parse_error &e) {
            const SourceLocation at = locate(bytes, e.byte > 0 ? e.byte - 1 : 0, context.path);
            context.error(
                "graph-syntax", CoreText::tr("not valid JSON: %1", e.what()),
                CoreText::tr("the file must be the output of atc --mode=1 --om=... --json=..."),
                at.line, at.column);
            return nullptr;
        } catch (const json::exception &e) {
            // Not a syntax error but still unreadable, e.g. a number beyond double (1e400): out_of_range.
            context.error(
                "graph-syntax", CoreText::tr("not readable JSON: %1", e.what()),
                CoreText::tr("the file must be the output of atc --mode=1 --om=... --json=..."));
            return nullptr;
        }
    }
    geir::ModelDef model;
    if (!document.is_object()) {
        context.error("graph-format",
                      CoreText::tr("the JSON is not an object, so not an ATC om -> json model"),
                      CoreText::tr("use the output of atc --mode=1"));
        return nullptr;
    }
    model.set_name(stringAt(document, "name"));
    if (auto graphs = document.find("graph"); graphs != document.end() && graphs->is_array()) {
        for (const json &g : *graphs) {
            if (!g.is_object())
                continue;
            auto *graph = model.add_graph();
            graph->set_name(stringAt(g, "name"));
            readStrings(g, "input", graph->mutable_input());
            readStrings(g, "output", graph->mutable_output());
            if (auto ops = g.find("op"); ops != g.end() && ops->is_array())
                for (const json &op : *ops)
                    if (op.is_object())
                        readOp(op, *graph->add_op());
        }
    }
    auto graph = convertGeModel(model, context);
    if (graph)
        graph->format = "atc-json";
    return graph;
}

} // namespace opsinfo
