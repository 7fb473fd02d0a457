"""Walking ``ast`` trees without visiting what cannot hold a node.

``ast.iter_child_nodes`` yields every child, including the context (``Load``/``Store``) of
every name and the operator of every operation, through two generators per node.  The
interpreter's pre-passes over a function (the names it binds, the flags its statements test,
whether a loop breaks) walk every statement of a file it has not seen once; skipping the
leaves, and the fields that hold no node (names, numbers, markers: known from the signature
``ast`` documents for each node class), makes those walks a fraction of what they were
(``bench.engine_incremental``'s first analysis).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

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


#: The field types of Python's grammar (ASDL) that hold no node: names, numbers, strings,
#: constants, and the markers.
_SCALAR_TYPES = frozenset(
    {"identifier", "int", "string", "constant", "expr_context", "boolop", "operator"}
    | {"unaryop", "cmpop"}
)
#: A node class's signature as ``ast`` documents it: ``Call(expr func, expr* args, ...)``.
_SIGNATURE = re.compile(r"\w+\((.*)\)")
#: By node class: the fields that may hold nodes, in field order.
_NODE_FIELDS: dict[type[ast.AST], tuple[str, ...]] = {}
#: Node classes whose signature ``ast`` does not document (every field is looked at).
_UNDOCUMENTED: set[type[ast.AST]] = set()


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """``node``'s direct children in field order, as ``ast.iter_child_nodes`` gives them,
    less contexts and operators."""
    kind = type(node)
    fields = _NODE_FIELDS.get(kind)
    if fields is None:
        found = None if kind in _UNDOCUMENTED else () if kind in _LEAVES else _node_fields(kind)
        if found is None:
            _UNDOCUMENTED.add(kind)
            return _any_child_nodes(node)
        fields = _NODE_FIELDS[kind] = found
    children: list[ast.AST] = []
    for name in fields:
        value = getattr(node, name, None)
        if type(value) is list:
            if None in value:  # a dict's ``**`` entry, a keyword-only parameter's default
                children.extend([item for item in value if item is not None])
            else:
                children.extend(value)
        elif value is not None:
            children.append(value)
    return children


def _node_fields(kind: type[ast.AST]) -> tuple[str, ...] | None:
    """The fields of ``kind`` whose grammar type is a node (or a list of nodes): the names,
    numbers and markers are not looked at.  None when ``ast`` does not document the class's
    signature."""
    found = _SIGNATURE.fullmatch(kind.__doc__ or "")
    if found is None:
        return None
    fields: list[str] = []
    for declared in filter(None, (part.strip() for part in found.group(1).split(","))):
        grammar_type, name = declared.split()
        if grammar_type.rstrip("*?") not in _SCALAR_TYPES:
            fields.append(name)
    return tuple(fields)


def _any_child_nodes(node: ast.AST) -> list[ast.AST]:
    """``child_nodes`` of a node class whose fields' types are not known: every field
    looked at."""
    children: list[ast.AST] = []
    for name in node._fields:
        value = getattr(node, name, None)
        if type(value) is list:
            for item in value:
                if isinstance(item, ast.AST) and type(item) not in _MARKERS:
                    children.append(item)
        elif isinstance(value, ast.AST) and type(value) not in _MARKERS:
            children.append(value)
    return children


def walk(node: ast.AST) -> list[ast.AST]:
    """``node`` and every node in it, in ``ast.walk``'s order (breadth first, each node's
    children in field order), less contexts and operators: a list made in one loop over
    ``child_nodes``, against ``ast.walk``'s two generators per node and a visit of every
    marker (about 2.3 times the time on bench's 2,000-line file).  For the walks that look for
    names, calls, attributes or statements, never for a context or an operator node (a
    ``Name``'s context is read from the name)."""
    found = [node]
    index = 0
    while index < len(found):
        found.extend(child_nodes(found[index]))
        index += 1
    return found


def statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement in ``body`` and in the blocks nested in it (handlers' and match cases'
    too), each before those nested in it, in the text's order but for a ``try``'s handlers,
    which come after its ``else`` and ``finally``: an import is a statement, so finding one
    needs no visit of the expressions in between."""
    for statement in body:
        yield statement
        for block in ("body", "orelse", "finalbody"):
            nested = getattr(statement, block, None)
            if isinstance(nested, list):
                yield from statements(nested)
        for handler in getattr(statement, "handlers", ()):
            yield from statements(handler.body)
        for case in getattr(statement, "cases", ()):
            yield from statements(case.body)


def bound_counts(trees: list[ast.Module]) -> dict[str, int]:
    """How often each name is bound anywhere in the module (a parameter counts)."""
    bound: dict[str, int] = {}
    for tree in trees:
        for node in ast.walk(tree):
            for name in _bound(node):
                bound[name] = bound.get(name, 0) + 1
    return bound


def _bound(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        yield node.name
    elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
        yield node.id
    elif isinstance(node, ast.arg):
        yield node.arg
    elif isinstance(node, ast.Import | ast.ImportFrom):
        for alias in node.names:
            yield (alias.asname or alias.name).split(".")[0]
    elif isinstance(node, ast.Global | ast.Nonlocal):
        yield from node.names


def calls_with_paths(tree: ast.Module) -> Iterator[tuple[ast.Call, list[ast.AST]]]:
    """Every call in the tree, with its path from the tree."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [tree])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, ast.Call):
            yield node, path
        for child in ast.iter_child_nodes(node):
            stack.append((child, [*path, child]))


__all__ = ["bound_counts", "calls_with_paths", "child_nodes", "statements", "walk"]
