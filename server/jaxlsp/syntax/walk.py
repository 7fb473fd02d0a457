"""Walking ``ast`` trees without visiting what cannot hold a node.

``ast.iter_child_nodes`` yields every child, including the context (``Load``/``Store``) of
every name and the operator of every operation, through two generators per node.  The
interpreter's pre-passes over a function (the names it binds, the flags its statements test,
whether a loop breaks) walk every statement of a file it has not seen once; skipping the
leaves makes those walks a fraction of what they were (``bench.engine_incremental``'s first
analysis).
"""

from __future__ import annotations

import ast

#: Contexts and operators: markers with nothing below them.
_MARKERS: frozenset[type[ast.AST]] = frozenset(
    subclass
    for base in (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)
    for subclass in base.__subclasses__()
)
#: Nodes with no child node but markers.
_LEAVES: frozenset[type[ast.AST]] = _MARKERS | {
    ast.Name,
    ast.Constant,
    ast.Pass,
    ast.Break,
    ast.Continue,
    ast.Global,
    ast.Nonlocal,
    ast.alias,
}


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """``node``'s direct children in field order, as ``ast.iter_child_nodes`` gives them,
    less contexts and operators."""
    children: list[ast.AST] = []
    if type(node) in _LEAVES:
        return children
    for name in node._fields:
        value = getattr(node, name, None)
        if type(value) is list:
            for item in value:
                if isinstance(item, ast.AST) and type(item) not in _MARKERS:
                    children.append(item)
        elif isinstance(value, ast.AST) and type(value) not in _MARKERS:
            children.append(value)
    return children


__all__ = ["child_nodes"]
