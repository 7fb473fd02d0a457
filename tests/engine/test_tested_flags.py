"""The flags each statement and function tests (``_tested``, ``_tested_in``), found in one walk
per statement, against what a plain ``ast.walk`` of the same code finds."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jaxlsp.infer.interpreter import _tested, _tested_in

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

SOURCES = [
    "def f(jit, config, x):\n    if jit:\n        x = x + 1\n    while config.use_jit and not x:\n"
    "        def inner(flag):\n            return 1 if flag else 2\n    return (lambda y: y or z)(x)",
    "def g(a):\n    return a",
    "class C:\n    def m(self, train):\n        if self.opts.fast or train:\n            pass",
    "def h(p):\n    assert p\n    for i in range(3):\n        if not q.r.s:\n            break",
]


def _reference(node: ast.AST) -> tuple[set[str], set[str]]:
    """(names tested as they are, names tested or whose attribute is tested) under ``node``."""
    names: set[str] = set()
    roots: set[str] = set()
    for inner in ast.walk(node):
        tests: list[ast.expr] = []
        if isinstance(inner, ast.If | ast.While | ast.IfExp):
            tests = [inner.test]
        elif isinstance(inner, ast.BoolOp):
            tests = list(inner.values)
        elif isinstance(inner, ast.UnaryOp) and isinstance(inner.op, ast.Not):
            tests = [inner.operand]
        for test in tests:
            root = test
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name):
                roots.add(root.id)
                if root is test:
                    names.add(root.id)
    return names, roots


@pytest.mark.parametrize(
    "source", [*SOURCES, *(p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.rglob("*.py")))]
)
def test_each_statement_and_function_tests_what_a_full_walk_finds(source: str) -> None:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt):
            names, roots = _reference(node)
            assert _tested(node).names == names
            assert _tested(node).roots == roots
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            body = [node.body] if isinstance(node, ast.Lambda) else node.body
            expected: set[str] = set()
            for part in body:
                expected |= _reference(part)[1]
            assert _tested_in(node) == expected


def test_the_first_example_tests_what_it_says() -> None:
    function = ast.parse(SOURCES[0]).body[0]
    assert isinstance(function, ast.FunctionDef)
    assert _tested_in(function) == {"jit", "config", "x", "flag", "y", "z"}
    assert _tested(function.body[1]).names == {"x", "flag"}  # config is tested by attribute
