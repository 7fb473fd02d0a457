"""What one module run or "any caller" run did, kept from one analysis to the next.

Why: the any-caller pass runs every function and class of the module that nothing called, with
unknown arguments; it is most of an analysis's time, and an edit changes one statement, so the
next analysis would do almost all of it again. A ``Summary`` records what one such run added
(its facts, the frames it memoised, the heap objects it made, the nodes it evaluated) and what
the run read from outside itself (module globals); the next analysis replays it instead of
running it when the run's statement keeps its tree (the parse cache shares unchanged
statements' trees) and every global it read still holds an equal value. Needed for the
didChange budgets (``bench/``).

A run is summarised only when nothing else can reach into it: its function is top-level (no
closure), it writes no global and no heap object it did not make. The heap objects made before
it that it reads (a module-level instance, a custom_vjp's registered rules) are compared too:
they are the same objects in the next analysis only when the module that made them was itself
replayed, and then what they hold must be what the run saw.
"""

from __future__ import annotations

import ast
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, fields
from typing import Any

from jaxlsp.infer.frames import Facts, Frame
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.values import (
    ClassValue,
    Function,
    Ref,
    Site,
    Value,
    Values,
)
from jaxlsp.infer.workspace import SourceModule

#: Summaries kept per workspace (least recently used dropped first).
MAX_SUMMARIES = 20_000

#: The facts lists a run appends to (every list field of ``Facts``).
FACT_LISTS = tuple(f.name for f in fields(Facts) if f.name != "named")


@dataclass
class Recording:
    """What a run does while it runs (see ``Interpreter.any_caller_pass``)."""

    facts_start: dict[str, int]
    named_start: int
    defined_start: int
    skipped_start: int
    #: Module globals read, by (module key, name): the value, or None when it was unbound.
    globals: dict[tuple[str, str], Values | None] = field(default_factory=dict)
    #: The heap objects made in the run (by identity).
    refs: set[Ref] = field(default_factory=set)
    #: What the heap objects made before the run that it read held.
    external: dict[Ref, tuple[object, ...]] = field(default_factory=dict)
    #: The frames run in it (by id).
    frames: set[int] = field(default_factory=set)
    memo: list[tuple[Any, Frame]] = field(default_factory=list)
    contexts: dict[int, int] = field(default_factory=dict)
    #: How many frames each function it called had when the run first called it (the run
    #: widens a function's arguments past a count, so it did what it did for these counts).
    counts: dict[int, int] = field(default_factory=dict)
    #: Memo keys of frames from before the run that it reused.
    hits: list[Any] = field(default_factory=list)
    #: Workspace imports it made: (importer, imported) module keys.
    imported: list[tuple[str, str]] = field(default_factory=list)
    evaluated: list[int] = field(default_factory=list)
    rules_run: list[int] = field(default_factory=list)
    #: Why the run cannot be summarised (None: it can).
    refused: str | None = None

    def refuse(self, why: str) -> None:
        if self.refused is None:
            self.refused = why

    def read_global(self, module: str, name: str, values: Values | None) -> None:
        self.globals.setdefault((module, name), values)

    def touch(self, ref: Ref, write: bool, heap: Heap) -> None:
        """The run reads or writes ``ref``: one it did not make may be read (what it held is
        kept, to compare), not written."""
        if ref in self.refs:
            return
        if write:
            self.refuse("writes a heap object made outside it")
        elif ref not in self.external:
            self.external[ref] = heap.contents(ref)

    def saw_count(self, function: int, count: int) -> None:
        self.counts.setdefault(function, count)

    def hit(self, key: Any) -> None:
        self.hits.append(key)

    def memoised(self, key: Any, frame: Frame, function: int) -> None:
        self.memo.append((key, frame))
        self.contexts[function] = self.contexts.get(function, 0) + 1

    def use_ref(self, ref: Ref, made: bool) -> None:
        if made:
            self.refs.add(ref)
        elif ref not in self.refs:
            self.refuse("uses a heap object made outside it")


@dataclass
class Summary:
    """A recorded run: replayed when ``node`` is the same node and the globals are equal."""

    node: ast.AST
    tree: ast.Module
    #: What the run ran (the function or class, and a method's class).
    values: Values
    owner: ClassValue | None
    globals: dict[tuple[str, str], Values | None]
    external: dict[Ref, tuple[object, ...]]
    facts: dict[str, list[Any]]
    named: list[tuple[int, tuple[Site, Value]]]
    defined: list[tuple[int, tuple[Site, Values]]]
    skipped: list[Site]
    imported: list[tuple[str, str]]
    memo: list[tuple[Any, Frame]]
    contexts: dict[int, int]
    counts: dict[int, int]
    hits: list[Any]
    evaluated: list[int]
    rules_run: list[int]
    heap_fields: dict[Ref, dict[str, Values]]
    heap_lists: dict[Ref, Any]
    heap_dicts: dict[Ref, dict[object, Values]]
    heap_registrations: dict[Ref, list[Any]]
    #: A module's run (``node`` is its first statement's tree): all its statements' trees,
    #: its frame at the end and the workspace modules it imported.
    trees: tuple[ast.Module, ...] = ()
    module_frame: Frame | None = None
    imports: tuple[str, ...] = ()
    #: The workspace modules its imports name, run before it (in that order).
    prerun: tuple[SourceModule, ...] = ()

    def same_statements(self, trees: tuple[ast.Module, ...]) -> bool:
        return len(trees) == len(self.trees) and all(
            a is b for a, b in zip(trees, self.trees, strict=True)
        )


class SummaryCache:
    """The summaries of a workspace's analyses, by the run's module and node (bounded)."""

    def __init__(self, limit: int = MAX_SUMMARIES) -> None:
        self._limit = limit
        # by module and node: modules with identical statements share their trees
        self._entries: OrderedDict[tuple[str, int], Summary] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, module: str, node: ast.AST) -> Summary | None:
        key = (module, id(node))
        with self._lock:
            summary = self._entries.get(key)
            if summary is None or summary.node is not node:
                return None
            self._entries.move_to_end(key)
            return summary

    def put(self, module: str, summary: Summary) -> None:
        key = (module, id(summary.node))
        with self._lock:
            self._entries[key] = summary
            self._entries.move_to_end(key)
            while len(self._entries) > self._limit:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


def same_values(recorded: Values | None, current: Values | None) -> bool:
    """Whether a global still holds what the run read (a class: its namespace, too)."""
    if recorded is None or current is None:
        return recorded is current
    if recorded != current:
        return False
    for old, new in zip(recorded, current, strict=True):
        if isinstance(old, ClassValue) and isinstance(new, ClassValue):
            if old.namespace.keys() != new.namespace.keys():
                return False
            if any(old.namespace[k] != new.namespace[k] for k in old.namespace):
                return False
    return True


def closed(value: Value, depth: int = 0) -> bool:
    """Whether ``value``'s code reads no enclosing function's variables: every function in it
    is defined at module level or in a module-level class (a closure's values are another
    run's)."""
    if depth > 6:
        return False
    if isinstance(value, Function):
        return value.closure is None
    if isinstance(value, ClassValue):
        return all(
            closed(member, depth + 1)
            for members in value.namespace.values()
            for member in members
            if isinstance(member, Function)
        )
    inner = [
        getattr(value, name)
        for name in ("inner", "func", "function", "body")
        if getattr(value, name, None) is not None
    ]
    if not inner:
        return False
    for part in inner:
        parts = part if isinstance(part, tuple) else (part,)
        if not all(closed(v, depth + 1) for v in parts if isinstance(v, Value)):
            return False
    return True


__all__ = ["Recording", "Summary", "SummaryCache", "closed", "same_values"]
