#include "cli/argparser.h"
#include "cli/cli.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>

int main(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    // The process ends here: big inputs are left to the OS, and so is the rest (std::_Exit below
    // skips static destructors), once the output is flushed and known to be written.
    opsinfo::setLeaveMemoryToExit(true);
    int code = opsinfo::runCli(args, std::cout, std::cerr);
    std::cout.flush();
    const bool written = std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout);
    if (!written) {
        std::cerr << "opsinfo: cannot write the output (disk full or closed pipe?)\n";
        if (code == 0)
            code = opsinfo::ExitUsage;
    }
    std::cerr.flush();
    std::fflush(stderr);
    std::_Exit(code);
}
