#include "cli/progress.h"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <unistd.h>

namespace opsinfo {

Progress::Progress(std::ostream &err, std::string label, std::size_t total)
    : m_err(err), m_label(std::move(label)), m_total(total), m_enabled(wanted(err))
{}

Progress::~Progress()
{
    finish();
}

bool Progress::wanted(const std::ostream &err)
{
    if (&err != &std::cerr || !isatty(STDERR_FILENO))
        return false;
    const char *term = std::getenv("TERM");
    return !(term && std::strcmp(term, "dumb") == 0);
}

void Progress::update(std::size_t done, const std::string &what)
{
    if (!m_enabled)
        return;
    std::string line = "\r\033[K" + m_label;
    if (m_total > 0) {
        constexpr std::size_t width = 24;
        const std::size_t filled = done >= m_total ? width : done * width / m_total;
        line += " [" + std::string(filled, '#') + std::string(width - filled, '.') + "] " + std::to_string(done)
            + "/" + std::to_string(m_total);
    }
    if (!what.empty())
        line += " " + what;
    m_err << line << std::flush;
    m_drawn = true;
}

void Progress::finish()
{
    if (m_enabled && m_drawn)
        m_err << "\r\033[K" << std::flush;
    m_drawn = false;
}

} // namespace opsinfo
