"""The pytest plugin ``python -m bench.oracle`` loads into a package's own test run.

It runs inside the package's venv (never inside jaxlsp), next to coverage.py, and records what
the oracle needs to judge a finding:

- the coverage context of each test is its node id, so a line can be credited to the tests
  that passed (the outcomes go to ``outcomes.jsonl``, one test a line, written as they come so
  a run stopped by its time bound keeps what it did);
- every exception that reached a line of the package (through ``sys.monitoring``'s handled
  event: the traceback then holds each frame it passed through, down to where it was raised),
  with its class and base class names: a finding is confirmed when its error passed through its
  line, whether a test expected it or not;
- each failing test's exception and its frames in the package;
- a time bound: past ``JAXLSP_ORACLE_DEADLINE`` (a Unix time) no further test starts;
- the test files of ``JAXLSP_ORACLE_FIRST`` (the ones that reach the modules with findings)
  run first, in that order, so the time bound cuts the others;
- with ``JAXLSP_ORACLE_KEYS`` (a JSON file: path -> the lines of key-reuse findings and their
  related sites), every key a ``jax.random`` sampler or ``split`` consumes while a frame stands
  at one of those lines: a hash of the key's bits, per frame activation (one call of the
  function holding the line) and test, in ``keys.json`` (``jax_oracle_keys`` does it).

Its folder alone is put on ``PYTHONPATH``, so nothing else of the repository is importable
there.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
from collections.abc import Generator
from pathlib import Path
from types import CodeType, TracebackType
from typing import Any

import pytest

#: ``jax_oracle_keys`` (beside this file), when the key pass asks for it: installed here, so
#: ``jax.random`` is wrapped before any conftest or test module imports from it.
_KEYS: Any = None
if os.environ.get("JAXLSP_ORACLE_KEYS"):
    _KEYS = importlib.import_module("jax_oracle_keys")
    _KEYS.install(Path(os.environ["JAXLSP_ORACLE_KEYS"]))

OUT = Path(os.environ.get("JAXLSP_ORACLE_OUT", "."))
ROOTS = tuple(p for p in os.environ.get("JAXLSP_ORACLE_ROOTS", "").split(os.pathsep) if p)
DEADLINE = float(os.environ.get("JAXLSP_ORACLE_DEADLINE", "0") or 0)
FIRST = tuple(p for p in os.environ.get("JAXLSP_ORACLE_FIRST", "").split(os.pathsep) if p)
#: Frames kept per failure, and characters of its message.
MAX_FRAMES = 40
MAX_MESSAGE = 300

#: (file, line) -> names of the exception classes (with their bases) that passed through it.
_raised: dict[tuple[str, int], set[str]] = {}
_outcomes = None


def _class_names(error: BaseException) -> list[str]:
    return [c.__name__ for c in type(error).__mro__ if c not in (object, BaseException)]


def _package_frames(traceback: TracebackType | None) -> list[tuple[str, int]]:
    frames = []
    depth = 0
    while traceback is not None and depth < 500:
        filename = traceback.tb_frame.f_code.co_filename
        if filename.startswith(ROOTS):
            frames.append((filename, traceback.tb_lineno))
        traceback = traceback.tb_next
        depth += 1
    return frames


def _record(error: BaseException, caught_in_package: bool = False) -> None:
    """The exception passed through each package line of its traceback; one the package's own
    code handles (not a test's) is recorded as ``caught:<name>``."""
    frames = _package_frames(error.__traceback__)
    if not frames:
        return
    names = _class_names(error)
    if caught_in_package:
        names = [f"caught:{name}" for name in names]
    for where in frames:
        _raised.setdefault(where, set()).update(names)


def _is_test_file(filename: str) -> bool:
    name = Path(filename).name
    return name.startswith("test_") or name.endswith(("_test.py", "conftest.py"))


def _on_handled(code: CodeType, offset: int, error: BaseException) -> object:
    if isinstance(error, Exception):
        filename = code.co_filename
        _record(error, filename.startswith(ROOTS) and not _is_test_file(filename))
    return None


def _start_monitoring() -> None:
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is None or not ROOTS:
        return
    for tool in (4, 3, 2):
        try:
            monitoring.use_tool_id(tool, "jaxlsp-oracle")
        except ValueError:
            continue
        monitoring.register_callback(tool, monitoring.events.EXCEPTION_HANDLED, _on_handled)
        monitoring.set_events(tool, monitoring.events.EXCEPTION_HANDLED)
        return


def _switch_context(name: str) -> None:
    try:
        coverage: Any = importlib.import_module("coverage")
    except ImportError:
        return
    current = coverage.Coverage.current()
    if current is not None:
        current.switch_context(name)


def pytest_configure(config: pytest.Config) -> None:
    global _outcomes
    OUT.mkdir(parents=True, exist_ok=True)
    _outcomes = (OUT / "outcomes.jsonl").open("a", encoding="utf-8")
    _start_monitoring()


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    """The tests of ``FIRST``'s files go first (pytest merges overlapping paths given on its
    command line into one tree, so their order there is lost)."""
    if FIRST:
        rank = {str(Path(path).resolve()): number for number, path in enumerate(FIRST)}
        items.sort(key=lambda item: rank.get(str(Path(item.path).resolve()), len(rank)))


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, Any]:
    """A test module that calls ``sys.exit`` when imported (one missing a data file, say) is
    a collection error of its own, not the end of the session (pytest lets SystemExit out)."""
    try:
        return (yield)
    except SystemExit as error:
        said = f"SystemExit({error.code!r}) while collecting {collector.nodeid}"
        return pytest.CollectReport(collector.nodeid, "failed", said, [])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    if DEADLINE and time.time() > DEADLINE:
        item.session.shouldstop = "the oracle's time bound"
    _switch_context(item.nodeid)
    if _KEYS is not None:
        _KEYS.start_test(item.nodeid)
    yield
    if _KEYS is not None:
        _KEYS.end_test(OUT / "keys.json")
    _switch_context("")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is None or not report.failed or _outcomes is None:
        return
    error = call.excinfo.value
    if isinstance(error, Exception):
        _record(error)
    frames = _package_frames(call.excinfo.tb)[-MAX_FRAMES:]
    entry = {
        "test": item.nodeid,
        "when": call.when,
        "outcome": "failed",
        "type": _class_names(error),
        "message": str(error)[:MAX_MESSAGE],
        "frames": [f"{path}:{line}" for path, line in frames],
    }
    _outcomes.write(json.dumps(entry) + "\n")
    _outcomes.flush()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if _outcomes is None or report.failed:
        return
    if report.when == "call" or report.skipped:
        entry = {"test": report.nodeid, "when": report.when, "outcome": report.outcome}
        _outcomes.write(json.dumps(entry) + "\n")
        _outcomes.flush()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    raised = [
        {"file": path, "line": line, "types": sorted(names)}
        for (path, line), names in sorted(_raised.items())
    ]
    (OUT / "raised.json").write_text(json.dumps(raised), encoding="utf-8")
    stopped = session.shouldstop if isinstance(session.shouldstop, str) else None
    (OUT / "session.json").write_text(
        json.dumps({"exitstatus": int(exitstatus), "stopped": stopped}), encoding="utf-8"
    )
    if _KEYS is not None:
        _KEYS.write(OUT / "keys.json")
    if _outcomes is not None:
        _outcomes.close()
