"""A tree's scopes keep only what is read once their names are frozen (``TreeScopes.names``):
the walk's sets go, the names and whether each function yields stay."""

from __future__ import annotations

import ast

import pytest

from jaxlsp.infer import scopes
from jaxlsp.infer.scopes import scopes_in

SOURCE = """def outer(a, b=1):
    global counter
    counter = a
    total = b

    def inner(x):
        nonlocal total
        total = x
        yield x

    return inner
"""


def _functions(tree: ast.Module) -> tuple[ast.FunctionDef, ast.FunctionDef]:
    outer = tree.body[0]
    assert isinstance(outer, ast.FunctionDef)
    inner = outer.body[3]
    assert isinstance(inner, ast.FunctionDef)
    return outer, inner


def test_frozen_scopes_give_the_same_names_and_generators() -> None:
    tree = ast.parse(SOURCE)
    outer, inner = _functions(tree)
    found = scopes_in(tree)
    assert found.generator(inner) and not found.generator(outer)
    outer_names = found.names(outer)
    inner_names = found.names(inner)
    assert outer_names.local == {"a", "b", "total", "inner"}
    assert outer_names.declared_global == {"counter"}
    assert inner_names.local == {"x"} and inner_names.declared_nonlocal == {"total"}
    # frozen: asked again, the same names; the yields are still known
    assert found.names(outer) is outer_names and found.names(inner) is inner_names
    assert found.generator(inner) and not found.generator(outer)
    assert scopes._FROZEN.local == set() and not scopes._FROZEN.generator


class _MissOnce(dict[int, object]):
    """The names as a thread saw them that looked just before another thread froze them."""

    def __init__(self, entries: dict[int, object]) -> None:
        super().__init__(entries)
        self.missed = False

    def get(self, key: int, default: object = None) -> object:
        if not self.missed:
            self.missed = True
            return default
        return super().get(key, default)


def test_a_scope_frozen_by_another_thread_meanwhile_gives_its_names() -> None:
    """The thread that finds the scope already frozen reads the names the other one wrote
    (never the frozen stand-in's empty ones)."""
    tree = ast.parse(SOURCE)
    outer, _ = _functions(tree)
    found = scopes_in(tree)
    names = found.names(outer)
    found._names = _MissOnce(found._names)  # type: ignore[assignment]
    assert found.names(outer) is names
    assert found._names.missed  # type: ignore[attr-defined]


def test_what_a_tree_holds_is_kept_with_the_tree_and_found_once(monkeypatch) -> None:
    """A tree's scopes, its module part's names, a function's names read (also a None answer:
    ``locals()`` read) and a definition's settled names are found once and kept with the
    tree: asked again, the tree is not walked again; a copy of the statement (another tree)
    is walked on its own."""
    tree = ast.parse(SOURCE + "\ndef dynamic():\n    return locals()\n")
    outer, inner = _functions(tree)
    dynamic = tree.body[1]
    assert isinstance(dynamic, ast.FunctionDef)
    found = scopes_in(tree)
    names = scopes.module_level_names([tree])
    read = scopes.names_read(tree, outer)
    settled = scopes.settled_names(tree, outer, inner, scopes_in(tree).names(outer).local)
    assert scopes.names_read(tree, dynamic) is None
    assert names == {"outer", "dynamic"}
    assert read is not None and {"a", "b", "total", "inner"} <= read

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("walked again")

    monkeypatch.setattr(scopes, "_Walk", refuse)
    monkeypatch.setattr(scopes, "walk", refuse)
    monkeypatch.setattr(scopes, "_settled", refuse)
    assert scopes_in(tree) is found
    assert scopes.module_level_names([tree]) == names
    assert scopes.names_read(tree, outer) is read
    assert scopes.names_read(tree, dynamic) is None
    assert scopes.settled_names(tree, outer, inner, frozenset()) is settled
    with pytest.raises(AssertionError, match="walked again"):
        scopes_in(ast.parse(SOURCE))
