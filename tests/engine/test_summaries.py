"""Summaries (``jaxlsp.infer.summaries``) across modules: a module's run is replayed while its
statements are unchanged, and a file importing an edited module is re-analysed only when
the edit changed something the file's analysis read from it; every result equals a fresh
engine's."""

from __future__ import annotations

from pathlib import Path

from jaxlsp.engine import Analysis, Engine
from jaxlsp.infer.workspace import Workspace

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
    engine = Engine(workspace=Workspace([tmp_path]))
    for path in (ops, train):
        engine.workspace.set_document(path, path.read_text(encoding="utf-8"))
    return engine, ops, train


def _fresh(tmp_path: Path, texts: dict[Path, str], path: Path) -> Analysis:
    engine = Engine(workspace=Workspace([tmp_path]))
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
    assert again.program.interpreter.replayed >= 1  # ops's top-level run
    texts = {ops: OPS, train: again.source}
    assert again.elsewhere == _fresh(tmp_path, texts, train).elsewhere


def test_an_edit_that_keeps_what_a_file_read_keeps_its_analysis(tmp_path: Path) -> None:
    engine, ops, train = _project(tmp_path)
    first = engine.analyze(TRAIN, str(train))
    edited = OPS.replace("UNUSED = 1", "UNUSED = 2")
    engine.workspace.set_document(ops, edited)
    engine.analyze(edited, str(ops))  # the edited file first, as the server does
    assert engine.analyze(TRAIN, str(train), previous=first) is first


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
    engine = Engine(workspace=Workspace([tmp_path]))
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
    """An analysis that replayed its functions' runs still knows every global they read: when
    one of them changes, the file is analysed again rather than kept."""
    engine, ops, train = _two_modules(tmp_path, OPS, UNCALLED)
    first = engine.analyze(UNCALLED, str(train))
    assert len(first.elsewhere) == 1  # helper's `if` on a tracer, in ops.py
    edited_train = UNCALLED.replace("return x\n", "return x + 1\n")
    engine.workspace.set_document(train, edited_train)
    replayed = engine.analyze(edited_train, str(train), previous=first)
    assert replayed.program is not None and replayed.program.interpreter.replayed >= 1
    fixed = OPS.replace(
        "    if x > 0:\n        return x\n    return -x\n", "    return jnp.abs(x)\n"
    )
    engine.workspace.set_document(ops, fixed)
    engine.analyze(fixed, str(ops))
    after = engine.analyze(edited_train, str(train), previous=replayed)
    assert after is not replayed
    assert after.elsewhere == ()
    _assert_same_as_fresh(tmp_path, {ops: fixed, train: edited_train}, train, after)
