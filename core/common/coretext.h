#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

namespace opsinfo {

// A user-visible sentence of the core (a diagnostic's message or hint, one step of an
// explanation), written in English from a template whose %1..%9 take the arguments:
//
//   CoreText::tr("duplicate key '%1' (first at line %2)", key, line)
//
// The CLI prints the English. The app shows it in the UI language: resources/coretexts/<language>/
// *.json map every template to its translation, and the app recognises the template in the English
// text and fills the translation with the same arguments (app/studio/common/coretexts.h). So:
// - a template is a whole message, or one step of a "; "-separated explanation (no "; " inside);
// - pass the template as one string literal straight to CoreText::tr (tests find them in the
//   sources and fail on a template without a translation);
// - arguments are data (op types, file names, numbers, dtype and rule names), never sentences;
//   a "; " inside an argument (a third-party parser's message) is written ", " so that it cannot
//   be taken for a step boundary.
class CoreText
{
public:
    template<class... Args> static std::string tr(const char *templ, const Args &...args)
    {
        static_assert(sizeof...(Args) <= 9, "a template takes at most nine arguments");
        std::string values[sizeof...(Args) + 1] = {toText(args)..., std::string()};
        for (std::string &value : values)
            keepOneStep(value);
        return fill(templ, values, sizeof...(Args));
    }

    // The template with %N replaced by values[N-1]; a %N without a value stays as it is.
    static std::string fill(std::string_view templ, const std::string *values, std::size_t count);

private:
    static void keepOneStep(std::string &value);
    static std::string toText(std::string_view s) { return std::string(s); }
    static std::string toText(const std::string &s) { return s; }
    static std::string toText(const char *s) { return s ? std::string(s) : std::string(); }
    static std::string toText(char c) { return std::string(1, c); }
    template<class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
    static std::string toText(T value)
    {
        return std::to_string(value);
    }
};

} // namespace opsinfo
