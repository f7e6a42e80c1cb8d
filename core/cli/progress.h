#pragma once

#include <cstddef>
#include <ostream>
#include <string>

namespace opsinfo {

// A one-line progress bar for long CLI work. It draws only when `err` is the process's stderr and
// that is a terminal: piped or captured output (CI logs, tests) stays free of control characters.
// The line is erased when the work ends, so messages printed afterwards start on a clean line.
class Progress
{
public:
    Progress(std::ostream &err, std::string label, std::size_t total = 0);
    ~Progress();
    Progress(const Progress &) = delete;
    Progress &operator=(const Progress &) = delete;

    // total == 0 means "unknown": only the label and the step text are shown.
    void update(std::size_t done, const std::string &what = {});
    void finish();
    bool enabled() const { return m_enabled; }

    // True when a bar would be drawn on `err` (stderr on a terminal, TERM not "dumb").
    static bool wanted(const std::ostream &err);

private:
    std::ostream &m_err;
    std::string m_label;
    std::size_t m_total;
    bool m_enabled;
    bool m_drawn = false;
};

} // namespace opsinfo
