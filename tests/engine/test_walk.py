"""``jaxlsp.syntax.walk.child_nodes``: the children ``ast.iter_child_nodes`` gives, in the same
order, less the contexts and operators no pre-pass looks at."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jaxlsp.syntax.walk import _node_fields, child_nodes, statements, walk

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MARKERS = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)

SOURCES = [
    "x = a + b * -c if not d else [e for e in f if e > 0]",
    "async def f(*a, k=1, **kw):\n    async with g() as h:\n        await h\n    global z",
    "match p:\n    case {'k': v, **rest}:\n        pass\n    case [1, *others] | None:\n        y = f'{v!r:>{w}}'",
    "try:\n    pass\nexcept* ValueError as e:\n    raise\nfinally:\n    del q[1:2, ...]",
    "@dec(1)\nclass C(B, metaclass=M):\n    a: list[int] = []\n    def m(self): return lambda x=1: x",
]


def _expected(node: ast.AST) -> list[ast.AST]:
    return [child for child in ast.iter_child_nodes(node) if not isinstance(child, MARKERS)]


@pytest.mark.parametrize(
    "source", [*SOURCES, *(p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.rglob("*.py")))]
)
def test_children_are_iter_child_nodes_less_markers(source: str) -> None:
    for node in ast.walk(ast.parse(source)):
        assert child_nodes(node) == _expected(node), ast.dump(node)[:200]


def test_a_walk_with_it_reaches_every_node_but_the_markers() -> None:
    tree = ast.parse("\n".join(SOURCES))
    reached: list[ast.AST] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        reached.append(node)
        pending.extend(child_nodes(node))
    expected = [n for n in ast.walk(tree) if not isinstance(n, MARKERS)]
    assert sorted(map(id, reached)) == sorted(map(id, expected))


def test_every_node_class_of_this_python_has_its_node_fields_documented() -> None:
    """The fast path (the fields known from the class's signature) serves every node class;
    the fields it keeps are the class's own."""
    classes: list[type[ast.AST]] = []
    pending: list[type[ast.AST]] = [ast.AST]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        deprecated = (cls.__doc__ or "").startswith("Deprecated")  # the parser makes none
        if cls._fields and not deprecated:
            classes.append(cls)
    assert len(classes) > 50
    for cls in classes:
        fields = _node_fields(cls)
        assert fields is not None, cls.__name__
        assert set(fields) <= set(cls._fields), cls.__name__


@pytest.mark.parametrize(
    "source", [*SOURCES, *(p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.rglob("*.py")))]
)
def test_walk_is_ast_walk_in_its_order_less_the_markers(source: str) -> None:
    tree = ast.parse(source)
    expected = [node for node in ast.walk(tree) if not isinstance(node, MARKERS)]
    found = walk(tree)
    assert len(found) == len(expected)
    assert all(a is b for a, b in zip(found, expected, strict=True))


def test_walk_of_a_leaf_is_the_leaf_alone() -> None:
    name = ast.parse("x", mode="eval").body
    assert walk(name) == [name]


def test_statements_are_every_nested_statement() -> None:
    source = (
        "import a\n"
        "try:\n    import b\nexcept ImportError:\n    import c\nelse:\n    import d\n"
        "finally:\n    import e\n"
        "match x:\n    case 1:\n        import f\n"
        "def g():\n    if y:\n        import h\n    lambda: 0\n"
    )
    found = [
        node.names[0].name
        for node in statements(ast.parse(source).body)
        if isinstance(node, ast.Import)
    ]
    # a try's handlers after its else and finally
    assert found == ["a", "b", "d", "e", "c", "f", "h"]
