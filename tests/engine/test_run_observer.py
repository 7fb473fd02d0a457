"""The interpreter announces every module global a recorded run reads (``observers``).

A summary is replayed only when every global its run read still holds, so a read the
recording never heard of would let a stale run be replayed after an edit.  These tests watch
the module frames themselves while each any-caller run is recorded, and check that every read
of them reached the observer (``Interpreter.global_value``): a new code path that reads a
module's bindings directly fails here."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.infer import program as analysis_program
from jaxlsp.infer.frames import Frame
from jaxlsp.infer.incremental import IncrementalRuns
from jaxlsp.infer.summaries import Recording
from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

CORPUS = Path(__file__).parent.parent / "corpus"
#: One corpus program in this many: enough variety, a short test.
SAMPLE_EVERY = 24

OPS = """import jax.numpy as jnp

SCALE = 2.0
TABLE = {"a": 1}


def helper(x):
    return x * SCALE
"""

MAIN = """import jax
import jax.numpy as jnp

import ops
from ops import helper

OFFSET = jnp.ones(3)


def uses_attribute(x):
    return x * ops.SCALE + ops.TABLE["a"]


def uses_from_import(x):
    return helper(x) + OFFSET


class Model:
    def __call__(self, x):
        return jnp.dot(x, OFFSET)
"""


class _WatchedEnv(dict[str, Any]):
    """A module frame's bindings that note every name read from them."""

    def __init__(self, env: dict[str, Any], module: str, reads: set[tuple[str, str]]) -> None:
        super().__init__(env)
        self._module = module
        self._reads = reads

    def _read(self, name: object) -> None:
        self._reads.add((self._module, str(name)))

    def get(self, name: str, default: Any = None) -> Any:
        self._read(name)
        return super().get(name, default)

    def __getitem__(self, name: str) -> Any:
        self._read(name)
        return super().__getitem__(name)

    def __contains__(self, name: object) -> bool:
        self._read(name)
        return super().__contains__(name)

    def __iter__(self) -> Iterator[str]:
        self._read("*")
        return super().__iter__()

    def items(self) -> Any:
        self._read("*")
        return super().items()

    def values(self) -> Any:
        self._read("*")
        return super().values()


@pytest.fixture
def unheard(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, set[tuple[str, str]]]]:
    """The reads of module globals that recorded runs made without announcing them, per run
    (a run whose recording refused is not summarised: its reads do not matter)."""
    missed: list[tuple[str, set[tuple[str, str]]]] = []
    recorded = IncrementalRuns._recorded_run

    def watched(self: IncrementalRuns, site: Any, *arguments: Any) -> Recording | None:
        reads: set[tuple[str, str]] = set()
        frames: list[tuple[Frame, dict[str, Any]]] = []
        for key, module in self.interpreter.modules.items():
            if module.frame is not None:
                env = module.frame.state.env
                frames.append((module.frame, env))
                module.frame.state.env = _WatchedEnv(env, key, reads)
        try:
            recording = recorded(self, site, *arguments)
        finally:
            read = set(reads)
            for frame, env in frames:
                env.update(dict.items(frame.state.env))  # (not a read of the run)
                frame.state.env = env
        if recording is not None:
            heard = set(recording.globals)
            if not read <= heard:
                missed.append((f"{site.module}:{site.node.lineno}", read - heard))
        return recording

    monkeypatch.setattr(IncrementalRuns, "_recorded_run", watched)
    return missed


def _analyse(files: dict[Path, str], path: Path, root: Path) -> int:
    """Analyse ``path``; the number of any-caller runs recorded."""
    engine = fresh_engine(Workspace([root]))
    for known, text in files.items():
        known.write_text(text, encoding="utf-8")
        engine.workspace.set_document(known, text)
    analysis = engine.analyze(files[path], str(path))
    assert analysis.program is not None
    interpreter = analysis.program.interpreter
    interpreter.settle_summaries()
    return interpreter.ran_for_any_caller


def test_every_global_a_run_reads_from_another_module_is_heard(
    tmp_path: Path, unheard: list[tuple[str, set[tuple[str, str]]]]
) -> None:
    ops, main = tmp_path / "ops.py", tmp_path / "main.py"
    assert _analyse({ops: OPS, main: MAIN}, main, tmp_path) >= 3
    assert unheard == []


#: A function whose undecided guard is asked whether it reads the host: the names its
#: assignments read (a global, a comprehension's variables) are looked up in the module.
HOST_GUARD = """import jax.numpy as jnp

SCALE = 2.0


def scaled(xs, flag):
    ys = [x * SCALE for x, _ in zip(xs, xs)]
    if flag:
        return ys
    return xs
"""


def test_the_globals_a_host_guard_check_reads_are_heard(
    tmp_path: Path, unheard: list[tuple[str, set[tuple[str, str]]]]
) -> None:
    path = tmp_path / "guarded.py"
    assert _analyse({path: HOST_GUARD}, path, tmp_path) >= 1
    assert unheard == []


def test_every_global_the_corpus_programs_read_is_heard(
    tmp_path: Path, unheard: list[tuple[str, set[tuple[str, str]]]]
) -> None:
    programs = sorted(CORPUS.glob("*/*.py"))[::SAMPLE_EVERY]
    assert len(programs) > 50
    ran = 0
    for program in programs:
        path = tmp_path / program.name
        ran += _analyse({path: program.read_text(encoding="utf-8")}, path, tmp_path)
    assert ran > 20
    assert unheard == []


def _findings(
    files: dict[Path, str],
    path: Path,
    root: Path,
    *,
    replayed: bool,
    refused: set[int] | None = None,
) -> list[tuple[str, int, int]]:
    engine = fresh_engine(Workspace([root]))
    for known, text in files.items():
        known.write_text(text, encoding="utf-8")
        engine.workspace.set_document(known, text)
    if refused is not None:
        refused.clear()
    engine.analyze(files[path], str(path))
    # the recordings the first analysis could not summarise (``Recording.refuse``: a memoised
    # frame went stale...): those runs were not kept, so they run again
    unsummarised = len(refused) if refused is not None else 0
    # analysed again, its statements unchanged: every run the first analysis kept is replayed
    analysis = engine.analyze(files[path] + "\n", str(path))
    assert analysis.program is not None
    interpreter = analysis.program.interpreter
    if replayed:
        assert interpreter.ran_for_any_caller <= unsummarised
    else:
        assert interpreter.replayed == 0
    return sorted((f.code, f.span.start.line, f.span.start.column) for f in analysis.findings)


def _counting_refusals(monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """The recordings refused from now on (each counted once, as ``refuse`` keeps its first
    reason)."""
    refused: set[int] = set()
    original = Recording.refuse

    def refuse(self: Recording, why: str) -> None:
        if self.refused is None:
            refused.add(id(self))
        original(self, why)

    monkeypatch.setattr(Recording, "refuse", refuse)
    return refused


def test_keeping_runs_changes_no_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An analysis whose keeper replays the runs an earlier one kept (``IncrementalRuns``)
    finds what one whose keeper keeps nothing finds: the keeper only decides who runs what."""
    programs = sorted(CORPUS.glob("*/*.py"))[SAMPLE_EVERY // 2 :: 2 * SAMPLE_EVERY]
    cases = [
        ({tmp_path / p.name: p.read_text(encoding="utf-8")}, tmp_path / p.name) for p in programs
    ]
    project = tmp_path / "project"
    project.mkdir()
    cases.append(({project / "ops.py": OPS, project / "main.py": MAIN}, project / "main.py"))
    refused = _counting_refusals(monkeypatch)
    kept = [
        _findings(files, path, path.parent, replayed=True, refused=refused) for files, path in cases
    ]
    monkeypatch.setattr(analysis_program, "IncrementalRuns", lambda interpreter: None)
    unkept = [_findings(files, path, path.parent, replayed=False) for files, path in cases]
    assert sum(map(len, kept)) > 10
    assert kept == unkept
