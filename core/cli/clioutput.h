#pragma once

#include <nlohmann/json_fwd.hpp>

#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace opsinfo {

// stdout or stderr of the real process: buffered writes to a file descriptor that remember why a
// write failed, so a full disk under `> report.json` ends the command with exit 2 and the reason
// instead of exit 0 and a truncated report.
class FdOutputBuffer : public std::streambuf
{
public:
    explicit FdOutputBuffer(int fd);
    ~FdOutputBuffer() override;
    FdOutputBuffer(const FdOutputBuffer &) = delete;
    FdOutputBuffer &operator=(const FdOutputBuffer &) = delete;

    int error() const { return m_error; } // errno of the first failed write; 0: none

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char *data, std::streamsize size) override;
    int sync() override;

private:
    bool flushBuffer();
    bool writeAll(const char *data, std::size_t size);

    int m_fd;
    int m_error = 0;
    char m_buffer[1 << 16];
};

// What a command writes for people passes through this filter: text from files (op types, node
// names, paths) reaches the terminal with control bytes, bidi overrides and non-UTF-8 bytes shown
// as escapes (textescape.h), whatever call site wrote it. Documents (JSON, XML, annotations) and
// our own colour and progress sequences go around it with writeDocument()/writeControl().
class TerminalSafeBuffer : public std::streambuf
{
public:
    explicit TerminalSafeBuffer(std::streambuf *target)
        : m_target(target)
    {
    }
    ~TerminalSafeBuffer() override;

    std::streambuf *target() const { return m_target; }
    // Bytes as they are (after whatever filtered text is pending).
    bool writeRaw(std::string_view bytes);
    bool failed() const { return m_failed; }
    // Writes what is pending (an unfinished UTF-8 sequence, escaped) and flushes the target.
    void finish();

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char *data, std::streamsize size) override;
    int sync() override;

private:
    bool forward(std::string_view text);

    std::streambuf *m_target;
    std::string m_pending; // the start of a UTF-8 sequence split across two writes
    bool m_failed = false;
};

// A machine-readable document (CSV, XML, GitHub annotations, a mixlist, a schema), escaped by its
// own rules, written past the terminal filter.
void writeDocument(std::ostream &out, std::string_view text);
// Our own escape sequences (colour, the progress line), written past the filter.
void writeControl(std::ostream &stream, std::string_view bytes);
// A JSON document (dumpJson: never throws). Text that was not UTF-8 is written as U+FFFD, and
// `err` says so, with where the first such value is.
void writeJson(std::ostream &out, std::ostream &err, const nlohmann::json &value);

// Installs the filter on a command's stdout and stderr for its run, and checks at the end that
// everything was written.
class CliStreams
{
public:
    CliStreams(std::ostream &out, std::ostream &err);
    ~CliStreams();
    CliStreams(const CliStreams &) = delete;
    CliStreams &operator=(const CliStreams &) = delete;

    // Flushes both streams. When a write to stdout failed: says why on stderr and returns 2;
    // when stderr itself failed: 2. Otherwise `exitCode`.
    int finish(int exitCode);

private:
    std::ostream &m_out;
    std::ostream &m_err;
    std::streambuf *m_outTarget;
    std::streambuf *m_errTarget;
    TerminalSafeBuffer m_outFilter;
    TerminalSafeBuffer m_errFilter;
    bool m_restored = false;
};

} // namespace opsinfo
