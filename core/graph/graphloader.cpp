#include "graph/graphloader.h"

#include "graph/importcontext.h"

#include <filesystem>
#include <fstream>

namespace opsinfo {

namespace {

std::string extensionHint(const std::string &path)
{
    const std::string ext = std::filesystem::path(path).extension().string();
    if (ext == ".onnx")
        return "the name says ONNX, ";
    if (ext == ".pb")
        return "the name says TensorFlow GraphDef, ";
    if (ext == ".pbtxt" || ext == ".txt")
        return "the name says protobuf text, ";
    if (ext == ".json")
        return "the name says JSON, ";
    return {};
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

} // namespace

GraphLoadResult loadGraphFromBytes(std::string_view bytes, const std::string &path, const OpMap &map,
                                   const GraphLoadOptions &options)
{
    GraphLoadResult result;
    ImportContext context{path, map, options, result.diagnostics};
    if (bytes.size() > options.maxFileBytes) {
        context.error("graph-too-large",
                      "the file has " + std::to_string(bytes.size()) + " bytes, more than the limit of "
                          + std::to_string(options.maxFileBytes),
                      "protobuf models cannot exceed 2 GiB; export large weights as external data");
        return result;
    }
    if (bytes.empty()) {
        context.error("graph-empty", "the file is empty", "check that the export finished writing");
        return result;
    }
    result.format = detectGraphFormat(bytes);
    try {
        switch (result.format) {
        case GraphFormat::Onnx: result.graph = importOnnx(bytes, false, context); break;
        case GraphFormat::OnnxText: result.graph = importOnnx(bytes, true, context); break;
        case GraphFormat::GeProto: result.graph = importGeProto(bytes, context); break;
        case GraphFormat::AtcJson: result.graph = importAtcJson(bytes, context); break;
        case GraphFormat::TfGraphDef: result.graph = importTfGraph(bytes, false, context); break;
        case GraphFormat::TfGraphText: result.graph = importTfGraph(bytes, true, context); break;
        case GraphFormat::Json:
            context.error("graph-format",
                          extensionHint(path) + "but the content is JSON without a \"graph\" of \"op\"s, "
                          "so it is not an ATC om -> json model",
                          "graphs are ONNX (.onnx), TensorFlow GraphDef (.pb/.pbtxt), GE dumps "
                          "(ge_proto_*.txt, ge_onnx_*.pbtxt) or atc --mode=1 JSON");
            break;
        case GraphFormat::Unknown:
            context.error("graph-format",
                          extensionHint(path) + "but the content is none of the supported graph formats",
                          "graphs are ONNX (.onnx), TensorFlow GraphDef (.pb/.pbtxt), GE dumps "
                          "(ge_proto_*.txt, ge_onnx_*.pbtxt) or atc --mode=1 JSON");
            break;
        }
    } catch (const std::bad_alloc &) {
        result.graph.reset();
        context.error("graph-memory", "ran out of memory while reading the graph",
                      "the file may claim absurd sizes; check that it is a real model");
    } catch (const std::exception &e) {
        result.graph.reset();
        context.error("graph-internal", std::string("could not read the graph: ") + e.what(), {});
    }
    if (result.graph)
        stamp(*result.graph, path, graphFormatName(result.format));
    return result;
}

GraphLoadResult loadGraph(const std::string &path, const OpMap &map, const GraphLoadOptions &options)
{
    GraphLoadResult result;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        result.diagnostics.push_back({Severity::Error, {path, 0, 0}, "graph-read",
                                      "cannot read the file: " + ec.message(),
                                      "check the path and that the file is readable"});
        return result;
    }
    if (size > options.maxFileBytes) {
        result.diagnostics.push_back({Severity::Error, {path, 0, 0}, "graph-too-large",
                                      "the file has " + std::to_string(size)
                                          + " bytes, more than the limit of "
                                          + std::to_string(options.maxFileBytes),
                                      "protobuf models cannot exceed 2 GiB; export large weights as "
                                      "external data"});
        return result;
    }
    std::ifstream in(path, std::ios::binary);
    std::string bytes(size, '\0');
    if (!in || !in.read(bytes.data(), std::streamsize(size))) {
        result.diagnostics.push_back({Severity::Error, {path, 0, 0}, "graph-read", "cannot read the file",
                                      "check that the file is readable"});
        return result;
    }
    return loadGraphFromBytes(bytes, path, map, options);
}

} // namespace opsinfo
