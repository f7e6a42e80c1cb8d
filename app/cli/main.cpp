#include "cli/argparser.h"
#include "cli/cli.h"
#include "cli/clioutput.h"

#include <cstdlib>
#include <iostream>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int main(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    // The process ends here: big inputs are left to the OS, and so is the rest (std::_Exit below
    // skips static destructors), once the output is flushed and known to be written.
    opsinfo::setLeaveMemoryToExit(true);
#if defined(__GLIBC__)
    // A command reads one big input into arrays made once, and frees the import's large scratch
    // arrays as it goes. glibc would raise its mmap threshold to each large block freed and then
    // serve the next ones from the heap, where freed blocks stay resident: `resolve --all-modes`
    // on the 186,000-node graph peaked 7 MB higher (tests/bench/README.md). Fixed thresholds
    // give blocks over 1 MiB back when they are freed; below that the heap keeps its top (the
    // sweep's per-mode arrays are reused from mode to mode instead of faulted in again: with
    // 256 KiB the same command took 8% longer).
    mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024);
#endif
    // stdout and stderr through buffers that keep the reason of a failed write: runCli flushes
    // them and turns a failed write into exit 2 with that reason.
    opsinfo::FdOutputBuffer out(STDOUT_FILENO), err(STDERR_FILENO);
    std::cout.rdbuf(&out);
    std::cerr.rdbuf(&err);
    const int code = opsinfo::runCli(args, std::cout, std::cerr);
    std::cout.flush();
    std::cerr.flush();
    std::_Exit(code);
}
