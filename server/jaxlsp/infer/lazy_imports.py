"""Lazy-import packages: an ``__init__.py`` that replaces itself in ``sys.modules`` with an
object importing each name's submodule on first access (transformers' and diffusers'
``_LazyModule``).

Why: such a package lists every name of its submodules in a branch only a type checker runs
(``if TYPE_CHECKING: from .modeling_bert import *``), and installs the lazy module in the other
branch.  Running that branch as code imports every submodule of the package, and through the
packages' own ``__init__.py`` files every module of the library, for one file that uses a
handful of names.  Python never runs it: an attribute of the package imports the one submodule
that defines it.  The interpreter does the same: the branch is this module's ``LazyIndex``,
read by name (``LazyIndex.provider``), never run.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from jaxlsp.syntax.source import ParsedModule


@dataclass(frozen=True)
class LazyExport:
    """Where a lazy package's name comes from: ``from <level dots><module> import <name>``."""

    module: str
    level: int
    name: str


@dataclass(frozen=True)
class LazyIndex:
    """A lazy-import package's names and the submodules they come from."""

    #: The ``if TYPE_CHECKING: ... else: sys.modules[__name__] = ...`` statement: its first
    #: branch is this index, not code; the ``else`` branch runs.
    statement: ast.If
    #: Names imported by name in the first branch.
    named: dict[str, LazyExport]
    #: Modules the first branch imports ``*`` from, in order: ``(module, level)``.
    stars: tuple[tuple[str, int], ...]


def lazy_index(parsed: ParsedModule) -> LazyIndex | None:
    """The lazy-import index of a module, or None when it is not a lazy-import package."""
    for chunk in parsed.chunks:
        for statement in chunk.tree.body:
            if (
                isinstance(statement, ast.If)
                and _mentions_type_checking(statement.test)
                and any(_installs_itself(s) for s in statement.orelse)
            ):
                return _index_of(statement)
    return None


@dataclass(frozen=True)
class LazyExports:
    """A module's names for ``import *`` as its text shows them, and whether it is itself a
    lazy-import package (then its index, not these names, says what it has)."""

    names: frozenset[str]
    lazy: bool


_DEFINED = re.compile(r"^(?:async[ \t]+def|def|class)[ \t]+(\w+)", re.MULTILINE)
_ASSIGNED = re.compile(r"^(\w+)[ \t]*(?::[^=\n]*)?=(?!=)", re.MULTILINE)
_IMPORTED = re.compile(
    r"^(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+(\([^)]*\)|[^\n#;]*)", re.MULTILINE
)
_ALL = re.compile(r"^__all__[ \t]*(?::[^=\n]*)?\+?=[ \t]*[\[(]([^\])]*)[\])]", re.MULTILINE)
_STRING = re.compile(r"[\"'](\w+)[\"']")


def scan_exports(text: str) -> LazyExports:
    """What ``from module import *`` binds, read from the text without parsing it (a lazy
    package is looked through for one name, over hundreds of modules): the strings of a
    literal ``__all__``, else the names defined, assigned or imported at the top level, less
    private ones.  A name bound only inside a block is missed (its look-up gives no value)."""
    lazy = "sys.modules[__name__]" in text and "TYPE_CHECKING" in text
    listed = _ALL.findall(text)
    if listed:
        names = {name for body in listed for name in _STRING.findall(body)}
        return LazyExports(frozenset(names), lazy)
    found = set(_DEFINED.findall(text)) | set(_ASSIGNED.findall(text))
    for imported in _IMPORTED.findall(text):
        for alias in imported.strip("()").split(","):
            words = alias.split()
            if words:
                found.add(words[-1].split(".")[0] if len(words) != 3 else words[2])
    return LazyExports(frozenset(n for n in found if not n.startswith("_")), lazy)


def _index_of(statement: ast.If) -> LazyIndex:
    named: dict[str, LazyExport] = {}
    stars: list[tuple[str, int]] = []
    for node in statements_within(statement.body):
        if not isinstance(node, ast.ImportFrom):
            continue
        module = node.module or ""
        for alias in node.names:
            if alias.name == "*":
                stars.append((module, node.level))
            else:
                named.setdefault(
                    alias.asname or alias.name, LazyExport(module, node.level, alias.name)
                )
    return LazyIndex(statement, named, tuple(stars))


def statements_within(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of ``body`` and of its nested ``if``/``try``/``with`` blocks (not of
    functions or classes: their imports are not the package's names)."""
    found: list[ast.stmt] = []
    pending = list(reversed(body))
    while pending:
        node = pending.pop()
        found.append(node)
        nested: list[ast.stmt] = []
        if isinstance(node, ast.If | ast.With):
            nested = [*node.body, *getattr(node, "orelse", [])]
        elif isinstance(node, ast.Try | ast.TryStar):
            nested = [*node.body, *node.orelse, *node.finalbody]
            for handler in node.handlers:
                nested.extend(handler.body)
        pending.extend(reversed(nested))
    return found


def _mentions_type_checking(test: ast.expr) -> bool:
    return any(
        (isinstance(node, ast.Name) and node.id == "TYPE_CHECKING")
        or (isinstance(node, ast.Attribute) and node.attr == "TYPE_CHECKING")
        for node in ast.walk(test)
    )


def _installs_itself(statement: ast.stmt) -> bool:
    """``sys.modules[__name__] = ...``."""
    if not isinstance(statement, ast.Assign):
        return False
    return any(
        isinstance(target, ast.Subscript)
        and isinstance(target.value, ast.Attribute)
        and target.value.attr == "modules"
        and isinstance(target.value.value, ast.Name)
        and target.value.value.id == "sys"
        and isinstance(target.slice, ast.Name)
        and target.slice.id == "__name__"
        for target in statement.targets
    )


__all__ = [
    "LazyExport",
    "LazyExports",
    "LazyIndex",
    "lazy_index",
    "scan_exports",
    "statements_within",
]
