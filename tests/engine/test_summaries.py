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
