#include "cli/clioutput.h"

#include "cli/argparser.h"
#include "common/jsontext.h"
#include "common/textescape.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <unistd.h>
#include <utility>

namespace opsinfo {

FdOutputBuffer::FdOutputBuffer(int fd)
    : m_fd(fd)
{
    setp(m_buffer, m_buffer + sizeof m_buffer);
}

FdOutputBuffer::~FdOutputBuffer()
{
    flushBuffer();
}

bool FdOutputBuffer::writeAll(const char *data, std::size_t size)
{
    while (size > 0 && m_error == 0) {
        const ssize_t n = ::write(m_fd, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            m_error = n < 0 ? errno : EIO;
            break;
        }
        data += n;
        size -= std::size_t(n);
    }
    return m_error == 0;
}

bool FdOutputBuffer::flushBuffer()
{
    const std::size_t size = std::size_t(pptr() - pbase());
    setp(m_buffer, m_buffer + sizeof m_buffer);
    return size == 0 ? m_error == 0 : writeAll(m_buffer, size);
}

FdOutputBuffer::int_type FdOutputBuffer::overflow(int_type c)
{
    if (!flushBuffer())
        return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

std::streamsize FdOutputBuffer::xsputn(const char *data, std::streamsize size)
{
    if (size <= epptr() - pptr()) {
        std::memcpy(pptr(), data, std::size_t(size));
        pbump(int(size));
        return size;
    }
    if (!flushBuffer() || !writeAll(data, std::size_t(size)))
        return 0;
    return size;
}

int FdOutputBuffer::sync()
{
    return flushBuffer() ? 0 : -1;
}

namespace {

// Bytes at the end of `text` that start a UTF-8 sequence the next write may complete.
std::size_t unfinishedSequence(std::string_view text)
{
    for (std::size_t back = 1; back <= 3 && back <= text.size(); ++back) {
        const auto c = static_cast<unsigned char>(text[text.size() - back]);
        if ((c & 0xc0) == 0x80)
            continue; // a continuation byte: look further back for the lead
        const std::size_t needed = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 1;
        return needed > back ? back : 0;
    }
    return 0;
}

TerminalSafeBuffer *filterOf(std::ostream &stream)
{
    return dynamic_cast<TerminalSafeBuffer *>(stream.rdbuf());
}

} // namespace

TerminalSafeBuffer::~TerminalSafeBuffer()
{
    finish();
}

bool TerminalSafeBuffer::forward(std::string_view text)
{
    if (m_failed)
        return false;
    if (!text.empty()
        && m_target->sputn(text.data(), std::streamsize(text.size()))
            != std::streamsize(text.size()))
        m_failed = true;
    return !m_failed;
}

std::streamsize TerminalSafeBuffer::xsputn(const char *data, std::streamsize size)
{
    std::string text = std::move(m_pending);
    m_pending.clear();
    text.append(data, std::size_t(size));
    const std::size_t keep = unfinishedSequence(text);
    m_pending = text.substr(text.size() - keep);
    text.resize(text.size() - keep);
    return forward(terminalSafe(text, true)) ? size : 0;
}

TerminalSafeBuffer::int_type TerminalSafeBuffer::overflow(int_type c)
{
    if (traits_type::eq_int_type(c, traits_type::eof()))
        return sync() == 0 ? traits_type::not_eof(c) : traits_type::eof();
    const char ch = traits_type::to_char_type(c);
    return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
}

int TerminalSafeBuffer::sync()
{
    if (m_failed)
        return -1;
    return m_target->pubsync() == 0 ? 0 : (m_failed = true, -1);
}

bool TerminalSafeBuffer::writeRaw(std::string_view bytes)
{
    if (!m_pending.empty()) {
        const std::string pending = std::exchange(m_pending, {});
        forward(terminalSafe(pending, true));
    }
    return forward(bytes);
}

void TerminalSafeBuffer::finish()
{
    writeRaw({});
    if (!m_failed && m_target->pubsync() != 0)
        m_failed = true;
}

void writeDocument(std::ostream &out, std::string_view text)
{
    if (TerminalSafeBuffer *filter = filterOf(out)) {
        if (!filter->writeRaw(text))
            out.setstate(std::ios::badbit);
        return;
    }
    out.write(text.data(), std::streamsize(text.size()));
}

void writeControl(std::ostream &stream, std::string_view bytes)
{
    writeDocument(stream, bytes);
}

void writeJson(std::ostream &out, std::ostream &err, const nlohmann::json &value)
{
    std::string firstInvalid;
    const std::string text = dumpJson(value, 2, &firstInvalid);
    writeDocument(out, text + "\n");
    if (!firstInvalid.empty())
        err << "opsinfo: warning: some text is not valid UTF-8 and was written as U+FFFD (first at "
            << firstInvalid << ")\n";
}

CliStreams::CliStreams(std::ostream &out, std::ostream &err)
    : m_out(out)
    , m_err(err)
    , m_outTarget(out.rdbuf())
    , m_errTarget(err.rdbuf())
    , m_outFilter(m_outTarget)
    , m_errFilter(m_errTarget)
{
    out.rdbuf(&m_outFilter);
    err.rdbuf(&m_errFilter);
}

CliStreams::~CliStreams()
{
    if (!m_restored) {
        m_out.rdbuf(m_outTarget);
        m_err.rdbuf(m_errTarget);
    }
}

int CliStreams::finish(int exitCode)
{
    m_out.flush();
    m_outFilter.finish();
    const bool outFailed = m_outFilter.failed() || m_out.bad();
    if (outFailed) {
        const auto *fd = dynamic_cast<const FdOutputBuffer *>(m_outTarget);
        const std::string reason
            = fd && fd->error() ? std::strerror(fd->error()) : "the output stream failed";
        m_err << "opsinfo: cannot write to standard output: " << reason
              << " (the output is incomplete; free some space or write elsewhere and run again)\n";
        exitCode = ExitUsage;
    }
    m_err.flush();
    m_errFilter.finish();
    if (m_errFilter.failed() || m_err.bad())
        exitCode = ExitUsage;
    m_out.rdbuf(m_outTarget);
    m_err.rdbuf(m_errTarget);
    m_restored = true;
    return exitCode;
}

} // namespace opsinfo
