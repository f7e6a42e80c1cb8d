#include "graph/getextscanner.h"

#include "graph/geimporter.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opsinfo {

namespace {

// Protobuf's text tokenizer and TextFormat::Parser (3.21) define what is accepted; every function
// here returns false ("decline") where they would report an error and also where the text takes a
// form this scanner does not read (the caller then runs TextFormat). Declining is always safe.
constexpr int kMaxDepth = 64; // TextFormat allows 432 levels (parseTextProto); real dumps use ~8

bool isIdentStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isIdentChar(char c)
{
    return isIdentStart(c) || isDigit(c);
}

class Scanner
{
public:
    Scanner(std::string_view text, GeModel &model)
        : m_p(text.data())
        , m_end(text.data() + text.size())
        , m_model(model)
    {
    }

    bool run()
    {
        m_model.ops.reserve(std::size_t(m_end - m_p) / 2048 + 16);
        m_model.descs.reserve(std::size_t(m_end - m_p) / 700 + 16);
        m_model.dims.reserve(std::size_t(m_end - m_p) / 400 + 16);
        m_model.strings.reserve(std::size_t(m_end - m_p) / 1500 + 16);
        while (true) {
            skipSpace();
            if (m_p == m_end)
                return true;
            std::string_view name;
            if (!identifier(name))
                return false;
            bool ok = false;
            if (name == "name")
                ok = colon() && stringValue(&m_model.name);
            else if (name == "graph")
                ok = openMessage() && graphBody();
            else
                ok = skipUnknownField(1);
            if (!ok)
                return false;
            separator();
        }
    }

private:
    // Whitespace and '#' comments (the tokenizer's set: space, \t, \n, \r, \v, \f).
    void skipSpace()
    {
        while (m_p < m_end) {
            const char c = *m_p;
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
                ++m_p;
            } else if (c == '#') {
                // The tokenizer's comment also ends at a NUL byte, which it then refuses.
                while (m_p < m_end && *m_p != '\n' && *m_p != '\0')
                    ++m_p;
            } else {
                return;
            }
        }
    }

    bool at(char c)
    {
        skipSpace();
        return m_p < m_end && *m_p == c;
    }

    void separator()
    {
        if (at(';') || at(','))
            ++m_p;
    }

    bool colon()
    {
        if (!at(':'))
            return false;
        ++m_p;
        return true;
    }

    // A known message field: optional ':', then '{' ('<' and '[' lists are declined).
    bool openMessage()
    {
        if (at(':'))
            ++m_p;
        if (!at('{'))
            return false;
        ++m_p;
        return true;
    }

    // True when the next token closes the current message (consumed); false at a field. At the end
    // of the text the message is unclosed: `ok` turns false.
    bool closed(bool &ok)
    {
        skipSpace();
        if (m_p == m_end) {
            ok = false;
            return true;
        }
        if (*m_p == '}') {
            ++m_p;
            return true;
        }
        return false;
    }

    // The fields of a message up to its '}', each read by `field(name)`, which says whether it
    // read it. False at the first field it declines, or when the text ends before the '}'.
    template<typename Field> bool fields(Field field)
    {
        bool ok = true;
        while (!closed(ok)) {
            std::string_view name;
            if (!identifier(name) || !field(name))
                return false;
            separator();
        }
        return ok;
    }

    bool identifier(std::string_view &out)
    {
        skipSpace();
        if (m_p == m_end || !isIdentStart(*m_p))
            return false;
        const char *begin = m_p++;
        while (m_p < m_end && isIdentChar(*m_p))
            ++m_p;
        out = std::string_view(begin, std::size_t(m_p - begin));
        return true;
    }

    // One quoted literal; `raw` is what lies between the quotes.
    bool literal(std::string_view &raw, bool &escaped)
    {
        const char quote = *m_p;
        const char *begin = ++m_p;
        while (m_p < m_end) {
            const char c = *m_p;
            if (c == quote) {
                raw = std::string_view(begin, std::size_t(m_p - begin));
                ++m_p;
                return true;
            }
            if (c == '\\') {
                escaped = true;
                if (++m_p == m_end)
                    return false;
            } else if (static_cast<unsigned char>(c) < 0x20) {
                return false; // a line break (refused) or another control character (declined)
            }
            ++m_p;
        }
        return false;
    }

    // The tokenizer's escapes: \a \b \f \n \r \t \v \\ \? \' \", octal \NNN, hex \xHH. \u, \U and
    // octal values above 255 are declined.
    static bool unescape(std::string_view raw, std::string &out)
    {
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] != '\\') {
                out += raw[i];
                continue;
            }
            const char c = raw[++i];
            switch (c) {
            case 'a':
                out += '\a';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'v':
                out += '\v';
                break;
            case '\\':
            case '?':
            case '\'':
            case '"':
                out += c;
                break;
            case 'x': {
                int value = 0;
                int digits = 0;
                while (digits < 2 && i + 1 < raw.size()) {
                    const char h = raw[i + 1];
                    const int d = isDigit(h)     ? h - '0'
                        : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                        : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                                 : -1;
                    if (d < 0)
                        break;
                    value = value * 16 + d;
                    ++digits;
                    ++i;
                }
                if (digits == 0)
                    return false;
                out += char(value);
                break;
            }
            default:
                if (c >= '0' && c <= '7') {
                    int value = c - '0';
                    for (int k = 0;
                         k < 2 && i + 1 < raw.size() && raw[i + 1] >= '0' && raw[i + 1] <= '7'; ++k)
                        value = value * 8 + (raw[++i] - '0');
                    if (value > 255)
                        return false;
                    out += char(value);
                    break;
                }
                return false;
            }
        }
        return true;
    }

    // One or more adjacent literals (concatenated). `out` null: checked only.
    bool stringValue(std::string_view *out)
    {
        skipSpace();
        if (m_p == m_end || (*m_p != '"' && *m_p != '\''))
            return false;
        std::string_view raw;
        bool escaped = false;
        if (!literal(raw, escaped))
            return false;
        skipSpace();
        const bool more = m_p < m_end && (*m_p == '"' || *m_p == '\'');
        if (!escaped && !more) {
            if (out)
                *out = raw;
            return true;
        }
        std::string joined;
        if (!unescape(raw, joined))
            return false;
        while (m_p < m_end && (*m_p == '"' || *m_p == '\'')) {
            escaped = false;
            if (!literal(raw, escaped) || !unescape(raw, joined))
                return false;
            skipSpace();
        }
        if (out)
            *out = m_model.keep(std::move(joined));
        return true;
    }

    // A number token as the tokenizer reads it, decimal only (hex, octal and ".5" are declined).
    bool numberToken(bool &isFloat)
    {
        isFloat = false;
        if (m_p == m_end || !isDigit(*m_p))
            return false;
        if (*m_p == '0' && m_p + 1 < m_end && (isDigit(m_p[1]) || m_p[1] == 'x' || m_p[1] == 'X'))
            return false;
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
        if (m_p < m_end && *m_p == '.') {
            isFloat = true;
            ++m_p;
            while (m_p < m_end && isDigit(*m_p))
                ++m_p;
        }
        if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
            isFloat = true;
            ++m_p;
            if (m_p < m_end && (*m_p == '-' || *m_p == '+'))
                ++m_p;
            if (m_p == m_end || !isDigit(*m_p))
                return false;
            while (m_p < m_end && isDigit(*m_p))
                ++m_p;
        }
        if (isFloat && m_p < m_end && (*m_p == 'f' || *m_p == 'F'))
            ++m_p; // TextFormat allows "1.5f"; "5f" is declined
        // "12abc", "1.2.3": tokenizer errors
        return m_p == m_end || !(isIdentChar(*m_p) || *m_p == '.');
    }

    bool int64Value(std::int64_t *out)
    {
        skipSpace();
        bool negative = false;
        if (m_p < m_end && *m_p == '-') {
            negative = true;
            ++m_p;
            skipSpace();
        }
        const char *begin = m_p;
        bool isFloat = false;
        if (!numberToken(isFloat) || isFloat)
            return false;
        std::uint64_t value = 0;
        for (const char *d = begin; d < m_p; ++d) {
            if (value > (std::uint64_t(INT64_MAX) - std::uint64_t(*d - '0')) / 10)
                return false; // beyond int64 (declined, even where -2^63 would fit)
            value = value * 10 + std::uint64_t(*d - '0');
        }
        if (out)
            *out = negative ? -std::int64_t(value) : std::int64_t(value);
        return true;
    }

    bool floatValue()
    {
        skipSpace();
        if (m_p < m_end && *m_p == '-') {
            ++m_p;
            skipSpace();
        }
        bool isFloat = false;
        return numberToken(isFloat); // inf / nan spelled as words are declined
    }

    bool boolValue()
    {
        skipSpace();
        if (m_p < m_end && isDigit(*m_p)) {
            const char *begin = m_p;
            bool isFloat = false;
            return numberToken(isFloat) && !isFloat && m_p - begin == 1
                && (*begin == '0' || *begin == '1');
        }
        std::string_view word;
        return identifier(word)
            && (word == "true" || word == "false" || word == "True" || word == "False"
                || word == "t" || word == "f");
    }

    // An unknown field of a message we read. TextFormat skips it without the optional ';' or ','
    // that may follow a field everywhere else (ParserImpl::ConsumeField returns straight after
    // skipping), so it refuses "unknown: 1;": the scanner declines and leaves the error to it.
    bool skipUnknownField(int depth) { return skipField(depth) && !at(';') && !at(','); }

    // An unknown field after its name: "name: value" or "name [:] { ... }". Inside it, fields may
    // be followed by ';' or ',' (TextFormat's SkipField takes them).
    bool skipField(int depth)
    {
        if (at(':')) {
            ++m_p;
            skipSpace();
            if (m_p < m_end && *m_p != '{' && *m_p != '<')
                return skipValue();
        }
        return skipMessage(depth);
    }

    bool skipMessage(int depth)
    {
        if (depth > kMaxDepth || !at('{'))
            return false;
        ++m_p;
        bool ok = true;
        while (!closed(ok)) {
            std::string_view name;
            if (!identifier(name) || !skipField(depth + 1))
                return false;
            separator();
        }
        return ok;
    }

    bool skipValue()
    {
        skipSpace();
        if (m_p == m_end)
            return false;
        if (*m_p == '"' || *m_p == '\'')
            return stringValue(nullptr);
        if (isIdentStart(*m_p)) {
            std::string_view word;
            return identifier(word);
        }
        if (*m_p == '-') {
            ++m_p;
            skipSpace();
        }
        bool isFloat = false;
        return numberToken(isFloat);
    }

    bool graphBody()
    {
        GeGraphDef graph;
        m_graphInputs.clear();
        m_graphOutputs.clear();
        const std::size_t opsBegin = m_model.ops.size();
        if (!fields([&](std::string_view name) {
                if (name == "op")
                    return openMessage() && opBody();
                if (name == "name")
                    return colon() && stringValue(&graph.name);
                if (name == "input")
                    return colon() && stringValue(&m_graphInputs.emplace_back());
                if (name == "output")
                    return colon() && stringValue(&m_graphOutputs.emplace_back());
                return skipUnknownField(2);
            }))
            return false;
        graph.ops = GeModel::rangeFrom(m_model.ops, opsBegin);
        graph.inputs = appendStrings(m_graphInputs);
        graph.outputs = appendStrings(m_graphOutputs);
        m_model.graphs.push_back(graph);
        return true;
    }

    bool opBody()
    {
        GeOpDef op;
        m_opInputs.clear();
        m_opSubgraphs.clear();
        m_inDescs.clear();
        m_outDescs.clear();
        if (!fields([&](std::string_view name) {
                if (name == "attr")
                    return openMessage() && attrEntryBody();
                if (name == "input_desc")
                    return openMessage() && descBody(m_inDescs.emplace_back());
                if (name == "output_desc")
                    return openMessage() && descBody(m_outDescs.emplace_back());
                if (name == "input")
                    return colon() && stringValue(&m_opInputs.emplace_back());
                if (name == "name")
                    return colon() && stringValue(&op.name);
                if (name == "type")
                    return colon() && stringValue(&op.type);
                if (name == "subgraph_name")
                    return colon() && stringValue(&m_opSubgraphs.emplace_back());
                return skipUnknownField(3);
            }))
            return false;
        op.inputs = appendStrings(m_opInputs);
        op.subgraphNames = appendStrings(m_opSubgraphs);
        op.inputDescs = appendDescs(m_inDescs);
        op.outputDescs = appendDescs(m_outDescs);
        m_model.ops.push_back(op);
        return true;
    }

    bool descBody(GeTensorDesc &desc)
    {
        const std::size_t dimsBegin = m_model.dims.size();
        if (!fields([&](std::string_view name) {
                if (name == "dtype")
                    return colon() && dtypeValue(desc.dtype);
                if (name == "shape")
                    return openMessage() && shapeBody();
                if (name == "layout")
                    return colon() && stringValue(nullptr);
                if (name == "name")
                    return colon() && stringValue(&desc.name);
                return skipUnknownField(4);
            }))
            return false;
        desc.dims = GeModel::rangeFrom(m_model.dims, dimsBegin);
        return true;
    }

    // An enum name GE's proto declares (an unknown one goes to TextFormat, which warns about it).
    bool dtypeValue(DType &out)
    {
        std::string_view word;
        if (!identifier(word))
            return false; // a number: declined
        if (word != m_lastDTypeName) {
            m_lastDTypeName = word;
            m_lastDType = geDTypeFromName(word);
        }
        if (m_lastDType == DType::Undefined && word != "DT_UNDEFINED")
            return false;
        out = m_lastDType;
        return true;
    }

    bool shapeBody()
    {
        return fields([&](std::string_view name) {
            if (name == "dim")
                return colon() && int64Value(&m_model.dims.emplace_back());
            return skipUnknownField(5);
        });
    }

    // attr { key: "..." value { s|i|f|b|dt ... } }: nothing is kept, the types are checked.
    bool attrEntryBody()
    {
        bool valueSeen = false;
        return fields([&](std::string_view name) {
            if (name == "key")
                return colon() && stringValue(nullptr);
            if (name == "value") {
                const bool first = !valueSeen;
                valueSeen = true;
                return first && openMessage() && attrValueBody();
            }
            return skipUnknownField(4);
        });
    }

    bool attrValueBody()
    {
        bool memberSeen = false; // a second oneof member (even the same again) is declined
        return fields([&](std::string_view name) {
            const bool oneof
                = name == "s" || name == "i" || name == "f" || name == "b" || name == "dt";
            if (oneof) {
                if (memberSeen)
                    return false;
                memberSeen = true;
            }
            if (name == "s")
                return colon() && stringValue(nullptr);
            if (name == "i" || name == "dt")
                return colon() && int64Value(nullptr);
            if (name == "f")
                return colon() && floatValue();
            if (name == "b")
                return colon() && boolValue();
            return skipUnknownField(5);
        });
    }

    GeRange appendStrings(const std::vector<std::string_view> &list)
    {
        const std::size_t begin = m_model.strings.size();
        m_model.strings.insert(m_model.strings.end(), list.begin(), list.end());
        return GeModel::rangeFrom(m_model.strings, begin);
    }

    GeRange appendDescs(const std::vector<GeTensorDesc> &list)
    {
        const std::size_t begin = m_model.descs.size();
        m_model.descs.insert(m_model.descs.end(), list.begin(), list.end());
        return GeModel::rangeFrom(m_model.descs, begin);
    }

    const char *m_p;
    const char *m_end;
    GeModel &m_model;
    // Repeated fields of the graph and op being read, appended as one run when it closes (fields
    // may interleave in the text, runs in GeModel may not).
    std::vector<std::string_view> m_graphInputs;
    std::vector<std::string_view> m_graphOutputs;
    std::vector<std::string_view> m_opInputs;
    std::vector<std::string_view> m_opSubgraphs;
    std::vector<GeTensorDesc> m_inDescs;
    std::vector<GeTensorDesc> m_outDescs;
    std::string_view m_lastDTypeName;
    DType m_lastDType = DType::Undefined;
};

} // namespace

bool scanGeModelText(std::string_view text, GeModel &model)
{
    return Scanner(text, model).run();
}

} // namespace opsinfo
