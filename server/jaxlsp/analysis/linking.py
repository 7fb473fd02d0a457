"""Linking, incrementally: build a ``ModuleFacts`` from the chunks, reusing the previous one.

See ``_Linker`` for why what is reused is exactly what evaluating afresh would give, and
``_Relocation`` for statements that only moved.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter

from jaxlsp.analysis.chunkgraph import FreeNames, components, free_names
from jaxlsp.analysis.model import Binding, Call, Const, Expr, Function, Group, Name
from jaxlsp.analysis.module import (
    UNKNOWN,
    ApiV,
    CustomV,
    DefVjp,
    DiffV,
    Edge,
    FuncV,
    JitV,
    KernelV,
    Memo,
    MethodV,
    ModuleFacts,
    PartialV,
    ShardMapV,
    UnknownV,
    Value,
)
from jaxlsp.analysis.statements import Chunk
from jaxlsp.findings import Position, Span

#: What recording one call's site can contribute to the module's tables.
SiteEvent = CustomV | ShardMapV | KernelV | DiffV | DefVjp


@dataclass(slots=True)
class ModulePart:
    """One statement's module-level evaluation: what the next analysis may take over whole."""

    memo: Memo = field(default_factory=dict)
    #: Filled once, by the pass that evaluates the statement (tuples: no spare room, and the
    #: many statements with none share the empty one).
    mentions: tuple[Edge, ...] = ()
    sites: tuple[SiteEvent, ...] = ()
    #: Sites of module-level decorator applications, by their index in ``decorations``.
    decoration_sites: tuple[tuple[int, SiteEvent], ...] = ()
    #: ``_module_part_lines`` of it, with the sizes it was measured at (entries only get added).
    measured: tuple[int, int, tuple[int, int] | None] | None = None


@dataclass(slots=True)
class FunctionPart:
    """One statement's function-body evaluation, and its call-graph edges (filled lazily).

    Shared with the next analysis when reused: every value in it depends only on the statement
    and the module-level names it reads, which reuse requires to be unchanged, so either
    analysis would write the same entries.
    """

    memo: Memo = field(default_factory=dict)
    sites: tuple[SiteEvent, ...] = ()
    decoration_sites: tuple[tuple[int, SiteEvent], ...] = ()
    edges: dict[str, list[Edge]] = field(default_factory=dict)
    measured: tuple[int, int, tuple[int, int] | None] | None = None


@dataclass(frozen=True, slots=True)
class ChunkStatic:
    """What linking derives from one chunk at one index, independently of every other chunk."""

    chunk: Chunk
    free: FreeNames
    #: ``functions`` and ``bindings`` entries, keys and scopes prefixed with the chunk index.
    functions: tuple[tuple[str, Function], ...]
    bindings: tuple[tuple[str, Binding], ...]
    #: Decorator applications with the (prefixed) scope they run in.
    decorations: tuple[tuple[str, Call], ...]

    @property
    def exported(self) -> frozenset[str]:
        """The names it binds at module level or imports: what other chunks may read from it."""
        summary = self.chunk.summary
        return frozenset(
            [b.name for b in summary.bindings if not b.scope] + [i.local for i in summary.imports]
        )

    @property
    def shape(self) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...], tuple[str, ...]]:
        """Function keys, bound (scope, name) pairs and import names, in order: two versions of
        a chunk with the same shape leave the module tables' keys and order as they were."""
        summary = self.chunk.summary
        return (
            tuple(function.key for function in summary.functions),
            tuple((binding.scope, binding.name) for binding in summary.bindings),
            tuple(item.local for item in summary.imports),
        )


def chunk_static(index: int, chunk: Chunk, free: FreeNames) -> ChunkStatic:
    summary = chunk.summary
    prefix = f"{index}/"
    # Scopes are keys of the statement's functions: one prefixed string for each, shared by
    # the function, its inner functions, bindings and decorations (not a copy for each).
    keys = {function.key: prefix + function.key for function in summary.functions}
    keys[""] = ""

    def scoped(scope: str) -> str:
        found = keys.get(scope)
        return prefix + scope if found is None else found

    functions = tuple(
        (function.key, function)
        for function in (
            Function(
                keys[function.key],
                function.name,
                scoped(function.scope),
                function.span,
                function.extent,
                function.params,
                function.body,
                function.is_lambda,
            )
            for function in summary.functions
        )
    )
    bindings = tuple((scoped(binding.scope), binding) for binding in summary.bindings)
    decorations = tuple((scoped(scope), call) for scope, call in summary.decorations)
    return ChunkStatic(chunk, free, functions, bindings, decorations)


class _Relocation:
    """Moves the previous analysis's values to where their statements are now.

    When lines are inserted or deleted, the statements below keep their text and index but
    not their lines, and every span made in them (a ``shard_map`` site, a kernel's head) is
    off by the shift.  Evaluating them again would give the previous values with each span
    moved by the shift of the statement it lies in, which is what this computes, without the
    evaluation.  A value that does not change comes back as the same object.
    """

    def __init__(self, old_starts: list[int], shifts: list[int]) -> None:
        self.old_starts = old_starts
        self.shifts = shifts
        #: Per old chunk index: how many chunks before it moved (for ``still``).
        self.moved_before = [0]
        for shift in shifts:
            self.moved_before.append(self.moved_before[-1] + (shift != 0))

    def line(self, line: int) -> int:
        at = bisect_right(self.old_starts, line) - 1
        return line + self.shifts[at] if at >= 0 else line

    def span(self, span: Span) -> Span:
        shift = self.line(span.start.line) - span.start.line
        if not shift:
            return span
        return Span(
            Position(span.start.line + shift, span.start.column),
            Position(span.end.line + shift, span.end.column),
        )

    def value(self, value: Value) -> Value:
        kind = type(value)
        if kind is ApiV or kind is UnknownV or kind is FuncV:
            return value
        if isinstance(value, CustomV):
            site, inner = self.span(value.site), self.value(value.inner)
            if site is value.site and inner is value.inner:
                return value
            return CustomV(value.qualified, site, inner)
        if isinstance(value, ShardMapV):
            site, head, body = self.span(value.site), self.span(value.head), self.value(value.body)
            if site is value.site and head is value.head and body is value.body:
                return value
            return ShardMapV(site, head, body)
        if isinstance(value, KernelV):
            site, head = self.span(value.site), self.span(value.head)
            if site is value.site and head is value.head:
                return value
            return KernelV(site, head, value.maker, value.executes)
        if isinstance(value, JitV):
            inner = self.value(value.inner)
            return value if inner is value.inner else JitV(inner)
        if isinstance(value, DiffV):
            site, head = self.span(value.site), self.span(value.head)
            inner = self.value(value.inner)
            if site is value.site and head is value.head and inner is value.inner:
                return value
            return DiffV(site, head, value.qualified, inner)
        if isinstance(value, PartialV):
            func = self.value(value.func)
            args = tuple(self.value(arg) for arg in value.args)
            if func is value.func and all(a is b for a, b in zip(args, value.args, strict=True)):
                return value
            return PartialV(func, args, value.keywords)
        if isinstance(value, MethodV):
            owner = self.value(value.owner)
            return value if owner is value.owner else MethodV(owner, value.name)
        return value

    def edge(self, edge: Edge) -> Edge:
        kind, key = edge.target
        if isinstance(key, Span):
            moved = self.span(key)
            if moved is not key:
                return Edge((kind, moved), edge.jit, edge.diff, edge.custom)
        return edge

    def event(self, event: SiteEvent) -> SiteEvent:
        if not isinstance(event, DefVjp):
            moved = self.value(event)
            assert isinstance(moved, CustomV | ShardMapV | KernelV | DiffV)
            return moved
        owner = self.value(event.owner)
        symbolic = self.span(event.symbolic_zeros) if event.symbolic_zeros else None
        fwd = self.value(event.fwd)
        if owner is event.owner and symbolic is event.symbolic_zeros and fwd is event.fwd:
            return event
        assert isinstance(owner, CustomV)
        return DefVjp(event.call, event.chunk, event.scope, owner, symbolic, fwd)

    def memo(self, memo: Memo) -> Memo | None:
        """The memo with every value moved, or None when none moves."""
        moved: Memo | None = None
        for key, value in list(memo.items()):  # a snapshot: other analyses may be adding
            new = self.value(value)
            if new is not value:
                if moved is None:
                    moved = dict(memo)
                moved[key] = new
        return moved

    def edges(self, edges: list[Edge]) -> list[Edge] | None:
        moved = [self.edge(edge) for edge in edges]
        return None if all(a is b for a, b in zip(moved, edges, strict=True)) else moved

    def mentions(self, edges: tuple[Edge, ...]) -> tuple[Edge, ...] | None:
        moved = tuple([self.edge(edge) for edge in edges])
        return None if all(a is b for a, b in zip(moved, edges, strict=True)) else moved

    def events(self, events: tuple[SiteEvent, ...]) -> tuple[SiteEvent, ...] | None:
        moved = tuple([self.event(event) for event in events])
        return None if all(a is b for a, b in zip(moved, events, strict=True)) else moved

    def placed(
        self, sites: tuple[tuple[int, SiteEvent], ...]
    ) -> tuple[tuple[int, SiteEvent], ...] | None:
        moved = tuple([(position, self.event(event)) for position, event in sites])
        same = all(a[1] is b[1] for a, b in zip(moved, sites, strict=True))
        return None if same else moved

    def still(self, lines: tuple[int, int] | None) -> bool:
        """Whether nothing between these (old) lines moved."""
        if lines is None:
            return True
        first = max(bisect_right(self.old_starts, lines[0]) - 1, 0)
        last = bisect_right(self.old_starts, lines[1])
        return self.moved_before[last] == self.moved_before[first]

    def module_part(self, part: ModulePart) -> ModulePart:
        """A copy with moved values (never the part itself: evaluating on in either analysis
        would fill a shared memo with values placed for only one of them)."""
        if self.still(_module_part_lines(part)):
            return ModulePart(
                dict(part.memo), part.mentions, part.sites, part.decoration_sites, part.measured
            )
        memo = self.memo(part.memo)
        mentions = self.mentions(part.mentions)
        sites = self.events(part.sites)
        decoration_sites = self.placed(part.decoration_sites)
        return ModulePart(
            dict(part.memo) if memo is None else memo,
            part.mentions if mentions is None else mentions,
            part.sites if sites is None else sites,
            part.decoration_sites if decoration_sites is None else decoration_sites,
        )

    def function_part(self, part: FunctionPart) -> FunctionPart:
        """A copy with moved values (see ``module_part``)."""
        if self.still(_function_part_lines(part)):
            return FunctionPart(
                dict(part.memo),
                part.sites,
                part.decoration_sites,
                dict(part.edges),
                part.measured,
            )
        memo = self.memo(part.memo)
        sites = self.events(part.sites)
        decoration_sites = self.placed(part.decoration_sites)
        edges: dict[str, list[Edge]] = {}
        for key, found in part.edges.items():
            moved = self.edges(found)
            edges[key] = found if moved is None else moved
        return FunctionPart(
            dict(part.memo) if memo is None else memo,
            part.sites if sites is None else sites,
            part.decoration_sites if decoration_sites is None else decoration_sites,
            edges,
        )


def _module_part_lines(part: ModulePart) -> tuple[int, int] | None:
    """The first and last line any value of ``part`` mentions (None: none), remembered."""
    measured = part.measured
    if measured is not None and measured[0] == len(part.memo):
        return measured[2]
    lines = _Lines()
    lines.values(list(part.memo.values()))  # a snapshot: other analyses may be adding
    lines.edges(part.mentions)
    lines.events(part.sites)
    lines.events(event for _, event in part.decoration_sites)
    part.measured = (len(part.memo), 0, lines.found())
    return lines.found()


def _function_part_lines(part: FunctionPart) -> tuple[int, int] | None:
    measured = part.measured
    if measured is not None and measured[0] == len(part.memo) and measured[1] == len(part.edges):
        return measured[2]
    lines = _Lines()
    lines.values(list(part.memo.values()))
    lines.events(part.sites)
    lines.events(event for _, event in part.decoration_sites)
    for found in list(part.edges.values()):
        lines.edges(found)
    part.measured = (len(part.memo), len(part.edges), lines.found())
    return lines.found()


class _Lines:
    """Collects the first and last line of every span inside some values."""

    def __init__(self) -> None:
        self.first = -1
        self.last = -1

    def found(self) -> tuple[int, int] | None:
        return None if self.first < 0 else (self.first, self.last)

    def span(self, span: Span) -> None:
        if self.first < 0 or span.start.line < self.first:
            self.first = span.start.line
        if span.end.line > self.last:
            self.last = span.end.line

    def values(self, values: Iterable[Value]) -> None:
        for value in values:
            kind = type(value)
            if kind is ApiV or kind is UnknownV or kind is FuncV:
                continue
            self.value(value)

    def value(self, value: Value) -> None:
        if isinstance(value, CustomV):
            self.span(value.site)
            self.value(value.inner)
        elif isinstance(value, ShardMapV):
            self.span(value.site)
            self.span(value.head)
            self.value(value.body)
        elif isinstance(value, KernelV):
            self.span(value.site)
            self.span(value.head)
        elif isinstance(value, DiffV):
            self.span(value.site)
            self.span(value.head)
            self.value(value.inner)
        elif isinstance(value, JitV):
            self.value(value.inner)
        elif isinstance(value, PartialV):
            self.value(value.func)
            for arg in value.args:
                self.value(arg)
        elif isinstance(value, MethodV):
            self.value(value.owner)

    def edges(self, edges: Iterable[Edge]) -> None:
        for edge in edges:
            key = edge.target[1]
            if isinstance(key, Span):
                self.span(key)

    def events(self, events: Iterable[SiteEvent]) -> None:
        for event in events:
            if isinstance(event, DefVjp):
                self.value(event.owner)
                self.value(event.fwd)
                if event.symbolic_zeros is not None:
                    self.span(event.symbolic_zeros)
            else:
                self.value(event)


def link(
    chunks: tuple[Chunk, ...],
    source: str,
    previous: ModuleFacts | None = None,
    lines: list[str] | None = None,
) -> ModuleFacts:
    """Resolve names across statements, find the JAX sites, and prepare the call graph.

    ``previous``: the last analysis of the same document; what it evaluated is reused where
    that gives exactly what evaluating afresh would (see ``_Linker``).  ``lines``: the source
    already split by ``split_lines``, if the caller has it.
    """
    facts = ModuleFacts(source, chunks, _lines=lines)
    if previous is None or not previous._statics:
        _Linker(facts, None).link()
    else:
        with previous.lock:  # hovers may be evaluating in it on other threads
            _Linker(facts, previous).link()
    return facts


#: The call-graph summaries a rule may have computed, valid as long as the graph is unchanged.
_GRAPH_PROPERTIES = (
    "eager",
    "eager_differentiated",
    "_unmentioned_roots",
    "maybe_eager",
    "maybe_eager_differentiated",
)


class _Linker:
    """Builds one ``ModuleFacts``, taking over what is unchanged from the previous one.

    Why reuse is exact: a statement's values depend on its text, its position (spans are
    absolute, function keys carry the chunk index) and the values of the module-level names it
    reads (``FreeNames``): nothing else.  Module-level values are computed per strongly
    connected component of the "reads a binding of" graph between statements, dependencies
    first and members in file order, so they cannot depend on which statement asked first;
    function bodies are evaluated after every module-level value is known.  A component is
    reused when its members are the same chunks at the same places, it was the same component,
    and every name it reads from outside has the same value (compared, not assumed: editing a
    function's body leaves its name's value alone).  A statement's function bodies are reused
    under the same test over the names they read.  The tables the rules iterate (sites,
    ``defvjp`` calls, module-level mentions) are replayed from per-statement records in the
    order a from-scratch link fills them.

    Statements that only moved (lines inserted or deleted above them, same index) are reused
    too, their values moved by ``_Relocation``: evaluating them again would give exactly that.

    Why it is cheap: after a typical edit every chunk but one is the very same object at the
    same index.  Then the module tables are copied and patched, the dependency graph and its
    components are kept, a statement is only looked at closely when it reads a name that an
    edited statement binds (``candidates``), and when the call graph came out the same, the
    reachability answers the rules asked of the previous analysis are kept as well.
    """

    def __init__(self, facts: ModuleFacts, previous: ModuleFacts | None) -> None:
        self.facts = facts
        self.previous = previous
        self.old_statics: list[ChunkStatic] = previous._statics if previous else []
        #: Per chunk: the same statement at the same index as in ``previous``, at the same
        #: lines (``same``) or moved by inserted or deleted lines (``kept`` covers both).
        self.same: list[bool] = []
        self.kept: list[bool] = []
        #: How to move the previous values to the current lines (None: nothing moved).
        self.relocation: _Relocation | None = None
        #: Module-level names that may mean something else than in ``previous``; any other
        #: name surely means the same.  Grows as components are evaluated afresh.
        self.candidates: set[str] = set()
        self.module_reused: list[bool] = []
        #: Chunks that are not the previous analysis's chunk at the same index.
        self.edited: list[int] = []
        #: Chunks evaluated afresh.
        self.relinked: set[int] = set()
        self._changed: dict[str, bool] = {}

    def link(self) -> None:
        facts = self.facts
        previous = self.previous
        statics = facts._statics = self._statics()
        count = len(statics)
        old = self.old_statics
        old_count = len(old)
        self.kept = [
            index < old_count and static.chunk.summary is old[index].chunk.summary
            for index, static in enumerate(statics)
        ]
        self.same = [kept and statics[index] is old[index] for index, kept in enumerate(self.kept)]
        shifts = [
            statics[index].chunk.start - static.chunk.start
            if index < count and self.kept[index]
            else 0
            for index, static in enumerate(old)
        ]
        if any(shifts):
            self.relocation = _Relocation([static.chunk.start for static in old], shifts)
        edited = self.edited = [index for index in range(count) if not self.kept[index]]
        for index in edited:
            self.candidates.update(statics[index].exported)
        for index in range(old_count):
            if index >= count or not self.kept[index]:
                self.candidates.update(old[index].exported)
        aligned = previous is not None and count == old_count
        patched = aligned and all(statics[index].shape == old[index].shape for index in edited)
        if previous is not None and patched:
            self._patch_tables(previous, edited, moved=self.relocation is not None)
        else:
            self._fill_tables()
        if previous is not None:
            facts._resolutions = dict(previous._resolutions)
            for name in self.candidates:
                facts._resolutions.pop(name, None)
        if previous is not None and aligned and self._same_graph(previous, edited):
            facts._graph = previous._graph
            facts._components = previous._components
            facts._component_of = previous._component_of
        else:
            facts._graph = self._module_graph()
            facts._components = components(facts._graph)
            facts._component_of = [()] * count
            for component in facts._components:
                for index in component:
                    facts._component_of[index] = component
        self._module_parts(count)
        self._function_parts(count)
        facts.statements_relinked = len(self.relinked)
        self._merge()
        if (
            previous is not None
            and patched
            and self.relocation is None
            and self._same_call_graph(previous)
        ):
            self._carry_call_graph(previous)

    # per-chunk tables ---------------------------------------------------------------------------
    def _statics(self) -> list[ChunkStatic]:
        old = self.old_statics
        by_summary: dict[int, FreeNames] | None = None
        statics: list[ChunkStatic] = []
        for index, chunk in enumerate(self.facts.chunks):
            if index < len(old):
                known = old[index]
                if known.chunk is chunk or (
                    known.chunk.summary is chunk.summary and known.chunk.start == chunk.start
                ):
                    statics.append(known)
                    continue
                if known.chunk.summary is chunk.summary:  # moved by lines inserted above
                    statics.append(
                        ChunkStatic(
                            chunk, known.free, known.functions, known.bindings, known.decorations
                        )
                    )
                    continue
            if len(old) == len(self.facts.chunks):
                # Statements edited in place: a new summary is a new statement.
                statics.append(chunk_static(index, chunk, free_names(chunk.summary)))
                continue
            # Statements inserted or removed above: look for the summary among all old chunks.
            if by_summary is None:
                by_summary = {id(s.chunk.summary): s.free for s in old}
            free = by_summary.get(id(chunk.summary))
            if free is None or free.summary is not chunk.summary:
                free = free_names(chunk.summary)
            statics.append(chunk_static(index, chunk, free))
        return statics

    def _fill_tables(self) -> None:
        facts = self.facts
        module_bindings: dict[str, list[tuple[Binding, int]]] | None = None
        for index, static in enumerate(facts._statics):
            start = static.chunk.start
            for item in static.chunk.summary.imports:
                facts.imports[item.local] = (start + item.span.start.line, item.qualified)
            for key, function in static.functions:
                facts.functions[key] = (function, index)
            for scope, binding in static.bindings:
                if scope:
                    table = facts.bindings.setdefault(scope, {})
                elif module_bindings is None:
                    table = module_bindings = facts.bindings.setdefault("", {})
                else:
                    table = module_bindings
                table.setdefault(binding.name, []).append((binding, index))

    def _patch_tables(self, previous: ModuleFacts, edited: list[int], *, moved: bool) -> None:
        """The previous tables with the edited chunks' entries swapped in (same keys, same
        order, so the same dictionaries a from-scratch fill would make)."""
        facts = self.facts
        statics = facts._statics
        facts.functions = dict(previous.functions)
        facts.bindings = dict(previous.bindings)
        facts.imports = dict(previous.imports)
        rebound: set[str] = set()
        for index in edited:
            static = statics[index]
            for key, function in static.functions:
                facts.functions[key] = (function, index)
            local: dict[str, dict[str, list[tuple[Binding, int]]]] = {}
            for scope, binding in static.bindings:
                if scope:
                    local.setdefault(scope, {}).setdefault(binding.name, []).append(
                        (binding, index)
                    )
                else:
                    rebound.add(binding.name)
            facts.bindings.update(local)  # a function's scope belongs to its chunk alone
        if rebound:
            module = facts.bindings[""] = dict(facts.bindings[""])
            for name in rebound:
                module[name] = self._module_entries(name)
        if moved or any(statics[index].chunk.summary.imports for index in edited):
            facts.imports = {}
            for static in statics:
                start = static.chunk.start
                for item in static.chunk.summary.imports:
                    facts.imports[item.local] = (start + item.span.start.line, item.qualified)

    def _module_entries(self, name: str) -> list[tuple[Binding, int]]:
        """``bindings[""][name]`` rebuilt from the previous list's chunk indices (the same
        chunks bind the name, in the same order, when the shapes are unchanged)."""
        previous = self.previous
        assert previous is not None
        statics = self.facts._statics
        entries: list[tuple[Binding, int]] = []
        done: set[int] = set()
        for _, index in previous.bindings[""][name]:
            if index in done:
                continue
            done.add(index)
            entries.extend(
                (binding, index)
                for scope, binding in statics[index].bindings
                if not scope and binding.name == name
            )
        return entries

    # module-level code ------------------------------------------------------------------------
    def _targets(self, static: ChunkStatic) -> list[int]:
        resolve = self.facts.resolve
        targets: list[int] = []
        for name in static.free.module:
            resolved = resolve(name)
            if isinstance(resolved, tuple):
                targets.append(resolved[1])
        targets.sort()
        return targets

    def _module_graph(self) -> list[list[int]]:
        """Per chunk, the chunks whose module-level bindings its module-level code reads."""
        return [self._targets(static) for static in self.facts._statics]

    def _same_graph(self, previous: ModuleFacts, edited: list[int]) -> bool:
        """Whether the previous dependency graph still holds: the edited chunks read the same
        chunks, and every name that may have moved still resolves to the same chunk."""
        for index in edited:
            if self._targets(self.facts._statics[index]) != previous._graph[index]:
                return False
        for name in self.candidates:
            new = self.facts.resolve(name)
            old = previous.resolve(name)
            new_chunk = new[1] if isinstance(new, tuple) else -1
            old_chunk = old[1] if isinstance(old, tuple) else -1
            if new_chunk != old_chunk:
                return False
        return True

    def _module_parts(self, count: int) -> None:
        facts = self.facts
        previous = self.previous
        statics = facts._statics
        relocation = self.relocation
        self.module_reused = [False] * count
        if previous is None:
            facts._module_parts = [ModulePart() for _ in range(count)]
            facts._module_memos = [part.memo for part in facts._module_parts]
            for component in facts._components:
                for index in component:
                    self._module_pass(index)
            return
        old_parts = previous._module_parts
        # Until reuse is decided: the previous part where it needs no moving, else a new one
        # (nothing reads a chunk before its component is decided).
        parts = [
            old_parts[i] if self.kept[i] and relocation is None else ModulePart()
            for i in range(count)
        ]
        facts._module_parts = parts
        facts._module_memos = [part.memo for part in parts]
        for component in facts._components:
            if self._module_reusable(component, previous._component_of):
                for index in component:
                    self.module_reused[index] = True
                    if relocation is not None:
                        parts[index] = relocation.module_part(old_parts[index])
                        facts._module_memos[index] = parts[index].memo
                continue
            for index in component:
                parts[index] = ModulePart()
                facts._module_memos[index] = parts[index].memo
                self.candidates.update(statics[index].exported)
            for index in component:
                self._module_pass(index)

    def _module_reusable(
        self, component: tuple[int, ...], old_component_of: list[tuple[int, ...]]
    ) -> bool:
        previous = self.previous
        assert previous is not None
        statics = self.facts._statics
        candidates = self.candidates
        for index in component:
            if not self.kept[index] or old_component_of[index] != component:
                return False
        if all(statics[index].free.module.isdisjoint(candidates) for index in component):
            return True  # nothing it reads can mean something else
        for index in component:
            for name in statics[index].free.module:
                if name not in candidates:
                    continue
                new = self.facts.resolve(name)
                old = previous.resolve(name)
                new_inside = isinstance(new, tuple) and new[1] in component
                old_inside = isinstance(old, tuple) and old[1] in component
                if new_inside or old_inside:
                    # Read while the component is being evaluated: the same binding is needed.
                    if not (
                        isinstance(new, tuple)
                        and isinstance(old, tuple)
                        and new_inside
                        and old_inside
                        and new[0] is old[0]
                        and new[1] == old[1]
                    ):
                        return False
                elif self.changed(name):
                    return False
        return True

    def _module_pass(self, index: int) -> None:
        self.relinked.add(index)
        facts = self.facts
        static = facts._statics[index]
        mentions: list[Edge] = []
        sites: list[SiteEvent] = []
        for expr in static.chunk.summary.module_body:
            mentions.extend(facts.mentions(expr, "", index))
            for call in _walk_calls(expr):
                _record_site(facts, call, "", index, sites)
        placed: list[tuple[int, SiteEvent]] = []
        for position, (scope, call) in enumerate(static.decorations):
            if not scope:
                found: list[SiteEvent] = []
                _record_site(facts, call, "", index, found)
                placed.extend((position, event) for event in found)
        part = facts._module_parts[index]
        part.mentions, part.sites, part.decoration_sites = (
            tuple(mentions),
            tuple(sites),
            tuple(placed),
        )

    def changed(self, name: str) -> bool:
        """Whether ``name`` means something else at module level than it did (only asked once
        the binding it resolves to has been evaluated)."""
        if name not in self.candidates:
            return False
        known = self._changed.get(name)
        if known is not None:
            return known
        previous = self.previous
        assert previous is not None
        new = self.facts.resolve(name)
        old = previous.resolve(name)
        if (
            isinstance(new, tuple)
            and isinstance(old, tuple)
            and new[0] is old[0]
            and new[1] == old[1]
            and self.module_reused[new[1]]
        ):
            result = False  # the same binding, evaluated by the same reused component
        elif not isinstance(new, tuple) and new == old:
            result = False  # the same import, or nothing in both
        else:
            before = previous.module_value(name)
            if self.relocation is not None:
                before = self.relocation.value(before)
            result = self.facts.module_value(name) != before
        self._changed[name] = result
        return result

    # function bodies --------------------------------------------------------------------------
    def _function_parts(self, count: int) -> None:
        facts = self.facts
        previous = self.previous
        kept = self.kept
        candidates = self.candidates
        statics = facts._statics
        relocation = self.relocation
        if previous is not None:
            old_parts = previous._function_parts
            parts = [
                old_parts[i] if kept[i] and relocation is None else FunctionPart()
                for i in range(count)
            ]
        else:
            old_parts = []
            parts = [FunctionPart() for _ in range(count)]
        facts._function_parts = parts
        facts._function_memos = [part.memo for part in parts]
        for index in range(count):
            if kept[index]:
                names = statics[index].free.function
                if names.isdisjoint(candidates) or not any(self.changed(n) for n in names):
                    if relocation is not None:
                        parts[index] = relocation.function_part(old_parts[index])
                        facts._function_memos[index] = parts[index].memo
                    continue
                parts[index] = FunctionPart()
                facts._function_memos[index] = parts[index].memo
            self._function_pass(index)

    def _function_pass(self, index: int) -> None:
        self.relinked.add(index)
        facts = self.facts
        static = facts._statics[index]
        sites: list[SiteEvent] = []
        for key, function in static.functions:
            for expr in function.body:
                for call in _walk_calls(expr):
                    _record_site(facts, call, key, index, sites)
        placed: list[tuple[int, SiteEvent]] = []
        for position, (scope, call) in enumerate(static.decorations):
            if scope:
                found: list[SiteEvent] = []
                _record_site(facts, call, scope, index, found)
                placed.extend((position, event) for event in found)
        part = facts._function_parts[index]
        part.sites, part.decoration_sites = tuple(sites), tuple(placed)

    # the tables the rules read, in from-scratch order -----------------------------------------
    def _merge(self) -> None:
        facts = self.facts
        previous = self.previous
        module_parts = facts._module_parts
        function_parts = facts._function_parts
        if previous is not None and len(previous._module_parts) == len(module_parts):
            if self._same_mentions(previous):
                facts.module_mentions = list(previous.module_mentions)
            else:
                facts.module_mentions = list(chain.from_iterable(p.mentions for p in module_parts))
            if self._same_sites(previous):
                facts.customs = dict(previous.customs)
                facts.shard_maps = dict(previous.shard_maps)
                facts.kernels = dict(previous.kernels)
                facts.diffs = dict(previous.diffs)
                facts.defvjps = list(previous.defvjps)
                self._merge_decorations(replay=False)
                return
        else:
            facts.module_mentions = list(chain.from_iterable(p.mentions for p in module_parts))
        for part in module_parts:
            if part.sites:
                _replay(facts, part.sites)
        for function_part in function_parts:
            if function_part.sites:
                _replay(facts, function_part.sites)
        self._merge_decorations(replay=True)

    def _same_mentions(self, previous: ModuleFacts) -> bool:
        """Whether every module part that is not the previous one's has the same mentions."""
        return all(
            new is old or new.mentions == old.mentions
            for new, old in zip(self.facts._module_parts, previous._module_parts, strict=True)
        )

    def _same_sites(self, previous: ModuleFacts) -> bool:
        """Whether replaying every part's sites would give the previous tables again."""
        return all(
            new is old or (new.sites == old.sites and new.decoration_sites == old.decoration_sites)
            for new, old in zip(self.facts._module_parts, previous._module_parts, strict=True)
        ) and all(
            new is old or (new.sites == old.sites and new.decoration_sites == old.decoration_sites)
            for new, old in zip(self.facts._function_parts, previous._function_parts, strict=True)
        )

    def _merge_decorations(self, *, replay: bool) -> None:
        """``decorations_by_scope`` (kept from ``previous`` when no edited chunk decorates
        anything differently), and the decorator sites in from-scratch order."""
        facts = self.facts
        previous = self.previous
        statics = facts._statics
        if (
            not replay
            and previous is not None
            and all(
                index < len(self.old_statics)
                and statics[index].decorations == self.old_statics[index].decorations
                for index in self.edited
            )
        ):
            facts.decorations_by_scope = dict(previous.decorations_by_scope)
            return
        by_scope = facts.decorations_by_scope
        module_parts = facts._module_parts
        function_parts = facts._function_parts
        for index, static in enumerate(statics):
            if not static.decorations:
                continue
            for key, call in static.decorations:
                by_scope.setdefault(key, []).append((call, index))
            if not replay:
                continue
            module_sites = module_parts[index].decoration_sites
            function_sites = function_parts[index].decoration_sites
            if module_sites or function_sites:
                merged = sorted([*module_sites, *function_sites], key=itemgetter(0))
                _replay(facts, [event for _, event in merged])

    def _carry_call_graph(self, previous: ModuleFacts) -> None:
        """Take over the previous edges and reachability answers (the graph is the same)."""
        facts = self.facts
        edges = dict(previous._edges)
        for node in previous._edge_failures:
            edges.pop(node, None)
        edges.update(facts._edges)
        facts._edges = edges
        facts._reaches = dict(previous._reaches)
        for name in _GRAPH_PROPERTIES:
            if name in previous.__dict__:
                facts.__dict__[name] = previous.__dict__[name]

    def _same_call_graph(self, previous: ModuleFacts) -> bool:
        """Whether every node and edge of the call graph is as it was, so the reachability
        summaries ``previous`` computed hold (only asked when the module tables were patched:
        the same functions in the same order)."""
        facts = self.facts
        for new, old in zip(facts._module_parts, previous._module_parts, strict=True):
            if new is not old and new.mentions != old.mentions:
                return False
        for new_sites, old_sites in (
            (facts.customs, previous.customs),
            (facts.shard_maps, previous.shard_maps),
            (facts.kernels, previous.kernels),
            (facts.diffs, previous.diffs),
        ):
            if list(new_sites.items()) != list(old_sites.items()):
                return False
        for index, (new_part, old_part) in enumerate(
            zip(facts._function_parts, previous._function_parts, strict=True)
        ):
            if new_part is old_part:
                continue
            for key, _ in facts._statics[index].functions:
                known = old_part.edges.get(key)
                if known is None or facts.edges(("f", key)) != known:
                    return False
        return True


def _walk_calls(expr: Expr) -> Iterator[Call]:
    stack = [expr]
    while stack:
        item = stack.pop()
        if isinstance(item, Call):
            yield item
            stack.append(item.func)
            stack.extend(item.args)
            stack.extend(k.value for k in item.keywords)
        elif isinstance(item, Group):
            stack.extend(item.items)


def _replay(facts: ModuleFacts, events: Sequence[SiteEvent]) -> None:
    for event in events:
        if isinstance(event, DefVjp):
            facts.defvjps.append(event)
        elif isinstance(event, CustomV):
            facts.customs[event.site] = event
        elif isinstance(event, ShardMapV):
            facts.shard_maps[event.site] = event
        elif isinstance(event, KernelV):
            facts.kernels[event.site] = event
        else:
            facts.diffs[event.site] = event


def _record_site(
    facts: ModuleFacts, call: Call, scope: str, chunk: int, sink: list[SiteEvent]
) -> None:
    value = facts.evaluate(call, scope, chunk)
    if isinstance(value, CustomV | ShardMapV | KernelV | DiffV):
        sink.append(value)
    if not (isinstance(call.func, Name) and call.func.dotted.endswith(".defvjp")):
        return
    method = facts.evaluate(call.func, scope, chunk)
    if not (isinstance(method, MethodV) and isinstance(method.owner, CustomV)):
        return
    flag = call.keyword("symbolic_zeros")
    symbolic: Span | None = None
    if flag is not None and isinstance(flag.value, Const) and flag.value.value is True:
        symbolic = facts.absolute(flag.span, chunk)
    elif len(call.args) > 2 and isinstance(call.args[2], Const) and call.args[2].value is True:
        positional = call.args[2]
        assert isinstance(positional, Const)
        symbolic = facts.absolute(call.span, chunk)
    fwd = facts.evaluate(call.args[0], scope, chunk) if call.args else UNKNOWN
    sink.append(DefVjp(call, chunk, scope, method.owner, symbolic, fwd))
