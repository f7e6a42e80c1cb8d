#include "graph/graphloader.h"

#include "common/coretext.h"
#include "common/inputfile.h"
#include "common/mappedfile.h"
#include "graph/importcontext.h"

#include <filesystem>

namespace opsinfo {

namespace {

// What the file name says the content is ("ONNX" ...), for the message that it is not; empty when
// the extension says nothing.
std::string extensionFormat(const std::string &path)
{
    const std::string ext = std::filesystem::path(path).extension().string();
    if (ext == ".onnx")
        return "ONNX";
    if (ext == ".pb")
        return "TensorFlow GraphDef";
    if (ext == ".pbtxt" || ext == ".txt")
        return "protobuf text";
    if (ext == ".json")
        return "JSON";
    return {};
}

std::string supportedFormatsHint()
{
    return CoreText::tr(
        "graphs are ONNX (.onnx), TensorFlow GraphDef (.pb/.pbtxt), GE dumps (ge_proto_*.txt, ge_onnx_*.pbtxt) or atc --mode=1 JSON");
}

std::string tooLargeHint()
{
    return CoreText::tr("protobuf models cannot exceed 2 GiB") + "; "
        + CoreText::tr("export large weights as external data");
}

void stamp(Graph &graph, const std::string &path, const std::string &format)
{
    graph.path = path;
    if (graph.format.empty())
        graph.format = format;
    for (Node &node : graph.nodes())
        for (auto &sub : node.subgraphs)
            stamp(*sub, path, graph.format);
}

// `readable`: bytes that may be read from bytes.data() (padding after the end), 0 when unknown.
GraphLoadResult loadFromBuffer(std::string_view bytes, std::size_t readable,
                               const std::string &path, const OpMap &map,
                               const GraphLoadOptions &options, const MappedFile *file = nullptr)
{
    GraphLoadResult result;
    ImportContext context {path, map, options, result.diagnostics, readable, file};
    if (bytes.size() > options.maxFileBytes) {
        context.error("graph-too-large",
                      CoreText::tr("the file has %1 bytes, more than the limit of %2", bytes.size(),
                                   options.maxFileBytes),
                      tooLargeHint());
        return result;
    }
    if (bytes.empty()) {
        context.error("graph-empty", CoreText::tr("the file is empty"),
                      CoreText::tr("check that the export finished writing"));
        return result;
    }
    result.format = detectGraphFormat(bytes);
    try {
        switch (result.format) {
        case GraphFormat::Onnx:
            result.graph = importOnnx(bytes, false, context);
            break;
        case GraphFormat::OnnxText:
            result.graph = importOnnx(bytes, true, context);
            break;
        case GraphFormat::GeProto:
            result.graph = importGeProto(bytes, context);
            break;
        case GraphFormat::AtcJson:
            result.graph = importAtcJson(bytes, context);
            break;
        case GraphFormat::TfGraphDef:
            result.graph = importTfGraph(bytes, false, context);
            break;
        case GraphFormat::TfGraphText:
            result.graph = importTfGraph(bytes, true, context);
            break;
        case GraphFormat::Json: {
            const std::string named = extensionFormat(path);
            context.error(
                "graph-format",
                named.empty()
                    ? CoreText::tr(
                        "but the content is JSON without a \"graph\" of \"op\"s, so it is not an ATC om -> json model")
                    : CoreText::tr(
                        "the name says %1, but the content is JSON without a \"graph\" of \"op\"s, so it is not an ATC om -> json model",
                        named),
                supportedFormatsHint());
            break;
        }
        case GraphFormat::Unknown: {
            const std::string named = extensionFormat(path);
            context.error(
                "graph-format",
                named.empty()
                    ? CoreText::tr("but the content is none of the supported graph formats")
                    : CoreText::tr(
                        "the name says %1, but the content is none of the supported graph formats",
                        named),
                supportedFormatsHint());
            break;
        }
        }
    } catch (const std::bad_alloc &) {
        result.graph.reset();
        context.error("graph-memory", CoreText::tr("ran out of memory while reading the graph"),
                      CoreText::tr("the file may claim absurd sizes") + "; "
                          + CoreText::tr("check that it is a real model"));
    } catch (const std::exception &e) {
        result.graph.reset();
        context.error("graph-internal", CoreText::tr("could not read the graph: %1", e.what()), {});
    }
    if (result.graph)
        stamp(*result.graph, path, graphFormatName(result.format));
    return result;
}

} // namespace

GraphLoadResult loadGraphFromBytes(std::string_view bytes, const std::string &path,
                                   const OpMap &map, const GraphLoadOptions &options)
{
    return loadFromBuffer(bytes, 0, path, map, options);
}

GraphLoadResult loadGraph(const std::string &path, const OpMap &map,
                          const GraphLoadOptions &options)
{
    GraphLoadResult result;
    // A folder, pipe or device is refused before it is opened for reading (/dev/zero never ends).
    if (const auto refused = checkInputFile(path, {"a graph file", options.maxFileBytes})) {
        Diagnostic d = refused->diagnostic();
        d.code = refused->kind == InputFailureKind::TooLarge ? "graph-too-large" : "graph-read";
        if (refused->kind == InputFailureKind::TooLarge)
            d.hint = tooLargeHint();
        result.diagnostics.push_back(std::move(d));
        return result;
    }
    // Mapped, not copied: the importers read the page cache directly (and simdjson its padding);
    // a sparse file of zeros costs no memory and is refused after its first 64 KiB are looked at.
    const auto file = MappedFile::open(path);
    if (!file) {
        result.diagnostics.push_back({Severity::Error,
                                      {path, 0, 0},
                                      "graph-read",
                                      CoreText::tr("cannot read the file"),
                                      CoreText::tr("check that the file is readable")});
        return result;
    }
    return loadFromBuffer(file->bytes(), file->readable(), path, map, options, file.get());
}

} // namespace opsinfo
