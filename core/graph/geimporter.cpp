#include "graph/geimporter.h"

#include "common/coretext.h"
#include "graph/geconverter.h"
#include "graph/getextscanner.h"

#include <algorithm>
#include <climits>
#include <unordered_map>
#include <unordered_set>

namespace opsinfo {

DType geDTypeFromNumber(std::int64_t value)
{
    if (value == geir::DT_UNDEFINED)
        return DType::Undefined;
    if (value < INT_MIN || value > INT_MAX || !geir::DataType_IsValid(int(value)))
        return DType::Other; // a name from a newer GE (see parseTextProto)
    return parseEnumDType(geir::DataType_Name(geir::DataType(value)));
}

DType geDTypeFromName(std::string_view name)
{
    // Sorted (name, dtype) pairs of GE's DataType enum; the names live in the descriptor pool.
    static const std::vector<std::pair<std::string_view, DType>> table = [] {
        std::vector<std::pair<std::string_view, DType>> pairs;
        const auto *descriptor = geir::DataType_descriptor();
        for (int i = 0; i < descriptor->value_count(); ++i)
            pairs.emplace_back(descriptor->value(i)->name(),
                               geDTypeFromNumber(descriptor->value(i)->number()));
        std::sort(pairs.begin(), pairs.end());
        return pairs;
    }();
    auto it
        = std::lower_bound(table.begin(), table.end(), name,
                           [](const auto &pair, std::string_view key) { return pair.first < key; });
    return it != table.end() && it->first == name ? it->second : DType::Undefined;
}

std::unique_ptr<Graph> convertGeModel(const GeModel &model, ImportContext &context)
{
    if (model.graphs.empty()) {
        context.error("graph-empty", CoreText::tr("the GE model has no graph"),
                      CoreText::tr("a GE dump starts with graph { name: ... op { ... } }"));
        return nullptr;
    }
    return GeConverter(model, context).convertModel();
}

GeModel geModelFromProto(const geir::ModelDef &proto)
{
    GeModel model;
    model.name = proto.name();
    auto strings = [&](const google::protobuf::RepeatedPtrField<std::string> &list) {
        const std::size_t begin = model.strings.size();
        model.strings.insert(model.strings.end(), list.begin(), list.end());
        return GeModel::rangeFrom(model.strings, begin);
    };
    auto descs = [&](const google::protobuf::RepeatedPtrField<geir::TensorDescriptor> &list) {
        const std::size_t begin = model.descs.size();
        for (const geir::TensorDescriptor &desc : list) {
            const std::size_t dims = model.dims.size();
            model.dims.insert(model.dims.end(), desc.shape().dim().begin(),
                              desc.shape().dim().end());
            model.descs.push_back({desc.name(), geDTypeFromNumber(desc.dtype()),
                                   GeModel::rangeFrom(model.dims, dims)});
        }
        return GeModel::rangeFrom(model.descs, begin);
    };
    for (const geir::GraphDef &graph : proto.graph()) {
        GeGraphDef &def = model.graphs.emplace_back();
        def.name = graph.name();
        def.inputs = strings(graph.input());
        def.outputs = strings(graph.output());
        const std::size_t begin = model.ops.size();
        for (const geir::OpDef &op : graph.op()) {
            GeOpDef &o = model.ops.emplace_back();
            o.name = op.name();
            o.type = op.type();
            o.inputs = strings(op.input());
            o.subgraphNames = strings(op.subgraph_name());
            o.inputDescs = descs(op.input_desc());
            o.outputDescs = descs(op.output_desc());
        }
        def.ops = GeModel::rangeFrom(model.ops, begin);
    }
    return model;
}

std::unique_ptr<Graph> importGeProto(std::string_view bytes, ImportContext &context)
{
    // The scanner reads real dumps several times faster than TextFormat and without a message
    // per field; whatever it declines (errors included) TextFormat reads and words as before.
    GeModel model;
    geir::ModelDef proto; // what `model` views when TextFormat read it
    if (!scanGeModelText(bytes, model)) {
        model = GeModel();
        if (!parseTextProto(bytes, proto, context, "GE graph dump (ModelDef text)"))
            return nullptr;
        model = geModelFromProto(proto);
    }
    auto graph = convertGeModel(model, context);
    if (graph)
        graph->format = "ge-proto";
    return graph;
}

} // namespace opsinfo
