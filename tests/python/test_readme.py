"""The README's notebook example runs as written, and prints what its comment says."""

import contextlib
import io
import os
import re

from conftest import SOURCE


def test_readme_python_example_runs():
    text = (SOURCE / "README.md").read_text(encoding="utf-8")
    section = text.split("## Python package", 1)[1]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "README's Python section has no python block"
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(SOURCE)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(blocks[0], "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    first, second = out.getvalue().splitlines()[:2]
    assert first.startswith("float16 ['M5', 'M10'] ")
    assert int(second.split()[0]) > 0
