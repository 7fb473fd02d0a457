"""An importer re-checked after an edit to a module it imports keeps its findings only where a
fresh analysis finds the same (``jaxlsp.infer.dependents``, ``Engine._analyze``).

Random edits to ``ops.py`` (a function its importers call, constants they read or not, a
statement that reads a constant, a module-level error, lines moved, a container changed at
import), each followed by the re-checks the server runs, each compared with a fresh analysis.
The importers read ``ops`` by attribute, through ``from ops import *``, and after setting an
attribute of it at import.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from jaxlsp import engine as engine_module
from jaxlsp.engine import Analysis, Engine
from jaxlsp.infer.workspace import Workspace
from tests.engine.test_incremental import ENGINE, assert_same_as_fresh_project

OPS_HEAD = "import jax\nimport jax.numpy as jnp\n\nsettings = {'mode': 'fast'}\n"

#: Each slot of ``ops.py``: the versions an edit picks from.
OPS_SLOTS = [
    ["SCALE = 2", "SCALE = 3", "SCALE = 2.5"],
    ["UNUSED = 1", "UNUSED = 7", "UNUSED = (1, 2)"],
    ["LIMIT = 3", "LIMIT = 4"],
    [
        "def helper(x):\n    return jnp.sin(x) * SCALE",
        "def helper(x):\n    return jnp.cos(x) + LIMIT",
        "def helper(x):\n    return jnp.ones(3).reshape(LIMIT)",
        "def helper(x):\n    return int(x)",
    ],
    [
        "def other(x):\n    return x + 1",
        "def other(x):\n    return x * 2",
        "def other(x):\n    return jnp.ones(2).reshape(5)",
    ],
    ["", "# a comment that moves the lines below\n\n\n"],
    ["", "BAD = jnp.ones(3)\nBAD[0] = 1.0"],
    ["", "def spare(y):\n    return y"],
    ["", "USES = UNUSED"],
    ["", "settings['mode'] = UNUSED"],
    ["", "KEY = jax.random.key(0)\nFIRST = jax.random.normal(KEY)"],
]

IMPORTERS = {
    "train.py": """import jax
import jax.numpy as jnp

import ops


@jax.jit
def step(x):
    return ops.helper(x) * ops.SCALE


def shaped():
    return jnp.ones(3).reshape(ops.LIMIT)


Y = jnp.ones(3).reshape(ops.LIMIT)
""",
    "star.py": """import jax.numpy as jnp

from ops import *


def run(x):
    return helper(x) + LIMIT


W = jnp.zeros(3).reshape(LIMIT)
""",
    "attr.py": """import jax.numpy as jnp

import ops

ops.EXTRA = 4
V = jnp.ones(3).reshape(ops.EXTRA)
MODE = ops.settings['mode']
""",
    "quiet.py": """import jax
import jax.numpy as jnp

import ops


def later(x):
    return ops.other(x)


Q = jnp.ones(2)
Q[0] = 1.0
DRAWN = jax.random.normal(ops.KEY) if hasattr(ops, 'KEY') else None
""",
}


def _ops_text(choice: list[int]) -> str:
    return OPS_HEAD + "".join(
        f"\n\n{slot[pick]}\n" for slot, pick in zip(OPS_SLOTS, choice, strict=True)
    )


@pytest.mark.parametrize("seed", range(12))
def test_importers_after_random_edits_match_a_fresh_analysis(
    tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    chance = random.Random(seed)
    # it starts with no module-level error or key in ops (each importer cites those, so
    # that none could keep its findings until an edit removes them)
    choice = [chance.randrange(len(slot)) if "BAD" not in slot[1] else 0 for slot in OPS_SLOTS]
    choice[-1] = 0
    ops = tmp_path / "ops.py"
    texts = {ops: _ops_text(choice)}
    texts.update({tmp_path / name: text for name, text in IMPORTERS.items()})
    engine = Engine(ENGINE.records, Workspace([tmp_path]))
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
        engine.workspace.set_document(path, text)
    analyses: dict[Path, Analysis] = {
        path: engine.analyze(text, str(path)) for path, text in texts.items()
    }
    held: list[bool] = []
    asked = engine_module._findings_hold

    def counted(*args: object, **kwargs: object) -> bool:
        answer = asked(*args, **kwargs)  # type: ignore[arg-type]
        held.append(answer)
        return answer

    monkeypatch.setattr(engine_module, "_findings_hold", counted)
    # the slots an importer's findings cite (an error in ops, a key drawn there) are edited
    # less often: while one is in, no importer can keep its findings
    weights = [1 if "BAD" in slot[1] or "KEY" in slot[1] else 4 for slot in OPS_SLOTS]
    for _ in range(12):
        slot = chance.choices(range(len(OPS_SLOTS)), weights)[0]
        choice[slot] = chance.choice([i for i in range(len(OPS_SLOTS[slot])) if i != choice[slot]])
        texts[ops] = _ops_text(choice)
        engine.workspace.set_document(ops, texts[ops])
        if chance.random() < 0.75:  # else the importers run its new version first
            analyses[ops] = engine.analyze(texts[ops], str(ops), previous=analyses[ops])
        for name in IMPORTERS:
            path = tmp_path / name
            again = engine.analyze(texts[path], str(path), previous=analyses[path])
            assert_same_as_fresh_project(tmp_path, texts, again)
            analyses[path] = again
    # the rules were asked again at least once; whether findings were kept depends on the
    # edits drawn (the test below makes sure they are where nothing read changed)
    assert False in held


def test_an_importer_keeps_its_findings_when_it_read_nothing_the_edit_changed(
    tmp_path: Path,
) -> None:
    """The case the budget measures: a constant nobody reads changed."""
    choice = [0] * len(OPS_SLOTS)
    ops, quiet = tmp_path / "ops.py", tmp_path / "quiet.py"
    texts = {ops: _ops_text(choice), quiet: IMPORTERS["quiet.py"]}
    engine = Engine(ENGINE.records, Workspace([tmp_path]))
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
        engine.workspace.set_document(path, text)
    before = engine.analyze(texts[quiet], str(quiet))
    analysed = engine.analyze(texts[ops], str(ops))
    assert before.findings  # the item assignment
    choice[1] = 1  # UNUSED = 7
    texts[ops] = _ops_text(choice)
    engine.workspace.set_document(ops, texts[ops])
    engine.analyze(texts[ops], str(ops), previous=analysed)
    again = engine.analyze(texts[quiet], str(quiet), previous=before)
    assert again.findings is before.findings  # kept, not asked of the rules again
    assert again.program is not before.program
    assert_same_as_fresh_project(tmp_path, texts, again)
    # a constant an unchanged statement of ops reads (``USES = UNUSED``): asked again
    choice[8] = 1
    texts[ops] = _ops_text(choice)
    engine.workspace.set_document(ops, texts[ops])
    again = engine.analyze(texts[quiet], str(quiet), previous=again)
    choice[1] = 2
    texts[ops] = _ops_text(choice)
    engine.workspace.set_document(ops, texts[ops])
    last = engine.analyze(texts[quiet], str(quiet), previous=again)
    assert last.findings is not again.findings
    assert_same_as_fresh_project(tmp_path, texts, last)
