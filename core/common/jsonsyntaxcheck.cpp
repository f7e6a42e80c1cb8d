#include "common/jsonsyntaxcheck.h"

#include "common/jsonstring.h"

#include <vector>

namespace opsinfo {

namespace {

class Scanner
{
public:
    explicit Scanner(std::string_view text)
        : m_s(text)
    {
    }

    std::optional<JsonSyntaxError> run()
    {
        if (m_s.substr(0, 3) == "\xEF\xBB\xBF")
            m_i = 3;
        std::vector<char> stack; // '{' or '[' per open container
        enum class State { Value, Key, After } state = State::Value;
        while (!m_error) {
            switch (state) {
            case State::Value:
                skipWs();
                if (m_i >= m_s.size())
                    return fail(m_i, "Expecting value");
                switch (m_s[m_i]) {
                case '{':
                    ++m_i;
                    skipWs();
                    if (peek() == '}') {
                        ++m_i;
                        state = State::After;
                    } else {
                        stack.push_back('{');
                        state = State::Key;
                    }
                    break;
                case '[':
                    ++m_i;
                    skipWs();
                    if (peek() == ']') {
                        ++m_i;
                        state = State::After;
                    } else {
                        stack.push_back('[');
                    }
                    break;
                case '"':
                    scanString();
                    state = State::After;
                    break;
                default:
                    scanScalar();
                    state = State::After;
                    break;
                }
                break;
            case State::Key:
                skipWs();
                if (peek() != '"')
                    return fail(m_i, "Expecting property name enclosed in double quotes");
                scanString();
                if (m_error)
                    break;
                skipWs();
                if (peek() != ':')
                    return fail(m_i, "Expecting ':' delimiter");
                ++m_i;
                state = State::Value;
                break;
            case State::After:
                skipWs();
                if (stack.empty()) {
                    if (m_i < m_s.size())
                        return fail(m_i, "Extra data");
                    return std::nullopt;
                }
                if (peek() == ',') {
                    ++m_i;
                    state = stack.back() == '{' ? State::Key : State::Value;
                } else if (peek() == (stack.back() == '{' ? '}' : ']')) {
                    ++m_i;
                    stack.pop_back();
                } else if (m_i >= m_s.size()) {
                    return fail(m_i,
                                stack.back() == '{'
                                    ? "Expecting ',' delimiter or '}' (unexpected end of file)"
                                    : "Expecting ',' delimiter or ']' (unexpected end of file)");
                } else {
                    return fail(m_i, "Expecting ',' delimiter");
                }
                break;
            }
        }
        return m_error;
    }

private:
    char peek() const { return m_i < m_s.size() ? m_s[m_i] : '\0'; }

    void skipWs()
    {
        while (m_i < m_s.size()
               && (m_s[m_i] == ' ' || m_s[m_i] == '\t' || m_s[m_i] == '\n' || m_s[m_i] == '\r'))
            ++m_i;
    }

    std::optional<JsonSyntaxError> fail(std::size_t at, std::string message)
    {
        if (!m_error)
            m_error = JsonSyntaxError {at, std::move(message)};
        return m_error;
    }

    // Length of the UTF-8 sequence at m_i (lead byte >= 0x80), or 0 when it is malformed.
    std::size_t utf8Length() const
    {
        const auto b = [this](std::size_t k) {
            return m_i + k < m_s.size() ? static_cast<unsigned char>(m_s[m_i + k]) : 0u;
        };
        const unsigned lead = b(0);
        const auto cont = [&](std::size_t k) { return (b(k) & 0xC0u) == 0x80u; };
        if (lead >= 0xC2 && lead <= 0xDF)
            return cont(1) ? 2 : 0;
        if (lead >= 0xE0 && lead <= 0xEF) {
            if (!cont(1) || !cont(2))
                return 0;
            if ((lead == 0xE0 && b(1) < 0xA0) || (lead == 0xED && b(1) > 0x9F))
                return 0; // overlong or surrogate
            return 3;
        }
        if (lead >= 0xF0 && lead <= 0xF4) {
            if (!cont(1) || !cont(2) || !cont(3))
                return 0;
            if ((lead == 0xF0 && b(1) < 0x90) || (lead == 0xF4 && b(1) > 0x8F))
                return 0;
            return 4;
        }
        return 0;
    }

    void scanString()
    {
        const std::size_t start = m_i;
        ++m_i; // opening quote
        while (true) {
            if (m_i >= m_s.size()) {
                fail(start, "Unterminated string starting here");
                return;
            }
            const auto c = static_cast<unsigned char>(m_s[m_i]);
            if (c == '"') {
                ++m_i;
                return;
            }
            if (c == '\\') {
                const JsonEscape escape = readJsonEscape(m_s, m_i);
                switch (escape.problem) {
                case JsonEscape::None:
                    m_i += escape.length;
                    break;
                case JsonEscape::Truncated:
                case JsonEscape::BadHexDigit:
                    fail(m_i, "Invalid \\uXXXX escape");
                    return;
                case JsonEscape::LoneSurrogate:
                    // Python would accept it; simdjson and the compiler's reader do not.
                    fail(
                        m_i,
                        "Lone surrogate in \\uXXXX escape (half of a pair without its other half)");
                    return;
                case JsonEscape::UnknownEscape:
                    fail(m_i, "Invalid \\escape");
                    return;
                }
            } else if (c < 0x20) {
                fail(m_i,
                     c == '\n' ? "Invalid control character (a line break inside a string: "
                                 "missing closing quote?)"
                               : "Invalid control character");
                return;
            } else if (c >= 0x80) {
                const std::size_t n = utf8Length();
                if (n == 0) {
                    fail(m_i, "Invalid UTF-8 byte (the file must be UTF-8)");
                    return;
                }
                m_i += n;
            } else {
                ++m_i;
            }
        }
    }

    void scanScalar()
    {
        const std::size_t start = m_i;
        for (std::string_view literal : {"true", "false", "null"}) {
            if (m_s.substr(m_i, literal.size()) == literal) {
                m_i += literal.size();
                return;
            }
        }
        const auto digit
            = [this] { return m_i < m_s.size() && m_s[m_i] >= '0' && m_s[m_i] <= '9'; };
        if (peek() == '-')
            ++m_i;
        if (peek() == '0') {
            ++m_i;
        } else if (digit()) {
            while (digit())
                ++m_i;
        } else {
            fail(start, "Expecting value");
            return;
        }
        if (peek() == '.') {
            ++m_i;
            if (!digit()) {
                fail(m_i, "Invalid number: expecting a digit after '.'");
                return;
            }
            while (digit())
                ++m_i;
        }
        if (peek() == 'e' || peek() == 'E') {
            ++m_i;
            if (peek() == '+' || peek() == '-')
                ++m_i;
            if (!digit()) {
                fail(m_i, "Invalid number: expecting an exponent");
                return;
            }
            while (digit())
                ++m_i;
        }
    }

    std::string_view m_s;
    std::size_t m_i = 0;
    std::optional<JsonSyntaxError> m_error;
};

} // namespace

std::optional<JsonSyntaxError> findJsonSyntaxError(std::string_view text)
{
    return Scanner(text).run();
}

} // namespace opsinfo
