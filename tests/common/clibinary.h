#pragma once

// Runs the real `opsinfo` binary of this build as a child process, as users and CI run it: its exit
// status (or the signal that killed it: a crash is never mistaken for an exit code), stdout,
// stderr, peak memory (its own: see finish()) and time. stdout can be sent to a file instead
// (/dev/full), and several runs can be started together and waited for later (concurrent edits).

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QString>
#include <QStringDecoder>
#include <QStringList>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

// An argument that is not UTF-8 (a folder name in another encoding) cannot travel in a QString: it
// is carried as "\x01raw:" + hex and decoded into its bytes when the process starts.
inline QString rawArgument(const QByteArray &bytes)
{
    return QStringLiteral("\x01raw:") + QString::fromLatin1(bytes.toHex());
}

inline std::string argumentBytes(const QString &argument)
{
    if (argument.startsWith(QStringLiteral("\x01raw:")))
        return QByteArray::fromHex(argument.mid(5).toLatin1()).toStdString();
    return argument.toStdString();
}

inline QString opsinfoBinaryPath()
{
    const QString path = QStringLiteral(OPSINFO_BINARY_DIR "/app/opsinfo");
    return QFile::exists(path) ? path : QString();
}

struct BinaryRun
{
    int code = -1; // exit status; -1 when killed by a signal
    int signal = 0; // the signal that ended it, 0 when it exited
    QByteArray out;
    QByteArray err;
    long maxRssKb = 0;
    qint64 ms = 0;

    QString describe() const
    {
        QString text = signal ? QStringLiteral("killed by signal %1 (%2)")
                                    .arg(signal)
                                    .arg(QString::fromLatin1(strsignal(signal)))
                              : QStringLiteral("exit %1").arg(code);
        return text + QStringLiteral("\n--- stderr:\n") + QString::fromUtf8(err.left(4000))
            + QStringLiteral("\n--- stdout:\n") + QString::fromUtf8(out.left(2000));
    }
};

// A started child; finish() collects it.
class BinaryProcess
{
public:
    BinaryProcess(const QStringList &args, const QString &stdoutFile = {})
    {
        m_timer.start();
        std::vector<std::string> argv {opsinfoBinaryPath().toStdString()};
        for (const QString &a : args)
            argv.push_back(argumentBytes(a));
        std::vector<char *> raw;
        for (std::string &a : argv)
            raw.push_back(a.data());
        raw.push_back(nullptr);
        int outPipe[2] = {-1, -1}, errPipe[2] = {-1, -1};
        if (::pipe2(errPipe, O_CLOEXEC) != 0
            || (stdoutFile.isEmpty() && ::pipe2(outPipe, O_CLOEXEC) != 0))
            return;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
        if (stdoutFile.isEmpty())
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO);
        else
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO,
                                             stdoutFile.toLocal8Bit().constData(),
                                             O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO);
        if (posix_spawn(&m_pid, raw[0], &actions, nullptr, raw.data(), environ) != 0)
            m_pid = -1;
        posix_spawn_file_actions_destroy(&actions);
        if (outPipe[1] >= 0)
            ::close(outPipe[1]);
        ::close(errPipe[1]);
        m_out = outPipe[0];
        m_err = errPipe[0];
    }
    ~BinaryProcess()
    {
        if (m_pid > 0)
            finish();
    }

    pid_t pid() const { return m_pid; }

    BinaryRun finish(int timeoutMs = 600000)
    {
        BinaryRun run;
        if (m_pid <= 0) {
            run.err = "could not start " + opsinfoBinaryPath().toLocal8Bit();
            return run;
        }
        // Both pipes drained together, so a child writing a lot to one never blocks on the other.
        // The child's own high-water mark is sampled meanwhile (see below).
        long sampledKb = hiwaterKb();
        while (m_out >= 0 || m_err >= 0) {
            pollfd fds[2] = {{m_out, POLLIN, 0}, {m_err, POLLIN, 0}};
            const int wait = int(std::clamp<qint64>(timeoutMs - m_timer.elapsed(), 1, 10));
            const int ready = ::poll(fds, 2, wait);
            sampledKb = std::max(sampledKb, hiwaterKb());
            if (ready == 0 && m_timer.elapsed() < timeoutMs)
                continue;
            if (ready < 0 && errno == EINTR)
                continue;
            if (ready <= 0) {
                ::kill(m_pid, SIGKILL); // hung: the row fails with the signal
                break;
            }
            for (int i = 0; i < 2; ++i) {
                int &fd = i == 0 ? m_out : m_err;
                if (fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                    continue;
                char buffer[65536];
                const ssize_t n = ::read(fd, buffer, sizeof buffer);
                if (n > 0) {
                    (i == 0 ? run.out : run.err).append(buffer, int(n));
                } else if (n == 0 || errno != EINTR) {
                    ::close(fd);
                    fd = -1;
                }
            }
        }
        for (int fd : {m_out, m_err})
            if (fd >= 0)
                ::close(fd);
        m_out = m_err = -1;
        int status = 0;
        rusage usage {};
        while (::wait4(m_pid, &status, 0, &usage) < 0 && errno == EINTR) { }
        m_pid = -1;
        run.ms = m_timer.elapsed();
        // Linux counts in a child's ru_maxrss the peak of the memory it was spawned from: this
        // (test) process's, however small the child stays (under ASan this process passes 900 MiB).
        // Above this process's own peak, ru_maxrss is the child's; otherwise it says nothing and
        // the child's VmHWM sampled every 10 ms while it ran is the figure.
        rusage self {};
        ::getrusage(RUSAGE_SELF, &self);
        run.maxRssKb = usage.ru_maxrss > self.ru_maxrss ? usage.ru_maxrss : sampledKb;
        if (WIFSIGNALED(status)) {
            run.signal = WTERMSIG(status);
        } else {
            run.code = WEXITSTATUS(status);
        }
        return run;
    }

private:
    // VmHWM of the running child (its peak resident memory since exec), 0 once it has exited.
    long hiwaterKb() const
    {
        QFile status(QStringLiteral("/proc/%1/status").arg(m_pid));
        if (!status.open(QIODevice::ReadOnly))
            return 0;
        for (const QByteArray &line : status.readAll().split('\n'))
            if (line.startsWith("VmHWM:"))
                return line.mid(6).trimmed().split(' ').value(0).toLong();
        return 0;
    }

    pid_t m_pid = -1;
    int m_out = -1;
    int m_err = -1;
    QElapsedTimer m_timer;
};

inline BinaryRun runBinary(const QStringList &args, const QString &stdoutFile = {})
{
    return BinaryProcess(args, stdoutFile).finish();
}
