"""jaxlsp's inlay hints on the corpus's programs, and the shapes JAX has at the same places
(recorded by ``tests/reproducers/_shape_probe.py`` while the labels are checked: one run of
the corpus on JAX serves both)."""

from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib.metadata
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.recall import CPU_ENVIRONMENT, REPO, Program

from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine
from tests._on_jax import missing_library

PROBE = REPO / "tests" / "reproducers" / "_shape_probe.py"
HARNESS = REPO / "tests" / "reproducers" / "_harness.py"
#: What each program did on JAX, kept by its text (``probe_cached``); committed, so a run of the
#: suite re-runs only the programs changed since, and the JAX version keys every entry.
OUTCOMES = REPO / "tests" / "corpus" / "outcomes-on-jax.json"
#: What the label check reads of an outcome (a traceback names this checkout's paths).
KEPT = ("raised", "class", "module", "message")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
_AVAL = re.compile(r"^(?P<dtype>[a-z0-9]+)\[(?P<dims>[^\]]*)\]$")


@dataclass(frozen=True)
class Hint:
    path: str
    #: 1-based: the line a name is bound on, or a function's first line (its decorators').
    line: int
    #: The name bound, or "return".
    name: str
    aval: str

    @property
    def key(self) -> str:
        return f"{self.path}:{self.line}:{self.name}"


def hints_of(program: Program) -> list[Hint]:
    """Every inlay hint jaxlsp shows in the program's modules."""
    engine = fresh_engine(Workspace([program.root]))
    found: list[Hint] = []
    for module in program.modules():
        path = str(module.resolve())
        text = module.read_text(encoding="utf-8")
        lines = text.split("\n")
        functions = [
            node
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        for hint in engine.inlay_hints(engine.analyze(text, path)):
            line = hint.position.line
            if hint.label.startswith("-> "):
                owner = max(
                    (f for f in functions if f.lineno - 1 <= line <= f.body[0].lineno - 1),
                    key=lambda f: f.lineno,
                )
                first = min([owner.lineno, *(d.lineno for d in owner.decorator_list)])
                found.append(Hint(path, first, "return", hint.label[3:]))
            else:
                name = _NAME.search(lines[line][: hint.position.column])
                assert name is not None, (path, hint)
                found.append(Hint(path, line + 1, name.group(0), hint.label[2:]))
    return found


def matches(hint: str, seen: str) -> bool:
    """A hint equals an observed aval; a named size stands for one integer throughout."""
    ours, theirs = _AVAL.match(hint), _AVAL.match(seen)
    if ours is None or theirs is None or ours["dtype"] != theirs["dtype"]:
        return False
    mine = [d.strip() for d in ours["dims"].split(",")] if ours["dims"] else []
    real = theirs["dims"].split(",") if theirs["dims"] else []
    if len(mine) != len(real):
        return False
    names: dict[str, str] = {}
    for dim, size in zip(mine, real, strict=True):
        if dim.isdigit():
            if dim != size:
                return False
        elif names.setdefault(dim, size) != size:
            return False
    return True


def probe_on_jax(
    programs: Sequence[Program], hints: Sequence[Hint]
) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """Run every program on the JAX this Python has, watching the hinted places: what each
    program raised (by program name, as ``bench.recall.run_on_jax`` gives it) and what each
    hinted place held."""
    watch: dict[str, dict[str, Any]] = {}
    for hint in hints:
        spec = watch.setdefault(hint.path, {"binds": {}, "returns": []})
        if hint.name == "return":
            spec["returns"].append(hint.line)
        else:
            spec["binds"].setdefault(str(hint.line), []).append(hint.name)
    with tempfile.TemporaryDirectory(prefix="jaxlsp-probe-") as scratch:
        watch_file, out = Path(scratch) / "watch.json", Path(scratch) / "out.json"
        watch_file.write_text(json.dumps(watch), encoding="utf-8")
        completed = subprocess.run(
            [sys.executable, str(PROBE), str(watch_file), str(out)]
            + [str(p.entry) for p in programs],
            cwd=REPO,
            env={**os.environ, **CPU_ENVIRONMENT},
            capture_output=True,
            text=True,
            timeout=1800,
            check=False,
        )
        if completed.returncode != 0:
            raise RuntimeError(f"the JAX probe failed:\n{completed.stderr[-4000:]}")
        result = json.loads(out.read_text(encoding="utf-8"))
    outcomes = {program.name: result["outcomes"][str(program.entry)] for program in programs}
    return outcomes, result["seen"]


def probe_cached(
    programs: Sequence[Program], hints: Sequence[Hint], cache: Path = OUTCOMES
) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """``probe_on_jax``, run only for the programs whose entry in ``cache`` does not hold: an
    entry is keyed by the installed JAX's version, the probe's and harness's code, the
    environment it runs in, the text of each of the program's modules and the places watched
    in them, so a changed program (or a hint moved to a new place) runs again.  The entries
    of the programs run are written back, in a stable order."""
    watched: dict[str, list[Hint]] = {}
    for hint in hints:
        watched.setdefault(hint.path, []).append(hint)
    keys = {program.name: _outcome_key(program, watched) for program in programs}
    try:
        stored: dict[str, Any] = json.loads(cache.read_text(encoding="utf-8"))["programs"]
    except (OSError, ValueError, KeyError, TypeError):
        stored = {}
    stale = [p for p in programs if stored.get(p.name, {}).get("key") != keys[p.name]]
    if stale:
        stale_paths = {str(m.resolve()) for p in stale for m in p.modules()}
        outcomes, seen = probe_on_jax(stale, [h for h in hints if h.path in stale_paths])
        for program in stale:
            places = {
                _relative(h.key): seen[h.key]
                for m in program.modules()
                for h in watched.get(str(m.resolve()), ())
                if h.key in seen
            }
            outcome = {field: outcomes[program.name].get(field) for field in KEPT}
            stored[program.name] = {"key": keys[program.name], "outcome": outcome, "seen": places}
        with contextlib.suppress(OSError):
            lasting = {n: e for n, e in stored.items() if not missing_library(e["outcome"])}
            payload = {"programs": dict(sorted(lasting.items()))}
            cache.write_text(json.dumps(payload, indent=1, sort_keys=True) + "\n", "utf-8")
    outcomes = {p.name: stored[p.name]["outcome"] for p in programs}
    seen = {
        str(REPO / key): values for p in programs for key, values in stored[p.name]["seen"].items()
    }
    return outcomes, seen


def _relative(key: str) -> str:
    """A hint's key with this checkout's path left out (kept whole outside it)."""
    try:
        return Path(key).relative_to(REPO).as_posix()
    except ValueError:
        return key


def _outcome_key(program: Program, watched: dict[str, list[Hint]]) -> str:
    try:
        version = importlib.metadata.version("jax")
    except importlib.metadata.PackageNotFoundError:
        version = "none"
    digest = hashlib.sha256(f"{version}\0{sorted(CPU_ENVIRONMENT.items())}".encode())
    for path in (PROBE, HARNESS):
        digest.update(path.read_bytes())
    for module in program.modules():
        digest.update(f"\0{module.relative_to(program.root).as_posix()}\0".encode())
        digest.update(module.read_bytes())
        places = sorted((h.line, h.name) for h in watched.get(str(module.resolve()), ()))
        digest.update(repr(places).encode())
    return digest.hexdigest()
