// The extension module opsinfo._opsinfo: the engine's command line as a function, for the
// console script (output streamed to the process's stdout and stderr) and for the Python API
// (output captured, diagnostics as data). The API builds on the commands' --json output, so a
// Python result is by construction what `opsinfo ... --json` prints.

#include "cli/cli.h"
#include "cli/clicommon.h"
#include "cli/clioutput.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "common/diagnostic.h"

#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace py = pybind11;

namespace {

// The engine runs without the GIL, so other Python threads go on and Ctrl-C is only noted by
// Python's C handler. At each progress step the GIL is taken back to run the pending signal
// handlers (KeyboardInterrupt) and the caller's callback; an exception from either stops the
// command through CliCancelled and is raised again once runCli has returned.
class PythonProgress
{
public:
    explicit PythonProgress(py::object callback)
        : m_callback(std::move(callback))
    {
    }

    void step(const std::string &label, std::size_t done, std::size_t total,
              const std::string &what)
    {
        py::gil_scoped_acquire gil;
        try {
            if (PyErr_CheckSignals() != 0)
                throw py::error_already_set();
            if (!m_callback.is_none())
                m_callback(label, done, total, what);
        } catch (py::error_already_set &e) {
            m_pending = std::make_unique<py::error_already_set>(std::move(e));
            throw opsinfo::CliCancelled {};
        }
    }

    // With the GIL held.
    void raisePending()
    {
        if (m_pending) {
            std::unique_ptr<py::error_already_set> pending = std::move(m_pending);
            throw std::move(*pending);
        }
    }

private:
    py::object m_callback;
    std::unique_ptr<py::error_already_set> m_pending;
};

int runWithProgress(const std::vector<std::string> &args, std::ostream &out, std::ostream &err,
                    PythonProgress &progress)
{
    py::gil_scoped_release release;
    const opsinfo::ProgressHook hook(
        [&progress](const std::string &label, std::size_t done, std::size_t total,
                    const std::string &what) { progress.step(label, done, total, what); });
    return opsinfo::runCli(args, out, err);
}

// Streams to file descriptors 1 and 2 through std::cout and std::cerr, as app/cli/main.cpp does,
// so the progress bar and colours appear exactly when they would for the executable.
int runCliStreaming(const std::vector<std::string> &args, bool leaveMemory, py::object callback)
{
    py::module_ sys = py::module_::import("sys");
    for (const char *name : {"stdout", "stderr"})
        if (py::object stream = sys.attr(name); !stream.is_none())
            stream.attr("flush")();
    opsinfo::FdOutputBuffer out(STDOUT_FILENO), err(STDERR_FILENO);
    std::streambuf *oldOut = std::cout.rdbuf(&out);
    std::streambuf *oldErr = std::cerr.rdbuf(&err);
    opsinfo::setLeaveMemoryToExit(leaveMemory);
    PythonProgress progress(std::move(callback));
    const int code = runWithProgress(args, std::cout, std::cerr, progress);
    std::cout.flush();
    std::cerr.flush();
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
    opsinfo::setLeaveMemoryToExit(false);
    progress.raisePending();
    return code;
}

py::dict diagnosticToDict(const opsinfo::Diagnostic &d)
{
    py::dict result;
    result["severity"] = opsinfo::severityName(d.severity);
    result["file"] = d.location.file;
    result["line"] = d.location.line;
    result["column"] = d.location.column;
    result["code"] = d.code;
    result["message"] = d.message;
    result["hint"] = d.hint;
    return result;
}

// (exit code, stdout text, stderr text, diagnostics as dicts).
py::tuple runCliCaptured(const std::vector<std::string> &args, py::object callback)
{
    std::ostringstream out, err;
    PythonProgress progress(std::move(callback));
    const opsinfo::DiagnosticRecorder recorder;
    const int code = runWithProgress(args, out, err, progress);
    progress.raisePending();
    py::list diagnostics;
    for (const opsinfo::Diagnostic &d : recorder.diagnostics())
        diagnostics.append(diagnosticToDict(d));
    return py::make_tuple(code, py::bytes(out.str()), py::bytes(err.str()), diagnostics);
}

} // namespace

PYBIND11_MODULE(_opsinfo, m)
{
    m.doc() = "OpsInfo Studio engine: the opsinfo command line as functions";
    m.def("run_cli", &runCliStreaming, py::arg("args"), py::arg("leave_memory") = false,
          py::arg("progress") = py::none(),
          "Runs the opsinfo command line with output on the process's stdout and stderr; returns "
          "the exit code. leave_memory: the process ends right after (the console script).");
    m.def("run_cli_captured", &runCliCaptured, py::arg("args"), py::arg("progress") = py::none(),
          "Runs the opsinfo command line with output captured; returns (exit code, stdout bytes, "
          "stderr bytes, diagnostics as dicts).");
    m.attr("__version__") = opsinfo::kOpsInfoVersion;
}
