// libFuzzer target: the GE text dump scanner (importGeProto's fast path) against protobuf's
// TextFormat, differentially. Whatever the scanner accepts, TextFormat must accept too and read
// the same model; abort() otherwise. (What the scanner declines goes to TextFormat: no property.)
#include "graph/geimporter.h"
#include "graph/getextscanner.h"

#include <cstdlib>

namespace {

using namespace opsinfo;

std::string describe(const GeModel &model)
{
    std::string text(model.name);
    auto strings = [&](GeRange range) {
        for (std::string_view s : model.stringsAt(range))
            text += "|s" + std::to_string(s.size()) + ":" + std::string(s);
    };
    auto descs = [&](GeRange range) {
        for (const GeTensorDesc &d : model.descsAt(range)) {
            text += "|d" + std::string(d.name) + "/" + std::to_string(int(d.dtype));
            for (std::int64_t dim : model.dimsAt(d.dims))
                text += "," + std::to_string(dim);
        }
    };
    for (const GeGraphDef &graph : model.graphs) {
        text += "|G" + std::string(graph.name);
        strings(graph.inputs);
        strings(graph.outputs);
        for (const GeOpDef &op : model.opsOf(graph)) {
            text += "|O" + std::to_string(op.name.size()) + std::string(op.name) + "/"
                + std::string(op.type);
            strings(op.inputs);
            strings(op.subgraphNames);
            descs(op.inputDescs);
            text += "|->";
            descs(op.outputDescs);
        }
    }
    return text;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    GeModel scanned;
    if (!scanGeModelText(text, scanned))
        return 0;
    std::vector<Diagnostic> diagnostics;
    ImportContext context {"fuzz-input", OpMap::defaults(), {}, diagnostics};
    geir::ModelDef proto;
    if (!parseTextProto(text, proto, context, "GE graph dump") || !diagnostics.empty())
        std::abort(); // the scanner accepted what TextFormat refuses
    if (describe(scanned) != describe(geModelFromProto(proto)))
        std::abort(); // read differently
    return 0;
}
