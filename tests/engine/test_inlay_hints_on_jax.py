"""Every inlay hint jaxlsp shows on the corpus's negatives (programs that run) is the shape and
dtype JAX really has there.

The programs run once on the pinned CPU JAX under ``_shape_probe.py``, which records what each
hinted name holds after its line runs and what each hinted function returns (the avals JAX
traces with, under jit and vmap too, as ``jax.eval_shape`` gives them).  A hint on a line
that never ran cannot be checked; the test requires most hints to be checked.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from bench.recall import CPU_ENVIRONMENT, REPO, Program, discover

from jaxlsp.engine import Engine
from jaxlsp.infer.workspace import Workspace

pytestmark = pytest.mark.jax

PROBE = Path(__file__).with_name("_shape_probe.py")
NEGATIVES = [p for p in discover() if p.label == "negative"]
#: The fewest hints that must be checked against JAX (the test must not pass vacuously).
MINIMUM_CHECKED = 150
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
_AVAL = re.compile(r"^(?P<dtype>[a-z0-9]+)\[(?P<dims>[^\]]*)\]$")


@dataclass(frozen=True)
class Hint:
    path: str
    #: 1-based: the line a name is bound on, or the first line of a function (decorators).
    line: int
    #: The name bound, or "return".
    name: str
    aval: str

    @property
    def key(self) -> str:
        return f"{self.path}:{self.line}:{self.name}"


def hints_of(program: Program) -> list[Hint]:
    engine = Engine(workspace=Workspace([program.root]))
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


@pytest.fixture(scope="module")
def observed() -> tuple[list[Hint], dict[str, list[str]]]:
    if importlib.util.find_spec("jax") is None:
        pytest.skip("the pinned JAX is not installed (pip install -e '.[jax]')")
    return observe()


def observe() -> tuple[list[Hint], dict[str, list[str]]]:
    """jaxlsp's hints on every negative, and what JAX had at each hinted place."""
    hints = [hint for program in NEGATIVES for hint in hints_of(program)]
    watch: dict[str, dict[str, object]] = {}
    for hint in hints:
        spec = watch.setdefault(hint.path, {"binds": {}, "returns": []})
        if hint.name == "return":
            spec["returns"].append(hint.line)  # type: ignore[union-attr]
        else:
            spec["binds"].setdefault(str(hint.line), []).append(hint.name)  # type: ignore[union-attr]
    with tempfile.TemporaryDirectory(prefix="jaxlsp-hints-") as scratch:
        watch_file, out = Path(scratch) / "watch.json", Path(scratch) / "seen.json"
        watch_file.write_text(json.dumps(watch), encoding="utf-8")
        entries = [str(p.entry.resolve()) for p in NEGATIVES]
        subprocess.run(
            [sys.executable, str(PROBE), str(watch_file), str(out), *entries],
            cwd=REPO,
            env={**__import__("os").environ, **CPU_ENVIRONMENT},
            capture_output=True,
            text=True,
            timeout=1200,
            check=True,
        )
        result = json.loads(out.read_text(encoding="utf-8"))
    raised = {p: o["message"] for p, o in result["outcomes"].items() if o["raised"]}
    assert not raised, f"negatives raised under the probe: {raised}"
    return hints, result["seen"]


def test_every_hint_on_the_negatives_is_the_shape_jax_has(
    observed: tuple[list[Hint], dict[str, list[str]]],
) -> None:
    hints, seen = observed
    wrong = []
    checked = 0
    for hint in hints:
        if hint.key not in seen:
            continue  # the line never ran (a function nobody calls)
        checked += 1
        values = seen[hint.key]
        if len(values) != 1 or not matches(hint.aval, values[0]):
            wrong.append(f"{hint.key}: jaxlsp {hint.aval}, JAX {values}")
    assert not wrong, f"{len(wrong)} of {checked} hints checked are wrong:\n" + "\n".join(wrong)
    assert checked >= MINIMUM_CHECKED, f"only {checked} of {len(hints)} hints ran"
