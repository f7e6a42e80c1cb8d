#pragma once

#include "common/diagnostic.h"
#include "common/mappedfile.h"
#include "graph/graph.h"
#include "graph/graphloader.h"
#include "graph/opmap.h"

#include <google/protobuf/message.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

// Internal to the importers: shared state and the protobuf entry points with our limits.
namespace opsinfo {

struct ImportContext
{
    std::string path;
    const OpMap &map;
    GraphLoadOptions options;
    std::vector<Diagnostic> &diagnostics;
    // How many bytes may be read from the start of the file's bytes: more than their size when the
    // buffer has zeroed padding after them (a mapped file's last page), which simdjson needs.
    std::size_t readableBytes = 0;
    // The mapped file the bytes are from, if any: importers give its pages back behind them.
    const MappedFile *file = nullptr;

    // The file's pages before `position` are not needed soon (they stay readable).
    void releaseReadBytes(const char *position) const
    {
        if (file)
            file->releaseBefore(position);
    }

    void error(std::string code, std::string message, std::string hint, int line = 0,
               int column = 0);
    void warning(std::string code, std::string message, std::string hint = {});
    void note(std::string code, std::string message, std::string hint = {});
    // Graph::linkProducers() findings, capped so a file with thousands of dangling inputs stays
    // readable.
    void addLinkDiagnostics(std::vector<Diagnostic> links);
};

// Binary protobuf with a size cap and a nesting cap; false (and a diagnostic) when it fails.
bool parseBinaryProto(std::string_view bytes, google::protobuf::Message &message,
                      ImportContext &context, const char *what);
// Protobuf text format, unknown fields skipped; syntax errors become diagnostics with line/column.
bool parseTextProto(std::string_view text, google::protobuf::Message &message,
                    ImportContext &context, const char *what);

// "producer:3" -> {"producer", 3}; "producer" -> {"producer", 0}. Index -1 marks a control edge.
// `producer` is a view into the text parsed.
struct TensorRef
{
    std::string_view producer;
    int index = 0;
};
TensorRef parseTensorRef(std::string_view text);

std::unique_ptr<Graph> importOnnx(std::string_view bytes, bool text, ImportContext &context);
std::unique_ptr<Graph> importGeProto(std::string_view bytes, ImportContext &context);
std::unique_ptr<Graph> importAtcJson(std::string_view bytes, ImportContext &context);
std::unique_ptr<Graph> importTfGraph(std::string_view bytes, bool text, ImportContext &context);

} // namespace opsinfo
