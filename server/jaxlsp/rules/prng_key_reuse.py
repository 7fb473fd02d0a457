"""The same PRNG key consumed twice: two samplers (or a split and a sampler) given one key.

Tracked per straight-line block: a key consumed by a ``jax.random`` sampler or ``split`` and
then consumed again before the name is rebound; and a key consumed inside a loop body that
never rebinds it (every iteration reuses it).  Nested blocks start afresh, and any compound
statement that rebinds the name forgets it, so branches never cause a guess.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import (
    Context,
    ModuleAst,
    Scope,
    children,
    module_ast,
    scopes_calling,
    tree_scopes,
)
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.records.record import Record
from jaxlsp.rules._random import SAMPLERS, key_argument
from jaxlsp.rules._support import calls_of, finding
from jaxlsp.rules.base import Rule

LOOPS = (ast.For, ast.AsyncFor, ast.While)


@dataclass(frozen=True)
class _Reuse:
    call: ast.Call
    key: str
    first: ast.Call | None  # None: reused by the enclosing loop
    loop: ast.stmt | None
    chunk: int
    #: The chunk ``first`` was parsed in: module-level statements are separate chunks.
    first_chunk: int


class PrngKeyReuse(Rule):
    NAME = "prng-key-reuse"
    CODE = "key-reuse-error"
    RECORD_ID = "929372fbb0d63abd"

    VALID = (
        """
import jax

key = jax.random.key(0)
key, sub = jax.random.split(key)
a = jax.random.normal(sub, (3,))
key, sub = jax.random.split(key)
b = jax.random.uniform(sub, (3,))
for i in range(3):
    key, step_key = jax.random.split(key)
    c = jax.random.normal(step_key)
d = jax.random.normal(jax.random.fold_in(key, 1))
e = jax.random.normal(jax.random.fold_in(key, 2))
""",
        # different branches each consume once
        """
import jax

def sample(key, kind):
    if kind == "normal":
        return jax.random.normal(key)
    return jax.random.uniform(key)
""",
    )

    INVALID = (
        """
import jax

key = jax.random.key(0)
a = jax.random.normal(key, (3,))
b = jax.random.uniform(key, (3,))  # expect: key-reuse-error
""",
        """
from jax import random

def init(key, sizes):
    k1, k2 = random.split(key)
    w = random.normal(key, sizes)  # expect: key-reuse-error
    noise = []
    for size in sizes:
        noise.append(random.normal(k1, (size,)))  # expect: key-reuse-error
    return w, noise
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for reuse in _reuses(module):
            span = module.span(reuse.call, reuse.chunk)
            if reuse.first is not None:
                where = module.span(reuse.first, reuse.first_chunk)
                how = f"was already consumed on line {where.start.line + 1}"
                related = RelatedLocation(where, f"`{reuse.key}` is first consumed here")
            else:
                assert reuse.loop is not None
                where = module.head_span(reuse.loop, reuse.chunk)
                how = "is consumed on every iteration of the loop without being split anew"
                related = RelatedLocation(where, "the loop that reuses the key")
            yield finding(
                self,
                record,
                span,
                f"The key `{reuse.key}` {how}: reusing a key gives correlated (often identical) "
                "random numbers. With key-reuse checking on (jax.debug_key_reuse(True), typed "
                "keys from jax.random.key) this raises KeyReuseError. Split the key and use "
                "each part once.",
                (related,),
                severity="warning",
            )


def _reuses(module: ModuleAst) -> Iterator[_Reuse]:
    if not calls_of(module, SAMPLERS):
        return
    # the module's statements form one block across chunks; each function is a block
    in_functions: list[tuple[int, list[_Found]]] = []
    yield from _module_block(module, in_functions)
    for index, found in in_functions:
        for call, key, first, loop in found:
            yield _Reuse(call, key, first, loop, index, index)


#: A reuse found inside one statement: (call, key, first consumer, loop), chunk left out.
_Found = tuple[ast.Call, str, ast.Call | None, ast.stmt | None]


def _function_reuses(module: ModuleAst, tree: ast.Module, calling: set[int]) -> list[_Found]:
    """The reuses in every function of one statement, each function a block of its own (only
    functions that call a sampler, ``calling``, can have one)."""
    found: list[_Found] = []
    for position, (node, parents, _) in enumerate(tree_scopes(tree)):
        if position not in calling or isinstance(node, ast.Lambda | ast.ClassDef | ast.Module):
            continue
        statements = [(0, s) for s in node.body]
        shadowed = Scope(node, 0, parents).shadowed()
        found.extend(
            (r.call, r.key, r.first, r.loop) for r in _block(module, statements, shadowed, None)
        )
    return found


#: One statement of the module block: the name a ``def``/``class`` binds (then nothing
#: else), or a statement with its key consumptions (a simple one's) and the reuses inside it
#: (a compound one's: its blocks start afresh).
_Step = tuple[str | None, ast.stmt | None, list[tuple[ast.Call, str]], list[_Found]]


class _Plan:
    """What one top-level statement does to the module block: the names it may rebind and,
    when it consumes a key or holds a reuse, its statements' steps."""

    __slots__ = ("_bound", "in_functions", "steps", "tree")

    def __init__(
        self, tree: ast.Module, steps: list[_Step] | None, in_functions: list[_Found]
    ) -> None:
        self.tree = tree
        #: Per statement; None when the statement only binds names.
        self.steps = steps
        #: The reuses inside its functions (``_function_reuses``).
        self.in_functions = in_functions
        self._bound: frozenset[str] | None = None

    def bound(self) -> frozenset[str]:
        """Every name the statement may rebind (worked out when a key is held over it)."""
        if self._bound is None:
            names: set[str] = set()
            for statement in self.tree.body:
                if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    names.add(statement.name)
                else:
                    names.update(_bound(statement))
            self._bound = frozenset(names)
        return self._bound


def _module_block(
    module: ModuleAst, in_functions: list[tuple[int, list[_Found]]]
) -> Iterator[_Reuse]:
    """``_block`` over the module's statements, from each statement's memoised ``_Plan``
    (collecting the reuses inside functions on the way)."""
    consumed: dict[str, tuple[ast.Call, int]] = {}
    context = module.context
    for index, tree in enumerate(module.trees):
        if tree is None:
            continue
        cached = getattr(tree, "_jaxlsp_key_plan", None)  # _plan, inlined (hot loop)
        plan: _Plan = (
            cached[1] if cached is not None and cached[0] is context else _plan(module, tree)
        )
        if plan.in_functions:
            in_functions.append((index, plan.in_functions))
        if plan.steps is None:
            if consumed:
                for name in plan.bound():
                    consumed.pop(name, None)
            continue
        for defined, statement, consumptions, inner in plan.steps:
            if defined is not None:
                consumed.pop(defined, None)
                continue
            for call, key in consumptions:
                if key in consumed:
                    first, first_chunk = consumed[key]
                    yield _Reuse(call, key, first, None, index, first_chunk)
                else:
                    consumed[key] = (call, index)
            if consumed and statement is not None:
                for name in _bound(statement):
                    consumed.pop(name, None)
            for call, key, earlier, loop in inner:
                yield _Reuse(call, key, earlier, loop, index, index)


def _plan(module: ModuleAst, tree: ast.Module) -> _Plan:
    """One top-level statement's ``_Plan``, memoised on the tree for the module's context.

    Only a scope that calls a sampler can consume a key: the others are not looked into."""
    context = module.context
    cached: tuple[Context, _Plan] | None = getattr(tree, "_jaxlsp_key_plan", None)
    if cached is not None and cached[0] is context:
        return cached[1]
    calling = scopes_calling(module, tree, SAMPLERS)
    in_functions = _function_reuses(module, tree, calling) if calling else []
    steps: list[_Step] | None = None
    if 0 in calling:  # the module's own scope
        steps = []
        active = False
        for statement in tree.body:
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                steps.append((statement.name, None, [], []))
                continue
            compound = _children_blocks(statement)
            if compound is None:
                consumptions = _consumptions(module, statement, frozenset())
                active = active or bool(consumptions)
                steps.append((None, statement, consumptions, []))
                continue
            inner_loop = statement if isinstance(statement, LOOPS) else None
            inner = [
                (r.call, r.key, r.first, r.loop)
                for block in compound
                for r in _block(module, [(0, s) for s in block], frozenset(), inner_loop)
            ]
            active = active or bool(inner)
            steps.append((None, statement, [], inner))
        if not active:
            steps = None
    plan = _Plan(tree, steps, in_functions)
    tree._jaxlsp_key_plan = (context, plan)  # type: ignore[attr-defined]
    return plan


def _block(
    module: ModuleAst,
    statements: list[tuple[int, ast.stmt]],
    shadowed: frozenset[str],
    loop: ast.stmt | None,
) -> Iterator[_Reuse]:
    consumed: dict[str, tuple[ast.Call, int]] = {}
    for chunk, statement in statements:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            consumed.pop(statement.name, None)
            continue
        compound = _children_blocks(statement)
        if compound is None:
            for call, key in _consumptions(module, statement, shadowed):
                if key in consumed:
                    first, first_chunk = consumed[key]
                    yield _Reuse(call, key, first, None, chunk, first_chunk)
                elif loop is not None and key not in _bound(loop):
                    yield _Reuse(call, key, None, loop, chunk, chunk)
                    consumed[key] = (call, chunk)
                else:
                    consumed[key] = (call, chunk)
            if consumed:
                for name in _bound(statement):
                    consumed.pop(name, None)
            continue
        if consumed:
            for name in _bound(statement):
                consumed.pop(name, None)
        inner_loop = statement if isinstance(statement, LOOPS) else None
        for block in compound:
            yield from _block(module, [(chunk, s) for s in block], shadowed, inner_loop)


def _children_blocks(statement: ast.stmt) -> list[list[ast.stmt]] | None:
    """The nested blocks of a compound statement; None for a simple statement."""
    if isinstance(statement, ast.If | ast.For | ast.AsyncFor | ast.While):
        return [statement.body, statement.orelse]
    if isinstance(statement, ast.With | ast.AsyncWith):
        return [statement.body]
    if isinstance(statement, ast.Try | ast.TryStar):
        return [
            statement.body,
            *(h.body for h in statement.handlers),
            statement.orelse,
            statement.finalbody,
        ]
    if isinstance(statement, ast.Match):
        return [case.body for case in statement.cases]
    return None


def _consumptions(
    module: ModuleAst, statement: ast.stmt, shadowed: frozenset[str]
) -> list[tuple[ast.Call, str]]:
    """Sampler calls run by a simple statement, in source order, with the key name."""
    return [
        (call, key)
        for call, key in _keyed_calls(statement)
        if module.callee(call, shadowed) in SAMPLERS
    ]


#: Expressions whose parts may run later, or not at all, by exact class (nodes come from
#: ``ast.parse``): one set lookup per node of every simple statement.
_DEFERRED = frozenset(
    {
        ast.Lambda,
        ast.ListComp,
        ast.SetComp,
        ast.DictComp,
        ast.GeneratorExp,
        ast.IfExp,
        ast.BoolOp,
    }
)


def _keyed_calls(statement: ast.stmt) -> list[tuple[ast.Call, str]]:
    """Calls a simple statement surely runs whose key argument is a plain name, in source
    order (memoised on the node: trees are cached by their text)."""
    cached: list[tuple[ast.Call, str]] | None = getattr(statement, "_jaxlsp_keyed", None)
    if cached is not None:
        return cached
    found: list[tuple[ast.Call, str]] = []
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if type(node) in _DEFERRED:
            continue  # deferred or conditional evaluation
        if type(node) is ast.Call:
            key = key_argument(node)
            if isinstance(key, ast.Name):
                found.append((node, key.id))
        stack.extend(children(node))
    found.sort(key=lambda item: (item[0].lineno, item[0].col_offset))
    statement._jaxlsp_keyed = found  # type: ignore[attr-defined]
    return found


def _bound(statement: ast.stmt) -> frozenset[str]:
    """Every name a statement (with its nested blocks) may rebind (memoised on the node; a
    nested statement's names come from its own memo, so nesting is walked once)."""
    cached: frozenset[str] | None = getattr(statement, "_jaxlsp_bound", None)
    if cached is not None:
        return cached
    names: set[str] = set()
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if node is not statement and isinstance(node, ast.stmt):
            names.update(_bound(node))
            continue
        stack.extend(children(node))
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            names.update(node.names)
    result = frozenset(names)
    statement._jaxlsp_bound = result  # type: ignore[attr-defined]
    return result
