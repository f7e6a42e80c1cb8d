"""OpsInfo Studio from Python: which dtype the Ascend compiler picks per node, and why.

Every function runs the engine's own command (the same code as the ``opsinfo`` executable) and
returns what that command prints with ``--json``, as plain dicts and lists: a result here is by
construction what ``opsinfo ... --json`` prints. Inputs are file paths, or the objects the
``load_*`` functions return (each reads and checks its file once, so errors surface early).

Errors are raised as :class:`OpsInfoError` with ``file``, ``line``, ``column`` and ``message`` of
the first error the engine reported. Long work (a library or graph load, the all-modes sweep)
calls ``progress(label, done, total, what)``; Ctrl-C (KeyboardInterrupt) cancels it.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from . import _opsinfo

__version__ = _opsinfo.__version__

__all__ = [
    "OpsInfoError",
    "Library",
    "Mixlist",
    "Graph",
    "Evidence",
    "load_library",
    "load_mixlist",
    "load_graph",
    "load_evidence",
    "resolve",
    "resolve_all_modes",
    "diff",
    "advise",
    "export_mixlist",
    "report",
    "nodes_by_name",
    "run",
]

Progress = Optional[Callable[[str, int, int, str], Any]]


class OpsInfoError(Exception):
    """An input the engine refused, at ``file:line:column`` (line 0: the whole file).

    ``exit_code`` is the command's (1 errors in the input, 2 usage or I/O error);
    ``diagnostics`` holds every finding as dicts (severity, file, line, column, code, message,
    hint); ``stderr`` the command's messages.
    """

    def __init__(self, message: str, file: str = "", line: int = 0, column: int = 0,
                 code: str = "", exit_code: int = 1, diagnostics: Sequence[dict] = (),
                 stderr: str = ""):
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.code = code
        self.exit_code = exit_code
        self.diagnostics = list(diagnostics)
        self.stderr = stderr
        where = f"{file}:{line}:{column}: " if file else ""
        super().__init__(f"{where}{message}" + (f" [{code}]" if code else ""))


@dataclass(frozen=True)
class Library:
    """One library (or several stores, the first winning), as ``library stats --json`` reports it."""

    paths: tuple
    soc: Optional[str]
    stats: dict = field(repr=False)


@dataclass(frozen=True)
class Mixlist:
    """A modify_mixlist file that the compiler would accept, with its lint report."""

    path: str
    report: dict = field(repr=False)


@dataclass(frozen=True)
class Graph:
    """A model graph (ONNX, GE dump, ATC JSON, TF GraphDef), as ``graph info --json`` reports it."""

    path: str
    info: dict = field(repr=False)


@dataclass(frozen=True)
class Evidence:
    """Profiler or accuracy evidence files, optionally joined to a graph."""

    paths: tuple
    report: dict = field(repr=False)


LibraryLike = Union[Library, str, os.PathLike, Sequence[Union[str, os.PathLike]]]


def run(args: Sequence[str], progress: Progress = None) -> tuple:
    """Runs ``opsinfo ARGS`` in this process with the output captured.

    Returns ``(exit_code, stdout, stderr, diagnostics)``; never raises for a failing command.
    """
    code, out, err, diagnostics = _opsinfo.run_cli_captured([os.fspath(a) for a in args],
                                                            progress)
    return code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), diagnostics


def _error(code: int, err: str, diagnostics: Sequence[dict]) -> OpsInfoError:
    errors = [d for d in diagnostics if d.get("severity") == "error"]
    if errors:
        d = errors[0]
        return OpsInfoError(d["message"], d["file"], d["line"], d["column"], d["code"], code,
                            diagnostics, err)
    lines = [line for line in err.splitlines() if line.strip()]
    return OpsInfoError(lines[-1] if lines else f"opsinfo exited with {code}", exit_code=code,
                        diagnostics=diagnostics, stderr=err)


def _json(args: Sequence[str], progress: Progress = None, results_on_1: bool = False):
    """The JSON a command prints. Exit 1 is a result where the command still answers (a node
    the compiler would refuse, a goal no plan reaches), else an error, as is exit 2."""
    code, out, err, diagnostics = run(args, progress)
    if code == 0 or (code == 1 and results_on_1 and out.strip()):
        try:
            return json.loads(out)
        except ValueError:
            pass
    raise _error(code, err, diagnostics)


def _library_paths(library: LibraryLike) -> tuple:
    if isinstance(library, Library):
        return library.paths
    if isinstance(library, (str, os.PathLike)):
        return (os.fspath(library),)
    return tuple(os.fspath(p) for p in library)


def _library_args(library: LibraryLike, soc: Optional[str] = None) -> list:
    if isinstance(library, Library):
        soc = soc or library.soc
    args = []
    for p in _library_paths(library):
        args += ["--library", p]
    if soc:
        args += ["--soc", soc]
    return args


def _path(value) -> str:
    for kind in (Mixlist, Graph):
        if isinstance(value, kind):
            return value.path
    return os.fspath(value)


def _inputs(library: LibraryLike, soc, mixlist, keep_dtype, front_end, evidence=()) -> list:
    args = _library_args(library, soc)
    if mixlist is not None:
        args += ["--mixlist", _path(mixlist)]
    if keep_dtype is not None:
        args += ["--keep-dtype", os.fspath(keep_dtype)]
    if front_end is not None:
        args += ["--front-end", front_end]
    for e in _evidence_paths(evidence):
        args += ["--evidence", e]
    return args


def _evidence_paths(evidence) -> list:
    if isinstance(evidence, Evidence):
        return list(evidence.paths)
    if isinstance(evidence, (str, os.PathLike)):
        return [os.fspath(evidence)]
    return [os.fspath(e) for e in evidence]


def load_library(path: Union[str, os.PathLike, Sequence], soc: Optional[str] = None,
                 progress: Progress = None) -> Library:
    """Reads an ops-info .json/.ini, soc folder or opp folder (several: stores, first wins).

    Raises OpsInfoError where the compiler would refuse the library (L4, L6 ...), at the
    problem's position."""
    paths = _library_paths(path)
    args = ["library", "stats", *paths, "--json"] + (["--soc", soc] if soc else [])
    return Library(paths, soc, _json(args, progress))


def load_mixlist(path: Union[str, os.PathLike]) -> Mixlist:
    """Reads a modify_mixlist file strictly, as the compiler does (X1-X5)."""
    path = os.fspath(path)
    code, out, err, diagnostics = run(["mixlist", "lint", path, "--json"])
    try:
        report = json.loads(out)
    except ValueError:
        raise _error(code, err, diagnostics) from None
    if code != 0 or not report.get("valid", False):
        raise _error(code or 1, err, list(diagnostics) + list(report.get("diagnostics", [])))
    return Mixlist(path, report)


def load_graph(path: Union[str, os.PathLike], progress: Progress = None) -> Graph:
    """Reads a graph: format, nodes, op types, subgraphs, unknown types."""
    path = os.fspath(path)
    return Graph(path, _json(["graph", "info", path, "--json"], progress))


def load_evidence(paths, graph=None, library: Optional[LibraryLike] = None) -> Evidence:
    """Imports profiler / accuracy evidence; with ``graph`` its rows are joined to the nodes."""
    files = _evidence_paths(paths)
    args = ["evidence", "show", *files, "--json"]
    if graph is not None:
        args += ["--graph", _path(graph)]
    if library is not None:
        args += _library_args(library)
    return Evidence(tuple(files), _json(args, results_on_1=True))


def resolve(graph, library: LibraryLike, mode: Optional[str] = None, *, mixlist=None,
            soc: Optional[str] = None, keep_dtype=None, front_end: Optional[str] = None,
            progress: Progress = None) -> dict:
    """One precision mode: per node its dtype, engine, rule ids and explanation (``nodes``),
    the casts and the summary, as ``opsinfo resolve GRAPH --mode MODE --json``."""
    args = ["resolve", _path(graph), *_inputs(library, soc, mixlist, keep_dtype, front_end)]
    if mode is not None:
        args += ["--mode", mode]
    return _json(args + ["--json"], progress, results_on_1=True)


def resolve_all_modes(graph, library: LibraryLike, *, mixlist=None, soc: Optional[str] = None,
                      keep_dtype=None, front_end: Optional[str] = None,
                      progress: Progress = None) -> dict:
    """Every precision mode's summary and casts (``modes``), as ``resolve --all-modes --json``."""
    args = ["resolve", _path(graph), *_inputs(library, soc, mixlist, keep_dtype, front_end),
            "--all-modes", "--json"]
    return _json(args, progress, results_on_1=True)


def diff(graph, library: LibraryLike, *, modes: Optional[Sequence[str]] = None,
         mode: Optional[str] = None, mixlist_a=None, mixlist_b=None, soc: Optional[str] = None,
         front_end: Optional[str] = None, progress: Progress = None) -> dict:
    """The nodes whose dtype changes between two modes (``modes=(A, B)``) or two mixlists under
    one ``mode`` (``changed``, ``transitions``, ``cast_delta``), as ``resolve diff --json``."""
    args = ["resolve", "diff", _path(graph), *_inputs(library, soc, None, None, front_end)]
    for m in (modes or ([mode] if mode else [])):
        args += ["--mode", m]
    if mixlist_a is not None:
        args += ["--mixlist-a", _path(mixlist_a)]
    if mixlist_b is not None:
        args += ["--mixlist-b", _path(mixlist_b)]
    return _json(args + ["--json"], progress)


def advise(graph, library: LibraryLike, *, mode: Optional[str] = None,
           keep_fp32: Iterable[str] = (), objective: str = "accuracy", evidence=(),
           mixlist=None, soc: Optional[str] = None, front_end: Optional[str] = None,
           max_changes: Optional[int] = None, progress: Progress = None) -> dict:
    """The smallest list change for ``objective`` (accuracy, casts, time), verified by resolving
    again, as ``opsinfo advise --json``. The recommended plan's whole modify_mixlist and
    keep_dtype files are added as text under ``export`` (``mixlist``, ``keep_dtype``; None where
    there is no plan)."""
    args = ["advise", _path(graph), *_inputs(library, soc, mixlist, None, front_end, evidence),
            "--objective", objective]
    if mode is not None:
        args += ["--mode", mode]
    for node in keep_fp32:
        args += ["--keep-fp32", node]
    if max_changes is not None:
        args += ["--max-changes", str(max_changes)]
    with tempfile.TemporaryDirectory(prefix="opsinfo-advise-") as folder:
        mixlist_out = os.path.join(folder, "mixlist.json")
        keep_out = os.path.join(folder, "keep_dtype.cfg")
        result = _json(args + ["--json", "-o", mixlist_out, "--keep-dtype-out", keep_out],
                       progress, results_on_1=True)
        result["export"] = {"mixlist": _read_or_none(mixlist_out),
                            "keep_dtype": _read_or_none(keep_out)}
    return result


def _read_or_none(path: str) -> Optional[str]:
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


def export_mixlist(library: LibraryLike, target: LibraryLike,
                   soc: Optional[str] = None) -> dict:
    """The minimal modify_mixlist (X5) that turns ``library``'s colours into ``target``'s, as
    ``opsinfo mixlist export -o -`` writes it."""
    args = ["mixlist", "export", *_library_args(library, soc)]
    for t in _library_paths(target):
        args += ["--target", t]
    return _json(args + ["-o", "-"])


def report(graph, library: LibraryLike, output: Union[str, os.PathLike], *,
           mode: Optional[str] = None, all_modes: bool = False, mixlist=None, evidence=(),
           soc: Optional[str] = None, keep_dtype=None, front_end: Optional[str] = None,
           progress: Progress = None) -> str:
    """Writes the self-contained HTML page of ``opsinfo report`` to ``output`` and returns its
    path. The page refuses to replace an input; ``all_modes`` adds the mode chart."""
    args = ["report", _path(graph),
            *_inputs(library, soc, mixlist, keep_dtype, front_end, evidence)]
    if mode is not None:
        args += ["--mode", mode]
    if all_modes:
        args.append("--all-modes")
    code, _, err, diagnostics = run(args + ["-o", os.fspath(output)], progress)
    if code != 0:
        raise _error(code, err, diagnostics)
    return os.fspath(output)


def nodes_by_name(resolution: dict) -> dict:
    """``{node name: node}`` of a :func:`resolve` result."""
    return {n["name"]: n for n in resolution.get("nodes", [])}
