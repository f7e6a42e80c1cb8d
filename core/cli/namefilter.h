#pragma once

#include <memory>
#include <ostream>
#include <string>

namespace re2 {
class RE2;
}

namespace opsinfo {

// A user's --filter: RE2 syntax (Perl-like without back-references and look-around), searched
// anywhere in the name, case-sensitive unless the pattern starts with (?i). RE2 runs in time
// linear in the name and without recursion, so no pattern or name (a 100,000-character op type)
// can overflow the stack or run for minutes, as std::regex could.
class NameFilter
{
public:
    // nullptr, with the reason on err, when the pattern is not valid RE2 (or needs more than the
    // memory budget).
    static std::unique_ptr<NameFilter> parse(const std::string &pattern, const std::string &command,
                                             std::ostream &err);
    ~NameFilter();

    bool matches(const std::string &name) const;

private:
    explicit NameFilter(std::unique_ptr<re2::RE2> regex);
    std::unique_ptr<re2::RE2> m_regex;
};

} // namespace opsinfo
