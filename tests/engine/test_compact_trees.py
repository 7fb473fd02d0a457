"""Parsed trees are kept with compact node dicts (``jaxlsp.syntax.compact``): the same nodes,
the same attributes and values, less memory; the shared empty list stays empty."""

from __future__ import annotations

import ast
import gc
import tracemalloc

import pytest
from bench.generate import generate

from jaxlsp.engine import Engine
from jaxlsp.syntax import source
from jaxlsp.syntax.compact import NO_ITEMS, compact
from jaxlsp.syntax.source import parse_module

SOURCE = '''import functools
import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1,))
def step(x, n, *rest, scale: float = 2.0, **options):
    """Doc."""
    total = jnp.zeros_like(x)
    for i in range(n):
        total = total + x[i:] * scale if i else total
    return {"total": total, **options}, [y for y in rest if y], lambda z: z @ x


class Model:
    def __init__(self, width: int) -> None:
        self.width: int = width

    async def run(self, x):
        async with self.lock as held:
            return await held(x) or f"{x!r:>10}"


match step:
    case {"a": [1, *others]} if others:
        pass
    case _:
        del step
'''


def _dumped(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


def test_a_compacted_tree_reads_as_parsed() -> None:
    tree = ast.parse(SOURCE)
    before = _dumped(tree)
    nodes = list(ast.walk(tree))
    compact(tree)
    assert _dumped(tree) == before
    assert list(ast.walk(tree)) == nodes  # the same node objects, in the same places
    assert ast.unparse(tree) == ast.unparse(ast.parse(SOURCE))
    call = tree.body[3].decorator_list[0]
    assert isinstance(call, ast.Call)
    assert call.keywords is NO_ITEMS or call.keywords
    assert NO_ITEMS == []


def test_empty_list_fields_share_one_list_and_others_are_kept() -> None:
    tree = ast.parse("f(x)\ng(y)\n")
    compact(tree)
    first, second = (statement.value for statement in tree.body)  # type: ignore[attr-defined]
    assert first.keywords is NO_ITEMS and second.keywords is NO_ITEMS
    assert first.args != [] and first.args is not second.args
    assert tree.type_ignores is NO_ITEMS


def test_nodes_made_by_hand_with_other_attributes() -> None:
    """A node without the parser's position attributes, or with extra ones, keeps them all."""
    bare = ast.Name(id="x", ctx=ast.Load())
    extra = ast.parse("y").body[0]
    extra.note = "kept"  # type: ignore[attr-defined]
    setattr(extra, "not a name", 1)
    module = ast.Module(body=[ast.Expr(value=bare), extra], type_ignores=[])
    before = _dumped(module)
    compact(module)
    assert _dumped(module) == before
    assert extra.note == "kept"  # type: ignore[attr-defined]
    assert getattr(extra, "not a name") == 1
    assert not hasattr(bare, "lineno")
    compact(module)  # again: nothing changes
    assert _dumped(module) == before


def test_compacted_trees_take_less_memory() -> None:
    """The generated 2,000-line file's trees: about two thirds of what ``ast.parse`` gives."""
    text = generate(2000)

    def traced(prepare: bool) -> int:
        gc.collect()
        tracemalloc.start()
        try:
            trees = [ast.parse(chunk.text) for chunk in parse_module(text).chunks]
            if prepare:
                for tree in trees:
                    compact(tree)
            return tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()

    plain, compacted = traced(False), traced(True)
    assert compacted < 0.75 * plain


@pytest.fixture
def compacting_every_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small files are not compacted (``COMPACT_FROM_LINES``); these tests want them to be."""
    monkeypatch.setattr(source, "COMPACT_FROM_LINES", 0)


def test_only_large_files_are_compacted() -> None:
    """Compacting costs CPU on every open; it is paid where the memory is: large files."""
    small = parse_module(SOURCE)
    # Another text: a tree already parsed for the same statement's text is shared as it is.
    large_text = SOURCE.replace("Doc.", "Large.") + "\n" * source.COMPACT_FROM_LINES
    large = parse_module(large_text)
    small_step = small.chunks[3].tree.body[0]
    large_step = large.chunks[3].tree.body[0]
    assert isinstance(small_step, ast.FunctionDef) and isinstance(large_step, ast.FunctionDef)
    assert small_step.args.posonlyargs is not NO_ITEMS
    assert large_step.args.posonlyargs is NO_ITEMS


@pytest.mark.usefixtures("compacting_every_file")
def test_parsed_modules_are_compacted() -> None:
    parsed = parse_module(SOURCE.replace("Doc.", "Compacted."))
    decorated = parsed.chunks[3].tree.body[0]
    assert isinstance(decorated, ast.FunctionDef)
    assert decorated.args.posonlyargs is NO_ITEMS
    assert getattr(decorated, "type_params", NO_ITEMS) is NO_ITEMS  # from Python 3.12


@pytest.mark.usefixtures("compacting_every_file")
def test_the_shared_empty_list_stays_empty_through_analyses_and_fixes() -> None:
    """Nothing jaxlsp does changes a parsed tree: an analysis, its edits, hovers and fixes of
    a file with findings leave the one empty list empty."""
    engine = Engine()
    text = generate(200)
    analysis = engine.analyze(text, path="/tmp/compact/bench.py")
    edited = engine.analyze(text.replace("\n\n", "\n\n\n", 1), "/tmp/compact/bench.py", analysis)
    assert edited.findings
    for finding in edited.findings:
        engine.fixes(edited.source, edited, finding)
        engine.hover(edited, finding.span.start)
    assert NO_ITEMS == []
