"""Attribute chains as spelled (``jaxlsp.syntax.chains``), shared by the interpreter, the
rules and the index."""

from __future__ import annotations

import ast

import pytest

from jaxlsp.syntax.chains import chain_root, dotted_spelling


def _expr(text: str) -> ast.expr:
    return ast.parse(text, mode="eval").body


@pytest.mark.parametrize(
    ("text", "spelled", "root"),
    [
        ("jax", "jax", "jax"),
        ("mock.patch.object", "mock.patch.object", "mock"),
        ("self.tp", "self.tp", "self"),
        ("f().x", None, None),
        ("a[0].b", None, None),
        ("'s'.join", None, None),
    ],
)
def test_a_chain_is_read_as_spelled(text: str, spelled: str | None, root: str | None) -> None:
    node = _expr(text)
    assert dotted_spelling(node) == spelled
    found = chain_root(node)
    assert (found.id if found is not None else None) == root
