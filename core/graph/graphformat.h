#pragma once

#include <string_view>

namespace opsinfo {

enum class GraphFormat {
    Unknown,
    Onnx, // binary ModelProto
    OnnxText, // ModelProto text (GE's ge_onnx_*.pbtxt dumps, or any ONNX text)
    GeProto, // ge_proto_*.txt: text of GE's ModelDef
    AtcJson, // atc --mode=1 om -> json
    TfGraphDef, // binary GraphDef
    TfGraphText, // GraphDef text (.pbtxt)
    Json, // JSON, but not an ATC model
};

// "onnx", "ge-onnx", "ge-proto", "atc-json", "tf-graphdef"; the Graph::format strings.
const char *graphFormatName(GraphFormat format);

// Decides from the bytes, not the file name: a JSON file renamed .onnx is still JSON.
GraphFormat detectGraphFormat(std::string_view bytes);

} // namespace opsinfo
