"""``python -m opsinfo``: the same command line as the ``opsinfo`` console script."""

import sys

from .cli import main

sys.exit(main())
