#include "cli/argparser.h"
#include "cli/cli.h"
#include "cli/clioutput.h"

#include <cstdlib>
#include <iostream>
#include <unistd.h>

int main(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    // The process ends here: big inputs are left to the OS, and so is the rest (std::_Exit below
    // skips static destructors), once the output is flushed and known to be written.
    opsinfo::setLeaveMemoryToExit(true);
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
