#pragma once

#include <cstddef>
#include <functional>
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

    // True when a bar would be drawn on `err` (stderr on a terminal, TERM not "dumb").
    static bool wanted(const std::ostream &err);

private:
    std::ostream &m_err;
    std::string m_label;
    std::size_t m_total;
    bool m_enabled;
    bool m_drawn = false;
};

// Thrown by a progress hook to stop the command (Ctrl-C in the Python API); runCli turns it into
// exit 130, as a shell reports a command ended by SIGINT. Not a std::exception, so no command's
// catch of those swallows it.
struct CliCancelled
{
};

// Called on every Progress::update of the runCli calls on this thread while a ProgressHook lives,
// terminal or not, so an embedding (the Python API's progress callback) sees the same steps as the
// bar. The callback may throw CliCancelled.
using ProgressCallback = std::function<void(const std::string &label, std::size_t done,
                                            std::size_t total, const std::string &what)>;

class ProgressHook
{
public:
    explicit ProgressHook(ProgressCallback callback);
    ~ProgressHook();
    ProgressHook(const ProgressHook &) = delete;
    ProgressHook &operator=(const ProgressHook &) = delete;

    static void report(const std::string &label, std::size_t done, std::size_t total,
                       const std::string &what);

private:
    ProgressHook *m_outer;
    ProgressCallback m_callback;
};

} // namespace opsinfo
