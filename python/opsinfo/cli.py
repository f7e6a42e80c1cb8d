"""The ``opsinfo`` console script: the engine's command line, as the C++ executable runs it."""

import signal
import sys

from . import _opsinfo


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    # As for the C++ executable, Ctrl-C ends the process at once, wherever the engine is: with
    # Python's own handler the interrupt would wait for the engine to come back to Python.
    previous = signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        # The process ends right after: what a command loaded is left to the OS (cli/cli.h).
        return _opsinfo.run_cli(args, leave_memory=True)
    finally:
        signal.signal(signal.SIGINT, previous)


if __name__ == "__main__":
    sys.exit(main())
