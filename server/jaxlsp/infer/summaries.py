"""What one module run or "any caller" run did, kept from one analysis to the next.

Why: the any-caller pass runs every function and class of the module that nothing called, with
unknown arguments; it is most of an analysis's time, and an edit changes one statement, so the
next analysis would do almost all of it again. A ``Summary`` records what one such run added
(its facts, the frames it memoised, the heap objects it made, the nodes it evaluated) and what
the run read from outside itself (module globals); the next analysis replays it instead of
running it when the run's statement keeps its tree (the parse cache shares unchanged
statements' trees) and every global it read still holds an equal value. Needed for the
didChange budgets (``bench/``).

An any-caller run is summarised only when nothing else can reach into it: it writes no global
and no heap object it did not make.  A module's top-level run may write another module's
globals and heap objects made before it, and run other modules in its middle: its summary keeps
what it wrote and the frames of the modules it ran (``Outside``), and a replay does it again
(a library's modules that call ``logging.get_logger`` at import then run once per worker, not
once per file that imports them).  What it ran is compared by value, and a function's
enclosing frame by identity: a closure is replayed only where the run that made it was
replayed too (its frame, kept by that summary, then holds what it held). The heap objects made
before it that it reads
(a module-level instance, a custom_vjp's registered rules) are compared too: an unchanged
top-level statement makes the same object in the module's next version
(``Summary.module_refs``), and then what it holds must be what the run saw.
"""

from __future__ import annotations

import ast
import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, final

from jaxlsp.infer.frames import FACT_LISTS, Frame, Made
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.values import (
    ClassValue,
    Ref,
    RefKey,
    Site,
    Value,
    Values,
    one,
)

if TYPE_CHECKING:
    from jaxlsp.infer.sources import SourceModule

#: The estimated bytes of summaries kept per workspace (least recently used dropped first).
#: A resident byte per estimated byte is about 1.6 (stop 39, on transformers' files); at 256 MB
#: the two bounds (this and ``MAX_PARSED_CHARS``) let a ``check`` worker of the whole
#: transformers sdist reach 1,033 MB, over issue 30's 1 GB per worker.
MAX_SUMMARY_BYTES = 160 * 1024 * 1024
#: What a summary holds besides its items, and per item (see ``estimated_bytes``).
BYTES_PER_SUMMARY = 2048
BYTES_PER_ITEM = 640


@dataclass(slots=True)
class Recording:
    """What a run does while it runs (see ``Interpreter.any_caller_pass``)."""

    #: How long each facts list was when it began (in ``FACT_LISTS`` order).
    facts_start: tuple[int, ...]
    named_start: int
    defined_start: int
    skipped_start: int
    #: Module globals read, by (module key, name): the value, or None when it was unbound.
    globals: dict[tuple[str, str], Values | None] = field(init=False, default_factory=dict)
    #: The heap objects made in the run (by identity).
    refs: set[Ref] = field(init=False, default_factory=set)
    #: What the heap objects made before the run that it read held.
    external: dict[Ref, tuple[object, ...]] = field(init=False, default_factory=dict)
    #: The frames run in it (by id).
    frames: set[int] = field(init=False, default_factory=set)
    memo: list[tuple[Any, Frame]] = field(init=False, default_factory=list)
    #: The frames it made, per function (by its site).
    contexts: dict[Site, int] = field(init=False, default_factory=dict)
    #: How many frames each function it called had when the run first called it (the run
    #: widens a function's arguments past a count, so it did what it did for these counts).
    counts: dict[Site, int] = field(init=False, default_factory=dict)
    #: The frames from before the run that it reused, by memo key.
    hits: list[tuple[Any, Frame]] = field(init=False, default_factory=list)
    #: Workspace imports it made: (importer, imported) module keys.
    imported: list[tuple[str, str]] = field(init=False, default_factory=list)
    #: The defs it evaluated and the custom rules it ran (by site).
    evaluated: list[Site] = field(init=False, default_factory=list)
    rules_run: list[Site] = field(init=False, default_factory=list)
    #: Whether a def was evaluated, or a custom rule run, when the run asked (and had not
    #: done it itself): a replay needs the same answers.
    evaluated_asked: dict[Site, bool] = field(init=False, default_factory=dict)
    rules_asked: dict[Site, bool] = field(init=False, default_factory=dict)
    #: Why the run cannot be summarised (None: it can).
    refused: str | None = None
    #: The module whose top-level run this is (None: an any-caller run).  A module's run may
    #: write another module's globals and heap objects made before it (a library's
    #: ``logging.get_logger`` configuring the package's root logger at import): its summary
    #: keeps what it wrote, and a replay writes it again (``Summary.global_writes``).
    own: str | None = None
    #: Another module's globals it wrote, by (module key, name); and the heap objects made
    #: before it that it wrote (what they held before is in ``external``).
    written: dict[tuple[str, str], None] = field(init=False, default_factory=dict)
    written_refs: dict[Ref, None] = field(init=False, default_factory=dict)
    #: The modules a module's run ran in the middle of itself, in order (an import in a
    #: function its top level calls): their frames are made by it, so what it read of them
    #: is its own doing (``Summary.nested``).
    nested: dict[str, None] = field(init=False, default_factory=dict)
    #: The modules it imported ``*`` from, by key: the public names they had (None: the
    #: module had not run).
    stars: dict[str, frozenset[str] | None] = field(init=False, default_factory=dict)
    #: How long the facts lists (in ``FACT_LISTS`` order), the names, the definitions and
    #: the skipped sites were when it ended: its summary, made later, takes from each what
    #: it added.
    facts_end: tuple[int, ...] = field(init=False, default=())
    named_end: int = field(init=False, default=0)
    defined_end: int = field(init=False, default=0)
    skipped_end: int = field(init=False, default=0)

    def refuse(self, why: str) -> None:
        if self.refused is None:
            self.refused = why

    def touch(self, ref: Ref, write: bool, heap: Heap) -> None:
        """The run reads or writes ``ref``: one it did not make may be read (what it held is
        kept, to compare), not written."""
        if ref in self.refs:
            return
        if write:
            if self.own is None:
                self.refuse("writes a heap object made outside it")
                return
            self.written_refs[ref] = None
        if ref not in self.external:
            # (touched before a write changes it: what it held before the run)
            self.external[ref] = heap.contents(ref)

    # the interpreter's events (``observers.RunObserver``) ------------------------------------

    def module_run(self, module: str) -> None:
        if self.own is None:
            self.refuse(f"runs the module {module}")
        else:
            self.nested[module] = None

    def global_read(self, module: str, name: str, values: Values | None) -> None:
        if (module, name) in self.written or module in self.nested:
            return  # what the run wrote or made itself: a replay does it again
        self.globals.setdefault((module, name), values)

    def global_written(self, module: str, name: str) -> None:
        own = self.own
        if own is None:
            self.refuse(f"writes the global {name}")
        elif module != own and module not in self.nested:
            # its own globals, and those of the modules it ran, end in their frames, which
            # the summary keeps
            self.written[(module, name)] = None

    def variable_written(self, frame: Frame, name: str) -> None:
        if id(frame) not in self.frames:
            # another run's frame: replaying this run would not write it again
            self.refuse(f"writes the variable {name} of another run")

    def star_imported(self, module: str, names: frozenset[str] | None) -> None:
        if self.own is None:
            self.refuse("imports *")
        elif module != self.own and module not in self.nested:
            # which names it bound: a replay binds them where the module has these (their
            # values are read as any global is)
            self.stars.setdefault(module, names)

    def module_imported(self, importer: str, imported: str) -> None:
        self.imported.append((importer, imported))

    def ref_used(self, ref: Ref, made: bool) -> None:
        if made:
            self.refs.add(ref)
        elif ref not in self.refs:
            self.refuse("uses a heap object made outside it")

    def function_entered(self, function: Site, frames: int) -> None:
        self.counts.setdefault(function, frames)

    def memo_went_stale(self) -> None:
        self.refuse("a memoised frame went stale")

    def memo_hit(self, key: Any, frame: Frame) -> None:
        if id(frame) not in self.frames:
            self.hits.append((key, frame))

    def memoised(self, key: Any, frame: Frame, function: Site) -> None:
        self.memo.append((key, frame))
        self.contexts[function] = self.contexts.get(function, 0) + 1

    def frame_started(self, frame: Frame) -> None:
        self.frames.add(id(frame))

    def too_deep(self) -> None:
        self.refuse("too deep")


@dataclass(frozen=True, slots=True)
class NestedRun:
    """A module run in the middle of a recorded module run (``Summary.nested``)."""

    source: SourceModule
    trees: tuple[ast.Module, ...]
    frame: Frame
    imports: tuple[str, ...]


#: The modules a run imported ``*`` from, where it imported none (Python 3.11's dataclasses
#: refuse a mapping proxy as a field's default, so the field takes it from a factory).
NO_STARS: Mapping[str, frozenset[str] | None] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Outside:
    """A module run's doings outside itself (``Recording.own``): the other modules' globals
    it wrote, by (module key, name), with what they held when it ended; the heap objects made
    before it that it wrote (``Summary.external`` has what they held before it,
    ``heap_fields`` and the other heap tables what they held when it ended); and the modules
    it ran in the middle of itself (``Recording.nested``), in order, each one's version, its
    frame as the run left it and the modules it imported; and the public names of the modules
    it imported ``*`` from (``Recording.stars``: the values are global reads).  A replay makes
    the frames, where none of those modules has run yet (else the run would not have run
    them) and each has the statements it had, then writes what it wrote; where a module it
    imported ``*`` from has other public names, it is not replayed."""

    global_writes: Mapping[tuple[str, str], Values]
    written_refs: tuple[Ref, ...]
    nested: tuple[NestedRun, ...]
    stars: Mapping[str, frozenset[str] | None] = field(default_factory=lambda: NO_STARS)


#: What nearly every summary did outside its run: nothing.
NOTHING_OUTSIDE = Outside(MappingProxyType({}), (), ())


@dataclass(slots=True, weakref_slot=True)  # (``dependents`` keeps weak references)
class Summary:
    """A recorded run: replayed when ``node`` is the same node and the globals are equal."""

    node: ast.AST
    tree: ast.Module
    #: The key of the module ``node`` is in.
    module: str
    #: What the run ran (the function or class, and a method's class).
    values: Values
    owner: ClassValue | None
    # What the run read and added (``Recording``'s tables, and what it added to the
    # analysis's): tuples, and tables that are ``NO_ENTRIES`` when empty (``kept``).
    globals: Mapping[tuple[str, str], Values | None]
    external: Mapping[Ref, tuple[object, ...]]
    facts: Mapping[str, Sequence[Any]]
    named: Sequence[tuple[tuple[str, ast.AST], tuple[Site, Value]]]
    defined: Sequence[tuple[Site, Values]]
    skipped: Sequence[Site]
    imported: Sequence[tuple[str, str]]
    memo: Sequence[tuple[Any, Frame]]
    contexts: Mapping[Site, int]
    counts: Mapping[Site, int]
    hits: Sequence[tuple[Any, Frame]]
    evaluated: Sequence[Site]
    rules_run: Sequence[Site]
    heap_fields: Mapping[Ref, dict[str, Values]]
    heap_lists: Mapping[Ref, Any]
    heap_dicts: Mapping[Ref, dict[object, Values]]
    heap_registrations: Mapping[Ref, list[Any]]
    #: A module's run (``node`` is its first statement's tree): all its statements' trees,
    #: its frame at the end and the workspace modules it imported.
    trees: tuple[ast.Module, ...] = ()
    module_frame: Frame | None = None
    imports: tuple[str, ...] = ()
    #: The workspace modules its imports name, run before it (in that order).
    prerun: tuple[SourceModule, ...] = ()
    #: The heap objects its top-level statements made, by node and kind: the next version of
    #: the module gives an unchanged statement's objects the same identity, so the runs that
    #: read them (a ``custom_vjp`` function, a module-level list) still replay.
    module_refs: dict[RefKey, Ref] = field(default_factory=dict)
    #: ``Recording.evaluated_asked`` and ``rules_asked``.
    evaluated_asked: Mapping[Site, bool] = field(default_factory=lambda: NO_ENTRIES)
    rules_asked: Mapping[Site, bool] = field(default_factory=lambda: NO_ENTRIES)
    #: What a module's run did outside itself (nothing, for nearly every run).
    outside: Outside = field(default_factory=lambda: NOTHING_OUTSIDE)

    # What a re-check works out of a summary is kept in fields that every summary has from
    # its making (a summary has slots, no dictionary: with a 30th field the instances' shared
    # compact tables gave way to a dictionary each, about a kilobyte more per summary; on a
    # 20,000-line file, 3.5 MiB at the peak).
    _definitions: dict[Site, Values] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    _first_frames: dict[Site, Frame] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def writes_outside(self) -> bool:
        """Whether the run wrote another module's global or a heap object made before it, or
        ran another module: a replay does it again (``IncrementalRuns``); a re-check from the
        last analysis (``rerun``) does not follow such runs, and analyses afresh."""
        return self.outside is not NOTHING_OUTSIDE

    @property
    def global_writes(self) -> Mapping[tuple[str, str], Values]:
        return self.outside.global_writes

    @property
    def written_refs(self) -> tuple[Ref, ...]:
        return self.outside.written_refs

    @property
    def nested(self) -> tuple[NestedRun, ...]:
        return self.outside.nested

    @property
    def site(self) -> Site:
        """Where the run is: an any-caller run's def (or transform), a module run's first
        statement."""
        return Site(self.module, self.tree, self.node)

    def read_any(self, changed: AbstractSet[object]) -> bool:
        """Whether the run read any of ``changed`` (by identity: what changed since it was
        recorded, ``jaxlsp.infer.rerun``): the module globals it read (by module and name),
        the heap objects made before it that it read, the functions whose frame counts it saw
        (by site) and the frames it reused (by id), the defs and custom rules it asked
        whether they were evaluated or run, and an any-caller run's own site (what it runs is
        defined there).  A run that read none of what changed does what it did before."""
        if not changed:
            return False
        # ``isdisjoint`` walks each table in C: every importer of an edited module asks this
        # of each of its runs (``bench.project``'s dependents budget)
        return (
            not changed.isdisjoint(self.globals)
            or not changed.isdisjoint(self.external)
            or not changed.isdisjoint(self.counts)
            or not changed.isdisjoint(self.evaluated_asked)
            or not changed.isdisjoint(self.rules_asked)
            or any(id(frame) in changed for _, frame in self.hits)
            or (not self.trees and self.site in changed)
        )

    @property
    def definitions(self) -> dict[Site, Values]:
        """``defined`` by site: a re-check looks up the definitions the runs before one had."""
        if self._definitions is None:
            self._definitions = dict(self.defined)
        return self._definitions

    @property
    def first_frames(self) -> dict[Site, Frame]:
        """The first frame each function (by its site) ran in, in this run
        (``Interpreter.frames_of``): a re-check looks up those the runs before one made."""
        if self._first_frames is None:
            self._first_frames = first_frames(self.added("frames"))
        return self._first_frames

    @property
    def made_by_module(self) -> dict[str, list[Made]]:
        """The values it made (``added("made")``), by the module they were made in: a
        re-check looks for those made in the module it analyses (of the few runs it
        replaces; not kept)."""
        found: dict[str, list[Made]] = {}
        for made in self.added("made"):
            found.setdefault(made.site.module, []).append(made)
        return found

    def added(self, kind: str) -> Sequence[Any]:
        """The facts of one kind (a ``Facts`` list's name) the run added: ``facts`` keeps
        only the kinds it added to."""
        return self.facts.get(kind, ())

    def same_statements(self, trees: tuple[ast.Module, ...]) -> bool:
        if trees is self.trees:
            return True
        return len(trees) == len(self.trees) and all(
            a is b for a, b in zip(trees, self.trees, strict=True)
        )


#: The one empty table that every summary whose run left a table empty holds: most runs
#: fill a few of a summary's tables, and an empty dict of its own for each of the others
#: took more of a large file's summaries than their entries did.
NO_ENTRIES: Mapping[Any, Any] = MappingProxyType({})

_K = TypeVar("_K")
_V = TypeVar("_V")


def kept(table: Mapping[_K, _V]) -> Mapping[_K, _V]:
    """``table`` as a summary keeps it: itself, or ``NO_ENTRIES`` when it is empty."""
    return table if table else NO_ENTRIES


@dataclass
class _Entry:
    summary: Summary
    #: ``estimated_bytes(summary)``, kept for the cache's total.
    size: int


class SummaryCache:
    """The summaries of a workspace's analyses, by the run's module and node.

    Its entries follow the modules they summarise: when a module runs again, the entries of
    its statements that are gone (edited, deleted) are dropped (``retain``), and a module no
    open document needs any more drops them all (``release``).  Across modules the cache is
    bounded by an estimate of the bytes its summaries hold (``estimated_bytes``), the least
    recently used dropped first.
    """

    def __init__(self, max_bytes: int = MAX_SUMMARY_BYTES) -> None:
        self.max_bytes = max_bytes
        # by module and node: modules with identical statements share their trees
        self._entries: OrderedDict[tuple[str, int], _Entry] = OrderedDict()
        #: The node ids of each module's entries.
        self._modules: dict[str, set[int]] = {}
        self._bytes = 0
        #: The most entries ``_entries`` held since it was made.
        self._high_water = 0
        self._lock = threading.Lock()
        #: What makes the summaries analyses recorded and left to make later (``defer``).
        self._unsettled: list[Callable[[], None]] = []
        self._settling = threading.Lock()

    def defer(self, settle: Callable[[], None]) -> None:
        """Have ``settle`` put an analysis's summaries in the cache later: once that
        analysis's diagnostics are out (the server's idle time), or before the next reader
        that needs every summary (``settle``)."""
        with self._settling:
            self._unsettled.append(settle)

    def settle(self) -> None:
        """Make and put the summaries deferred so far (an analysis starting calls this: it
        would otherwise run again what they summarise)."""
        with self._settling:
            unsettled, self._unsettled = self._unsettled, []
            for settle in unsettled:
                settle()

    def get(self, module: str, node: ast.AST) -> Summary | None:
        """The summary of the run of ``node`` in ``module``, if one is kept.  An analysis
        settles the cache when it starts: the summaries another left for later are found from
        then on."""
        key = (module, id(node))
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry.summary.node is not node:
                return None
            self._entries.move_to_end(key)
            return entry.summary

    def put(self, module: str, summary: Summary) -> None:
        key = (module, id(summary.node))
        entry = _Entry(summary, estimated_bytes(summary))
        with self._lock:
            self._drop(key)
            self._entries[key] = entry
            self._high_water = max(self._high_water, len(self._entries))
            self._modules.setdefault(module, set()).add(key[1])
            self._bytes += entry.size
            while self._bytes > self.max_bytes and len(self._entries) > 1:
                self._drop(next(iter(self._entries)))

    def retain(self, module: str, trees: tuple[ast.Module, ...]) -> None:
        """Drop ``module``'s summaries of statements that are not among ``trees`` (its
        current version's)."""
        self.settle()
        current = {id(tree) for tree in trees}
        with self._lock:
            for node in list(self._modules.get(module, ())):
                entry = self._entries[(module, node)]
                if id(entry.summary.tree) not in current:
                    self._drop((module, node))

    def release(self, modules: Iterable[str]) -> int:
        """Drop every summary of ``modules``; returns their estimated bytes."""
        self.settle()
        with self._lock:
            before = self._bytes
            for module in modules:
                for node in list(self._modules.get(module, ())):
                    self._drop((module, node))
            if before > self._bytes and len(self._entries) < self._high_water // 2:
                # a dict keeps the table of the most entries it held: a new one fits these
                self._entries = OrderedDict(self._entries)
                self._high_water = len(self._entries)
            return before - self._bytes

    def modules(self) -> set[str]:
        """The modules that have summaries."""
        self.settle()
        with self._lock:
            return set(self._modules)

    def clear(self) -> None:
        self.settle()
        with self._lock:
            self._entries = OrderedDict()
            self._modules.clear()
            self._bytes = self._high_water = 0

    @property
    def bytes(self) -> int:
        """The estimated bytes the summaries hold (see ``estimated_bytes``)."""
        self.settle()
        return self._bytes

    def __len__(self) -> int:
        self.settle()
        return len(self._entries)

    def _drop(self, key: tuple[str, int]) -> None:
        entry = self._entries.pop(key, None)
        if entry is None:
            return
        self._bytes -= entry.size
        nodes = self._modules[key[0]]
        nodes.discard(key[1])
        if not nodes:
            del self._modules[key[0]]


def estimated_bytes(summary: Summary) -> int:
    """About how many bytes ``summary`` keeps alive once its analysis is gone: what it
    recorded (facts, memoised frames, names, definitions, globals read, heap objects), at an
    average cost per item measured on generated model code (``tests/engine/test_memory.py``
    keeps the estimate within a factor of two of the real size)."""
    items = (
        sum(len(found) for found in summary.facts.values())
        + len(summary.memo)
        + len(summary.named)
        + len(summary.defined)
        + len(summary.globals)
        + len(summary.external)
        + len(summary.skipped)
        + len(summary.heap_fields)
        + len(summary.heap_lists)
        + len(summary.heap_dicts)
        + len(summary.heap_registrations)
        + len(summary.global_writes)
    )
    return BYTES_PER_SUMMARY + BYTES_PER_ITEM * items


#: Each facts list's place in ``FACT_LISTS``.
_FACT_KIND = {name: kind for kind, name in enumerate(FACT_LISTS)}
_KINDS = len(FACT_LISTS)


@final
class FactStarts:
    """Where each run of a journal starts in each facts list (``FACT_LISTS`` order): the
    next re-check splices the lists at the runs it replaces (``jaxlsp.infer.rerun``).

    Kept as one flat array of machine integers, not a tuple of ints per run: a journal has a
    run per function of the module, every analysis of a large file kept a tuple (and, past
    the small ints Python shares, an int object per list) for each, and an edit made them
    again while the last analysis's were alive (the peak-memory budget in ``bench/``)."""

    __slots__ = ("_flat",)

    def __init__(self, flat: array[int]) -> None:
        self._flat = flat

    @classmethod
    def of(cls, runs: Iterable[Summary]) -> FactStarts:
        """The starts of ``runs``, in their order."""
        flat: array[int] = array("q")
        lengths = [0] * _KINDS
        for run in runs:
            flat.extend(lengths)
            for name, added in run.facts.items():
                lengths[_FACT_KIND[name]] += len(added)
        return cls(flat)

    def __len__(self) -> int:
        return len(self._flat) // _KINDS

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        """Each run's starts, in ``FACT_LISTS`` order."""
        flat = self._flat
        return (tuple(flat[at : at + _KINDS]) for at in range(0, len(flat), _KINDS))

    def at(self, run: int, kind: int) -> int:
        """Where run ``run`` starts in the facts list ``FACT_LISTS[kind]``."""
        if run < 0:
            run += len(self)
        return self._flat[run * _KINDS + kind]

    def moved(
        self, replaced: Sequence[int], recorded: Sequence[Summary], runs: Sequence[Summary]
    ) -> FactStarts:
        """These starts (of the ``recorded`` journal) once the ``replaced`` runs of ``runs``
        stand in their places: the runs after one that added more or fewer facts start
        further on."""
        moved = array("q", self._flat)
        shift = [0] * _KINDS
        for place, index in enumerate(replaced):
            old, new = recorded[index], runs[index]
            for kind, name in enumerate(FACT_LISTS):
                shift[kind] += len(new.added(name)) - len(old.added(name))
            if any(shift):
                end = replaced[place + 1] + 1 if place + 1 < len(replaced) else len(self)
                for after in range(index + 1, end):
                    at = after * _KINDS
                    for kind, by in enumerate(shift):
                        moved[at + kind] = self._flat[at + kind] + by
        return FactStarts(moved)


class ReplayPlace(Protocol):
    """The analysis a summarised run would run in now, as a replay's checks read it: a fresh
    analysis (``Interpreter``), or one remade from the last (``jaxlsp.infer.rerun``), which
    knows what changed since the run held there."""

    def unchanged(self, summary: Summary) -> bool:
        """Whether the run held here before and nothing it read (``Summary.read_any``) changed
        since: then the rest holds."""
        ...

    def globals_hold(self, summary: Summary) -> bool:
        """Whether every module global the run read holds what it read (``globals_hold``)."""
        ...

    def heap_holds(self, summary: Summary) -> bool:
        """Whether the heap objects made before the run hold what it read of them."""
        ...

    def counts_hold(self, summary: Summary) -> bool:
        """Whether the functions it called have the frame counts it ran with (``counts_hold``)."""
        ...

    def memoised(self, key: Any) -> bool:
        """Whether a frame is memoised under ``key`` before the run (it would reuse it)."""
        ...

    def hit_holds(self, key: Any, hit: Frame) -> bool:
        """Whether the frame the run reused under ``key`` is, to it, the one there now."""
        ...

    def evaluated(self, site: Site) -> bool:
        """Whether the def at ``site`` was evaluated before the run."""
        ...

    def rules_run(self, site: Site) -> bool:
        """Whether the custom derivative rule at ``site`` was run before the run."""
        ...


def replay_holds(
    summary: Summary, values: Values, owner: ClassValue | None, place: ReplayPlace
) -> bool:
    """Whether replaying ``summary`` at ``place`` does what running ``values`` (a method's with
    its class ``owner``) there would do: everything the run read from outside itself holds."""
    recorded_owner = one(summary.owner) if summary.owner else None
    if not same_values(summary.values, values):
        return False
    if not same_values(recorded_owner, one(owner) if owner else None):
        return False
    if place.unchanged(summary):
        return True
    if not (place.globals_hold(summary) and place.heap_holds(summary)):
        return False
    if not place.counts_hold(summary):
        return False
    if any(place.memoised(key) for key, _ in summary.memo):
        return False  # the run would reuse that frame, not make it
    if any(place.evaluated(site) != held for site, held in summary.evaluated_asked.items()):
        return False
    if any(place.rules_run(site) != held for site, held in summary.rules_asked.items()):
        return False
    return all(place.hit_holds(key, hit) for key, hit in summary.hits)


_Key = TypeVar("_Key")
_Item = TypeVar("_Item")


def first_of(entries: Iterable[Sequence[tuple[_Key, _Item]]]) -> dict[_Key, _Item]:
    """Each key's first value in ``entries``' order (what replaying the runs in order sets);
    the keys in another order: the tables made of it are only looked up by key."""
    found: dict[_Key, _Item] = {}
    for items in reversed(list(entries)):
        if items:
            found.update(items)  # a run's entries have distinct keys: they come from one table
    return found


def first_frames(frames: Iterable[Frame]) -> dict[Site, Frame]:
    """The first of ``frames`` each function (by its site) ran in."""
    found: dict[Site, Frame] = {}
    for frame in frames:
        if frame.function is not None:
            found.setdefault(frame.function.site, frame)
    return found


def same_values(recorded: Values | None, current: Values | None) -> bool:
    """Whether a global still holds what the run read (a class: its namespace, too)."""
    if recorded is current:
        return True
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


def globals_hold(
    summary: Summary, bindings: Callable[[str], dict[str, Values] | None], own: str | None
) -> bool:
    """Whether every module global the run read still holds what it read (``bindings`` gives
    a module's bindings now, None for a module not run; a module's own run reads its own
    globals as its unchanged statements bind them: ``own`` is skipped)."""
    for (module, name), recorded in summary.globals.items():
        if module == own:
            continue
        found = bindings(module)
        if found is None or not same_values(recorded, found.get(name)):
            return False
    return True


def counts_hold(summary: Summary, counts: Mapping[Site, int], limits: Sequence[int]) -> bool:
    """Whether the functions the run called have frame counts that make it do what it did:
    a call's arguments are widened once its function has ``limits[0]`` frames and it is not
    run past ``limits[-1]`` (``Interpreter.invoke``), so a count matters only by where it
    stands among the limits.  Holds when each count is the one the run saw when it first
    called the function, or stands, at each of the frames the run made, on the same side of
    every limit as that one did (below it all along, or at or past it from the start)."""
    for function, count in summary.counts.items():
        now = counts.get(function, 0)
        if now == count:
            continue
        made = summary.contexts.get(function, 0)
        for limit in limits:
            below = count + made < limit and now + made < limit
            if not (below or (count >= limit and now >= limit)):
                return False
    return True


def same_outcome(recorded: Frame, current: Frame) -> bool:
    """Whether a memoised frame a run reused is, to that run, the frame now under its key:
    the same one, or one that returns the same from the same statements and does the same
    to the caller's keys and the heap fields it read (what ``Interpreter.invoke`` gives a
    caller).  So a run that called a function whose body reached an edited one is replayed
    when the edit left the function's result and effects as they were."""
    return current is recorded or (
        current.returns == recorded.returns
        and current.consumed == recorded.consumed
        and current.created == recorded.created
        and current.innermost == recorded.innermost
        and current.reads == recorded.reads
    )


__all__ = [
    "NOTHING_OUTSIDE",
    "NO_ENTRIES",
    "NestedRun",
    "Outside",
    "Recording",
    "ReplayPlace",
    "Summary",
    "SummaryCache",
    "counts_hold",
    "estimated_bytes",
    "first_of",
    "globals_hold",
    "kept",
    "replay_holds",
    "same_outcome",
    "same_values",
]
