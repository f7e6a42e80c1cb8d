#include "graph/geimporter.h"

#include "common/coretext.h"
#include "common/jsonsyntaxcheck.h"
#include "common/lineindex.h"
#include "graph/atcjsonpieces.h"
#include "graph/atcjsonreader.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>

namespace opsinfo {

namespace {

using namespace atcjson;

std::string syntaxHint()
{
    return CoreText::tr("the file must be the output of atc --mode=1 --om=... --json=...");
}

// simdjson says that the text is broken, not where: the strict checker finds the place. When it
// finds none the JSON is valid but beyond what we read (nesting deeper than simdjson allows).
void reportSyntaxError(std::string_view bytes, error_code error, ImportContext &context)
{
    if (const auto syntax = findJsonSyntaxError(bytes)) {
        const SourceLocation at
            = locate(bytes, std::min(syntax->offset, bytes.size()), context.path);
        context.error("graph-syntax", CoreText::tr("not valid JSON: %1", syntax->message),
                      syntaxHint(), at.line, at.column);
        return;
    }
    context.error("graph-syntax",
                  CoreText::tr("not readable JSON: %1", simdjson::error_message(error)),
                  syntaxHint());
}

} // namespace

namespace {

// Whether the whole document was read; an error (reported) when not. The model's views are into
// `bytes` or, when the bytes have no padding after them, into `copy`, which must outlive it.
bool readWhole(std::string_view bytes, ImportContext &context, GeModel &model,
               simdjson::padded_string &copy)
{
    // simdjson reads up to SIMDJSON_PADDING bytes past the end: use the caller's buffer when it
    // has them, else a padded copy.
    simdjson::padded_string_view json;
    if (context.readableBytes >= bytes.size() + simdjson::SIMDJSON_PADDING) {
        json = simdjson::padded_string_view(bytes.data(), bytes.size(), context.readableBytes);
    } else {
        copy = simdjson::padded_string(bytes);
        json = copy;
    }
    ondemand::parser parser;
    ondemand::document document;
    error_code error = parser.iterate(json).get(document);
    // The index is built (stage 1 read every byte): the walk below maps back only the pages it
    // is at, and gives them back behind it.
    context.releaseReadBytes(bytes.data() + bytes.size());
    ondemand::object top;
    if (!error) {
        error = document.get_object().get(top);
        if (error == simdjson::INCORRECT_TYPE) {
            context.error("graph-format",
                          CoreText::tr("the JSON is not an object, so not an ATC om -> json model"),
                          CoreText::tr("use the output of atc --mode=1"));
            return false;
        }
    }
    if (!error)
        error = AtcJsonReader(model, context).readModel(top);
    const char *rest = nullptr;
    if (!error && document.current_location().get(rest) == simdjson::SUCCESS)
        error = simdjson::TRAILING_CONTENT;
    if (error) {
        reportSyntaxError(bytes, error, context);
        return false;
    }
    // The parser's index goes with the parser; the unescaped strings it held were copied into the
    // model (keep).
    return true;
}

} // namespace

std::unique_ptr<Graph> importAtcJson(std::string_view bytes, ImportContext &context)
{
    std::unique_ptr<Graph> graph;
    if (auto pieced = importAtcJsonInPieces(bytes, context)) {
        graph = std::move(*pieced);
    } else {
        GeModel model;
        simdjson::padded_string copy; // what the model views when the bytes have no padding
        if (!readWhole(bytes, context, model, copy))
            return nullptr;
        graph = convertGeModel(model, context);
    }
    if (graph)
        graph->format = "atc-json";
    return graph;
}

} // namespace opsinfo
