#include "graph/graphformat.h"

#include "common/varint.h"

#include <cstdint>

namespace opsinfo {

namespace {

// Field number of the first top-level protobuf field, if the start looks like a valid field.
int firstProtobufField(std::string_view bytes, int &wireType)
{
    std::size_t pos = 0;
    std::uint64_t tag = 0;
    if (!readVarint(bytes, pos, tag) || tag == 0)
        return 0;
    wireType = int(tag & 7);
    const std::uint64_t field = tag >> 3;
    if (field == 0 || field > 536870911 || wireType > 5 || wireType == 3 || wireType == 4)
        return 0;
    return int(field);
}

bool contains(std::string_view head, std::string_view needle)
{
    return head.find(needle) != std::string_view::npos;
}

// Text format (or JSON) if the first bytes are printable.
bool looksLikeText(std::string_view head)
{
    int control = 0;
    for (char c : head) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x09 || (u > 0x0d && u < 0x20))
            ++control;
    }
    return control == 0;
}

} // namespace

const char *graphFormatName(GraphFormat format)
{
    switch (format) {
    case GraphFormat::Onnx:
        return "onnx";
    case GraphFormat::OnnxText:
        return "ge-onnx";
    case GraphFormat::GeProto:
        return "ge-proto";
    case GraphFormat::AtcJson:
        return "atc-json";
    case GraphFormat::TfGraphDef:
    case GraphFormat::TfGraphText:
        return "tf-graphdef";
    case GraphFormat::Json:
        return "json";
    case GraphFormat::Unknown:
        break;
    }
    return "unknown";
}

GraphFormat detectGraphFormat(std::string_view bytes)
{
    if (bytes.empty())
        return GraphFormat::Unknown;
    const std::string_view head = bytes.substr(0, 64 * 1024);
    std::size_t first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        first = 0;
    const std::string_view text = head.substr(first);
    if (looksLikeText(head.substr(0, 512))) {
        if (!text.empty() && (text.front() == '{' || text.front() == '[')) {
            // om -> json: a ModelDef with "graph" holding "op" arrays.
            // Large "attr" blocks may come first, so search the whole file.
            return contains(bytes, "\"graph\"") && contains(bytes, "\"op\"") ? GraphFormat::AtcJson
                                                                             : GraphFormat::Json;
        }
        if (contains(head, "op_type:") || contains(head, "ir_version:")
            || contains(head, "opset_import"))
            return GraphFormat::OnnxText;
        if (contains(head, "op {") && contains(head, "type:"))
            return GraphFormat::GeProto;
        if (contains(head, "node {") && contains(head, "op:"))
            return GraphFormat::TfGraphText;
        if (text.starts_with("graph {") || text.starts_with("graph{"))
            return GraphFormat::GeProto;
        if (text.starts_with("node {") || text.starts_with("node{"))
            return GraphFormat::TfGraphText;
        if (text.starts_with("<"))
            return GraphFormat::Unknown;
    }
    int wireType = -1;
    const int field = firstProtobufField(bytes, wireType);
    // GraphDef starts with node (1, length-delimited); ModelProto with ir_version (1, varint) or
    // another of its fields.
    if (field == 1 && wireType == 2)
        return GraphFormat::TfGraphDef;
    const bool onnxVarint = field == 1 || field == 5;
    const bool onnxMessage = (field >= 2 && field <= 4) || (field >= 6 && field <= 8) || field == 14
        || field == 20 || field == 25;
    if ((onnxVarint && wireType == 0) || (onnxMessage && wireType == 2))
        return GraphFormat::Onnx;
    return GraphFormat::Unknown;
}

} // namespace opsinfo
