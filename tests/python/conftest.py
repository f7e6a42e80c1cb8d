"""Where the tests find the package and the C++ executable they compare it with.

ctest (tests/CMakeLists.txt, label python) sets PYTHONPATH to the build tree's package and
OPSINFO_CLI to the built `opsinfo` executable; by hand:
  PYTHONPATH=build/python OPSINFO_CLI=build/app/opsinfo python3 -m pytest tests/python
"""

import os
import pathlib
import subprocess
import sys

import pytest

SOURCE = pathlib.Path(__file__).resolve().parents[2]
SAMPLE = SOURCE / "resources" / "sample"
DATA = SOURCE / "tests" / "data"


@pytest.fixture(scope="session")
def sample():
    return {"graph": str(SAMPLE / "ge_proto_sample_graph.txt"),
            "library": str(SAMPLE / "aic-ascend910b-ops-info.json")}


@pytest.fixture(scope="session")
def cli():
    """Runs the C++ executable: (exit code, stdout, stderr)."""
    path = os.environ.get("OPSINFO_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.fail("OPSINFO_CLI must name the built opsinfo executable (see conftest.py)")

    def run(*args):
        p = subprocess.run([path, *map(str, args)], capture_output=True, text=True, timeout=300)
        return p.returncode, p.stdout, p.stderr
    return run


@pytest.fixture(scope="session")
def console():
    """Runs the package's console entry point in a new process: (exit code, stdout, stderr)."""
    def run(*args, **kwargs):
        p = subprocess.run([sys.executable, "-m", "opsinfo", *map(str, args)],
                           capture_output=True, text=True, timeout=300, **kwargs)
        return p.returncode, p.stdout, p.stderr
    return run
