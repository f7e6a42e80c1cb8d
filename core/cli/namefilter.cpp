#include "cli/namefilter.h"

#include <re2/re2.h>

namespace opsinfo {

NameFilter::NameFilter(std::unique_ptr<re2::RE2> regex)
    : m_regex(std::move(regex))
{
}

NameFilter::~NameFilter() = default;

std::unique_ptr<NameFilter> NameFilter::parse(const std::string &pattern,
                                              const std::string &command, std::ostream &err)
{
    re2::RE2::Options options;
    options.set_log_errors(false); // RE2 would print to stderr itself
    options.set_max_mem(64 << 20);
    auto regex = std::make_unique<re2::RE2>(pattern, options);
    if (!regex->ok()) {
        err << command << ": invalid --filter regular expression: " << regex->error()
            << " (RE2 syntax: https://github.com/google/re2/wiki/Syntax; no back-references or look-around)\n";
        return nullptr;
    }
    return std::unique_ptr<NameFilter>(new NameFilter(std::move(regex)));
}

bool NameFilter::matches(const std::string &name) const
{
    return re2::RE2::PartialMatch(name, *m_regex);
}

} // namespace opsinfo
