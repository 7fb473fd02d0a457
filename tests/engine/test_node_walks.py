"""The fast tree walks in ``jaxlsp.analysis.pyast`` visit what ``ast``'s own walks visit.

``children``, ``walk`` and the scope walk (``tree_scopes``) read each node class's fields from
a shape table built once per class instead of testing every value; these tests pin them to
``ast.iter_child_nodes``, ``ast.walk`` and the straightforward scope walk they replaced, on
constructs whose fields hold ``None`` items (``{**d}``, keyword-only parameters without a
default), nested scopes, and the repository's own sources.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jaxlsp.analysis.pyast import FunctionNode, ScopeNode, children, tree_scopes, walk

TRICKY = """
import jax
x = {**base, "a": 1, **more}
def f(a, /, b=1, *args, c, d=2, **kw) -> int:
    g = lambda y=a, *, z=None, w: (y, z, w)
    class K(Base, metaclass=M):
        attr: int = 3
        def method(self, q=lambda: 0):
            return [i for i in range(q()) if i]
    match a:
        case {"k": v, **rest} if v:
            pass
        case [1, *others] | (2 as others):
            pass
    async def h():
        async with ctx() as (p, q):
            await p
        async for item in aiter():
            yield item
    return g
@jax.jit
@decorate(arg=lambda: 1)
def top(x=(lambda: 0)()):
    global counter
    del x
    try:
        pass
    except* ValueError as error:
        raise
    return f"{x!r:>{width}}"
"""


def _sources() -> list[str]:
    root = Path(__file__).resolve().parents[2] / "server" / "jaxlsp"
    return [TRICKY, *(path.read_text() for path in sorted(root.rglob("*.py")))]


def _reference_scopes(
    tree: ast.Module,
) -> list[tuple[ScopeNode, tuple[ScopeNode, ...], list[ast.AST]]]:
    """The scope walk as first written: a stack of (node, owner, parents) tuples."""
    top: list[ast.AST] = []
    found: list[tuple[ScopeNode, tuple[ScopeNode, ...], list[ast.AST]]] = [(tree, (), top)]
    stack: list[tuple[ast.AST, list[ast.AST], tuple[ScopeNode, ...]]] = [
        (statement, top, ()) for statement in reversed(tree.body)
    ]
    while stack:
        node, owner, parents = stack.pop()
        owner.append(node)
        if isinstance(node, FunctionNode):
            inner: list[ast.AST] = []
            found.append((node, parents, inner))
            body = [node.body] if isinstance(node, ast.Lambda) else node.body
            stack.extend((child, inner, (*parents, node)) for child in reversed(body))
            outer: list[ast.AST] = [*node.args.defaults, *filter(None, node.args.kw_defaults)]
            if not isinstance(node, ast.Lambda):
                outer.extend(node.decorator_list)
            stack.extend((child, owner, parents) for child in reversed(outer))
        elif isinstance(node, ast.ClassDef):
            body_ids = {id(statement) for statement in node.body}
            for child in reversed(list(ast.iter_child_nodes(node))):
                in_body = id(child) in body_ids
                stack.append((child, owner, (*parents, node) if in_body else parents))
        else:
            stack.extend(
                (child, owner, parents) for child in reversed(list(ast.iter_child_nodes(node)))
            )
    return found


def _ids(nodes: list[ast.AST] | tuple[ast.AST, ...]) -> list[int]:
    return [id(node) for node in nodes]


@pytest.mark.parametrize("source", _sources()[:1] + _sources()[1::7])
def test_walks_match_ast(source: str) -> None:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        assert _ids(children(node)) == _ids(list(ast.iter_child_nodes(node)))
    assert _ids(walk(tree)) == _ids(list(ast.walk(tree)))
    fast = tree_scopes(ast.parse(source))
    slow = _reference_scopes(ast.parse(source))
    assert len(fast) == len(slow)
    for (node, parents, nodes), (node_, parents_, nodes_) in zip(fast, slow, strict=True):
        assert ast.dump(node) == ast.dump(node_)
        assert [type(p) for p in parents] == [type(p) for p in parents_]
        assert [ast.dump(n) for n in nodes] == [ast.dump(n) for n in nodes_]
