"""Link statement summaries into a module model: what every name means, and what reaches what.

Values are abstract: a name is a JAX API (``ApiV``), a function defined here (``FuncV``), or
something a JAX API made from them (a shard_map, a custom_vjp function, a mesh kernel, a
jitted or differentiated function, a ``functools.partial``).  The call graph links functions
and those values by *mention*: a body that mentions a function may call it (passing it to
another function counts), which over-approximates calls but never misses a helper.
Mentions inside ``jax.jit(...)`` are marked, because the shard_map rule depends on jit.
Method calls on objects and other modules are out of scope (``UnknownV``).

Linking is incremental (``jaxlsp.analysis.linking.link(..., previous=...)``): a
statement keeps its evaluated values when its text, position and every module-level name it
reads are unchanged.  Evaluation never depends on which statement happens to ask first: the
statements whose module-level code depends on each other are evaluated together, in file
order, before anything that reads them.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from jaxlsp.analysis import apis
from jaxlsp.analysis.model import Binding, Call, Const, Expr, FuncRef, Function, Group, Name
from jaxlsp.analysis.statements import Chunk, split_lines
from jaxlsp.findings import Position, Span

if TYPE_CHECKING:
    from jaxlsp.analysis.linking import ChunkStatic, FunctionPart, ModulePart


@dataclass(frozen=True, slots=True)
class ApiV:
    qualified: str


@dataclass(frozen=True, slots=True)
class FuncV:
    key: str


@dataclass(frozen=True, slots=True)
class UnknownV:
    pass


@dataclass(frozen=True, slots=True)
class CustomV:
    """A ``jax.custom_vjp`` / ``jax.custom_jvp`` function (made at ``site``)."""

    qualified: str
    site: Span
    inner: Value


@dataclass(frozen=True, slots=True)
class ShardMapV:
    site: Span
    head: Span
    body: Value


@dataclass(frozen=True, slots=True)
class KernelV:
    """A Pallas mesh kernel; ``executes`` when making it runs it (``core_map``)."""

    site: Span
    head: Span
    maker: str
    executes: bool


@dataclass(frozen=True, slots=True)
class JitV:
    inner: Value


@dataclass(frozen=True, slots=True)
class DiffV:
    site: Span
    head: Span
    qualified: str
    inner: Value


@dataclass(frozen=True, slots=True)
class PartialV:
    func: Value
    args: tuple[Value, ...]
    keywords: frozenset[str]


@dataclass(frozen=True, slots=True)
class MethodV:
    owner: Value
    name: str


Value = ApiV | FuncV | UnknownV | CustomV | ShardMapV | KernelV | JitV | DiffV | PartialV | MethodV
UNKNOWN = UnknownV()

NodeKind = Literal["f", "c", "s", "k", "d"]
Node = tuple[NodeKind, str | Span]


@dataclass(frozen=True, slots=True)
class Edge:
    target: Node
    #: The mention sits inside ``jax.jit(...)``: traced, never run eagerly from here.
    jit: bool = False
    #: The mention is differentiated (``jax.grad(f)``, ``jax.jvp(f, ...)``), not run as is.
    diff: bool = False
    #: Into a custom_vjp/custom_jvp function's primal: differentiation does not look inside.
    custom: bool = False


@dataclass(frozen=True, slots=True)
class DefVjp:
    """A ``f.defvjp(fwd, bwd, ...)`` call tied to its custom_vjp function."""

    call: Call
    chunk: int
    scope: str
    owner: CustomV
    symbolic_zeros: Span | None  # the ``symbolic_zeros=True`` argument, when given
    fwd: Value


#: Values of the ``Name`` and ``Call`` expressions one scope of one chunk evaluated, keyed by
#: the expression itself (they compare by identity: ``eq=False``), not by its ``id()``, which
#: would be a fresh int object per entry (~1 MiB on a 20,000-line module).
Memo = dict[Name | Call, Value]

#: What a module-level name means: its last binding (with its chunk), an import's qualified
#: name, or nothing.
Resolution = tuple[Binding, int] | str | None


@dataclass
class ModuleFacts:
    """The linked model of one module; built once per analysis, read by rules and hovers."""

    source: str
    chunks: tuple[Chunk, ...]
    imports: dict[str, tuple[int, str]] = field(default_factory=dict)
    functions: dict[str, tuple[Function, int]] = field(default_factory=dict)
    bindings: dict[str, dict[str, list[tuple[Binding, int]]]] = field(default_factory=dict)
    customs: dict[Span, CustomV] = field(default_factory=dict)
    shard_maps: dict[Span, ShardMapV] = field(default_factory=dict)
    kernels: dict[Span, KernelV] = field(default_factory=dict)
    diffs: dict[Span, DiffV] = field(default_factory=dict)
    defvjps: list[DefVjp] = field(default_factory=list)
    #: Per chunk: module-level and function-body memos (an expression belongs to exactly one
    #: scope of one chunk; identical statements share summaries, so the chunk is in the key).
    _module_memos: list[Memo] = field(default_factory=list, repr=False)
    _function_memos: list[Memo] = field(default_factory=list, repr=False)
    _busy: set[tuple[int, Name | Call]] = field(default_factory=set, repr=False)
    _edges: dict[Node, list[Edge]] = field(default_factory=dict, repr=False)
    _resolutions: dict[str, Resolution] = field(default_factory=dict, repr=False)
    _edge_failures: set[Node] = field(default_factory=set, repr=False)
    _reaches: dict[tuple[Edge, bool, bool, bool], dict[Node, Node | None]] = field(
        default_factory=dict, repr=False
    )
    #: What linking built per chunk, kept for the next analysis to reuse (see ``linking``).
    _statics: list[ChunkStatic] = field(default_factory=list, repr=False)
    _graph: list[list[int]] = field(default_factory=list, repr=False)
    _components: list[tuple[int, ...]] = field(default_factory=list, repr=False)
    _component_of: list[tuple[int, ...]] = field(default_factory=list, repr=False)
    _module_parts: list[ModulePart] = field(default_factory=list, repr=False)
    _function_parts: list[FunctionPart] = field(default_factory=list, repr=False)
    #: How many chunks linking evaluated afresh (module level or function bodies); the others
    #: were taken over from the previous analysis.
    statements_relinked: int = field(default=0, repr=False)
    #: The source's lines when the caller already split them (``lines`` splits otherwise).
    _lines: list[str] | None = field(default=None, repr=False)
    module_mentions: list[Edge] = field(default_factory=list, repr=False)
    #: Held while evaluating after the analysis is published (hovers and fixes may run on
    #: several threads; the memo and cycle guard below are not safe to share unguarded).
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    #: Decorator applications by the scope they run in (they run when the def runs).
    decorations_by_scope: dict[str, list[tuple[Call, int]]] = field(
        default_factory=dict, repr=False
    )

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = split_lines(self.source)
        return self._lines

    # positions -------------------------------------------------------------------------------
    def absolute(self, span: Span, chunk: int) -> Span:
        base = self.chunks[chunk].start
        return Span(
            Position(span.start.line + base, span.start.column),
            Position(span.end.line + base, span.end.column),
        )

    # evaluation ------------------------------------------------------------------------------
    def evaluate(self, expr: Expr, scope: str, chunk: int) -> Value:
        """The abstract value of ``expr`` evaluated in ``scope`` (a global function key)."""
        if isinstance(expr, Const | Group):
            return UNKNOWN
        if isinstance(expr, FuncRef):
            return FuncV(f"{chunk}/{expr.key}")
        memo = self._function_memos[chunk] if scope else self._module_memos[chunk]
        cached = memo.get(expr)
        if cached is not None:
            return cached
        busy = (chunk, expr)
        if busy in self._busy:
            return UNKNOWN
        self._busy.add(busy)
        try:
            if isinstance(expr, Name):
                value = self._name(expr.dotted, scope)
            else:
                value = self._call(expr, scope, chunk)
        finally:
            self._busy.discard(busy)
        memo[expr] = value
        return value

    def _name(self, dotted: str, scope: str) -> Value:
        root, *attributes = dotted.split(".")
        value = self.lookup(root, scope)
        for attribute in attributes:
            value = _attribute(value, attribute)
        return value

    def lookup(self, name: str, scope: str) -> Value:
        current = scope
        while current:
            function, _ = self.functions[current]
            local = self.bindings.get(current, {}).get(name)
            if local:
                binding, chunk = local[-1]
                return self.evaluate(binding.value, current, chunk)
            if name in function.params:
                return UNKNOWN
            current = function.scope
        return self.module_value(name)

    def resolve(self, name: str) -> Resolution:
        """Which module-level binding or import ``name`` means (the last binding, unless an
        import comes after it)."""
        try:
            return self._resolutions[name]
        except KeyError:
            pass
        resolved: Resolution = None
        module = self.bindings.get("", {}).get(name)
        imported = self.imports.get(name)
        if module:
            binding, chunk = module[-1]
            binding_line = self.chunks[chunk].start + binding.span.start.line
            if imported is None or imported[0] <= binding_line:
                resolved = module[-1]
        if resolved is None and imported is not None:
            resolved = imported[1]
        self._resolutions[name] = resolved
        return resolved

    def module_value(self, name: str) -> Value:
        """What ``name`` means at module level."""
        resolved = self.resolve(name)
        if resolved is None:
            return UNKNOWN
        if isinstance(resolved, str):
            return api_value(resolved)
        binding, chunk = resolved
        return self.evaluate(binding.value, "", chunk)

    def _call(self, call: Call, scope: str, chunk: int) -> Value:
        func = self.evaluate(call.func, scope, chunk)
        args = tuple(self.evaluate(a, scope, chunk) for a in call.args)
        keywords = frozenset(k.name for k in call.keywords if k.name)
        return self.apply(func, args, keywords, call, chunk)

    def apply(
        self,
        func: Value,
        args: tuple[Value, ...],
        keywords: frozenset[str],
        call: Call,
        chunk: int,
    ) -> Value:
        if isinstance(func, PartialV):
            return self.apply(func.func, func.args + args, func.keywords | keywords, call, chunk)
        if not isinstance(func, ApiV):
            return UNKNOWN
        name = func.qualified
        if name not in apis.UNDERSTOOD:
            return UNKNOWN
        site = self.absolute(call.span, chunk)
        head = self.absolute(call.head, chunk)
        if name == apis.PARTIAL:
            return PartialV(args[0], args[1:], keywords) if args else UNKNOWN
        if name in (apis.CUSTOM_VJP, apis.CUSTOM_JVP):
            return CustomV(name, site, args[0]) if args else PartialV(func, (), keywords)
        if name == apis.SHARD_MAP:
            return ShardMapV(site, head, args[0]) if args else PartialV(func, (), keywords)
        if name == apis.JIT:
            return JitV(args[0]) if args else PartialV(func, (), keywords)
        if name in apis.DIFFERENTIATION:
            return DiffV(site, head, name, args[0]) if args else PartialV(func, (), keywords)
        if name == apis.PALLAS_KERNEL and "mesh" in keywords:
            return KernelV(site, head, name, False) if args else PartialV(func, (), keywords)
        if name == apis.PALLAS_CALL and "mesh" in keywords:
            return KernelV(site, head, name, False) if args else PartialV(func, (), keywords)
        if name == apis.PALLAS_CORE_MAP:
            return KernelV(site, head, name, True) if args[1:] else PartialV(func, args, keywords)
        return UNKNOWN

    # the call graph --------------------------------------------------------------------------
    def targets(self, value: Value, *, jit: bool = False, diff: bool = False) -> list[Edge]:
        """The graph nodes that mentioning (maybe calling) ``value`` reaches directly."""
        if value is UNKNOWN:  # what most names evaluate to
            return []
        if isinstance(value, FuncV):
            return [Edge(("f", value.key), jit, diff)]
        if isinstance(value, CustomV):
            return [Edge(("c", value.site), jit, diff)]
        if isinstance(value, ShardMapV):
            return [Edge(("s", value.site), jit, diff)]
        if isinstance(value, KernelV):
            return [Edge(("k", value.site), jit, diff)]
        if isinstance(value, DiffV):
            return [Edge(("d", value.site), jit, diff)]
        if isinstance(value, JitV):
            return self.targets(value.inner, jit=True, diff=diff)
        if isinstance(value, PartialV):
            found = self.targets(value.func, jit=jit, diff=diff)
            for arg in value.args:
                found.extend(self.targets(arg, jit=jit, diff=diff))
            return found
        return []

    def mentions(
        self, expr: Expr, scope: str, chunk: int, *, jit: bool = False, diff: bool = False
    ) -> list[Edge]:
        """Edges for everything ``expr`` mentions; arguments of ``jax.jit``/``jax.grad``...
        are marked ``jit``/``diff``: they are traced or differentiated, not run as they are."""
        if isinstance(expr, Const):
            return []
        if isinstance(expr, FuncRef | Name):
            return self.targets(self.evaluate(expr, scope, chunk), jit=jit, diff=diff)
        if isinstance(expr, Group):
            return [
                edge
                for item in expr.items
                for edge in self.mentions(item, scope, chunk, jit=jit, diff=diff)
            ]
        func = self.evaluate(expr.func, scope, chunk)
        inner_jit = jit or _is_api(func, _JIT)
        inner_diff = diff or _is_api(func, apis.DIFFERENTIATION)
        found = self.mentions(expr.func, scope, chunk, jit=jit, diff=diff)
        if isinstance(expr.func, Call):  # ``jax.shard_map(f, ...)(x)`` runs what it made
            found.extend(self.targets(func, jit=jit, diff=diff))
        for arg in [*expr.args, *(k.value for k in expr.keywords)]:
            found.extend(self.mentions(arg, scope, chunk, jit=inner_jit, diff=inner_diff))
            if isinstance(arg, Call):  # ``jax.vmap(jax.shard_map(f, ...))``: passed on, maybe run
                made_here = self.evaluate(arg, scope, chunk)
                found.extend(self.targets(made_here, jit=inner_jit, diff=inner_diff))
        made = self.evaluate(expr, scope, chunk)
        if isinstance(made, KernelV) and made.executes:
            found.extend(self.targets(made, jit=jit, diff=diff))
        return found

    def edges(self, node: Node) -> list[Edge]:
        cached = self._edges.get(node)
        if cached is not None:
            return cached
        kind, key = node
        carried: dict[str, list[Edge]] | None = None
        if kind == "f" and isinstance(key, str) and key in self.functions:
            carried = self._function_parts[self.functions[key][1]].edges
            reused = carried.get(key)
            if reused is not None:
                self._edges[node] = reused
                return reused
        self._edges[node] = []  # cycles end here (and a node that failed stays empty)
        try:
            found = self._find_edges(kind, key)
        except BaseException:
            self._edge_failures.add(node)  # its empty placeholder is not carried over
            raise
        self._edges[node] = found
        if carried is not None and isinstance(key, str):
            carried[key] = found
        return found

    def _find_edges(self, kind: NodeKind, key: str | Span) -> list[Edge]:
        found: list[Edge] = []
        if kind == "f" and isinstance(key, str) and key in self.functions:
            function, chunk = self.functions[key]
            for expr in function.body:
                found.extend(self.mentions(expr, key, chunk))
            for call, decoration_chunk in self.decorations_by_scope.get(key, ()):
                made = self.evaluate(call, key, decoration_chunk)
                if isinstance(made, KernelV) and made.executes:
                    found.extend(self.targets(made))
        elif kind == "c" and isinstance(key, Span) and key in self.customs:
            inner = self.targets(self.customs[key].inner)
            found = [Edge(e.target, e.jit, e.diff, custom=True) for e in inner]
        elif kind == "s" and isinstance(key, Span) and key in self.shard_maps:
            found = self.targets(self.shard_maps[key].body)
        elif kind == "d" and isinstance(key, Span) and key in self.diffs:
            found = self.targets(self.diffs[key].inner, diff=True)
        return found

    def reach(
        self,
        starts: list[Edge],
        *,
        through_jit: bool = True,
        through_diff: bool = True,
        through_custom: bool = True,
    ) -> dict[Node, Node | None]:
        """Every node reachable from ``starts``, each with the node it was reached from.

        From one start it is remembered (rules ask it for every site, and the answers carry
        over to the next analysis while the call graph is unchanged); callers must not modify
        it.  Many starts (the ``eager`` family) are remembered by their properties instead:
        hashing thousands of edges would cost more than it saves.
        """
        question = (
            (starts[0], through_jit, through_diff, through_custom) if len(starts) == 1 else None
        )
        if question is not None:
            known = self._reaches.get(question)
            if known is not None:
                return known
        parents: dict[Node, Node | None] = {}
        queue: deque[Node] = deque()
        for edge in starts:
            if (
                _allowed(edge, through_jit, through_diff, through_custom)
                and edge.target not in parents
            ):
                parents[edge.target] = None
                queue.append(edge.target)
        while queue:
            node = queue.popleft()
            for edge in self.edges(node):
                if (
                    _allowed(edge, through_jit, through_diff, through_custom)
                    and edge.target not in parents
                ):
                    parents[edge.target] = node
                    queue.append(edge.target)
        if question is not None:
            self._reaches[question] = parents
        return parents

    @cached_property
    def eager(self) -> dict[Node, Node | None]:
        """Nodes run as they are (no jax.jit, no differentiation) from module-level code."""
        return self.reach(self.module_mentions, through_jit=False, through_diff=False)

    @cached_property
    def eager_differentiated(self) -> dict[Node, Node | None]:
        """Nodes run without jax.jit from module-level code, maybe under jax.grad & co."""
        return self.reach(self.module_mentions, through_jit=False)

    @cached_property
    def _unmentioned_roots(self) -> list[Edge]:
        """Functions and shard_maps nobody in the module mentions: a library's API."""
        mentioned = {e.target for e in self.module_mentions}
        nodes: list[Node] = [("f", key) for key in self.functions]
        nodes += [("s", site) for site in self.shard_maps]
        for node in nodes:
            mentioned.update(e.target for e in self.edges(node))
        return [Edge(node) for node in nodes if node not in mentioned]

    @cached_property
    def maybe_eager(self) -> dict[Node, Node | None]:
        """Nodes run as they are from functions nobody here calls (their callers decide)."""
        return self.reach(self._unmentioned_roots, through_jit=False, through_diff=False)

    @cached_property
    def maybe_eager_differentiated(self) -> dict[Node, Node | None]:
        return self.reach(self._unmentioned_roots, through_jit=False)

    def describe(self, node: Node) -> str:
        """A short human name for a node (used in messages)."""
        kind, key = node
        if kind == "f" and isinstance(key, str) and key in self.functions:
            function, chunk = self.functions[key]
            line = self.chunks[chunk].start + function.span.start.line + 1
            return f"`{function.name}`" if function.name else f"the lambda on line {line}"
        if isinstance(key, Span):
            what = {"c": "custom function", "s": "shard_map", "k": "mesh kernel", "d": "grad"}
            return f"the {what.get(kind, kind)} on line {key.start.line + 1}"
        return str(key)

    def function_span(self, key: str) -> Span | None:
        if key not in self.functions:
            return None
        function, chunk = self.functions[key]
        return self.absolute(function.span, chunk)


def _allowed(edge: Edge, through_jit: bool, through_diff: bool, through_custom: bool) -> bool:
    return (
        (through_jit or not edge.jit)
        and (through_diff or not edge.diff)
        and (through_custom or not edge.custom)
    )


_JIT = frozenset({apis.JIT})


def _is_api(value: Value, names: frozenset[str]) -> bool:
    """``value`` is one of the APIs ``names``, or a functools.partial of one."""
    if isinstance(value, ApiV):
        return value.qualified in names
    return isinstance(value, PartialV) and _is_api(value.func, names)


#: ``ApiV`` by the name it was made from: a module names the same few APIs thousands of times
#: (sharing them saves ~0.7 MiB on a 20,000-line module, and ``apis.canonical`` each time).
#: Bounded: past the limit the table starts afresh (values compare by value).
_API_VALUES: dict[str, ApiV] = {}
_API_VALUES_LIMIT = 1 << 14


def api_value(qualified: str) -> ApiV:
    """``ApiV(apis.canonical(qualified))``, the one made before when there is one."""
    found = _API_VALUES.get(qualified)
    if found is None:
        if len(_API_VALUES) >= _API_VALUES_LIMIT:
            _API_VALUES.clear()
        found = _API_VALUES[qualified] = ApiV(apis.canonical(qualified))
    return found


def _attribute(value: Value, attribute: str) -> Value:
    if isinstance(value, ApiV):
        return api_value(f"{value.qualified}.{attribute}")
    if isinstance(value, CustomV):
        return MethodV(value, attribute)
    return UNKNOWN
