"""Attribute chains as the code spells them (``a.b.c``), before any import is resolved: the
interpreter (what a test patches), the rules (which import a chain starts at) and the index
(what a raise site calls) read them alike."""

from __future__ import annotations

import ast


def chain_root(node: ast.expr) -> ast.Name | None:
    """The name a chain of attribute reads starts at (``a`` of ``a.b.c``); None where it
    starts at anything else (a call, a subscript, a literal)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node if isinstance(node, ast.Name) else None


def dotted_spelling(node: ast.expr) -> str | None:
    """``a.b.c`` as spelled, when the expression is a name and attributes read from it."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))
