#include "library/editscanner.h"

#include "common/coretext.h"
#include "common/jsonstring.h"
#include "common/lineindex.h"

#include <cstdint>

namespace opsinfo {

namespace {

class Scanner
{
public:
    Scanner(std::string_view text, const std::string &file, ScannedOpsInfo &result)
        : m_text(text)
        , m_file(file)
        , m_result(result)
    {
    }

    void run()
    {
        std::size_t start = 0;
        if (m_text.substr(0, 3) == "\xef\xbb\xbf")
            start = 3; // a BOM is kept as it is; it only moves the root
        m_pos = start;
        skipWs();
        if (m_pos >= m_text.size() || m_text[m_pos] != '{')
            return fail(CoreText::tr("the file does not start with a JSON object '{'"),
                        CoreText::tr("an ops-info library is one JSON object of op types"));
        m_result.rootBegin = m_pos;
        if (!parseObject(1, nullptr, nullptr))
            return;
        m_result.rootEnd = m_pos;
        skipWs();
        if (m_pos != m_text.size())
            return fail(
                CoreText::tr("unexpected text after the closing '}' of the root object"),
                CoreText::tr("remove it, or check for a '}' that closes the object too early"));
        const auto nl = m_text.find('\n');
        if (nl != std::string_view::npos)
            m_result.lineEnding = (nl > 0 && m_text[nl - 1] == '\r') ? "\r\n" : "\n";
    }

private:
    void fail(const std::string &message, const std::string &hint)
    {
        if (m_failed)
            return;
        m_failed = true;
        m_result.diagnostics.push_back(
            {Severity::Error, locate(m_text, m_pos, m_file), "json-syntax", message, hint});
    }

    void skipWs()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
                return;
            ++m_pos;
        }
    }

    // At an opening quote; leaves m_pos one past the closing quote.
    bool scanString(std::string *decoded)
    {
        const std::size_t open = m_pos++;
        bool escaped = false;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == '"') {
                if (decoded) {
                    const auto content = m_text.substr(open + 1, m_pos - open - 1);
                    *decoded = escaped ? decodeJsonString(content).value_or(std::string(content))
                                       : std::string(content);
                }
                ++m_pos;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                fail(CoreText::tr("control character inside a string"),
                     CoreText::tr("strings must be on one line") + "; "
                         + CoreText::tr("write \\n for a line break"));
                return false;
            }
            if (c == '\\') {
                escaped = true;
                if (m_pos + 1 >= m_text.size())
                    break;
                const JsonEscape escape = readJsonEscape(m_text, m_pos);
                switch (escape.problem) {
                case JsonEscape::None:
                    m_pos += escape.length;
                    continue;
                case JsonEscape::Truncated:
                case JsonEscape::BadHexDigit:
                    fail(CoreText::tr("bad \\u escape in a string"),
                         CoreText::tr("write \\u followed by four hex digits"));
                    return false;
                case JsonEscape::LoneSurrogate:
                    fail(
                        CoreText::tr(
                            "a \\u escape names half of a surrogate pair without its other half"),
                        CoreText::tr(
                            "write both halves (\\uD8xx\\uDCxx) or the character itself in UTF-8"));
                    return false;
                case JsonEscape::UnknownEscape:
                    ++m_pos;
                    fail(CoreText::tr("invalid escape in a string"),
                         CoreText::tr(
                             "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"));
                    return false;
                }
            }
            ++m_pos;
        }
        m_pos = open;
        fail(CoreText::tr("unterminated string"), CoreText::tr("add the closing '\"'"));
        return false;
    }

    bool scanPrimitive()
    {
        const std::size_t begin = m_pos;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t')
                break;
            ++m_pos;
        }
        const auto word = m_text.substr(begin, m_pos - begin);
        if (word == "true" || word == "false" || word == "null")
            return true;
        bool number = !word.empty();
        for (char c : word)
            number
                = number && (std::string_view("0123456789+-.eE").find(c) != std::string_view::npos);
        if (!number) {
            m_pos = begin;
            fail(CoreText::tr("unexpected character") + "; " + CoreText::tr("expected a value"),
                 CoreText::tr("values are \"strings\" in an ops-info file"));
            return false;
        }
        return true;
    }

    // Values below the recorded depth: bracket matching only, iterative so deep nesting cannot
    // overflow the stack.
    bool skipNested()
    {
        std::vector<char> stack;
        do {
            skipWs();
            if (m_pos >= m_text.size())
                break;
            const char c = m_text[m_pos];
            if (c == '{' || c == '[') {
                stack.push_back(c == '{' ? '}' : ']');
                ++m_pos;
            } else if (c == '}' || c == ']') {
                if (stack.empty() || stack.back() != c) {
                    fail(CoreText::tr("mismatched bracket"),
                         CoreText::tr("check the nesting of { } and [ ]"));
                    return false;
                }
                stack.pop_back();
                ++m_pos;
            } else if (c == '"') {
                if (!scanString(nullptr))
                    return false;
            } else if (c == ',' || c == ':') {
                ++m_pos;
            } else if (!scanPrimitive()) {
                return false;
            }
        } while (!stack.empty());
        if (!stack.empty()) {
            fail(CoreText::tr("unexpected end of file inside an object or array"),
                 CoreText::tr("add the missing closing brackets"));
            return false;
        }
        return true;
    }

    // At '{' of an object at `depth` (1 = root). Members of depth 1..3 are recorded.
    bool parseObject(int depth, std::vector<ScannedItem> *items, std::vector<ScannedMember> *fields)
    {
        ++m_pos;
        skipWs();
        if (m_pos < m_text.size() && m_text[m_pos] == '}') {
            ++m_pos;
            return true;
        }
        while (true) {
            skipWs();
            if (m_pos >= m_text.size() || m_text[m_pos] != '"') {
                fail(CoreText::tr("expected a \"key\""),
                     CoreText::tr("a trailing comma before '}' is not allowed in JSON"));
                return false;
            }
            ScannedMember member;
            member.keyBegin = m_pos;
            if (!scanString(&member.key))
                return false;
            member.keyEnd = m_pos;
            skipWs();
            if (m_pos >= m_text.size() || m_text[m_pos] != ':') {
                fail(CoreText::tr("expected ':' after the key"),
                     CoreText::tr("write \"key\":\"value\""));
                return false;
            }
            ++m_pos;
            skipWs();
            if (m_pos >= m_text.size()) {
                fail(CoreText::tr("unexpected end of file") + "; "
                         + CoreText::tr("expected a value"),
                     CoreText::tr("the file looks truncated"));
                return false;
            }
            member.valueBegin = m_pos;
            const char c = m_text[m_pos];
            member.valueKind = (c == '{' || c == '[' || c == '"') ? c : 'p';
            if (!parseValue(depth, member, items, fields))
                return false;
            skipWs();
            if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_pos < m_text.size() && m_text[m_pos] == '}') {
                ++m_pos;
                return true;
            }
            fail(CoreText::tr("expected ',' or '}' after a member"),
                 CoreText::tr("separate members with ','"));
            return false;
        }
    }

    bool parseValue(int depth, ScannedMember &member, std::vector<ScannedItem> *items,
                    std::vector<ScannedMember> *fields)
    {
        if (depth == 1) {
            ScannedOp op;
            if (member.valueKind == '{') {
                if (!parseObject(2, &op.items, nullptr))
                    return false;
            } else if (!skipValue(member.valueKind)) {
                return false;
            }
            member.valueEnd = m_pos;
            op.member = std::move(member);
            m_result.ops.push_back(std::move(op));
            return true;
        }
        if (depth == 2) {
            ScannedItem item;
            if (member.valueKind == '{') {
                if (!parseObject(3, nullptr, &item.fields))
                    return false;
            } else if (!skipValue(member.valueKind)) {
                return false;
            }
            member.valueEnd = m_pos;
            item.member = std::move(member);
            items->push_back(std::move(item));
            return true;
        }
        if (!skipValue(member.valueKind))
            return false;
        member.valueEnd = m_pos;
        fields->push_back(std::move(member));
        return true;
    }

    bool skipValue(char kind)
    {
        if (kind == '"')
            return scanString(nullptr);
        if (kind == '{' || kind == '[')
            return skipNested();
        return scanPrimitive();
    }

    std::string_view m_text;
    const std::string &m_file;
    ScannedOpsInfo &m_result;
    std::size_t m_pos = 0;
    bool m_failed = false;
};

} // namespace

ScannedOpsInfo scanOpsInfo(std::string_view text, const std::string &file)
{
    ScannedOpsInfo result;
    result.ops.reserve(text.size() / 1500 + 16);
    Scanner(text, file, result).run();
    return result;
}

} // namespace opsinfo
