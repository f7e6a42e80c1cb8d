#include "mixlist/locatedjson.h"

#include "common/coretext.h"
#include "common/jsonstring.h"
#include "common/utf8.h"

#include <algorithm>

namespace opsinfo {

const char *locatedJsonKindName(LocatedJson::Kind kind)
{
    switch (kind) {
    case LocatedJson::Kind::Null:
        return "null";
    case LocatedJson::Kind::Bool:
        return "a boolean";
    case LocatedJson::Kind::Number:
        return "a number";
    case LocatedJson::Kind::String:
        return "a string";
    case LocatedJson::Kind::Array:
        return "an array";
    case LocatedJson::Kind::Object:
        return "an object";
    }
    return "a value";
}

namespace {

struct SyntaxError
{
    std::size_t offset;
    std::string message;
    std::string hint;
};

class Reader
{
public:
    Reader(std::string_view text, std::vector<LocatedJsonIssue> &issues)
        : m_text(text)
        , m_issues(issues)
    {
    }

    LocatedJsonResult run()
    {
        LocatedJsonResult result;
        if (m_text.substr(0, 3) == "\xEF\xBB\xBF") {
            m_issues.push_back({LocatedJsonIssue::Kind::Bom, 0});
            m_pos = 3;
        }
        try {
            skipSpace();
            if (m_pos >= m_text.size())
                throw SyntaxError {
                    0, CoreText::tr("the file is empty"),
                    CoreText::tr("write at least {} (an empty mixlist) or remove the option")};
            result.root = value(0);
            skipSpace();
            if (m_pos < m_text.size())
                throw SyntaxError {m_pos,
                                   CoreText::tr("unexpected text after the end of the JSON object"),
                                   CoreText::tr("remove it") + "; "
                                       + CoreText::tr("a mixlist is one JSON object")};
        } catch (const SyntaxError &e) {
            result.root.reset();
            result.error = LocatedJsonSyntaxError {e.offset, e.message, e.hint};
        }
        return result;
    }

private:
    static constexpr int maxDepth = 64;

    char peek() const { return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }

    void skipSpace()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                ++m_pos;
            } else if (c == '/' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '/') {
                m_issues.push_back({LocatedJsonIssue::Kind::LineComment, m_pos});
                while (m_pos < m_text.size() && m_text[m_pos] != '\n')
                    ++m_pos;
            } else if (c == '/' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '*') {
                m_issues.push_back({LocatedJsonIssue::Kind::BlockComment, m_pos});
                const auto end = m_text.find("*/", m_pos + 2);
                if (end == std::string_view::npos)
                    throw SyntaxError {m_pos, CoreText::tr("unterminated /* comment"),
                                       CoreText::tr("close it with */ or remove it")};
                m_pos = end + 2;
            } else {
                return;
            }
        }
    }

    // What is at m_pos, for "... but found X": each message has one template per kind, so that
    // "the end of the file" and "a byte 0x.." are translated with the sentence around them.
    struct Here
    {
        enum class Kind { End, Byte, Char } kind;
        std::string text; // the hex digits of the byte, or the character
    };

    // "expected ',' or '}' but found ..." after a member or an element.
    std::string expectedCommaOr(char closer) const
    {
        const Here h = here();
        if (h.kind == Here::Kind::End)
            return CoreText::tr("expected ',' or '%1' but found the end of the file", closer);
        if (h.kind == Here::Kind::Byte)
            return CoreText::tr("expected ',' or '%1' but found a byte 0x%2", closer, h.text);
        return CoreText::tr("expected ',' or '%1' but found '%2'", closer, h.text);
    }

    Here here() const
    {
        if (m_pos >= m_text.size())
            return {Here::Kind::End, {}};
        const char c = m_text[m_pos];
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
            return {Here::Kind::Byte, hex(static_cast<unsigned char>(c))};
        return {Here::Kind::Char, std::string(1, c)};
    }

    static std::string hex(unsigned v)
    {
        const char *digits = "0123456789abcdef";
        return {digits[(v >> 4) & 15], digits[v & 15]};
    }

    LocatedJson value(int depth)
    {
        if (depth > maxDepth)
            throw SyntaxError {
                m_pos, CoreText::tr("nesting is deeper than %1 levels", maxDepth),
                CoreText::tr("a mixlist needs three levels: object, list object, array")};
        skipSpace();
        LocatedJson v;
        v.offset = m_pos;
        const char c = peek();
        if (c == '{') {
            v.kind = LocatedJson::Kind::Object;
            object(v, depth);
        } else if (c == '[') {
            v.kind = LocatedJson::Kind::Array;
            array(v, depth);
        } else if (c == '"') {
            v.kind = LocatedJson::Kind::String;
            v.text = string();
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            v.kind = LocatedJson::Kind::Number;
            v.text = number();
        } else if (literal("true") || literal("false")) {
            v.kind = LocatedJson::Kind::Bool;
            v.text = std::string(m_text.substr(v.offset, m_pos - v.offset));
        } else if (literal("null")) {
            v.kind = LocatedJson::Kind::Null;
            v.text = "null";
        } else {
            std::string hint = CoreText::tr("expected an object, an array or a string");
            if (c == '\'')
                hint = CoreText::tr("JSON strings use double quotes \"...\"");
            else if (c == ']' || c == '}')
                hint = CoreText::tr("remove the comma before it");
            const Here h = here();
            throw SyntaxError {
                m_pos,
                h.kind == Here::Kind::End        ? CoreText::tr("unexpected the end of the file")
                    : h.kind == Here::Kind::Byte ? CoreText::tr("unexpected a byte 0x%1", h.text)
                                                 : CoreText::tr("unexpected '%1'", h.text),
                hint};
        }
        return v;
    }

    bool literal(std::string_view word)
    {
        if (m_text.substr(m_pos, word.size()) != word)
            return false;
        m_pos += word.size();
        return true;
    }

    void object(LocatedJson &v, int depth)
    {
        ++m_pos; // {
        skipSpace();
        if (peek() == '}') {
            ++m_pos;
            return;
        }
        for (;;) {
            skipSpace();
            if (peek() != '"') {
                const Here h = here();
                throw SyntaxError {
                    m_pos,
                    h.kind == Here::Kind::End ? CoreText::tr(
                        "expected a \"key\" in double quotes but found the end of the file")
                        : h.kind == Here::Kind::Byte
                        ? CoreText::tr("expected a \"key\" in double quotes but found a byte 0x%1",
                                       h.text)
                        : CoreText::tr("expected a \"key\" in double quotes but found '%1'",
                                       h.text),
                    peek() == '}' ? CoreText::tr("remove the comma before it")
                                  : CoreText::tr("write keys as \"key\"")};
            }
            LocatedJsonMember member;
            member.keyOffset = m_pos;
            member.key = string();
            skipSpace();
            if (peek() != ':') {
                const Here h = here();
                throw SyntaxError {
                    m_pos,
                    h.kind == Here::Kind::End
                        ? CoreText::tr("expected ':' after the key but found the end of the file")
                        : h.kind == Here::Kind::Byte
                        ? CoreText::tr("expected ':' after the key but found a byte 0x%1", h.text)
                        : CoreText::tr("expected ':' after the key but found '%1'", h.text),
                    CoreText::tr("write \"key\": value")};
            }
            ++m_pos;
            member.value = value(depth + 1);
            v.members.push_back(std::move(member));
            skipSpace();
            if (peek() == ',') {
                const std::size_t comma = m_pos;
                ++m_pos;
                skipSpace();
                if (peek() == '}') {
                    m_issues.push_back({LocatedJsonIssue::Kind::TrailingComma, comma});
                    ++m_pos;
                    return;
                }
                continue;
            }
            if (peek() == '}') {
                ++m_pos;
                return;
            }
            throw SyntaxError {m_pos, expectedCommaOr('}'),
                               peek() == '"' ? CoreText::tr("add a comma between the members")
                                             : CoreText::tr("close the object with }")};
        }
    }

    void array(LocatedJson &v, int depth)
    {
        ++m_pos; // [
        skipSpace();
        if (peek() == ']') {
            ++m_pos;
            return;
        }
        for (;;) {
            v.elements.push_back(value(depth + 1));
            skipSpace();
            if (peek() == ',') {
                const std::size_t comma = m_pos;
                ++m_pos;
                skipSpace();
                if (peek() == ']') {
                    m_issues.push_back({LocatedJsonIssue::Kind::TrailingComma, comma});
                    ++m_pos;
                    return;
                }
                continue;
            }
            if (peek() == ']') {
                ++m_pos;
                return;
            }
            throw SyntaxError {m_pos, expectedCommaOr(']'),
                               peek() == '"' ? CoreText::tr("add a comma between the op types")
                                             : CoreText::tr("close the array with ]")};
        }
    }

    std::string number()
    {
        const std::size_t start = m_pos;
        if (peek() == '-')
            ++m_pos;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if ((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')
                ++m_pos;
            else
                break;
        }
        return std::string(m_text.substr(start, m_pos - start));
    }

    // Length of the well-formed UTF-8 sequence at `at` (RFC 3629: no overlongs, no surrogates,
    // nothing above U+10FFFF), or 0.
    static std::size_t utf8SequenceLength(std::string_view text, std::size_t at)
    {
        const auto byte = [&](std::size_t i) {
            return at + i < text.size() ? static_cast<unsigned char>(text[at + i]) : 0u;
        };
        const unsigned b0 = byte(0);
        const auto cont = [&](std::size_t i, unsigned lo = 0x80, unsigned hi = 0xbf) {
            return byte(i) >= lo && byte(i) <= hi;
        };
        if (b0 >= 0xc2 && b0 <= 0xdf)
            return cont(1) ? 2 : 0;
        if (b0 == 0xe0)
            return cont(1, 0xa0) && cont(2) ? 3 : 0;
        if ((b0 >= 0xe1 && b0 <= 0xec) || b0 == 0xee || b0 == 0xef)
            return cont(1) && cont(2) ? 3 : 0;
        if (b0 == 0xed)
            return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
        if (b0 == 0xf0)
            return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
        if (b0 >= 0xf1 && b0 <= 0xf3)
            return cont(1) && cont(2) && cont(3) ? 4 : 0;
        if (b0 == 0xf4)
            return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
        return 0;
    }

    std::string string()
    {
        const std::size_t start = m_pos;
        ++m_pos; // opening quote
        std::string out;
        for (;;) {
            if (m_pos >= m_text.size())
                throw SyntaxError {start, CoreText::tr("unterminated string"),
                                   CoreText::tr("close it with \"")};
            const char c = m_text[m_pos];
            if (c == '"') {
                ++m_pos;
                return out;
            }
            if (c == '\n' || c == '\r')
                throw SyntaxError {start,
                                   CoreText::tr("unterminated string (line break inside quotes)"),
                                   CoreText::tr("close it with \"")};
            if (static_cast<unsigned char>(c) < 0x20)
                throw SyntaxError {m_pos, CoreText::tr("control character inside a string"),
                                   CoreText::tr("remove it or write it as an escape")};
            if (static_cast<unsigned char>(c) >= 0x80) {
                // The compiler's JSON reader rejects ill-formed UTF-8; so do we (X1).
                const std::size_t length = utf8SequenceLength(m_text, m_pos);
                if (length == 0)
                    throw SyntaxError {m_pos,
                                       CoreText::tr("invalid UTF-8 (byte 0x%1) in a string",
                                                    hex(static_cast<unsigned char>(c))),
                                       CoreText::tr("save the file as UTF-8") + "; "
                                           + CoreText::tr("op type names are ASCII")};
                out.append(m_text.substr(m_pos, length));
                m_pos += length;
                continue;
            }
            if (c != '\\') {
                out += c;
                ++m_pos;
                continue;
            }
            const JsonEscape escape = readJsonEscape(m_text, m_pos);
            switch (escape.problem) {
            case JsonEscape::None:
                break;
            case JsonEscape::UnknownEscape:
                throw SyntaxError {
                    escape.problemAt, CoreText::tr("invalid escape in a string"),
                    CoreText::tr("valid escapes: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")};
            case JsonEscape::Truncated:
                throw SyntaxError {escape.problemAt, CoreText::tr("truncated \\u escape"),
                                   CoreText::tr("write \\u followed by four hex digits")};
            case JsonEscape::BadHexDigit:
                throw SyntaxError {escape.problemAt, CoreText::tr("bad hex digit in \\u escape"),
                                   CoreText::tr("write \\u followed by four hex digits")};
            case JsonEscape::LoneSurrogate:
                throw SyntaxError {
                    escape.problemAt,
                    CoreText::tr(
                        "a \\u escape names half of a surrogate pair without its other half"),
                    CoreText::tr(
                        "write both halves (\\uD8xx\\uDCxx) or the character itself in UTF-8")};
            }
            appendUtf8(out, escape.codePoint);
            m_pos += escape.length;
        }
    }

    std::string_view m_text;
    std::vector<LocatedJsonIssue> &m_issues;
    std::size_t m_pos = 0;
};

} // namespace

LocatedJsonResult readLocatedJson(std::string_view text)
{
    std::vector<LocatedJsonIssue> issues;
    Reader reader(text, issues);
    auto result = reader.run();
    result.issues = std::move(issues);
    return result;
}

} // namespace opsinfo
