"""A module's top-level run that reaches outside itself is summarised and replayed: one that
writes another module's global (a library's ``logging.get_logger`` configuring the package's
root logger at import) or a heap object made before it (a registry of another module), and one
that runs another module in the middle of itself (an import in a function its top level
calls).  Every analysis of an engine that replayed such runs equals a fresh engine's, in any
order: the module written to, analysed without the writer, does not see what it wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.engine import Analysis, Engine
from jaxlsp.infer.summaries import Summary
from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

CONF = """import numpy as np

ACT = None
REGISTRY = {}


def configure():
    global ACT
    ACT = np.sin
"""

#: Writes ``conf``'s global (through a function of conf) and its registry, at import.
SETUP = """import conf

conf.configure()
conf.REGISTRY["act"] = conf.ACT
"""

#: Reads what ``setup_lib`` wrote: NumPy's sin of a tracer (an error, in both calls).
USER = """import jax
import jax.numpy as jnp

import setup_lib
import conf


@jax.jit
def step(x):
    return conf.ACT(x) + conf.REGISTRY["act"](x)


step(jnp.ones(3))
"""

#: Imports ``conf`` alone: its ``ACT`` is None (calling it is not proved to raise a JAX error).
PLAIN = """import jax
import jax.numpy as jnp

import conf


@jax.jit
def step(x):
    return conf.ACT(x)


step(jnp.ones(3))
"""

#: Runs ``helpers`` in the middle of its own run, from a function its top level calls.
LATE = """def load():
    import helpers

    return helpers.ACT


ACT = load()
"""

HELPERS = """import numpy as np

import conf

conf.configure()
ACT = np.cos
"""

#: Reads what ``late`` made (NumPy's cos of a tracer).
LATE_USER = """import jax
import jax.numpy as jnp

import late


@jax.jit
def step(x):
    return late.ACT(x)


step(jnp.ones(3))
"""

#: Imports ``helpers`` itself before ``late``: ``late``'s run then does not run it.
HELPERS_FIRST = """import jax
import jax.numpy as jnp

import helpers
import late
import conf


@jax.jit
def step(x):
    return late.ACT(x) + conf.ACT(x)


step(jnp.ones(3))
"""

CONF2 = """import numpy as np


def add():
    global EXTRA
    EXTRA = np.tan
"""

#: Adds a public name to ``conf2`` at import.
ADDER = """import conf2

conf2.add()
"""

STARRED = """from conf2 import *
"""

#: ``starred`` after ``adder``: its ``*`` bound ``EXTRA`` (NumPy's tan of a tracer).
STAR_USER = """import jax
import jax.numpy as jnp

import adder
import starred


@jax.jit
def step(x):
    return starred.EXTRA(x)


step(jnp.ones(3))
"""

#: ``starred`` alone: ``EXTRA`` is not bound (unknown: silent).
STAR_PLAIN = STAR_USER.replace("import adder\n", "")

FILES = {
    "conf2": CONF2,
    "adder": ADDER,
    "starred": STARRED,
    "star_user": STAR_USER,
    "star_plain": STAR_PLAIN,
    "conf": CONF,
    "setup_lib": SETUP,
    "user": USER,
    "plain": PLAIN,
    "late": LATE,
    "helpers": HELPERS,
    "late_user": LATE_USER,
    "helpers_first": HELPERS_FIRST,
}


def _write(tmp_path: Path) -> None:
    for name, text in FILES.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")


def _analyze(engine: Engine, tmp_path: Path, name: str) -> Analysis:
    path = tmp_path / f"{name}.py"
    return engine.analyze(path.read_text(encoding="utf-8"), str(path))


def _outcome(analysis: Analysis) -> tuple[object, ...]:
    return (
        [(f.code, f.span, f.message) for f in analysis.findings],
        [(f.code, f.span, f.path) for f in analysis.elsewhere],
    )


def _fresh(tmp_path: Path, name: str) -> Analysis:
    return _analyze(fresh_engine(Workspace([tmp_path], fixed_files=True)), tmp_path, name)


def _module_summary(engine: Engine, tmp_path: Path, name: str) -> Summary:
    key = next(k for k in engine.workspace.summaries.modules() if k.endswith(f"{name}.py"))
    source = engine.workspace.find(name, None)
    assert source is not None and source.key == key
    summary = engine.workspace.summaries.get(key, source.parsed.chunks[0].tree)
    assert summary is not None
    return summary


def test_a_run_writing_another_modules_global_and_registry_is_replayed(tmp_path: Path) -> None:
    _write(tmp_path)
    engine = fresh_engine(Workspace([tmp_path], fixed_files=True))
    first = _analyze(engine, tmp_path, "user")
    assert [f.code for f in first.findings] == ["tracer-array-conversion-error"] * 2
    summary = _module_summary(engine, tmp_path, "setup_lib")
    assert [name for _, name in summary.global_writes] == ["ACT"]
    assert len(summary.written_refs) == 1  # conf.REGISTRY
    again = _analyze(engine, tmp_path, "user")
    assert again.program is not None
    # conf, setup_lib (its writes written again) and the file itself
    assert again.program.interpreter.replayed == 3
    assert _outcome(again) == _outcome(first) == _outcome(_fresh(tmp_path, "user"))


def test_the_module_written_to_does_not_keep_what_another_run_wrote(tmp_path: Path) -> None:
    """conf's summary is its frame as its own run left it: ``plain`` (conf without
    setup_lib), analysed after ``user``, finds nothing, as a fresh engine does."""
    _write(tmp_path)
    engine = fresh_engine(Workspace([tmp_path], fixed_files=True))
    _analyze(engine, tmp_path, "user")
    plain = _analyze(engine, tmp_path, "plain")
    assert not plain.findings
    assert _outcome(plain) == _outcome(_fresh(tmp_path, "plain"))
    # and the writer is replayed again after it
    user = _analyze(engine, tmp_path, "user")
    assert _outcome(user) == _outcome(_fresh(tmp_path, "user"))


def test_a_run_that_runs_another_module_in_its_middle_is_replayed(tmp_path: Path) -> None:
    _write(tmp_path)
    engine = fresh_engine(Workspace([tmp_path], fixed_files=True))
    first = _analyze(engine, tmp_path, "late_user")
    assert [f.code for f in first.findings] == ["tracer-array-conversion-error"]
    summary = _module_summary(engine, tmp_path, "late")
    assert [ran.source.name for ran in summary.nested] == ["helpers", "conf"]
    again = _analyze(engine, tmp_path, "late_user")
    assert again.program is not None
    assert again.program.interpreter.replayed == 2  # late (helpers and conf in it), the file
    helpers = again.program.interpreter.bindings_of(str(tmp_path / "helpers.py"))
    assert helpers is not None and "ACT" in helpers
    assert _outcome(again) == _outcome(first) == _outcome(_fresh(tmp_path, "late_user"))


@pytest.mark.parametrize(
    "order",
    [
        ("late_user", "helpers_first", "late_user", "plain", "helpers_first"),
        ("helpers_first", "late_user", "user", "helpers_first", "plain", "late_user"),
        ("user", "late_user", "plain", "user", "helpers_first"),
        ("star_plain", "star_user", "star_plain", "star_user"),
    ],
)
def test_every_order_of_analyses_equals_fresh_ones(tmp_path: Path, order: tuple[str, ...]) -> None:
    """A replay whose modules ran in the middle of it have already run here, or whose writes
    land on a module another run left otherwise, is not made (the run runs again)."""
    _write(tmp_path)
    engine = fresh_engine(Workspace([tmp_path], fixed_files=True))
    for name in order:
        assert _outcome(_analyze(engine, tmp_path, name)) == _outcome(_fresh(tmp_path, name)), name


def test_a_run_importing_star_is_replayed_where_the_module_has_the_same_names(
    tmp_path: Path,
) -> None:
    """``from m import *`` reads each public global of ``m`` (compared as any read is) and
    binds the names ``m`` has: replayed where ``m`` has the same names, not where a run before
    it added one (``adder``) or did not."""
    _write(tmp_path)
    engine = fresh_engine(Workspace([tmp_path], fixed_files=True))
    first = _analyze(engine, tmp_path, "star_user")
    assert [f.code for f in first.findings] == ["tracer-array-conversion-error"]
    summary = _module_summary(engine, tmp_path, "starred")
    assert summary.outside.stars == {str(tmp_path / "conf2.py"): frozenset({"np", "add", "EXTRA"})}
    again = _analyze(engine, tmp_path, "star_user")
    assert again.program is not None
    assert again.program.interpreter.replayed == 4  # conf2, adder, starred, the file
    assert _outcome(again) == _outcome(first)
    plain = _analyze(engine, tmp_path, "star_plain")
    assert not plain.findings
    assert _outcome(plain) == _outcome(_fresh(tmp_path, "star_plain"))
    assert _outcome(_analyze(engine, tmp_path, "star_user")) == _outcome(first)
