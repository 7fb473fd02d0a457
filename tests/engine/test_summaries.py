"""Summaries (``jaxlsp.infer.summaries``) across modules: a module's run is replayed while its
statements are unchanged, and a file importing an edited module is analysed again from its last
analysis (``jaxlsp.infer.rerun``), keeping the runs that read nothing the edit changed; every
result equals a fresh engine's."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.engine import Analysis, Engine
from jaxlsp.infer.incremental import IncrementalRuns
from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

OPS = """import jax
import jax.numpy as jnp

UNUSED = 1


@jax.jit
def scale(x):
    return x * 2.0


def helper(x):
    if x > 0:
        return x
    return -x
"""

TRAIN = """import jax
import jax.numpy as jnp

from ops import helper, scale


@jax.jit
def step(x):
    return helper(scale(x))


step(jnp.ones(3))
"""


def _project(tmp_path: Path) -> tuple[Engine, Path, Path]:
    ops, train = tmp_path / "ops.py", tmp_path / "train.py"
    ops.write_text(OPS, encoding="utf-8")
    train.write_text(TRAIN, encoding="utf-8")
    engine = fresh_engine(Workspace([tmp_path]))
    for path in (ops, train):
        engine.workspace.set_document(path, path.read_text(encoding="utf-8"))
    return engine, ops, train


def _fresh(tmp_path: Path, texts: dict[Path, str], path: Path) -> Analysis:
    engine = fresh_engine(Workspace([tmp_path]))
    for known, text in texts.items():
        engine.workspace.set_document(known, text)
    return engine.analyze(texts[path], str(path))


def test_an_imported_module_that_did_not_change_is_replayed(tmp_path: Path) -> None:
    engine, ops, train = _project(tmp_path)
    first = engine.analyze(TRAIN, str(train))
    assert first.program is not None
    assert [f.code for f in first.findings] == []
    assert len(first.elsewhere) == 1  # helper's `if` on a tracer, in ops.py
    again = engine.analyze(TRAIN + "\n\nstep(jnp.zeros(3))\n", str(train), previous=first)
    assert again.program is not None
    assert again.program.interpreter.kept >= 1  # ops's top-level run, from the last analysis
    texts = {ops: OPS, train: again.source}
    assert again.elsewhere == _fresh(tmp_path, texts, train).elsewhere


def test_an_edit_that_keeps_what_a_file_read_keeps_its_runs(tmp_path: Path) -> None:
    engine, ops, train = _project(tmp_path)
    first = engine.analyze(TRAIN, str(train))
    assert first.program is not None
    keeper = first.program.interpreter.keeper
    assert isinstance(keeper, IncrementalRuns) and keeper.runs is not None
    runs = len(keeper.runs)
    assert engine.analyze(TRAIN, str(train), previous=first) is first  # nothing changed
    edited = OPS.replace("UNUSED = 1", "UNUSED = 2")
    engine.workspace.set_document(ops, edited)
    engine.analyze(edited, str(ops))  # the edited file first, as the server does
    again = engine.analyze(TRAIN, str(train), previous=first)
    assert again.program is not None
    interpreter = again.program.interpreter
    # ops's run is the one its own analysis recorded; every other run is kept as it was
    assert (interpreter.replayed, interpreter.kept, interpreter.ran_for_any_caller) == (
        1,
        runs - 1,
        0,
    )
    _assert_same_as_fresh(tmp_path, {ops: edited, train: TRAIN}, train, again)


def test_a_finding_an_edit_removes_from_an_imported_module_leaves_its_importers(
    tmp_path: Path,
) -> None:
    """An importer's findings elsewhere include what the imported module's own code breaks
    (its module-level code runs in the importer's analysis): fixing it there must not leave
    the importer's copy behind (the server would show it in the fixed file)."""
    broken = "import jax\n\nnoise = jax.random.normal(0, (3,))\n\n\ndef helper(x):\n    return x\n"
    caller = "import ops\n\n\ndef f(x):\n    return ops.helper(x)\n"
    engine, ops, train = _two_modules(tmp_path, broken, caller)
    first = engine.analyze(caller, str(train))
    assert [f.code for f in first.elsewhere] == ["random-int-seed-as-key"]
    fixed = broken.replace("normal(0,", "normal(jax.random.key(0),")
    engine.workspace.set_document(ops, fixed)
    engine.analyze(fixed, str(ops))
    again = engine.analyze(caller, str(train), previous=first)
    assert again.elsewhere == ()
    _assert_same_as_fresh(tmp_path, {ops: fixed, train: caller}, train, again)


def test_an_edit_to_a_function_the_file_calls_re_analyses_it(tmp_path: Path) -> None:
    engine, ops, train = _project(tmp_path)
    first = engine.analyze(TRAIN, str(train))
    assert len(first.elsewhere) == 1
    fixed = OPS.replace(
        "    if x > 0:\n        return x\n    return -x\n", "    return jnp.abs(x)\n"
    )
    engine.workspace.set_document(ops, fixed)
    engine.analyze(fixed, str(ops))
    after = engine.analyze(TRAIN, str(train), previous=first)
    assert after is not first
    assert after.elsewhere == ()
    assert after.elsewhere == _fresh(tmp_path, {ops: fixed, train: TRAIN}, train).elsewhere


def _two_modules(tmp_path: Path, ops: str, train: str) -> tuple[Engine, Path, Path]:
    ops_path, train_path = tmp_path / "ops.py", tmp_path / "train.py"
    ops_path.write_text(ops, encoding="utf-8")
    train_path.write_text(train, encoding="utf-8")
    engine = fresh_engine(Workspace([tmp_path]))
    for path in (ops_path, train_path):
        engine.workspace.set_document(path, path.read_text(encoding="utf-8"))
    return engine, ops_path, train_path


def _assert_same_as_fresh(
    tmp_path: Path, texts: dict[Path, str], path: Path, got: Analysis
) -> None:
    fresh = _fresh(tmp_path, texts, path)
    assert got.findings == fresh.findings
    assert got.elsewhere == fresh.elsewhere
    assert got.program is not None and fresh.program is not None
    for name in ("conversions", "api_calls", "called", "made", "invocations"):
        assert len(getattr(got.program.facts, name)) == len(getattr(fresh.program.facts, name))


LEAF = "import jax.numpy as jnp\n\n\ndef leaf(x):\n    return x\n"

CALLER = """import ops


def helper(x):
    return ops.leaf(x)


def first():
    return helper(1.0)


def second():
    y = helper(1.0)
    if y > 0:
        return 1
    return 2
"""


def test_a_run_that_reused_a_frame_is_replayed_only_while_that_frame_returns_the_same(
    tmp_path: Path,
) -> None:
    """``second`` reuses the frame ``first`` made for ``helper(1.0)``; an edit to ``leaf``
    makes ``first`` run again and ``helper`` return an array: ``second``'s test of it is a
    conversion now, as a fresh analysis finds (replaying ``second`` because the frame's key
    is still memoised would miss it)."""
    engine, ops, train = _two_modules(tmp_path, LEAF, CALLER)
    first = engine.analyze(CALLER, str(train))
    assert first.program is not None and first.program.facts.conversions == []
    edited = LEAF.replace("return x", "return jnp.sin(x)")
    engine.workspace.set_document(ops, edited)
    engine.analyze(edited, str(ops))
    again = engine.analyze(CALLER + "\n", str(train), previous=first)
    assert again.program is not None and len(again.program.facts.conversions) == 1
    _assert_same_as_fresh(tmp_path, {ops: edited, train: again.source}, train, again)


UNCALLED = """import jax
import ops


@jax.jit
def step(x):
    return ops.helper(x)


def other(x):
    return x
"""


def test_what_replayed_runs_read_is_known_to_the_next_reuse(tmp_path: Path) -> None:
    """An analysis that replayed its functions' runs (or kept them from the last analysis)
    still knows every global they read: when one of them changes, the file is analysed again
    rather than kept."""
    engine, ops, train = _two_modules(tmp_path, OPS, UNCALLED)
    first = engine.analyze(UNCALLED, str(train))
    assert len(first.elsewhere) == 1  # helper's `if` on a tracer, in ops.py
    edited_train = UNCALLED.replace("return x\n", "return x + 1\n")
    engine.workspace.set_document(train, edited_train)
    replayed = engine.analyze(edited_train, str(train), previous=first)
    assert replayed.program is not None
    assert replayed.program.interpreter.kept >= 1  # step's run; `other`, rewritten, runs
    fixed = OPS.replace(
        "    if x > 0:\n        return x\n    return -x\n", "    return jnp.abs(x)\n"
    )
    engine.workspace.set_document(ops, fixed)
    engine.analyze(fixed, str(ops))
    after = engine.analyze(edited_train, str(train), previous=replayed)
    assert after is not replayed
    assert after.elsewhere == ()
    _assert_same_as_fresh(tmp_path, {ops: fixed, train: edited_train}, train, after)


# A dependent's own findings follow an edit to a module it imports, both ways ---------------------

CHANNELS_TRAIN = """import jax
import jax.numpy as jnp

import ops
from pkg import SEED


@jax.jit
def through_return(x):
    y = ops.double(x)
    if y > 0:
        return y
    return -y


@jax.jit
def through_class(x):
    return jnp.arange(ops.Counter().count(x))


def through_constant():
    return jax.random.normal(ops.KEY, (3,))


def through_reexport():
    return jax.random.normal(SEED, (3,))


@jax.jit
def unrelated(x):
    return jnp.sin(x) * 2.0
"""

#: Per channel: the edited module, its text without the finding in the dependent, with it,
#: the finding's code and the dependent's line (1-based) it is on.
CHANNELS = {
    "return": (
        "ops.py",
        "def double(x):\n    return 1.0\n",
        "def double(x):\n    return x * 2.0\n",
        "tracer-bool-conversion-error",
        11,
    ),
    "class": (
        "ops.py",
        "class Counter:\n    def count(self, x):\n        return 3\n",
        "class Counter:\n    def count(self, x):\n        return x.sum()\n",
        "concretization-type-error",
        18,
    ),
    "constant": (
        "ops.py",
        "KEY = jax.random.key(0)\n",
        "KEY = 0\n",
        "random-int-seed-as-key",
        22,
    ),
    "re-export": (
        "pkg/core.py",
        "SEED = jax.random.key(0)\n",
        "SEED = 0\n",
        "random-int-seed-as-key",
        26,
    ),
}

#: What each module holds besides the channel's slot (the clean version of every other slot).
CHANNEL_MODULES = {
    "ops.py": "import jax\nimport jax.numpy as jnp\n\n\n{double}\n\n{counter}\n\n{key}",
    "pkg/core.py": "import jax\n\n{seed}",
}


def _channel_texts(channel: str, broken: bool) -> dict[str, str]:
    slots = {
        "double": CHANNELS["return"][1],
        "counter": CHANNELS["class"][1],
        "key": CHANNELS["constant"][1],
        "seed": CHANNELS["re-export"][1],
    }
    slot = {"return": "double", "class": "counter", "constant": "key", "re-export": "seed"}
    if broken:
        slots[slot[channel]] = CHANNELS[channel][2]
    return {
        "ops.py": CHANNEL_MODULES["ops.py"].format(**slots),
        "pkg/core.py": CHANNEL_MODULES["pkg/core.py"].format(**slots),
        "pkg/__init__.py": "from pkg.core import SEED\n",
        "train.py": CHANNELS_TRAIN,
    }


@pytest.mark.parametrize("channel", sorted(CHANNELS))
def test_an_edit_adds_and_removes_a_finding_in_a_dependent(tmp_path: Path, channel: str) -> None:
    """The edited module's own analysis first, then the dependent's from its last one (as the
    server re-checks it): the finding comes with the edit and goes with its undoing, and every
    step equals a fresh analysis of the project, while the runs that did not read the edit are
    kept."""
    edited_name, _, _, code, line = CHANNELS[channel]
    texts = _channel_texts(channel, broken=False)
    (tmp_path / "pkg").mkdir()
    paths = {name: tmp_path / name for name in texts}
    engine = fresh_engine(Workspace([tmp_path]))
    for name, text in texts.items():
        paths[name].write_text(text, encoding="utf-8")
        engine.workspace.set_document(paths[name], text)
    train, edited = paths["train.py"], paths[edited_name]
    analysis = engine.analyze(CHANNELS_TRAIN, str(train))
    assert analysis.findings == ()
    for broken in (True, False, True):
        texts = _channel_texts(channel, broken)
        engine.workspace.set_document(edited, texts[edited_name])
        engine.analyze(texts[edited_name], str(edited))
        again = engine.analyze(CHANNELS_TRAIN, str(train), previous=analysis)
        found = [(f.code, f.span.start.line + 1) for f in again.findings]
        assert found == ([(code, line)] if broken else [])
        assert again.program is not None and again.program.interpreter.kept > 0
        _assert_same_as_fresh(tmp_path, {paths[n]: t for n, t in texts.items()}, train, again)
        analysis = again


def test_an_edit_that_moves_a_finding_in_an_imported_module_moves_the_importers_copy(
    tmp_path: Path,
) -> None:
    """Lines added above code of the imported module that the importer's analysis finds
    broken change nothing the importer reads, but the finding it reports there moves: the
    server shows it in the edited file at its new place."""
    engine, ops, train = _project(tmp_path)
    first = engine.analyze(TRAIN, str(train))
    [before] = first.elsewhere
    moved = OPS.replace("UNUSED = 1\n", "UNUSED = 1\nALSO_UNUSED = 2\n\n")
    engine.workspace.set_document(ops, moved)
    engine.analyze(moved, str(ops))
    again = engine.analyze(TRAIN, str(train), previous=first)
    [after] = again.elsewhere
    assert after.span.start.line == before.span.start.line + 2
    assert again.program is not None and again.program.interpreter.kept > 0
    _assert_same_as_fresh(tmp_path, {ops: moved, train: TRAIN}, train, again)
