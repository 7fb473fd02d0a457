"""What the engine keeps follows the open documents (issue 19).

A closed document's analysis, trees, summaries and the workspace modules only it imported are
released (``Workspace.release_unused``); an edit keeps only the current version of a module
alive, however many summarised runs were recorded on earlier ones; the summaries of statements
no longer in a module go when it runs again; the summary cache is bounded by an estimate of its
bytes that follows what its summaries really hold; the statement trees shared by text live only
as long as a module version holds them.
"""

from __future__ import annotations

import ast
import gc
import tracemalloc
import weakref
from pathlib import Path

from bench.generate import generate

from jaxlsp.engine import Analysis, Engine
from jaxlsp.infer.workspace import Workspace
from jaxlsp.syntax import source as syntax
from jaxlsp.syntax.source import parse_module

SHARED = """import jax.numpy as jnp


def scale(x):
    return x * 2.0
"""

HELPER = """import jax.numpy as jnp


def twice(x):
    return jnp.add(x, x)
"""

FIRST = """import jax
import jax.numpy as jnp

from helper import twice
from shared import scale

FIRST_ONLY = 1


@jax.jit
def step(x):
    return twice(scale(x))


def first_loss(x):
    if x > 0:
        return jnp.sum(step(x))
    return 0.0
"""

SECOND = """import jax

from shared import scale


@jax.jit
def second_step(x):
    return scale(x) + 1
"""


def _module(functions: int) -> str:
    """A module of ``functions`` top-level functions, each run for any caller (summarised)."""
    body = "".join(
        f"\n\ndef f{n}(x):\n    y = jnp.sin(x) * {n}\n    return jnp.sum(y)\n"
        for n in range(functions)
    )
    return f"import jax\nimport jax.numpy as jnp\n{body}"


def _project(tmp_path: Path) -> tuple[Engine, Path, Path]:
    (tmp_path / "shared.py").write_text(SHARED, encoding="utf-8")
    (tmp_path / "helper.py").write_text(HELPER, encoding="utf-8")
    first, second = tmp_path / "first.py", tmp_path / "second.py"
    engine = Engine(workspace=Workspace([tmp_path]))
    for path, text in ((first, FIRST), (second, SECOND)):
        path.write_text(text, encoding="utf-8")
        engine.workspace.set_document(path, text)
    return engine, first, second


def _key(path: Path) -> str:
    return str(path.resolve())


def test_a_closed_document_leaves_nothing_of_its_own_behind(tmp_path: Path) -> None:
    engine, first, second = _project(tmp_path)
    workspace = engine.workspace
    analysis: Analysis | None = engine.analyze(FIRST, str(first))
    kept = engine.analyze(SECOND, str(second))
    assert analysis is not None and analysis.program is not None
    helper, shared = _key(tmp_path / "helper.py"), _key(tmp_path / "shared.py")
    assert analysis.dependencies == {helper, shared}
    assert {_key(first), _key(second), helper, shared} <= workspace.summaries.modules()
    # what only the closed document (and the module only it imports) held
    own = {_key(first), helper}
    program = weakref.ref(analysis.program)
    frames = [weakref.ref(f) for f in analysis.program.frames() if f.module_key in own]
    modules = [weakref.ref(m.source) for m in analysis.program.modules() if m.key in own]
    # (statements the other modules also have share their trees with them)
    trees = [
        weakref.ref(chunk.tree)
        for chunk in analysis.parsed.chunks
        if chunk.text not in SECOND + SHARED
    ]
    assert frames and len(modules) == 2 and trees

    workspace.close_document(first)
    analysis = None
    released = workspace.release_unused()
    gc.collect()

    assert released > 0
    assert program() is None
    assert [f for f in frames if f() is not None] == []
    assert [m for m in modules if m() is not None] == []
    assert [t for t in trees if t() is not None] == []
    assert workspace.summaries.modules() == {_key(second), shared}
    # the open document still keeps its import's run (from its last analysis) and its findings
    again = engine.analyze(SECOND + "\n", str(second), kept)
    assert again.program is not None and again.program.interpreter.kept >= 1
    assert again.findings == kept.findings


def test_a_module_an_open_document_imports_is_kept_until_that_one_closes(tmp_path: Path) -> None:
    engine, first, second = _project(tmp_path)
    engine.analyze(FIRST, str(first))
    engine.analyze(SECOND, str(second))
    shared = _key(tmp_path / "shared.py")
    engine.workspace.close_document(first)
    engine.workspace.release_unused()
    assert shared in engine.workspace.summaries.modules()  # second imports it
    engine.workspace.close_document(second)
    engine.workspace.release_unused()
    assert engine.workspace.summaries.modules() == set()
    assert len(engine.workspace.summaries) == 0 and engine.workspace.summaries.bytes == 0


def test_edits_keep_only_the_current_version_of_a_module_alive(tmp_path: Path) -> None:
    """Each edit re-records the edited function's run, the others are kept from the last
    analysis: the frames the summaries keep must not keep the versions they were recorded in
    (their lines, chunks and module frame), and the summary of a replaced function goes with
    its statement."""
    path = tmp_path / "model.py"
    text = _module(12)
    engine = Engine(workspace=Workspace([tmp_path]))
    engine.workspace.set_document(path, text)
    analysis = engine.analyze(text, str(path))
    versions = [weakref.ref(analysis.parsed)]
    replaced = [
        weakref.ref(chunk.tree) for chunk in analysis.parsed.chunks if "def f" in chunk.text
    ][:6]
    for n in range(6):
        text = text.replace(f"jnp.sin(x) * {n}\n", f"jnp.cos(x) * {n}\n")
        engine.workspace.set_document(path, text)
        analysis = engine.analyze(text, str(path), analysis)
        assert analysis.program is not None
        assert analysis.program.interpreter.kept >= 6  # unchanged functions' runs are kept
        versions.append(weakref.ref(analysis.parsed))
    gc.collect()
    assert [v() is not None for v in versions] == [False] * 6 + [True]
    assert [tree() for tree in replaced] == [None] * 6
    # one summary per function and one for the module's run: none of the replaced ones
    assert len(engine.workspace.summaries) == 13


def test_the_summary_cache_holds_at_most_its_bytes_and_findings_do_not_change(
    tmp_path: Path,
) -> None:
    texts = {tmp_path / f"m{n}.py": generate(200, seed=n) for n in range(3)}
    unbounded = Engine(workspace=Workspace([tmp_path]))
    for path, text in texts.items():
        unbounded.analyze(text, str(path))
    limit = unbounded.workspace.summaries.bytes // 3
    bounded = Engine(unbounded.records, Workspace([tmp_path]))
    bounded.workspace.summaries.max_bytes = limit
    for path, text in texts.items():
        found = bounded.analyze(text, str(path)).findings
        assert bounded.workspace.summaries.bytes <= limit
        fresh = Engine(unbounded.records, Workspace([tmp_path]))
        assert found == fresh.analyze(text, str(path)).findings
    assert len(bounded.workspace.summaries) < len(unbounded.workspace.summaries)
    first, *_, last = (_key(path) for path in texts)
    # the least recently used go first
    assert first not in bounded.workspace.summaries.modules()
    assert last in bounded.workspace.summaries.modules()


def test_the_estimate_of_a_summarys_bytes_follows_what_it_holds(tmp_path: Path) -> None:
    """The byte bound is only as good as the estimate: within a factor of two of the memory
    the summaries alone keep alive once their analyses are gone."""
    engine = Engine(workspace=Workspace([tmp_path]))
    texts = [generate(250, seed=10 + n) for n in range(3)]
    gc.collect()
    tracemalloc.start()
    try:
        for n, text in enumerate(texts):
            engine.analyze(text, str(tmp_path / f"m{n}.py"))  # dropped at once
        gc.collect()
        with_summaries = tracemalloc.get_traced_memory()[0]
        estimate = engine.workspace.summaries.bytes
        engine.workspace.summaries.clear()
        gc.collect()
        held = with_summaries - tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert held > 0
    assert 0.5 <= estimate / held <= 2.0, (estimate, held)


def test_shared_statement_trees_live_only_as_long_as_a_module_holds_them() -> None:
    text = "import jax\n\n\ndef memory_test_only(x):\n    return x\n"
    parsed = parse_module(text)
    shared = syntax._SHARED.get(parsed.chunks[1].text)
    assert shared is parsed.chunks[1].tree
    again = parse_module(text)  # a copy of the module shares the trees
    assert again.chunks[1].tree is shared
    tree = weakref.ref(shared)
    del parsed, again, shared
    gc.collect()
    assert tree() is None
    assert "def memory_test_only" not in "".join(syntax._SHARED.keys())
    assert isinstance(parse_module(text).chunks[1].tree, ast.Module)


def test_a_document_repeating_a_shared_statement_leaves_its_entry_as_it_was() -> None:
    """Storing the entry again made a new weak reference naming the later document's text:
    both outlived that document while the first stayed open, each pinning the allocator's arena
    it was made in (closing 300 documents kept about 20 arenas that way)."""
    statement = "def memory_test_repeated(x):\n    return x + 1"
    first = parse_module(f"import jax\n\n\n{statement}\n")
    entry = syntax._SHARED.data[statement]
    later = parse_module(f"import numpy\n\n\n{statement}\n\n\nVALUE = 2\n")
    assert later.chunks[1].tree is first.chunks[1].tree
    assert syntax._SHARED.data[statement] is entry
    # a statement the module repeats is parsed again, its tree not offered over the first's
    twice = parse_module(f"{statement}\n\n\n{statement}\n")
    assert twice.chunks[1].tree is not first.chunks[1].tree
    assert syntax._SHARED.data[statement] is entry
