"""Parsed trees made smaller: each node's attributes moved into a dict that shares its keys.

``ast.parse`` gives every node a dict with a key table of its own, sized for insertion (16
slots for a ``Name``'s six attributes: about 270 bytes), and every list field a list of its
own, most of them empty (a call's ``keywords``, a function's ``decorator_list``).  They are
most of a large file's trees: 28 and 1.7 of the 37 MiB of the generated 20,000-line file's.
The dict of an instance of a plain class shares its key table with the class's other
instances (about 130 bytes here).  ``compact`` gives each node such a dict, holding the same
values, and its empty list fields one shared empty list (trees are never changed once
parsed): the tree reads the same, in 23 MiB instead of 37.
"""

from __future__ import annotations

import ast
import keyword
import re
import threading
from collections.abc import Callable

#: The one empty list of every compacted tree's empty list fields (30,000 of them in the
#: 20,000-line file).  Nothing changes a parsed tree (``jaxlsp.syntax.source``);
#: ``tests/engine/test_compact_trees.py`` checks that this is still empty after analyses,
#: edits, hovers and fixes.
NO_ITEMS: list[object] = []

#: Moves one node's attributes into a dict that shares its keys, then hands its child nodes
#: to ``push`` (one) and ``extend`` (a list of them).
Mover = Callable[
    [ast.AST, dict[str, object], Callable[[object], None], Callable[[list[object]], None]], None
]

#: The mover of each node class, for the attribute names the parser gives its nodes.
_MOVERS: dict[type, Mover] = {}
#: Movers for other attribute names (nodes made by hand), by class and names.
_OTHERS: dict[tuple[type, tuple[str, ...]], Mover] = {}
_LOCK = threading.Lock()

#: A node class's signature as ``ast`` documents it: ``Call(expr func, expr* args, ...)``.
_SIGNATURE = re.compile(r"\w+\((.*)\)")
#: The grammar's field types that hold no node (as in ``jaxlsp.syntax.walk``).
_SCALAR_TYPES = frozenset(
    {"identifier", "int", "string", "constant", "expr_context", "boolop", "operator"}
    | {"unaryop", "cmpop"}
)


def compact(tree: ast.AST) -> None:
    """Give every node of ``tree`` a dict of the same attributes that shares its keys with
    the other nodes of its class, and its empty list fields ``NO_ITEMS``.  The nodes keep
    their identity and values (analyses key facts on nodes); a tree is compacted once, when
    it is parsed, before anything reads it."""
    stack: list[object] = [tree]
    pop = stack.pop
    push = stack.append
    extend = stack.extend
    movers = _MOVERS
    while stack:
        node = pop()
        if not isinstance(node, ast.AST):
            continue  # None: a dict's ``**`` entry, a keyword-only parameter's default
        attributes = node.__dict__
        if not attributes:
            continue  # ``Load``, ``Store``...: shared nodes without attributes
        mover = movers.get(type(node))
        try:
            if mover is None:
                raise KeyError
            mover(node, attributes, push, extend)
        except KeyError:  # the first of its class, or other attributes (a node made by hand)
            names = tuple(attributes)
            other = _OTHERS.get((type(node), names)) or _mover_for(type(node), names)
            other(node, attributes, push, extend)


def _mover_for(cls: type, names: tuple[str, ...]) -> Mover:
    """A mover for ``cls``'s nodes with these attributes, written as code once (a loop of
    ``setattr`` took half again as long on a large file), that looks for child nodes only in
    the fields whose grammar type is a node.  It raises ``KeyError``, before changing
    anything, on a node that lacks one of them or has more."""
    with _LOCK:
        holder = type(f"_Compact{cls.__name__}", (), {})
        if not all(name.isidentifier() and not keyword.iskeyword(name) for name in names):
            return _by_setattr(holder)
        declared = _declared_types(cls)
        lines = ["def move(node, attributes, push, extend):", "    held = new(Holder)"]
        children = []
        for number, name in enumerate(names):
            value = f"v{number}"
            lines.append(f"    {value} = attributes[{name!r}]")
            grammar_type = declared.get(name, "?" if declared else "any")
            if grammar_type.endswith("*"):  # a list: the empty ones are one list
                lines.append(
                    f"    held.{name} = {value} if {value} or type({value}) is not list"
                    " else NO_ITEMS"
                )
            else:
                lines.append(f"    held.{name} = {value}")
            if grammar_type == "any":  # undocumented: any field may hold nodes
                children.append(f"    if type({value}) is list:\n        extend({value})")
                children.append(f"    elif isinstance({value}, AST):\n        push({value})")
            elif grammar_type.rstrip("*?") in _SCALAR_TYPES or grammar_type == "?":
                continue  # names, numbers, markers; positions (not in the signature)
            elif grammar_type.endswith("*"):
                children.append(f"    if type({value}) is list:\n        extend({value})")
                children.append(f"    else:\n        push({value})")
            else:
                children.append(f"    push({value})")
        lines.append("    if len(attributes) != len(held.__dict__):\n        raise KeyError")
        lines.append("    node.__dict__ = held.__dict__")
        lines += children
        namespace: dict[str, object] = {
            "new": object.__new__,
            "Holder": holder,
            "AST": ast.AST,
            "NO_ITEMS": NO_ITEMS,
        }
        exec("\n".join(lines), namespace)  # the node class's attribute names, as code
        mover: Mover = namespace["move"]  # type: ignore[assignment]
        if cls not in _MOVERS:
            _MOVERS[cls] = mover
        else:
            _OTHERS[(cls, names)] = mover
        return mover


def _declared_types(cls: type) -> dict[str, str]:
    """The grammar type of each field of ``cls`` (``expr*``, ``identifier?``...) as ``ast``
    documents its signature; empty when it does not."""
    found = _SIGNATURE.fullmatch(cls.__doc__ or "")
    if found is None:
        return {}
    declared: dict[str, str] = {}
    for part in filter(None, (part.strip() for part in found.group(1).split(","))):
        words = part.split()
        if len(words) != 2:
            return {}
        grammar_type, name = words
        declared[name] = grammar_type
    return declared


def _by_setattr(holder: type) -> Mover:
    """A mover for attribute names that are not identifiers (set by hand with ``setattr``):
    it compacts the node's dict and does not share its lists."""

    def move(
        node: ast.AST,
        attributes: dict[str, object],
        push: Callable[[object], None],
        extend: Callable[[list[object]], None],
    ) -> None:
        held: object = object.__new__(holder)
        for name, value in attributes.items():
            setattr(held, name, value)
            if type(value) is list:
                extend(value)
            elif isinstance(value, ast.AST):
                push(value)
        node.__dict__ = held.__dict__

    return move
