"""The statement-level rules re-read only what an edit touched, and still agree with a fresh
analysis: memos on statement trees (``jaxlsp.analysis.pyast``) follow the module's context."""

from __future__ import annotations

import ast
import sys
import textwrap
from collections.abc import Iterator

import pytest
from bench.generate import EDIT_MARKER, generate

from jaxlsp.analysis import pyast, trees
from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.engine import Analysis, Engine
from jaxlsp.findings import Finding
from jaxlsp.fixes.custom_jvp_naming import wrapper_title
from jaxlsp.rules import _support, all_rules
from jaxlsp.rules._support import FlowCheck

ENGINE = Engine()

EXAMPLES = [source for rule in all_rules() for source in (*rule.VALID, *rule.INVALID)]

ODD = """
import jax, jax.numpy as jnp
from functools import partial

@jax.jit
def f(*args, x: (y := 1) = 2, **kwargs) -> int:
    if (n := len(args)) > 2:
        pass
    match args:
        case [a, *rest] if a:
            return a
        case {"k": v, **others}:
            return v
        case Point(x=0) | None:
            return f"{x!r:>{n}}"
    global g
    try:
        pass
    except* ValueError as e:
        del e
    return [i async for i in k] if False else {**kwargs}

class A(B, metaclass=M):
    async def h(self, k):
        async with k as j:
            yield j
"""

#: Builtins, imports and names a context change can rebind.
PREFIXES = [
    "",
    "import numpy as jnp\n",
    "jnp = None\n",
    "jax = 1\n",
    "range = list\n",
    "bool = int\n",
    "int = float\n",
    "from jax import random\nrandom = None\n",
    "import jax.random as random\n",
    "partial = print\n",
    "params = [1, 2]\n",
    "choices = (1, 2)\n",
    "scaled = None\n",
]


def _fresh(source: str) -> tuple[Finding, ...]:
    """The findings of an analysis that starts from nothing: no statement tree is reused."""
    saved = dict(trees._TREES)
    trees._TREES.clear()
    try:
        return Engine(ENGINE.records).analyze(source).findings
    finally:
        trees._TREES.clear()
        trees._TREES.update(saved)


def _nodes(tree: ast.AST) -> Iterator[ast.AST]:
    yield from ast.walk(tree)


@pytest.mark.parametrize("source", [*EXAMPLES, ODD, generate(300)])
def test_children_and_walk_are_asts_own(source: str) -> None:
    tree = ast.parse(textwrap.dedent(source))
    assert pyast.walk(tree) == list(ast.walk(tree))
    for node in _nodes(tree):
        assert pyast.children(node) == list(ast.iter_child_nodes(node))


@pytest.mark.skipif(sys.version_info < (3, 12), reason="type statements are Python 3.12+")
def test_children_of_type_statements() -> None:
    tree = ast.parse("type Pair[T] = tuple[T, T]\ndef f[T: int](x: T) -> T: ...\n")
    for node in _nodes(tree):
        assert pyast.children(node) == list(ast.iter_child_nodes(node))


def _edits(text: str) -> Iterator[str]:
    """A run of edits a user could make, each from the one before."""
    at = text.index(EDIT_MARKER) + len(EDIT_MARKER)
    yield text[:at] + "7" + text[at + 1 :]  # the benchmark's one-character edit
    yield text.replace("import jax.numpy as jnp", "import numpy as jnp", 1)  # the context
    yield text.replace("\nMESH =", "\nrange = list\nMESH =", 1)  # a builtin rebound
    yield text.replace("key", "k", 3)  # a statement's names
    lines = text.split("\n")
    yield "\n".join(lines[: len(lines) // 2] + lines[len(lines) // 2 + 9 :])  # statements gone
    yield text  # and back


def test_edits_give_what_a_fresh_analysis_gives() -> None:
    text = generate(600)
    previous: Analysis | None = ENGINE.analyze(text)
    for edited in _edits(text):
        analysis = ENGINE.analyze(edited, previous=previous)
        assert analysis.findings == _fresh(edited)
        previous = analysis


@pytest.mark.parametrize("prefix", PREFIXES)
def test_statements_shared_across_contexts_give_fresh_findings(prefix: str) -> None:
    for source in EXAMPLES:
        source = textwrap.dedent(source)
        ENGINE.analyze(source)  # memoise every statement under the plain context
        for variant in (prefix + source, source + "\n" + prefix):
            assert ENGINE.analyze(variant).findings == _fresh(variant)


def _count_children(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    original = pyast.children

    def counting(node: ast.AST) -> list[ast.AST]:
        calls[0] += 1
        return original(node)

    monkeypatch.setattr(pyast, "children", counting)
    from jaxlsp.rules import prng_key_reuse

    monkeypatch.setattr(prng_key_reuse, "children", counting)
    return calls


def test_an_edit_walks_only_the_edited_statement(monkeypatch: pytest.MonkeyPatch) -> None:
    text = generate(600)
    first = ENGINE.analyze(text)
    assert first.findings
    calls = _count_children(monkeypatch)
    at = text.index(EDIT_MARKER) + len(EDIT_MARKER)
    edited = text[:at] + "12345" + text[at + 1 :]
    second = ENGINE.analyze(edited, previous=first)
    assert second.findings == first.findings
    statement = ast.parse(f"{EDIT_MARKER}12345")
    assert calls[0] <= 4 * len(list(ast.walk(statement)))


def _kernel_titles(facts: ModuleFacts) -> dict[object, str | None]:
    return {kernel.head: wrapper_title(facts, kernel) for kernel in facts.kernels.values()}


PALLAS = next(r for r in all_rules() if r.NAME == "pallas-mesh-kernel-differentiated")


@pytest.mark.parametrize("source", [*PALLAS.INVALID, generate(1200)])
def test_mesh_kernel_fix_title_is_the_fixs_own(source: str) -> None:
    analysis = ENGINE.analyze(textwrap.dedent(source))
    assert analysis.facts is not None
    titles = _kernel_titles(analysis.facts)
    found = [f for f in analysis.findings if f.rule == "pallas-mesh-kernel-differentiated"]
    assert found
    for finding in found:
        title = titles[finding.span]
        assert finding.fix_titles == ((title,) if title else ())


def test_a_failing_flow_check_fails_only_its_rule() -> None:
    source = textwrap.dedent(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def make(x, n):
            if jnp.sum(x) > 0:
                x = x + 1
            return jnp.zeros((n, 3))
        """
    )
    rules = {f.rule for f in ENGINE.analyze(source).findings}
    assert {"traced-python-condition", "traced-shape-argument"} <= rules

    def broken(flow: pyast.TraceFlow) -> list[object]:
        raise ValueError("broken check")

    original = _support._CHECKS["traced-shape-argument"]
    _support.flow_check(FlowCheck("traced-shape-argument", broken))
    try:
        analysis = ENGINE.analyze(source)
    finally:
        _support.flow_check(original)
    assert [f.rule for f in analysis.rule_failures] == ["traced-shape-argument"]
    assert "traced-python-condition" in {f.rule for f in analysis.findings}
    assert "traced-shape-argument" not in {f.rule for f in analysis.findings}
    assert {f.rule for f in ENGINE.analyze(source).findings} == rules
