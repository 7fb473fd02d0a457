"""Run test programs on the pinned CPU JAX: every program of a suite in one subprocess through
the reproducer harness (JAX imported once), and each outcome kept by what it depends on.

An outcome is keyed by the installed JAX's version, the harness's code, the environment it runs
in, the program's name and text, and the text of every support module written beside it; the
kept outcomes are committed (``OUTCOMES``), so a run of the suite runs again only the programs
new or changed since (or all of them under another JAX).  ``kept_result`` keeps, the same way,
the result of a run that has its own runner (the Pallas corpus's labeller).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO

HARNESS = REPO / "tests" / "reproducers" / "_harness.py"
#: The outcomes kept, by suite and program name; committed with the programs.
OUTCOMES = REPO / "tests" / "outcomes-on-jax.json"
#: Eight CPU devices (meshes), JAX's own frames kept in tracebacks.
CPU_ENVIRONMENT = {
    "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
    "JAX_PLATFORMS": "cpu",
    "JAX_TRACEBACK_FILTERING": "off",
}
#: What is kept of an outcome (a traceback names the scratch folder's paths).
KEPT = ("raised", "class", "module", "message", "exitCode")


#: A labelled program of a causes test: its name, its text, the codes jaxlsp must find there
#: (none: it runs to the end on JAX; any: it raises).
LabelCase = tuple[str, str, set[str]]


def label_tests(
    suite: str,
    cases: Sequence[LabelCase],
    support: Mapping[str, str] | None = None,
    *,
    before: Callable[[str], None] | None = None,
    raises: str = "",
) -> tuple[Any, Callable[..., None]]:
    """The two pieces every ``*_causes_on_jax`` module repeated: the module fixture ``ran``
    (each case's text, dedented, run on JAX through ``run_on_jax`` under ``suite``, beside the
    dedented ``support`` modules) and ``test_label_holds_on_jax`` (a case raises exactly when
    jaxlsp must find something there; ``raises``: the class a raising case must raise).
    ``before(source)`` runs first in each test (a skip for a library not installed).  The
    module binds both by their names: ``ran, test_label_holds_on_jax = label_tests(...)``."""
    modules = {name: textwrap.dedent(text) for name, text in (support or {}).items()}

    @pytest.fixture(scope="module")
    def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
        return run_on_jax(
            suite,
            {name: textwrap.dedent(source) for name, source, _ in cases},
            tmp_path_factory.mktemp(suite),
            support=modules,
        )

    @pytest.mark.parametrize(("name", "source", "expected"), cases, ids=[c[0] for c in cases])
    def test_label_holds_on_jax(
        name: str, source: str, expected: set[str], ran: dict[str, Any]
    ) -> None:
        if before is not None:
            before(textwrap.dedent(source))
        outcome = ran[name]
        assert outcome["raised"] == bool(expected), outcome.get("message") or name
        if expected and raises:
            assert outcome["class"] == raises, outcome

    return ran, test_label_holds_on_jax


def run_on_jax(
    suite: str,
    programs: Mapping[str, str],
    folder: Path,
    support: Mapping[str, str] | None = None,
    cache: Path | None = OUTCOMES,
) -> dict[str, dict[str, Any]]:
    """What each program (name -> text) did on JAX: ``{"raised", "class", "module",
    "message"}`` by name.  The programs are written to ``folder`` as ``<name>.py`` beside the
    ``support`` modules (relative path -> text), and only those whose kept outcome in
    ``cache``'s ``suite`` does not hold run; the suite's entries are then written back, for
    exactly these programs.  ``cache=None`` runs them all and keeps nothing."""
    folder.mkdir(parents=True, exist_ok=True)
    modules = dict(support or {})
    for relative, text in modules.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    keys = {name: _outcome_key(name, text, modules) for name, text in programs.items()}
    stored = _stored(cache, suite)
    stale = [name for name in programs if stored.get(name, {}).get("key") != keys[name]]
    if stale:
        ran = _run(folder, {name: programs[name] for name in stale})
        for name in stale:
            stored[name] = {"key": keys[name], "outcome": {f: ran[name].get(f) for f in KEPT}}
    kept = {name: stored[name] for name in sorted(programs)}
    if cache is not None and (stale or set(stored) != set(kept)):
        _write(cache, suite, {n: e for n, e in kept.items() if not missing_library(e["outcome"])})
    return {name: kept[name]["outcome"] for name in programs}


def missing_library(outcome: Mapping[str, Any]) -> bool:
    """An outcome of this environment (a library the program imports is not installed), not
    of the program: never kept, so an environment that has the library runs it."""
    return outcome.get("class") == "ModuleNotFoundError"


def _run(folder: Path, programs: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    paths = []
    for name, text in programs.items():
        path = folder / f"{name}.py"
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    out = folder / "outcomes.json"
    done = subprocess.run(
        [sys.executable, str(HARNESS), str(out), *paths],
        env={**os.environ, **CPU_ENVIRONMENT},
        cwd=REPO,
        timeout=600,
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the reproducer harness failed:\n{done.stderr[-4000:]}")
    outcomes: dict[str, dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    return {Path(path).stem: outcome for path, outcome in outcomes.items()}


def kept_result(
    suite: str, inputs: Mapping[str, str], run: Callable[[], Any], cache: Path | None = OUTCOMES
) -> Any:
    """What ``run()`` (a run on JAX of its own making) gives, kept under ``suite`` by the
    installed JAX's version, the environment and ``inputs`` (path -> text of every file the
    run reads): it runs again only when one of them changed."""
    key = _digest(inputs)
    stored = _stored(cache, suite)
    if stored.get("key") == key:
        return stored["result"]
    result = run()
    if cache is not None:
        _write(cache, suite, {"key": key, "result": result})
    return result


#: Runs the sources given on stdin (a JSON list) one after another in one interpreter and
#: prints whether each raised.
_RAISES_RUNNER = """
import json, sys
cases = json.loads(sys.stdin.read())
raised = []
for source in cases:
    try:
        exec(compile(source, "<case>", "exec"), {"__name__": "__main__"})
        raised.append(False)
    except Exception:
        raised.append(True)
print(json.dumps(raised))
"""


def raised_on_jax(suite: str, sources: Sequence[str]) -> list[bool]:
    """Whether each of ``sources`` raises on the pinned JAX (CPU), all run in one child
    interpreter and kept under ``suite`` like ``kept_result``'s runs."""

    def run() -> list[bool]:
        done = subprocess.run(
            [sys.executable, "-c", _RAISES_RUNNER],
            input=json.dumps(list(sources)),
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
            env={**os.environ, **CPU_ENVIRONMENT},
        )
        result: list[bool] = json.loads(done.stdout.strip().splitlines()[-1])
        return result

    inputs = {f"case{i}": source for i, source in enumerate(sources)}
    inputs["runner"] = _RAISES_RUNNER
    raised: list[bool] = kept_result(suite, inputs, run)
    return raised


def _outcome_key(name: str, text: str, support: Mapping[str, str]) -> str:
    digest = hashlib.sha256(f"{_jax_version()}\0{sorted(CPU_ENVIRONMENT.items())}".encode())
    digest.update(HARNESS.read_bytes())
    for relative, module in sorted([*support.items(), (f"{name}.py", text)]):
        digest.update(f"\0{relative}\0{module}".encode())
    return digest.hexdigest()


def _digest(inputs: Mapping[str, str]) -> str:
    environment = {name: os.environ.get(name) for name in CPU_ENVIRONMENT}
    digest = hashlib.sha256(f"{_jax_version()}\0{sorted(environment.items())}".encode())
    for relative, text in sorted(inputs.items()):
        digest.update(f"\0{relative}\0{text}".encode())
    return digest.hexdigest()


def _jax_version() -> str:
    try:
        return importlib.metadata.version("jax")
    except importlib.metadata.PackageNotFoundError:
        return "none"


def _stored(cache: Path | None, suite: str) -> dict[str, Any]:
    if cache is None:
        return {}
    try:
        entries: dict[str, Any] = json.loads(cache.read_text(encoding="utf-8"))[suite]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return entries


def _write(cache: Path, suite: str, entries: dict[str, Any]) -> None:
    """Put ``entries`` in as the suite's, the other suites' kept as they are."""
    try:
        document = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        document = {}
    document[suite] = entries
    with contextlib.suppress(OSError):
        cache.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n", encoding="utf-8")
