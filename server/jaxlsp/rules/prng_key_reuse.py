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
from jaxlsp.analysis.pyast import ModuleAst, module_ast, scopes
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.records.model import ErrorRecord
from jaxlsp.rules._random import SAMPLERS, key_argument
from jaxlsp.rules._support import finding, scoped_calls
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

    def check(self, facts: ModuleFacts, record: ErrorRecord | None) -> Iterator[Finding]:
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
    if not any(name in SAMPLERS for _, _, name in scoped_calls(module)):
        return
    # the module's statements form one block across chunks
    yield from _block(module, list(module.statements()), frozenset(), None)
    for scope in scopes(module):
        if isinstance(scope.node, ast.Lambda | ast.ClassDef | ast.Module):
            continue
        statements = [(scope.chunk, s) for s in scope.node.body]
        yield from _block(module, statements, scope.shadowed(), None)


def _block(
    module: ModuleAst,
    statements: list[tuple[int, ast.stmt]],
    shadowed: frozenset[str],
    loop: ast.stmt | None,
) -> Iterator[_Reuse]:
    consumed: dict[str, tuple[ast.Call, int]] = {}
    bound_in_loop = _bound(loop) if loop is not None else frozenset()
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
                elif loop is not None and key not in bound_in_loop:
                    yield _Reuse(call, key, None, loop, chunk, chunk)
                    consumed[key] = (call, chunk)
                else:
                    consumed[key] = (call, chunk)
            for name in _bound(statement):
                consumed.pop(name, None)
            continue
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
        if isinstance(
            node,
            ast.Lambda
            | ast.ListComp
            | ast.SetComp
            | ast.DictComp
            | ast.GeneratorExp
            | ast.IfExp
            | ast.BoolOp,
        ):
            continue  # deferred or conditional evaluation
        if isinstance(node, ast.Call):
            key = key_argument(node)
            if isinstance(key, ast.Name):
                found.append((node, key.id))
        stack.extend(ast.iter_child_nodes(node))
    found.sort(key=lambda item: (item[0].lineno, item[0].col_offset))
    statement._jaxlsp_keyed = found  # type: ignore[attr-defined]
    return found


def _bound(statement: ast.stmt) -> frozenset[str]:
    """Every name a statement (with its nested blocks) may rebind (memoised on the node)."""
    cached: frozenset[str] | None = getattr(statement, "_jaxlsp_bound", None)
    if cached is not None:
        return cached
    names: set[str] = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            names.update(node.names)
    result = frozenset(names)
    statement._jaxlsp_bound = result  # type: ignore[attr-defined]
    return result
