"""The summary of one top-level statement: a small expression model built from ``ast``.

Everything here is position-relative to the statement's first line (columns in code points), so
a summary can be reused unchanged when the statement moves: it is cached by the statement's text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from jaxlsp.findings import Position, Span

#: Shared values, by value: a 20,000-line module's summaries hold ~55,000 spans (110,000
#: positions) but ~2,000 distinct ones, and ~11,000 name sets (parameters, names a statement
#: reads) but ~1,400 distinct ones; sharing them saves ~10 MiB there.  Bounded: past the limit a
#: table starts afresh (what was shared stays valid where it is held).
_SPANS: dict[tuple[int, int, int, int], Span] = {}
_NAME_SETS: dict[frozenset[str], frozenset[str]] = {}
_CONSTS: dict[tuple[type, bool | int | str | None], Const] = {}
_SHARED_LIMIT = 1 << 14
_SHARED_STR = 64


def relative_span(line: int, column: int, end_line: int, end_column: int) -> Span:
    """``Span`` of the positions, the one made before when there is one (spans are frozen)."""
    key = (line, column, end_line, end_column)
    found = _SPANS.get(key)
    if found is None:
        if len(_SPANS) >= _SHARED_LIMIT:
            _SPANS.clear()
        found = _SPANS[key] = Span(Position(line, column), Position(end_line, end_column))
    return found


def shared_const(value: bool | int | float | str | None) -> Const:
    """``Const(value)``, the one made before for an equal value of the same type (``1`` is not
    ``True``) when there is one: ~9,000 constants on a 20,000-line module, most of them small
    ints, short strings and None.  Floats are not shared (``0.0 == -0.0``), nor long strings
    (docstrings: the table should not keep them)."""
    if isinstance(value, float) or (isinstance(value, str) and len(value) > _SHARED_STR):
        return Const(value)
    key = (type(value), value)
    found = _CONSTS.get(key)
    if found is None:
        if len(_CONSTS) >= _SHARED_LIMIT:
            _CONSTS.clear()
        found = _CONSTS[key] = Const(value)
    return found


def shared_names(names: Iterable[str]) -> frozenset[str]:
    """``frozenset(names)``, the equal one made before when there is one."""
    made = frozenset(names)
    found = _NAME_SETS.get(made)
    if found is None:
        if len(_NAME_SETS) >= _SHARED_LIMIT:
            _NAME_SETS.clear()
        found = _NAME_SETS[made] = made
    return found


@dataclass(frozen=True, slots=True, eq=False)
class Name:
    """A name or dotted attribute chain read from: ``jax``, ``jax.shard_map``, ``f.defvjp``."""

    dotted: str
    span: Span
    #: The scope that reads it: the key of a function of the statement, "" at module level.
    scope: str


@dataclass(frozen=True, slots=True)
class Keyword:
    name: str | None  # None for ``**kwargs``
    value: Expr
    span: Span


@dataclass(frozen=True, slots=True, eq=False)
class Call:
    """A call, or a decorator applied to the function below it (then ``span`` is the decorator)."""

    func: Expr
    args: tuple[Expr, ...]
    keywords: tuple[Keyword, ...]
    span: Span
    #: The callee's span when it is a plain name (``pl.kernel``), else the whole call's.
    head: Span
    #: True when ``*args`` was passed: positions after it are unknown.
    has_star: bool = False

    def keyword(self, name: str) -> Keyword | None:
        return next((k for k in self.keywords if k.name == name), None)


@dataclass(frozen=True, slots=True)
class FuncRef:
    """A ``def`` or ``lambda`` defined in the same statement, by its key in ``functions``."""

    key: str


@dataclass(frozen=True, slots=True)
class Const:
    value: bool | int | float | str | None


@dataclass(frozen=True, slots=True, eq=False)
class Group:
    """Any other expression: only the expressions inside it matter (for the call graph)."""

    items: tuple[Expr, ...]


Expr = Name | Call | FuncRef | Const | Group


@dataclass(frozen=True, slots=True)
class Binding:
    """``name = value`` (or a ``def``, whose value is its decorators applied to it) in a scope."""

    scope: str
    name: str
    value: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Function:
    """A ``def`` or ``lambda``; ``key`` is unique within the statement (``outer.inner``)."""

    key: str
    name: str | None
    #: The enclosing function's key, "" for module level.
    scope: str
    #: The name after ``def`` (or the ``lambda`` keyword).
    span: Span
    #: The whole definition, decorators included.
    extent: Span
    params: frozenset[str]
    #: Expressions evaluated when the function runs (nested defs' bodies excluded).
    body: tuple[Expr, ...]
    is_lambda: bool = False


@dataclass(frozen=True, slots=True)
class Import:
    local: str
    qualified: str
    span: Span


@dataclass(frozen=True, slots=True)
class StatementSummary:
    """What one top-level statement (or ``;``-joined group) defines, binds, imports and runs."""

    line_count: int
    imports: tuple[Import, ...]
    functions: tuple[Function, ...]
    bindings: tuple[Binding, ...]
    #: Expressions evaluated at module level when the statement runs.
    module_body: tuple[Expr, ...]
    #: Decorator applications (``Call`` nodes); they run at definition time.
    decorations: tuple[tuple[str, Call], ...]
    #: Every dotted name read, in order (each knows its scope: a pair per name would cost
    #: ~1 MiB more on a 20,000-line module).
    read: tuple[Name, ...]

    @property
    def names(self) -> Iterator[tuple[str, Name]]:
        """Every dotted name read, with its scope, in order (for hovers and free names)."""
        for name in self.read:
            yield name.scope, name
