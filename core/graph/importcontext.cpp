#include "graph/importcontext.h"

#include "common/coretext.h"
#include "common/varint.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/text_format.h>

#include <cctype>
#include <charconv>
#include <climits>
#include <cstdint>
#include <mutex>

namespace opsinfo {

void ImportContext::error(std::string code, std::string message, std::string hint, int line,
                          int column)
{
    diagnostics.push_back({Severity::Error,
                           {path, line, column},
                           std::move(code),
                           std::move(message),
                           std::move(hint)});
}

void ImportContext::warning(std::string code, std::string message, std::string hint)
{
    diagnostics.push_back(
        {Severity::Warning, {path, 0, 0}, std::move(code), std::move(message), std::move(hint)});
}

void ImportContext::note(std::string code, std::string message, std::string hint)
{
    diagnostics.push_back(
        {Severity::Note, {path, 0, 0}, std::move(code), std::move(message), std::move(hint)});
}

void ImportContext::addLinkDiagnostics(std::vector<Diagnostic> links)
{
    constexpr std::size_t kShown = 10;
    const std::size_t total = links.size();
    for (std::size_t i = 0; i < total && i < kShown; ++i)
        diagnostics.push_back(std::move(links[i]));
    if (total > kShown)
        warning("missing-producer",
                CoreText::tr("%1 more inputs read tensors that no node produces (%2 in all)",
                             total - kShown, total),
                CoreText::tr("weights stripped from the file (e.g. OpenCV text graphs) give this")
                    + "; " + CoreText::tr("they are treated as graph inputs of unknown dtype"));
}

namespace {

// Protobuf reports why a binary parse failed only through its log; we capture it so the user
// sees the reason instead of a line on stderr.
std::mutex g_logMutex;
std::string *g_captured = nullptr;

void captureLog(google::protobuf::LogLevel level, const char *, int, const std::string &message)
{
    if (g_captured && level >= google::protobuf::LOGLEVEL_WARNING) {
        if (!g_captured->empty())
            *g_captured += " | "; // not "; ": that separates the steps of a core text
        *g_captured += message;
    }
}

class TextErrors : public google::protobuf::io::ErrorCollector
{
public:
    struct Error
    {
        int line = 0;
        int column = 0;
        std::string message;
    };

    void AddError(int line, google::protobuf::io::ColumnNumber column,
                  const std::string &message) override
    {
        errors.push_back({line + 1, column + 1, message});
    }
    void AddWarning(int, google::protobuf::io::ColumnNumber, const std::string &) override
    {
        // Unknown fields are expected: our .proto declares only what we read.
    }

    std::vector<Error> errors;
};

// The enum name in protobuf's 'Unknown enumeration value of "DT_NEW" for field "dtype".', if the
// only error is that one.
std::string unknownEnumName(const std::vector<TextErrors::Error> &errors)
{
    static const std::string prefix = "Unknown enumeration value of \"";
    if (errors.size() != 1 || !errors[0].message.starts_with(prefix))
        return {};
    const std::string &m = errors[0].message;
    const std::size_t end = m.find('"', prefix.size());
    const std::string name
        = m.substr(prefix.size(), end == std::string::npos ? 0 : end - prefix.size());
    const bool identifier
        = !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_');
    return identifier ? name : std::string();
}

// Replaces `: NAME` value tokens (not field names or strings that merely contain it).
std::string replaceEnumValue(std::string_view text, const std::string &name,
                             std::string_view number)
{
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    while (true) {
        const std::size_t hit = text.find(name, pos);
        if (hit == std::string_view::npos)
            break;
        std::size_t before = hit;
        while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '\t'))
            --before;
        const std::size_t after = hit + name.size();
        const bool valueToken = before > 0 && text[before - 1] == ':'
            && (after == text.size()
                || !(std::isalnum(static_cast<unsigned char>(text[after])) || text[after] == '_'));
        out.append(text.substr(pos, hit - pos));
        out.append(valueToken ? number : std::string_view(name));
        pos = after;
    }
    out.append(text.substr(pos));
    return out;
}

// Where a broken file goes wrong, found by walking the top-level fields; None when they all fit
// (the damage is then deeper inside a field).
struct WireProblem
{
    enum Kind { None, InvalidTag, CutOff, WireType, Truncated } kind = None;
    std::uint64_t field = 0;
    std::size_t start = 0;
    std::uint64_t claimed = 0;
    std::size_t remaining = 0;
};

WireProblem wireProblem(std::string_view bytes)
{
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        const std::size_t start = pos;
        std::uint64_t tag = 0;
        if (!readVarint(bytes, pos, tag) || (tag >> 3) == 0)
            return {WireProblem::InvalidTag, 0, start};
        const std::uint64_t field = tag >> 3;
        std::uint64_t skip = 0;
        switch (tag & 7) {
        case 0:
            if (!readVarint(bytes, pos, skip))
                return {WireProblem::CutOff, field, start};
            continue;
        case 1:
            skip = 8;
            break;
        case 5:
            skip = 4;
            break;
        case 2:
            if (!readVarint(bytes, pos, skip))
                return {WireProblem::CutOff, field, start};
            break;
        default:
            return {WireProblem::WireType, 0, start};
        }
        if (skip > bytes.size() - pos)
            return {WireProblem::Truncated, field, start, skip, bytes.size() - pos};
        pos += std::size_t(skip);
    }
    return {};
}

// "cannot parse the file as <what>: <why>[ (protobuf: <log>)]", one template per reason.
std::string corruptMessage(const char *what, const WireProblem &p, int levels,
                           const std::string &log)
{
    const bool withLog = !log.empty();
    switch (p.kind) {
    case WireProblem::InvalidTag:
        return withLog ? CoreText::tr(
                   "cannot parse the file as %1: invalid field tag at byte %2 (protobuf: %3)", what,
                   p.start, log)
                       : CoreText::tr("cannot parse the file as %1: invalid field tag at byte %2",
                                      what, p.start);
    case WireProblem::CutOff:
        return withLog ? CoreText::tr(
                   "cannot parse the file as %1: field %2 at byte %3 is cut off (protobuf: %4)",
                   what, p.field, p.start, log)
                       : CoreText::tr("cannot parse the file as %1: field %2 at byte %3 is cut off",
                                      what, p.field, p.start);
    case WireProblem::WireType:
        return withLog
            ? CoreText::tr(
                "cannot parse the file as %1: unsupported wire type at byte %2 (protobuf: %3)",
                what, p.start, log)
            : CoreText::tr("cannot parse the file as %1: unsupported wire type at byte %2", what,
                           p.start);
    case WireProblem::Truncated:
        return withLog
            ? CoreText::tr(
                "cannot parse the file as %1: field %2 at byte %3 claims %4 bytes but only %5 remain (the file is truncated or corrupt) (protobuf: %6)",
                what, p.field, p.start, p.claimed, p.remaining, log)
            : CoreText::tr(
                "cannot parse the file as %1: field %2 at byte %3 claims %4 bytes but only %5 remain (the file is truncated or corrupt)",
                what, p.field, p.start, p.claimed, p.remaining);
    case WireProblem::None:
        break;
    }
    return withLog
        ? CoreText::tr(
            "cannot parse the file as %1: the protobuf data inside is corrupt or nests deeper than %2 message levels (protobuf: %3)",
            what, levels, log)
        : CoreText::tr(
            "cannot parse the file as %1: the protobuf data inside is corrupt or nests deeper than %2 message levels",
            what, levels);
}

} // namespace

bool parseBinaryProto(std::string_view bytes, google::protobuf::Message &message,
                      ImportContext &context, const char *what)
{
    if (bytes.size() >= std::size_t(INT_MAX)) {
        context.error(
            "graph-too-large",
            CoreText::tr("%1 of %2 bytes is beyond protobuf's 2 GiB limit", what, bytes.size()),
            CoreText::tr("export the model with external data (weights in separate files)"));
        return false;
    }
    google::protobuf::io::CodedInputStream stream(
        reinterpret_cast<const std::uint8_t *>(bytes.data()), int(bytes.size()));
    stream.SetTotalBytesLimit(INT_MAX);
    // Each subgraph level costs a few message levels (graph -> node -> attribute -> graph).
    stream.SetRecursionLimit(4 * context.options.maxSubgraphDepth + 32);
    std::string captured;
    bool parsed = false;
    {
        std::lock_guard lock(g_logMutex);
        g_captured = &captured;
        auto previous = google::protobuf::SetLogHandler(&captureLog);
        parsed = message.ParseFromCodedStream(&stream) && stream.ConsumedEntireMessage();
        google::protobuf::SetLogHandler(previous);
        g_captured = nullptr;
    }
    if (!parsed) {
        context.error("graph-corrupt",
                      corruptMessage(what, wireProblem(bytes),
                                     4 * context.options.maxSubgraphDepth + 32, captured),
                      CoreText::tr("re-export or re-download the model") + "; "
                          + CoreText::tr("compare its size with the original"));
    }
    return parsed;
}

bool parseTextProto(std::string_view text, google::protobuf::Message &message,
                    ImportContext &context, const char *what)
{
    if (text.size() >= std::size_t(INT_MAX)) {
        context.error("graph-too-large", CoreText::tr("%1 is beyond protobuf's 2 GiB limit", what),
                      {});
        return false;
    }
    // A dump from a newer tool may name enum values (dtypes) we do not declare; the text parser
    // rejects those, so each is replaced by an unknown number and the parse retried.
    constexpr int kMaxUnknownEnums = 8;
    std::string patched;
    std::vector<std::string> replaced;
    while (true) {
        TextErrors errors;
        google::protobuf::TextFormat::Parser parser;
        parser.AllowUnknownField(true);
        parser.AllowUnknownExtension(true);
        parser.AllowPartialMessage(true);
        parser.SetRecursionLimit(4 * context.options.maxSubgraphDepth + 32);
        parser.RecordErrorsTo(&errors);
        const std::string_view current = replaced.empty() ? text : std::string_view(patched);
        google::protobuf::io::ArrayInputStream input(current.data(), int(current.size()));
        // Merge rather than Parse: a singular field written twice (seen in tool-written dumps)
        // keeps the last value instead of failing the whole file.
        message.Clear();
        if (parser.Merge(&input, &message)) {
            if (!replaced.empty()) {
                std::string list;
                for (const auto &name : replaced)
                    list += (list.empty() ? "" : ", ") + name;
                context.warning(
                    "unknown-enum",
                    CoreText::tr("unknown enum value(s) %1 read as an unknown dtype", list),
                    CoreText::tr("the file comes from a newer tool version") + "; "
                        + CoreText::tr("dtypes there show as 'other'"));
            }
            return true;
        }
        const std::string name = unknownEnumName(errors.errors);
        if (name.empty() || int(replaced.size()) >= kMaxUnknownEnums) {
            for (std::size_t i = 0; i < errors.errors.size() && i < 5; ++i) {
                const auto &e = errors.errors[i];
                context.error(
                    "graph-syntax", CoreText::tr("not a valid %1: %2", what, e.message),
                    CoreText::tr("the file must be protobuf text format as the tool wrote it")
                        + "; " + CoreText::tr("was it edited or cut short?"),
                    e.line, e.column);
            }
            if (errors.errors.empty())
                context.error("graph-syntax", CoreText::tr("not a valid %1", what), {});
            return false;
        }
        patched = replaceEnumValue(current, name, "1000");
        replaced.push_back(name);
    }
}

TensorRef parseTensorRef(std::string_view text)
{
    TensorRef ref;
    const std::size_t colon = text.rfind(':');
    if (colon != std::string_view::npos && colon + 1 < text.size()) {
        int index = 0;
        const std::string_view digits = text.substr(colon + 1);
        auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
        if (ec == std::errc() && ptr == digits.data() + digits.size()) {
            ref.producer = text.substr(0, colon);
            ref.index = index;
            return ref;
        }
    }
    ref.producer = text;
    return ref;
}

} // namespace opsinfo
