#include "cli/progress.h"

#include "cli/clioutput.h"
#include "common/textescape.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sys/ioctl.h>
#include <unistd.h>

namespace opsinfo {

namespace {

// A line wider than the terminal wraps, and '\r' then no longer returns to its start.
std::size_t terminalColumns()
{
    winsize size {};
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 10)
        return size.ws_col;
    return 80;
}

thread_local ProgressHook *t_hook = nullptr;

} // namespace

ProgressHook::ProgressHook(ProgressCallback callback)
    : m_outer(t_hook)
    , m_callback(std::move(callback))
{
    t_hook = this;
}

ProgressHook::~ProgressHook()
{
    t_hook = m_outer;
}

void ProgressHook::report(const std::string &label, std::size_t done, std::size_t total,
                          const std::string &what)
{
    if (t_hook && t_hook->m_callback)
        t_hook->m_callback(label, done, total, what);
}

Progress::Progress(std::ostream &err, std::string label, std::size_t total)
    : m_err(err)
    , m_label(std::move(label))
    , m_total(total)
    , m_enabled(wanted(err))
{
}

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
    ProgressHook::report(m_label, done, m_total, what);
    if (!m_enabled)
        return;
    std::string bar;
    if (m_total > 0) {
        constexpr std::size_t cells = 24;
        const std::size_t filled = done >= m_total ? cells : done * cells / m_total;
        bar = " [" + std::string(filled, '#') + std::string(cells - filled, '.') + "] "
            + std::to_string(done) + "/" + std::to_string(m_total);
    }
    // The bar must stay whole; the step text goes first, then the label is shortened from the left
    // (the end of a path, the soc folder, says the most).
    const std::size_t width = terminalColumns() - 1;
    std::string label = terminalSafe(m_label);
    std::string step = what.empty() ? std::string() : " " + terminalSafe(what);
    if (label.size() + bar.size() + step.size() > width)
        step.clear();
    if (label.size() + bar.size() > width) {
        const std::size_t room = width > bar.size() + 6 ? width - bar.size() : 6;
        label = "..." + label.substr(label.size() - std::min(label.size(), room - 3));
    }
    writeControl(m_err, "\r\033[K" + label + bar + step);
    m_err.flush();
    m_drawn = true;
}

void Progress::finish()
{
    if (m_enabled && m_drawn) {
        writeControl(m_err, "\r\033[K");
        m_err.flush();
    }
    m_drawn = false;
}

} // namespace opsinfo
