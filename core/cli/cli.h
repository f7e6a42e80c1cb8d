#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace opsinfo {

// The `opsinfo` command line, as a function so tests can run it without a process.
// Machine-readable output goes to `out`, messages to `err`; returns the exit code.
int runCli(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

// For the executable only (app/cli/main.cpp), which ends the process right after runCli: what a
// command loaded (library, graph, resolutions) is then left to the OS instead of being freed
// block by block, which for a 200,000-node graph costs more than a tenth of reading it. Off by
// default, so tests running runCli as a function free everything.
void setLeaveMemoryToExit(bool leave);
bool leaveMemoryToExit();

// Declared after a command's big local: when that local goes out of scope its content moves to the
// heap and is never freed (only with setLeaveMemoryToExit(true)); otherwise it is destroyed as
// usual.
template<typename T> class LeaveToExit
{
public:
    explicit LeaveToExit(T &value)
        : m_value(value)
    {
    }
    LeaveToExit(const LeaveToExit &) = delete;
    LeaveToExit &operator=(const LeaveToExit &) = delete;
    ~LeaveToExit()
    {
        if (leaveMemoryToExit())
            new T(std::move(m_value));
    }

private:
    T &m_value;
};

} // namespace opsinfo
