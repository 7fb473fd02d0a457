"""Statement-level facts for the tracer and API-misuse rules, read from Python's own ``ast``.

The module model (``module.py``) summarises what JAX APIs are called and what reaches what; the
rules in this file's users need the statements themselves (``if x > 0``, ``x[i] = v``, the
``return`` of a scan body).  Each top-level statement's tree is cached by its text
(``jaxlsp.analysis.trees``, where summarising left it), like the engine's summaries, so an edit
re-parses only the statements it touches.

The same goes for what is read from a statement: it is memoised on the statement's tree (as a
``_jaxlsp_*`` attribute), keyed by ``Context`` when it depends on names bound elsewhere in the
module, and by the chunk index when it holds ``Scope``s.  Module-wide views (``ModuleIndex``,
the traced functions) are rebuilt each analysis from those memos, one lookup per statement:
after an edit, only the edited statement is walked again.

Names are resolved through the module's imports (``facts.imports``); a name that a module-level
assignment rebinds, or a function parameter shadows, is not trusted.  Everything here answers
"surely" or "don't know": the rules built on it must stay silent when unsure.
"""

from __future__ import annotations

import ast
import re
import sys
import threading
import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property
from types import MappingProxyType
from typing import Any, TypeAlias, TypeVar, cast

from jaxlsp.analysis import apis
from jaxlsp.analysis.model import Binding, shared_names
from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.statements import Chunk
from jaxlsp.analysis.trees import parse_all
from jaxlsp.findings import Position, Span

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
ScopeNode = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef
#: What a name's binding records when its value is followed (``add_unfollowed_bindings``).
V = TypeVar("V")

#: ASDL types of fields that never hold a node (from each node class's signature).
_SCALAR_TYPES = frozenset({"identifier", "string", "int", "constant"})
#: How a field holds nodes: one (maybe None), a list (whose items may be None: ``Dict.keys``,
#: ``arguments.kw_defaults``), or not declared in the signature (anything: test each value).
_ONE, _MANY, _ANY = 0, 1, 2
_FieldSpec = tuple[tuple[str, int], ...]
#: Per node class, its node-holding fields in reverse order (see ``_node_fields``).
_NODE_FIELDS: dict[type, _FieldSpec] = {}
_SIGNATURE_FIELD = re.compile(r"(\w+)([?*]?) (\w+)")


def _node_fields(kind: type[ast.AST]) -> _FieldSpec:
    """The fields of ``kind`` that may hold nodes, last first, each with how it holds them: all
    of ``_fields`` but the scalar ones its signature (``Name(identifier id, expr_context ctx)``)
    declares; all, of unknown shape, when it cannot tell.  Reversed because the walks push
    children on a stack; computed once per class so that walking a node reads no signature."""
    fields: tuple[str, ...] = kind._fields
    signature = (kind.__doc__ or "").partition("(")[2].rpartition(")")[0]
    declared = _SIGNATURE_FIELD.findall(signature)
    spec: list[tuple[str, int]]
    if tuple(name for _, _, name in declared) == fields:
        spec = [
            (name, _MANY if mark == "*" else _ONE)
            for type_, mark, name in declared
            if type_ not in _SCALAR_TYPES
        ]
    else:
        spec = [(name, _ANY) for name in fields]
    found = tuple(reversed(spec))
    _NODE_FIELDS[kind] = found
    return found


def _push_children(node: ast.AST, stack: list[Any]) -> None:
    """Push ``node``'s children on ``stack`` so that they pop in ``ast.iter_child_nodes``
    order; what ``children`` and the scope walk share."""
    spec = _NODE_FIELDS.get(type(node))
    if spec is None:
        spec = _node_fields(type(node))
    for name, shape in spec:
        value = getattr(node, name, None)
        if value is None:
            continue
        if shape == _ONE:
            stack.append(value)
        elif shape == _MANY:
            if value:
                stack.extend(reversed(value) if None not in value else _nodes_of(value)[::-1])
        elif isinstance(value, ast.AST):
            stack.append(value)
        elif isinstance(value, list):
            stack.extend(_nodes_of(value)[::-1])


def _nodes_of(values: list[Any]) -> list[ast.AST]:
    return [item for item in values if isinstance(item, ast.AST)]


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
#: ``identifiers``' memo for a text that is not ASCII (no word list), by identity.
_NOT_ASCII: tuple[str, ...] = ("<not ASCII>",)


def identifiers(tree: ast.Module, text: str) -> tuple[str, ...] | None:
    """Every identifier-like word of the statement ``text`` that ``tree`` was parsed from, once
    each (a superset of the names the tree uses); None when the text is not ASCII (NFKC may
    normalise other spellings to a name).  Memoised on the tree, for skipping statements
    unwalked: as a tuple of interned words, a fifth of a set of fresh ones (~5 MiB on a
    20,000-line module), and a statement names few words."""
    cached: tuple[str, ...] | None = getattr(tree, "_jaxlsp_identifiers", None)
    if cached is None:
        words = set(_IDENTIFIER.findall(text)) if text.isascii() else None
        cached = _NOT_ASCII if words is None else tuple(map(sys.intern, words))
        tree._jaxlsp_identifiers = cached  # type: ignore[attr-defined]
    return None if cached is _NOT_ASCII else cached


def children(node: ast.AST) -> list[ast.AST]:
    """``list(ast.iter_child_nodes(node))``, the same nodes in the same order, without its
    generators and without reading scalar fields (walking every statement's tree is most of a
    first analysis)."""
    found: list[ast.AST] = []
    _push_children(node, found)
    found.reverse()
    return found


def walk(node: ast.AST) -> list[ast.AST]:
    """``list(ast.walk(node))``: every node below ``node``, breadth first, the same order."""
    found = [node]
    position = 0
    while position < len(found):
        found.extend(children(found[position]))
        position += 1
    return found


def tree_walk(tree: ast.Module) -> tuple[ast.AST, ...]:
    """``ast.walk(tree)``'s nodes of a statement's tree, memoised on it (trees are cached by
    their text) as a tuple: the walk is kept as long as the tree, and a list would hold spare
    room (the nodes' statements are not kept either: see ``_tree_values``)."""
    cached: tuple[ast.AST, ...] | None = getattr(tree, "_jaxlsp_walk", None)
    if cached is None:
        cached = tuple(walk(tree))
        tree._jaxlsp_walk = cached  # type: ignore[attr-defined]
    return cached


#: Node classes the binding scans test by exact class (nodes come from ``ast.parse``): one dict
#: lookup per node instead of several ``isinstance`` calls on every node of every scope.
_DEFINITION_KINDS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})
_IMPORT_KINDS = frozenset({ast.Import, ast.ImportFrom})
_STORE_OR_DEL = frozenset({ast.Store, ast.Del})
_Definition: TypeAlias = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
_Import: TypeAlias = ast.Import | ast.ImportFrom


def _statement_values(
    statement: ast.stmt, nodes: Sequence[ast.AST] | None = None
) -> list[tuple[str, ast.expr | None]]:
    """The (name, value) bindings one module-level statement makes, in order, for
    ``ModuleAst.module_values`` (memoised on the node: trees are cached by their text);
    ``nodes`` is ``walk(statement)`` when the caller has it."""
    cached: list[tuple[str, ast.expr | None]] | None = getattr(statement, "_jaxlsp_values", None)
    if cached is not None:
        return cached
    found: list[tuple[str, ast.expr | None]] = []
    if isinstance(statement, ast.Assign | ast.AnnAssign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        for target in targets:
            if isinstance(target, ast.Name):
                found.append((target.id, statement.value))
            else:
                for node in walk(target):
                    if isinstance(node, ast.Name):
                        found.append((node.id, None))
    else:
        for node in walk(statement) if nodes is None else nodes:
            if type(node) is ast.Name:
                if type(node.ctx) in _STORE_OR_DEL:
                    found.append((node.id, None))
            elif type(node) in _DEFINITION_KINDS:
                found.append((cast(_Definition, node).name, None))
            elif type(node) is ast.Global:
                found.extend((name, None) for name in node.names)
    statement._jaxlsp_values = found  # type: ignore[attr-defined]
    return found


def _tree_values(tree: ast.Module) -> dict[str, list[ast.expr | None]]:
    """``_statement_values`` of one chunk's statements by name (memoised on the tree)."""
    cached: dict[str, list[ast.expr | None]] | None = getattr(tree, "_jaxlsp_tree_values", None)
    if cached is None:
        cached = {}
        # one statement's walk is the tree's, less the tree (nearly every tree holds one
        # statement); the statements of a ``;``-joined line are walked each on their own
        own = tree_walk(tree)[1:] if len(tree.body) == 1 else None
        for statement in tree.body:
            for name, value in _statement_values(statement, own):
                cached.setdefault(name, []).append(value)
        tree._jaxlsp_tree_values = cached  # type: ignore[attr-defined]
    return cached


class Trace(IntEnum):
    """How sure we are that an expression is a tracer while its function is traced."""

    NO = 0
    #: A traced argument or part of one: a tracer, or a container (tuple, dict) of tracers.
    TREE = 1
    #: Surely one traced array (a jnp result, a comparison, arithmetic on an array).
    ARRAY = 2


#: jax.numpy / lax functions whose result is static (shape facts, dtypes), not a tracer.
STATIC_RESULTS = frozenset(
    f"jax.numpy.{name}"
    for name in [
        "shape",
        "ndim",
        "size",
        "result_type",
        "dtype",
        "issubdtype",
        "isdtype",
        "iscomplexobj",
        "isrealobj",
        "isscalar",
        "iinfo",
        "finfo",
        "promote_types",
        "can_cast",
    ]
)
#: Array attributes that are arrays.
ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag"})
#: Array methods whose result is an array.
ARRAY_METHODS = frozenset(
    [
        "sum",
        "mean",
        "max",
        "min",
        "any",
        "all",
        "prod",
        "std",
        "var",
        "argmax",
        "argmin",
        "astype",
        "reshape",
        "squeeze",
        "dot",
        "ravel",
        "flatten",
        "clip",
        "round",
        "cumsum",
        "cumprod",
        "transpose",
        "conj",
        "nonzero",
    ]
)
#: Prefixes of APIs that return arrays when given arrays.
ARRAY_APIS = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.")


#: Builtins whose rebinding at module level the rules check (``range``, ``bool()``, ``int()``):
#: part of ``Context``, so a cached result that assumed them unbound is never reused wrongly.
WATCHED_BUILTINS = frozenset({"range", "bool", "int", "float", "complex"})


class Context:
    """What resolving a name inside one statement depends on outside it: the imported names
    that no module-level binding shadows (with their targets), and the watched builtins that
    one does.  Interned: analyses with equal contexts share one object, so results memoised on
    a statement's tree under ``module.context`` survive every edit that leaves it unchanged."""

    __slots__ = ("key", "rebound", "roots")

    def __init__(self, key: tuple[frozenset[tuple[str, str]], frozenset[str]]) -> None:
        self.key = key
        self.roots: dict[str, str] = dict(key[0])
        self.rebound = key[1]


_CONTEXTS: dict[tuple[frozenset[tuple[str, str]], frozenset[str]], Context] = {}
_CONTEXT_LIMIT = 64
_CONTEXTS_LOCK = threading.Lock()


def _context(key: tuple[frozenset[tuple[str, str]], frozenset[str]]) -> Context:
    with _CONTEXTS_LOCK:
        found = _CONTEXTS.get(key)
        if found is None:
            if len(_CONTEXTS) >= _CONTEXT_LIMIT:
                _CONTEXTS.clear()  # old contexts only cost a recomputation when met again
            found = _CONTEXTS[key] = Context(key)
        return found


@dataclass
class ModuleAst:
    """The parsed statements of one module, with import-aware name resolution.

    What a rule needs from one statement is memoised on that statement's tree (shared by
    text), keyed by ``context`` when it depends on the rest of the module, so an edit recomputes
    only the statements it touches; ``index`` gathers the module-wide views in one cheap pass.
    """

    #: The module's ``ModuleFacts`` parts it reads; not the facts themselves, which hold it
    #: (a cycle would keep every old analysis for the cyclic collector).
    chunks: tuple[Chunk, ...]
    lines: list[str]
    bindings: dict[str, dict[str, list[tuple[Binding, int]]]]
    imports: dict[str, tuple[int, str]]
    trees: list[ast.Module | None] = field(default_factory=list)
    #: Memoised by rules' shared helpers (``jaxlsp.rules._support``), by helper name.
    memo: dict[str, object] = field(default_factory=dict)

    @cached_property
    def module_names(self) -> frozenset[str]:
        """Names bound by module-level assignments or defs (they may shadow imports)."""
        return frozenset(self.bindings.get("", {}))

    @cached_property
    def context(self) -> Context:
        names = self.module_names
        roots = frozenset(
            (local, imported[1]) for local, imported in self.imports.items() if local not in names
        )
        return _context((roots, WATCHED_BUILTINS & names))

    def rebinds(self, builtin: str) -> bool:
        """Whether module-level code rebinds ``builtin`` (one of ``WATCHED_BUILTINS``)."""
        assert builtin in WATCHED_BUILTINS
        return builtin in self.context.rebound

    @cached_property
    def index(self) -> ModuleIndex:
        return ModuleIndex(self)

    def top_level_def(self, name: str) -> tuple[FunctionNode, int] | None:
        """The one module-level ``def name`` (None when absent, repeated or rebound)."""
        found = self.index.top_defs.get(name)
        if found is None or len(self.bindings.get("", {}).get(name, [])) != 1:
            return None
        return found

    def undecorated_def(self, name: str) -> tuple[FunctionNode, int] | None:
        """``top_level_def`` when no decorator may have changed the function's signature."""
        found = self.top_level_def(name)
        if found is None or getattr(found[0], "decorator_list", None):
            return None
        return found

    def module_values_of(self, name: str) -> list[ast.expr | None]:
        """The values module-level statements assign to ``name`` (None: bound another way),
        in order; one lookup per statement (a statement that never names it is not walked),
        memoised per name for the analysis."""
        memo = cast(dict[str, list[ast.expr | None]], self.memo.setdefault("values_of", {}))
        done = memo.get(name)
        if done is not None:
            return done
        found: list[ast.expr | None] = []
        for tree, chunk in zip(self.trees, self.chunks, strict=True):
            if tree is None:
                continue
            known: dict[str, list[ast.expr | None]] | None = getattr(
                tree, "_jaxlsp_tree_values", None
            )
            if known is None:
                named = identifiers(tree, chunk.text)
                if named is not None and name not in named:
                    continue  # not worth walking the statement to find nothing
                known = _tree_values(tree)
            values = known.get(name)
            if values:
                found.extend(values)
        memo[name] = found
        return found

    # positions -------------------------------------------------------------------------------
    def span(self, node: ast.AST, chunk: int) -> Span:
        """``node``'s range in the module; the part relative to its statement is memoised on
        the node (it depends on the statement's text only), so a moved statement costs an add."""
        base = self.chunks[chunk].start
        relative: tuple[int, int, int, int] | None = getattr(node, "_jaxlsp_span", None)
        if relative is None:
            relative = self._relative(node, chunk)
            if relative is None:
                return self._absolute_span(node, base)
            node._jaxlsp_span = relative  # type: ignore[attr-defined]
        line, column, end_line, end_column = relative
        return Span(Position(line + base, column), Position(end_line + base, end_column))

    def _relative(self, node: ast.AST, chunk: int) -> tuple[int, int, int, int] | None:
        """(line, column, end line, end column) within the statement, columns in code points;
        None when a line falls outside the statement's text."""
        line = getattr(node, "lineno", 1) - 1
        end_line = (getattr(node, "end_lineno", None) or line + 1) - 1
        column = getattr(node, "col_offset", 0)
        end_column = getattr(node, "end_col_offset", None)
        end_column = column if end_column is None else end_column
        text = self.chunks[chunk].text
        if text.isascii():
            count = text.count("\n") + 1
            if 0 <= line < count and 0 <= end_line < count:
                return line, column, end_line, end_column
            return None
        lines = text.split("\n")
        if not (0 <= line < len(lines) and 0 <= end_line < len(lines)):
            return None
        return (
            line,
            _code_points(lines[line], column),
            end_line,
            _code_points(lines[end_line], end_column),
        )

    def _absolute_span(self, node: ast.AST, base: int) -> Span:
        line = getattr(node, "lineno", 1) - 1 + base
        end_line = (getattr(node, "end_lineno", None) or line + 1 - base) - 1 + base
        column = getattr(node, "col_offset", 0)
        end_column = getattr(node, "end_col_offset", None)
        end_column = column if end_column is None else end_column
        return Span(self._position(line, column), self._position(end_line, end_column))

    def head_span(self, node: ast.AST, chunk: int) -> Span:
        """The first line of ``node`` only (a ``def`` or compound statement's header)."""
        full = self.span(node, chunk)
        if full.start.line == full.end.line:
            return full
        line = self.lines[full.start.line] if full.start.line < len(self.lines) else ""
        return Span(full.start, Position(full.start.line, len(line.rstrip())))

    def _position(self, line: int, byte_column: int) -> Position:
        if not 0 <= line < len(self.lines):
            return Position(line, byte_column)
        return Position(line, _code_points(self.lines[line], byte_column))

    def text(self, node: ast.AST, chunk: int) -> str | None:
        """The source text of ``node``."""
        text = self.chunks[chunk].text
        return ast.get_source_segment(text, node)

    # names -----------------------------------------------------------------------------------
    def qualified(self, node: ast.AST, shadowed: frozenset[str] = frozenset()) -> str | None:
        """``jnp.zeros`` → ``jax.numpy.zeros`` when ``jnp`` is an import not rebound here."""
        parts: list[str] = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return None
        root = node.id
        if root in shadowed:
            return None
        imported = self.context.roots.get(root)
        if imported is None:
            return None
        return apis.canonical(".".join([imported, *reversed(parts)]))

    def callee(self, call: ast.Call, shadowed: frozenset[str] = frozenset()) -> str | None:
        return self.qualified(call.func, shadowed)


def _code_points(text: str, byte_column: int) -> int:
    """A UTF-8 byte column of ``text`` as a code-point column."""
    if text.isascii():
        return byte_column
    return len(text.encode("utf-8")[:byte_column].decode("utf-8", "replace"))


def module_ast(facts: ModuleFacts) -> ModuleAst:
    """The parsed statements of ``facts``' module (shared by every rule of one analysis).

    It lives as long as ``facts``; what rules memoised on it refers back to it, so that memo is
    emptied when ``facts`` goes, leaving no cycle for the collector."""
    cached = getattr(facts, "_pyast", None)
    if isinstance(cached, ModuleAst) and cached.bindings is facts.bindings:  # made for these
        return cached
    parsed = ModuleAst(
        facts.chunks,
        facts.lines,
        facts.bindings,
        facts.imports,
        parse_all([chunk.text for chunk in facts.chunks]),
    )
    object.__setattr__(facts, "_pyast", parsed)
    weakref.finalize(facts, parsed.memo.clear)
    return parsed


# the module index ----------------------------------------------------------------------------
#: The random functions that take a key first and consume it (split included; ``fold_in`` and
#: ``key_data`` do not consume, measured with ``jax.debug_key_reuse`` on 0.12.0.1).
SAMPLERS = frozenset(
    f"jax.random.{name}"
    for name in [
        "normal",
        "uniform",
        "split",
        "randint",
        "bernoulli",
        "categorical",
        "permutation",
        "choice",
        "truncated_normal",
        "gumbel",
        "exponential",
        "gamma",
        "loggamma",
        "beta",
        "dirichlet",
        "poisson",
        "multivariate_normal",
        "ball",
        "cauchy",
        "laplace",
        "logistic",
        "orthogonal",
        "rademacher",
        "bits",
        "maxwell",
        "t",
        "pareto",
        "weibull_min",
        "generalized_normal",
        "chisquare",
        "f",
        "geometric",
        "binomial",
        "triangular",
        "lognormal",
        "rayleigh",
        "wald",
        "double_sided_maxwell",
    ]
)
JIT = "jax.jit"
VMAP = "jax.vmap"
SCAN = "jax.lax.scan"
FORI_LOOP = "jax.lax.fori_loop"
WHILE_LOOP = "jax.lax.while_loop"
TRANSFORMS_KEEPING_TRACE = frozenset({"jax.grad", "jax.value_and_grad", VMAP, "jax.checkpoint"})
#: The APIs whose calls ``ModuleIndex.calls`` lists (the rules ask for no others).
INDEXED_CALLS = SAMPLERS | {JIT, VMAP, SCAN, FORI_LOOP, WHILE_LOOP}
#: The methods that register a custom function's rules (``f.defvjp(...)``, ``@f.defjvp``):
#: ``ModuleIndex.registrations`` lists the statements that use them.
REGISTRATION_METHODS = frozenset({"defvjp", "defjvp"})

#: How a traced-function event picks the traced parameters (see ``_event_traced``).
_DECORATOR, _CALL, _INNER, _LOOP = range(4)


class _Event:
    """A place that traces a function: the function (a name when it is looked up at module
    level, so in any statement), where, by what, and how its traced parameters are found."""

    __slots__ = ("_resolved", "api", "call", "kind", "passed", "site", "target", "traced")

    def __init__(
        self,
        target: FunctionNode | str,
        site: ast.AST,
        api: str,
        kind: int,
        call: ast.Call | None,
        passed: int,
    ) -> None:
        self.target = target
        self.site = site
        self.api = api
        self.kind = kind
        self.call = call
        #: Arguments a loop passes (``_LOOP``).
        self.passed = passed
        #: The traced parameters, known already when ``target`` is a node.
        self.traced = None if isinstance(target, str) else _event_traced(self, target)
        self._resolved: tuple[FunctionNode, frozenset[str] | None] | None = None

    def traced_for(self, function: FunctionNode) -> frozenset[str] | None:
        """The traced parameters when the name resolves to ``function`` (memoised: events
        live as long as their statement's tree, the function as long as its own)."""
        known = self._resolved
        if known is not None and known[0] is function:
            return known[1]
        traced = _event_traced(self, function)
        self._resolved = (function, traced)
        return traced


@dataclass(frozen=True, slots=True)
class _ChunkFacts:
    """One statement's share of ``ModuleIndex`` (positions index ``_tree_scopes``), for the
    context it was found in (kept here: a pair with it would cost a tuple per statement)."""

    context: Context
    defs: tuple[tuple[str, FunctionNode], ...]
    calls: tuple[tuple[int, ast.Call, str], ...]
    decorated: tuple[tuple[int, ast.FunctionDef | ast.AsyncFunctionDef, str, ast.Call | None], ...]
    events: tuple[_Event, ...]
    #: The ``REGISTRATION_METHODS`` called (on a name) or decorating a def here.
    registrations: frozenset[str]


_Decorated: TypeAlias = "tuple[Scope, ast.FunctionDef | ast.AsyncFunctionDef, ast.Call | None]"
#: An empty mapping that cannot be written to, so that segments may share it.
_NOTHING: Mapping[str, list[Any]] = MappingProxyType({})


class _Segment:
    """One statement's share of ``ModuleIndex`` at one chunk index (with its ``Scope``s),
    memoised on the tree for the context and the index (both kept here)."""

    __slots__ = (
        "calls",
        "calls_by_name",
        "context",
        "decorated",
        "defs",
        "events",
        "index",
        "registrations",
    )

    def __init__(self, module: ModuleAst, tree: ast.Module, index: int) -> None:
        self.context = module.context
        self.index = index
        chunk = _chunk_facts(module, tree)
        self.defs = chunk.defs
        self.registrations = chunk.registrations
        self.calls: tuple[tuple[Scope, ast.Call, str], ...] = ()
        # most statements call and decorate nothing indexed: they share one empty mapping
        self.calls_by_name: Mapping[str, list[tuple[Scope, ast.Call]]] = _NOTHING
        self.decorated: Mapping[str, list[_Decorated]] = _NOTHING
        if chunk.calls or chunk.decorated:
            scopes = _chunk_scopes(tree, index)
            self.calls = tuple((scopes[p][0], call, name) for p, call, name in chunk.calls)
            calls_by_name: dict[str, list[tuple[Scope, ast.Call]]] = {}
            for scope, call, name in self.calls:
                calls_by_name.setdefault(name, []).append((scope, call))
            decorated: dict[str, list[_Decorated]] = {}
            for position, node, api, options in chunk.decorated:
                decorated.setdefault(api, []).append((scopes[position][0], node, options))
            self.calls_by_name = calls_by_name or _NOTHING
            self.decorated = decorated or _NOTHING
        self.events = tuple((index, event) for event in chunk.events)


def _segment(module: ModuleAst, tree: ast.Module, index: int) -> _Segment:
    context = module.context
    cached: _Segment | None = getattr(tree, "_jaxlsp_segment", None)
    if cached is not None and cached.context is context and cached.index == index:
        return cached
    found = _Segment(module, tree, index)
    tree._jaxlsp_segment = found  # type: ignore[attr-defined]
    return found


class ModuleIndex:
    """Module-wide views the rules share, gathered from every statement's ``_Segment``: one
    lookup per statement each analysis."""

    def __init__(self, module: ModuleAst) -> None:
        #: Module-level ``def``s by name, with their chunks; None for a name defined twice.
        self.top_defs: dict[str, tuple[FunctionNode, int] | None] = {}
        #: The places that trace a function, in source order, with their chunks.
        self.events: list[tuple[int, _Event]] = []
        #: Calls of ``INDEXED_CALLS`` with the scope they run in, in source order.
        self.calls: list[tuple[Scope, ast.Call, str]] = []
        self._by_name: dict[str, list[tuple[Scope, ast.Call]]] = {}
        self._decorated: dict[str, list[_Decorated]] = {}
        self._calls: dict[frozenset[str], list[tuple[Scope, ast.Call, str]]] = {}
        #: The chunks that use each of ``REGISTRATION_METHODS``, in source order.
        self.registrations: dict[str, list[int]] = {}
        top_defs, events, calls = self.top_defs, self.events, self.calls
        by_name, decorated = self._by_name, self._decorated
        context = module.context
        for index, tree in enumerate(module.trees):
            if tree is None:
                continue
            cached = getattr(tree, "_jaxlsp_segment", None)  # _segment, inlined (hot loop)
            if cached is not None and cached.context is context and cached.index == index:
                segment = cached
            else:
                segment = _segment(module, tree, index)
            for name, node in segment.defs:
                top_defs[name] = None if name in top_defs else (node, index)
            if segment.calls:
                calls.extend(segment.calls)
                for name, entries in segment.calls_by_name.items():
                    by_name.setdefault(name, []).extend(entries)
            if segment.decorated:
                for api, found in segment.decorated.items():
                    decorated.setdefault(api, []).extend(found)
            if segment.events:
                events.extend(segment.events)
            for method in segment.registrations:
                self.registrations.setdefault(method, []).append(index)

    def calls_of(self, names: frozenset[str]) -> list[tuple[Scope, ast.Call, str]]:
        """Calls of ``names`` (among ``INDEXED_CALLS``) with the scope each runs in, in source
        order (memoised per set of names)."""
        found = self._calls.get(names)
        if found is None:
            if len(names) == 1:
                (name,) = names
                found = [(scope, call, name) for scope, call in self._by_name.get(name, ())]
            else:
                found = [entry for entry in self.calls if entry[2] in names]
            self._calls[names] = found
        return found

    def decorated_with(self, api: str) -> list[_Decorated]:
        """Every ``def`` whose innermost decorator resolves to ``api``, with its scope and the
        call that carries the options (``@partial(jax.jit, ...)`` → the partial call)."""
        return self._decorated.get(api, [])


def _chunk_facts(module: ModuleAst, tree: ast.Module) -> _ChunkFacts:
    """``tree``'s share of the index, memoised on the tree for ``module.context``."""
    context = module.context
    cached: _ChunkFacts | None = getattr(tree, "_jaxlsp_chunk", None)
    if cached is not None and cached.context is context:
        return cached
    defs = tuple(
        (statement.name, statement)
        for statement in tree.body
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef)
    )
    calls: list[tuple[int, ast.Call, str]] = []
    decorated: list[tuple[int, ast.FunctionDef | ast.AsyncFunctionDef, str, ast.Call | None]] = []
    events: list[_Event] = []
    registrations: set[str] = set()
    roots = context.roots
    for position, (node, parents, nodes) in enumerate(_tree_scopes(tree)):
        every = rooted_calls(node, nodes)
        registrations.update(
            c.func.attr
            for c in every
            if isinstance(c.func, ast.Attribute)
            and c.func.attr in REGISTRATION_METHODS
            and isinstance(c.func.value, ast.Name)
        )
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            registrations.update(
                d.attr
                for d in node.decorator_list
                if isinstance(d, ast.Attribute)
                and d.attr in REGISTRATION_METHODS
                and isinstance(d.value, ast.Name)
            )
        rooted = [c for c in every if root_name(c.func) in roots]
        is_def = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        if not rooted and not (is_def and getattr(node, "decorator_list", None)):
            continue
        shadowed = _scope_shadowed(node, parents)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.decorator_list:
            applied = decorator_api(module, node.decorator_list[-1], shadowed)
            if applied is not None:
                api, options = applied
                decorated.append((position, node, api, options))
                event = _Event(node, node.decorator_list[-1], api, _DECORATOR, options, 0)
                if event.traced is not None:
                    events.append(event)
        for call in rooted:
            name = module.qualified(call.func, shadowed)
            if name is None or name not in INDEXED_CALLS:
                continue
            calls.append((position, call, name))
            if call.args:
                events.extend(_call_events(module, node, parents, shadowed, call, name))
    found = _ChunkFacts(  # shared_names: most statements register nothing (one empty set)
        context, defs, tuple(calls), tuple(decorated), tuple(events), shared_names(registrations)
    )
    tree._jaxlsp_chunk = found  # type: ignore[attr-defined]
    return found


def scopes_calling(module: ModuleAst, tree: ast.Module, names: frozenset[str]) -> set[int]:
    """Positions (in ``tree_scopes``) of the scopes of ``tree`` that call one of ``names``
    (APIs among ``INDEXED_CALLS``), from the statement's memoised index share."""
    return {position for position, _, name in _chunk_facts(module, tree).calls if name in names}


def _call_events(
    module: ModuleAst,
    node: ScopeNode,
    parents: tuple[ScopeNode, ...],
    shadowed: frozenset[str],
    call: ast.Call,
    api: str,
) -> list[_Event]:
    """The functions ``call`` (of jax.jit, jax.vmap or a lax loop) traces."""
    found: list[_Event] = []
    if api in (JIT, VMAP):
        target = call.args[0]
        if (
            api == JIT
            and isinstance(target, ast.Call)
            and module.callee(target, shadowed) in TRANSFORMS_KEEPING_TRACE
            and target.args
        ):
            inner = _resolve_ref(node, parents, target.args[0])
            if inner is not None:
                found.append(_Event(inner, call.func, api, _INNER, None, 0))
            return found
        function = _resolve_ref(node, parents, target)
        if function is not None:
            found.append(_Event(function, call.func, api, _CALL, call, 0))
    elif api in (SCAN, FORI_LOOP, WHILE_LOOP):
        positions = {SCAN: (0,), FORI_LOOP: (2,), WHILE_LOOP: (0, 1)}[api]
        passed = 1 if api == WHILE_LOOP else 2  # arguments the loop passes
        for position in positions:
            if position < len(call.args):
                function = _resolve_ref(node, parents, call.args[position])
                if function is not None:
                    found.append(_Event(function, call.func, api, _LOOP, None, passed))
    return [event for event in found if isinstance(event.target, str) or event.traced is not None]


def _event_traced(event: _Event, function: FunctionNode) -> frozenset[str] | None:
    """The parameters of ``function`` that ``event`` traces (None: it does not trace it)."""
    if event.kind in (_DECORATOR, _CALL):
        return _traced_by(event.api, event.call, function)
    if event.kind == _INNER:
        return frozenset(_plain_params(function))
    first = positional(function)[: event.passed]
    return frozenset(first) & _plain_params(function)


def _resolve_ref(
    node: ScopeNode, parents: tuple[ScopeNode, ...], target: ast.expr
) -> FunctionNode | str | None:
    """``resolve_function`` inside one statement: the function, or the name to look up at
    module level (in any statement), or None."""
    if isinstance(target, ast.Lambda):
        return target
    if not isinstance(target, ast.Name):
        return None
    for candidate in (node, *reversed(parents)):
        if isinstance(candidate, ast.Module):
            break
        if isinstance(candidate, ast.Lambda | ast.ClassDef):
            continue
        found = _local_def(candidate, target.id)
        if found is not None:
            return found
        if target.id in _locals(candidate):
            return None
    return target.id


# functions -----------------------------------------------------------------------------------
def params(function: FunctionNode) -> list[str]:
    arguments = function.args
    names = [a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]]
    if arguments.vararg:
        names.append(arguments.vararg.arg)
    if arguments.kwarg:
        names.append(arguments.kwarg.arg)
    return names


def positional(function: FunctionNode) -> list[str]:
    return [a.arg for a in [*function.args.posonlyargs, *function.args.args]]


def body_statements(function: FunctionNode) -> list[ast.stmt]:
    if isinstance(function, ast.Lambda):
        return [ast.Expr(function.body)]
    return function.body


def own_nodes(function: FunctionNode) -> Iterator[ast.AST]:
    """Every node of the function's body, nested functions and classes excluded (the list
    ``scope_nodes`` made, when the function came from a parsed statement)."""
    known: list[ast.AST] | None = getattr(function, "_jaxlsp_nodes", None)
    if known is not None:
        yield from known
        return
    stack: list[ast.AST] = list(reversed(body_statements(function)))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue
        stack.extend(reversed(children(node)))


def own_node_list(function: FunctionNode) -> Sequence[ast.AST]:
    """``own_nodes`` as a list (the scope walk's own, when it made one): the per-node scans
    iterate it without a generator frame per node."""
    known: list[ast.AST] | None = getattr(function, "_jaxlsp_nodes", None)
    return known if known is not None else list(own_nodes(function))


def returns(function: FunctionNode) -> list[ast.expr | None]:
    """The values the function returns (None for a bare ``return``)."""
    if isinstance(function, ast.Lambda):
        return [function.body]
    return [node.value for node in own_nodes(function) if isinstance(node, ast.Return)]


def is_generator(function: FunctionNode) -> bool:
    """Whether ``function`` yields (memoised on the node)."""
    cached: bool | None = getattr(function, "_jaxlsp_generator", None)
    if cached is None:
        cached = any(isinstance(node, ast.Yield | ast.YieldFrom) for node in own_nodes(function))
        function._jaxlsp_generator = cached  # type: ignore[union-attr]
    return cached


def literal_ints(node: ast.expr | None) -> tuple[int, ...] | None:
    """``2`` or ``(0, 2)`` → the ints; None when not a literal."""
    if node is None:
        return ()
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return (node.value,)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = literal_ints(node.operand)
        return tuple(-v for v in inner) if inner is not None and len(inner) == 1 else None
    if isinstance(node, ast.Tuple | ast.List):
        found: list[int] = []
        for element in node.elts:
            value = literal_ints(element)
            if value is None or len(value) != 1:
                return None
            found.extend(value)
        return tuple(found)
    return None


def literal_strs(node: ast.expr | None) -> tuple[str, ...] | None:
    if node is None:
        return ()
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.Tuple | ast.List):
        found: list[str] = []
        for element in node.elts:
            if not (isinstance(element, ast.Constant) and isinstance(element.value, str)):
                return None
            found.append(element.value)
        return tuple(found)
    return None


def keyword(call: ast.Call, name: str) -> ast.keyword | None:
    return next((k for k in call.keywords if k.arg == name), None)


def has_star(call: ast.Call) -> bool:
    """``*args`` or ``**kwargs`` in the call: its arguments are not all visible."""
    return any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    )


@dataclass(frozen=True, slots=True)
class Scope:
    """A function or the module, with its chunk and its enclosing scopes' nodes."""

    node: ScopeNode
    chunk: int
    parents: tuple[ScopeNode, ...]

    def shadowed(self) -> frozenset[str]:
        """Parameters and local names of this scope and its enclosing functions."""
        return _scope_shadowed(self.node, self.parents)


def _scope_shadowed(node: ScopeNode, parents: tuple[ScopeNode, ...]) -> frozenset[str]:
    """``Scope.shadowed``, memoised on the scope's node (its parents never change)."""
    cached: frozenset[str] | None = getattr(node, "_jaxlsp_shadowed", None)
    if cached is not None:
        return cached
    names: set[str] = set()
    for scope in (*parents, node):
        if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            names.update(_locals(scope))
    result = shared_names(names)  # few distinct ones: most scopes shadow alike
    node._jaxlsp_shadowed = result  # type: ignore[union-attr]
    return result


def _locals(function: FunctionNode) -> frozenset[str]:
    """Parameters and assigned names of one function (memoised on the node)."""
    cached: frozenset[str] | None = getattr(function, "_jaxlsp_locals", None)
    if cached is None:
        cached = shared_names([*params(function), *assigned_names(function)])
        function._jaxlsp_locals = cached  # type: ignore[union-attr]
    return cached


def assigned_names(function: FunctionNode) -> set[str]:
    found: set[str] = set()
    for node in own_node_list(function):
        if type(node) is ast.Name:
            if type(node.ctx) is ast.Store:
                found.add(node.id)
        elif type(node) in _DEFINITION_KINDS:
            found.add(cast(_Definition, node).name)
        elif type(node) in _IMPORT_KINDS:
            aliases = cast(_Import, node).names
            found.update((a.asname or a.name).split(".")[0] for a in aliases)
    return found


def chunk_scopes(tree: ast.Module, index: int) -> list[tuple[Scope, list[ast.AST]]]:
    """Every scope of one statement (chunk ``index``) with the nodes evaluated in it, from
    one walk of the statement: the statement's own scope first, then each function.

    A function's body belongs to its scope; its decorators and defaults to the enclosing one
    (they run where the ``def`` runs), and so does a class body.
    """
    return _chunk_scopes(tree, index)


def tree_scopes(tree: ast.Module) -> list[tuple[ScopeNode, tuple[ScopeNode, ...], list[ast.AST]]]:
    """``chunk_scopes`` without the chunk: (scope node, enclosing scopes, its nodes), in the
    same order (positions in one index the other)."""
    return _tree_scopes(tree)


def _chunk_scopes(tree: ast.Module, index: int) -> list[tuple[Scope, list[ast.AST]]]:
    """``_tree_scopes`` as ``Scope``s of chunk ``index``, memoised on the tree while the
    statement stays at that index."""
    cached: tuple[int, list[tuple[Scope, list[ast.AST]]]] | None = getattr(
        tree, "_jaxlsp_chunk_scopes", None
    )
    if cached is not None and cached[0] == index:
        return cached[1]
    found = [(Scope(node, index, parents), nodes) for node, parents, nodes in _tree_scopes(tree)]
    tree._jaxlsp_chunk_scopes = (index, found)  # type: ignore[attr-defined]
    return found


_ScopeWalk = list[tuple[ScopeNode, tuple[ScopeNode, ...], list[ast.AST]]]


_FUNCTION_KINDS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda})


def _tree_scopes(tree: ast.Module) -> _ScopeWalk:
    """``scope_nodes`` for one statement's tree, memoised on the tree (trees are cached by
    their text, so an unchanged statement is never walked again).

    One depth-first walk over a stack of nodes; where the owning scope changes (a function's
    body, a class body's enclosing scopes) a ``(nodes, parents)`` entry on the stack switches
    to the new owner and another, pushed below, switches back: no tuple per node (this walk
    is the costliest of a first analysis)."""
    cached: _ScopeWalk | None = getattr(tree, "_jaxlsp_scopes", None)
    if cached is not None:
        return cached
    top: list[ast.AST] = []
    found: _ScopeWalk = [(tree, (), top)]
    owner, parents = top, cast(tuple[ScopeNode, ...], ())
    add = top.append
    stack: list[Any] = list(reversed(tree.body))
    functions, fields = _FUNCTION_KINDS, _NODE_FIELDS
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is tuple:  # a switch of owner
            owner, parents = node
            add = owner.append
            continue
        add(node)
        if kind in functions:
            inner: list[ast.AST] = []
            found.append((node, parents, inner))
            stack.append((owner, parents))
            stack.extend(reversed([node.body] if kind is ast.Lambda else node.body))
            stack.append((inner, (*parents, node)))
            if kind is not ast.Lambda:
                stack.extend(reversed(node.decorator_list))
            stack.extend(reversed([d for d in node.args.kw_defaults if d is not None]))
            stack.extend(reversed(node.args.defaults))
        elif kind is ast.ClassDef:
            stack.extend(reversed(getattr(node, "type_params", ())))
            stack.extend(reversed(node.decorator_list))
            stack.append((owner, parents))
            stack.extend(reversed(node.body))
            stack.append((owner, (*parents, node)))
            stack.extend(reversed(node.keywords))
            stack.extend(reversed(node.bases))
        elif kind in fields and not fields[kind]:
            continue  # a leaf (a name's context, an operator): nothing to push
        else:
            _push_children(node, stack)
    for node, _, nodes in found:
        if type(node) in functions:
            node._jaxlsp_nodes = nodes  # type: ignore[union-attr]
    tree._jaxlsp_scopes = found  # type: ignore[attr-defined]
    return found


def _local_def(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> FunctionNode | None:
    """``local_def`` of ``function``'s body, memoised on the node."""
    known: dict[str, FunctionNode | None] | None = getattr(function, "_jaxlsp_local_defs", None)
    if known is None:
        known = {}
        function._jaxlsp_local_defs = known  # type: ignore[union-attr]
    if name not in known:
        known[name] = local_def(function.body, name)
    return known[name]


def local_def(statements: list[ast.stmt], name: str) -> FunctionNode | None:
    """The one undecorated function ``name`` defined directly in ``statements``."""
    found: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    rebound = False
    for statement in statements:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            if statement.name == name:
                found.append(statement)
        elif isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for node in walk(target):
                    if isinstance(node, ast.Name) and node.id == name:
                        rebound = True
    if len(found) != 1 or rebound or found[0].decorator_list:
        return None  # a decorator may change the signature: don't guess
    return found[0]


def resolve_function(
    module: ModuleAst, scope: Scope, node: ast.expr
) -> tuple[FunctionNode, int] | None:
    """A lambda, or a plain name of a function defined in this scope, an enclosing one, or at
    module level (then maybe in another chunk): the function and its chunk."""
    found = _resolve_ref(scope.node, scope.parents, node)
    if found is None:
        return None
    if isinstance(found, str):
        return module.undecorated_def(found)
    return found, scope.chunk


# traced functions ----------------------------------------------------------------------------


class Traced:
    """A function JAX traces with abstract values: which parameters hold tracers, and why.

    ``site`` (where it is traced: the decorator or the call) is a span given, or worked out on
    first use from the node and chunk it was made with: most functions never need it.
    """

    __slots__ = ("_site", "_where", "api", "chunk", "function", "traced")

    def __init__(
        self,
        function: FunctionNode,
        chunk: int,
        traced: frozenset[str],
        site: Span | tuple[ModuleAst, ast.AST, int],
        api: str,
    ) -> None:
        self.function = function
        self.chunk = chunk
        self.traced = traced
        self.api = api
        self._site: Span | None = site if isinstance(site, Span) else None
        self._where = None if isinstance(site, Span) else site

    @property
    def site(self) -> Span:
        if self._site is None:
            assert self._where is not None
            module, node, chunk = self._where
            self._site = module.span(node, chunk)
        return self._site


def _jit_statics(call: ast.Call, function: FunctionNode) -> set[str] | None:
    """The parameters ``jax.jit(..., static_argnums/argnames=...)`` keeps static, or None."""
    names = positional(function)
    static: set[str] = set()
    for key in ("static_argnums", "static_argnames"):
        item = keyword(call, key)
        if item is None:
            continue
        if key == "static_argnums":
            numbers = literal_ints(item.value)
            if numbers is None:
                return None
            for number in numbers:
                if not -len(names) <= number < len(names):
                    return None
                static.add(names[number])
        else:
            strings = literal_strs(item.value)
            if strings is None:
                return None
            static.update(strings)
    if has_star(call):
        return None
    return static


def _vmap_untraced(call: ast.Call, function: FunctionNode) -> set[str] | None:
    """Parameters that ``jax.vmap(..., in_axes=...)`` leaves unmapped; None if unknown."""
    item = keyword(call, "in_axes")
    if item is None:
        if len(call.args) > 1:
            return None
        return set()
    value = item.value
    if isinstance(value, ast.Constant) and type(value.value) is int:
        return set()
    if isinstance(value, ast.Tuple):
        names = positional(function)
        unmapped = set()
        for name, axis in zip(names, value.elts, strict=False):
            if isinstance(axis, ast.Constant) and axis.value is None:
                unmapped.add(name)
            elif not (isinstance(axis, ast.Constant) and type(axis.value) is int):
                return None
        return unmapped
    return None


def decorator_api(
    module: ModuleAst, decorator: ast.expr, shadowed: frozenset[str]
) -> tuple[str, ast.Call | None] | None:
    """``@jax.jit`` → (jax.jit, None); ``@partial(jax.jit, ...)``/``@jax.jit(...)`` → the call."""
    name = module.qualified(decorator, shadowed)
    if name is not None:
        return name, None
    if not isinstance(decorator, ast.Call):
        return None
    name = module.qualified(decorator.func, shadowed)
    if name == apis.PARTIAL and decorator.args:
        inner = module.qualified(decorator.args[0], shadowed)
        return (inner, decorator) if inner is not None else None
    return (name, decorator) if name is not None else None


def _traced_by(api: str, call: ast.Call | None, function: FunctionNode) -> frozenset[str] | None:
    """The parameters ``api`` (applied via ``call``) traces, or None when it does not trace."""
    every = _plain_params(function)
    if api == JIT:
        statics = _jit_statics(call, function) if call is not None else set()
        return frozenset(every - statics) if statics is not None else None
    if api == VMAP:
        untraced = _vmap_untraced(call, function) if call is not None else set()
        return frozenset(every - untraced) if untraced is not None else None
    return None


def root_name(node: ast.expr) -> str | None:
    """``jnp`` for ``jnp.linalg.norm``; None when the chain does not start at a name."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def rooted_calls(node: ScopeNode, nodes: list[ast.AST]) -> tuple[ast.Call, ...]:
    """The calls among ``nodes`` (``node``'s scope's, from ``scope_nodes``) whose callee is a
    name or an attribute chain on one (``root_name``), in order; memoised on the scope's node
    (trees are cached by their text, so an unchanged statement is never walked again).  The
    names are not kept with them: a pair per call would cost more than finding it again."""
    cached: tuple[ast.Call, ...] | None = getattr(node, "_jaxlsp_rooted_calls", None)
    if cached is not None:
        return cached
    found = tuple(
        [child for child in nodes if type(child) is ast.Call and root_name(child.func) is not None]
    )
    node._jaxlsp_rooted_calls = found  # type: ignore[union-attr]
    return found


def _plain_params(function: FunctionNode) -> set[str]:
    """Parameters every call must pass: transforms trace only what is passed, so a
    parameter left at its default holds the plain Python default (and ``*args``/``**kwargs``
    contents are not followed)."""
    arguments = function.args
    positional_args = [*arguments.posonlyargs, *arguments.args]
    required = positional_args[: len(positional_args) - len(arguments.defaults)]
    pairs = zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
    required += [a for a, d in pairs if d is None]
    return {a.arg for a in required}


def traced_functions(module: ModuleAst) -> list[Traced]:
    """Functions surely traced by jax.jit, jax.vmap or a lax loop, with their traced params
    (from the index's events, in source order; a function traced twice merges its params)."""
    cached = module.memo.get("traced")
    if isinstance(cached, list):
        return cached
    found: dict[int, Traced] = {}
    for index, event in module.index.events:
        target = event.target
        if isinstance(target, str):
            resolved = module.undecorated_def(target)
            if resolved is None:
                continue
            function, chunk = resolved
            traced = event.traced_for(function)
        else:
            function, chunk, traced = target, index, event.traced
        if traced is None or is_generator(function) or not traced:
            continue
        key = id(function)
        known = found.get(key)
        if known is not None:
            traced = known.traced | traced
        found[key] = Traced(function, chunk, traced, (module, event.site, index), event.api)
    result = list(found.values())
    module.memo["traced"] = result
    return result


def inside_function(tree: ast.Module, target: ast.AST) -> bool:
    """Whether ``target`` sits inside a def/lambda of ``tree`` (decorators and defaults
    included); the ids of such nodes are memoised on the few trees asked about."""
    inside: set[int] | None = getattr(tree, "_jaxlsp_inside", None)
    if inside is None:
        inside = set()
        for node in tree_walk(tree):  # breadth first: each node after its parent
            if id(node) in inside or isinstance(node, FunctionNode):
                inside.update(id(child) for child in children(node))
        tree._jaxlsp_inside = inside  # type: ignore[attr-defined]
    return id(target) in inside


# traced values -------------------------------------------------------------------------------
@dataclass
class TraceFlow:
    """Which local names of a traced function hold tracers (flow-insensitive, conservative).

    A name is traced only if it is a traced parameter never rebound, or every binding of it
    in the body assigns a traced value (``y = x * 2``, ``a, b = carry``).
    """

    module: ModuleAst
    traced: Traced
    levels: dict[str, Trace] = field(default_factory=dict)
    #: Every local name's assigned values (None for a binding we do not follow).
    bindings: dict[str, list[ast.expr | None]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        function = self.traced.function
        self.shadowed = _locals(function)
        bindings = _function_bindings(function)
        self.bindings = bindings
        # The levels depend on the function, its traced parameters and name resolution only:
        # memoised on the node by traced parameters, for the module's context.
        context = self.module.context
        memo: dict[frozenset[str], tuple[Context, dict[str, Trace]]] | None = getattr(
            function, "_jaxlsp_levels", None
        )
        if memo is None:
            memo = {}
            function._jaxlsp_levels = memo  # type: ignore[union-attr]
        known = memo.get(self.traced.traced)
        if known is not None and known[0] is context:
            self.levels = known[1]
            return
        self._fixpoint()
        memo[self.traced.traced] = (context, self.levels)

    def _fixpoint(self) -> None:
        bindings = self.bindings
        # The greatest fixpoint: start from "every candidate is an array" and lower each name
        # to the least level of its values until nothing changes (so ``t = t * 2`` stays traced
        # when ``t`` starts traced).  A parameter's incoming value counts as one TREE value.
        candidates = {
            name: values
            for name, values in bindings.items()
            if values and all(v is not None for v in values)
        }
        for name in self.traced.traced:
            if name not in bindings:
                candidates[name] = []
        for name in candidates:
            self.levels[name] = Trace.TREE if name in self.traced.traced else Trace.ARRAY
        changed = True
        while changed:
            changed = False
            for name, values in candidates.items():
                level = self.levels[name]
                for value in values:
                    if value is not None:
                        level = min(level, self.level(value))
                if level < self.levels[name]:
                    self.levels[name] = level
                    changed = True

    def level(self, node: ast.expr) -> Trace:
        """How surely ``node`` is a tracer when the function is traced."""
        if isinstance(node, ast.Name):
            return self.levels.get(node.id, Trace.NO)
        if isinstance(node, ast.BinOp):
            return self._binop_level(node)
        if isinstance(node, ast.UnaryOp) and not isinstance(node.op, ast.Not):
            return self.level(node.operand)
        if isinstance(node, ast.Compare):
            if not all(isinstance(op, ast.Lt | ast.LtE | ast.Gt | ast.GtE) for op in node.ops):
                if not all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops):
                    return Trace.NO
                operands = [node.left, *node.comparators]
                if any(isinstance(o, ast.Constant) and not _is_number(o) for o in operands):
                    return Trace.NO
                levels = [self.level(o) for o in operands]
                return Trace.ARRAY if Trace.ARRAY in levels else Trace.NO
            levels = [self.level(o) for o in [node.left, *node.comparators]]
            return Trace.ARRAY if any(levels) else Trace.NO
        if isinstance(node, ast.Subscript):
            value = self.level(node.value)
            if value == Trace.ARRAY:
                return Trace.ARRAY
            if value == Trace.TREE:
                return Trace.TREE
            return Trace.NO
        if isinstance(node, ast.Attribute):
            if node.attr in ARRAY_ATTRIBUTES and self.level(node.value):
                return Trace.ARRAY
            return Trace.NO
        if isinstance(node, ast.Call):
            return self._call_level(node)
        return Trace.NO

    def _binop_level(self, node: ast.BinOp) -> Trace:
        """Arithmetic on a tracer is an array, unless the operands may be containers for
        which the operator means something else: tuple ``+`` tuple, tuple ``*`` int,
        dict ``|`` dict, ``"%s" % x``."""
        left, right = self.level(node.left), self.level(node.right)
        if Trace.ARRAY in (left, right):
            return Trace.ARRAY
        if not left and not right:
            return Trace.NO
        op = node.op
        constants = [o for o in (node.left, node.right) if isinstance(o, ast.Constant)]
        if isinstance(op, ast.Add):
            sure = any(_is_number(c) for c in constants)
        elif isinstance(op, ast.Mult):
            sure = bool(left and right) or any(type(c.value) in (float, complex) for c in constants)
        elif isinstance(op, ast.BitOr | ast.BitAnd | ast.BitXor):
            sure = False
        elif isinstance(op, ast.Mod):
            sure = not isinstance(node.left, ast.Constant | ast.JoinedStr)
        else:
            sure = True  # -, /, //, **, @, <<, >>: no container meaning
        return Trace.ARRAY if sure else Trace.TREE

    def _call_level(self, node: ast.Call) -> Trace:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in ARRAY_METHODS:
            if self.level(func.value) == Trace.ARRAY:
                return Trace.ARRAY
            if self.level(func.value) == Trace.TREE and func.attr not in ("astype", "reshape"):
                return Trace.ARRAY
        name = self.module.callee(node, self.shadowed)
        if name is None or name in STATIC_RESULTS or not name.startswith(ARRAY_APIS):
            return Trace.NO
        arguments = [*node.args, *(k.value for k in node.keywords)]
        if any(self.level(a) for a in arguments if not isinstance(a, ast.Starred)):
            return Trace.ARRAY
        return Trace.NO


def _is_number(node: ast.Constant) -> bool:
    return type(node.value) in (int, float, complex, bool)


def _bind(
    target: ast.expr,
    value: ast.expr | None,
    bindings: dict[str, list[ast.expr | None]],
    handled: set[int],
) -> None:
    if isinstance(target, ast.Name):
        handled.add(id(target))
        bindings.setdefault(target.id, []).append(value)
    elif isinstance(target, ast.Tuple | ast.List):
        pairwise = (
            isinstance(value, ast.Tuple | ast.List)
            and len(value.elts) == len(target.elts)
            and not any(isinstance(e, ast.Starred) for e in [*value.elts, *target.elts])
        )
        for index, element in enumerate(target.elts):
            element_value = value
            if isinstance(element, ast.Starred):
                element = element.value
                element_value = None
            elif isinstance(value, ast.Tuple | ast.List):
                element_value = value.elts[index] if pairwise else None
            _bind(element, element_value, bindings, handled)
    elif isinstance(target, ast.Starred):
        _bind(target.value, None, bindings, handled)


def _function_bindings(function: FunctionNode) -> dict[str, list[ast.expr | None]]:
    """Every local name of ``function`` with its assigned values (None for a binding we do not
    follow), for ``TraceFlow``; memoised on the node (trees are cached by their text).  The
    result is shared: read it, never change it."""
    cached: dict[str, list[ast.expr | None]] | None = getattr(function, "_jaxlsp_bindings", None)
    if cached is not None:
        return cached
    bindings: dict[str, list[ast.expr | None]] = {}
    handled: set[int] = set()  # Name targets whose value _bind recorded
    nodes = own_node_list(function)
    for node in nodes:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                _bind(target, node.value, bindings, handled)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            _bind(node.target, node.value, bindings, handled)
    add_unfollowed_bindings(nodes, handled, bindings)
    function._jaxlsp_bindings = bindings  # type: ignore[union-attr]
    return bindings


def add_unfollowed_bindings(
    nodes: Iterable[ast.AST], handled: set[int], bindings: dict[str, list[V | None]]
) -> None:
    """Add a None binding for every name ``nodes`` bind in a way whose value is not followed:
    a name target not in ``handled`` (ids of the targets whose value was recorded), a
    ``for``/``with``/``del`` target, a ``def``/``class``, an import."""
    for node in nodes:
        if type(node) is ast.Name:
            if type(node.ctx) in _STORE_OR_DEL and id(node) not in handled:
                bindings.setdefault(node.id, []).append(None)
        elif type(node) in _DEFINITION_KINDS:
            bindings.setdefault(cast(_Definition, node).name, []).append(None)
        elif type(node) in _IMPORT_KINDS:
            for alias in cast(_Import, node).names:
                local = (alias.asname or alias.name).split(".")[0]
                bindings.setdefault(local, []).append(None)


def trace_flows(module: ModuleAst) -> list[TraceFlow]:
    cached = module.memo.get("flows")
    if isinstance(cached, list):
        return cached
    flows = [TraceFlow(module, traced) for traced in traced_functions(module)]
    module.memo["flows"] = flows
    return flows


def flow_nodes(flow: TraceFlow) -> Iterator[ast.AST]:
    return own_nodes(flow.traced.function)


def traced_note(module: ModuleAst, flow: TraceFlow) -> str:
    """ "``f`` is traced by jax.jit" for messages."""
    function = flow.traced.function
    name = "this lambda" if isinstance(function, ast.Lambda) else f"`{function.name}`"
    what = {
        JIT: "jax.jit",
        VMAP: "jax.vmap",
        SCAN: "jax.lax.scan",
        FORI_LOOP: "jax.lax.fori_loop",
        WHILE_LOOP: "jax.lax.while_loop",
    }.get(flow.traced.api, flow.traced.api)
    return f"{name} is traced by {what}"
