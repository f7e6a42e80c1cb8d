"""The console script (`opsinfo`, here as `python -m opsinfo`): the C++ executable's output and
exit codes, and Ctrl-C."""

import os
import signal
import subprocess
import sys
import time

import pytest

import opsinfo
from conftest import DATA


def test_help_and_version_are_the_executables(cli, console):
    for args in (["--help"], ["--version"], ["resolve", "--help"]):
        assert console(*args) == cli(*args)
    code, out, _ = console("--help")
    assert code == 0 and out.startswith("usage: opsinfo <command>")


def test_resolve_output_is_the_executables(sample, cli, console):
    args = ["resolve", sample["graph"], "--library", sample["library"], "--mode",
            "allow_mix_precision", "--json"]
    code, out, err = console(*args)
    assert (code, out) == cli(*args)[:2]
    assert code == 0 and '"name": "/model/layers.0/attn/q_proj/MatMul"' in out


def test_exit_codes(console):
    broken = DATA / "mixlist" / "x1_missing_comma.json"
    code, _, err = console("mixlist", "lint", broken)
    assert code == 1
    assert f"{broken}:3:26: error:" in err
    assert console("mixlist", "lint", DATA / "mixlist" / "valid_all_lists.json")[0] == 0
    assert console("no-such-command")[0] == 2
    assert console("graph", "info", "/nonexistent/graph.onnx")[0] == 2
    assert console()[0] == 2


def test_ctrl_c_ends_the_command_at_once(sample):
    # The JSON (80 kB) is more than a pipe holds: unread, the engine blocks in its write, inside
    # the extension. Ctrl-C must end it there, as it ends the C++ executable.
    p = subprocess.Popen([sys.executable, "-m", "opsinfo", "resolve", sample["graph"],
                          "--library", sample["library"], "--mode", "force_fp16", "--json"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.5)
        assert p.poll() is None, "the command ended before its output was read"
        p.send_signal(signal.SIGINT)
        assert p.wait(timeout=10) == -signal.SIGINT
    finally:
        p.kill()
        p.stdout.close()
        p.wait()


def test_ctrl_c_in_the_api_cancels_at_the_next_step(sample):
    steps = []

    def progress(label, done, total, what):
        steps.append(label)
        if label == "resolving" and done == 2:
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        opsinfo.resolve_all_modes(sample["graph"], sample["library"], progress=progress)
    assert steps.count("resolving") == 3
