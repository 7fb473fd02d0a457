"""Where ``jax.jit`` is applied to a function defined in this module, with its options."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from jaxlsp.analysis.pyast import JIT, FunctionNode, ModuleAst, has_star
from jaxlsp.rules._support import calls_of, decorated_with, function_named

_JIT = frozenset({JIT})
T = TypeVar("T")


@dataclass(frozen=True)
class JitSite:
    function: FunctionNode
    function_chunk: int
    #: The ``jax.jit(...)`` or ``partial(jax.jit, ...)`` call that carries the options.
    call: ast.Call
    chunk: int


def jit_sites(module: ModuleAst) -> list[JitSite]:
    """Every site, decorators first, in source order (memoised for the analysis)."""
    cached = module.memo.get("jit_sites")
    if isinstance(cached, list):
        return cached
    found: list[JitSite] = []
    for scope, node, call in decorated_with(module, JIT):
        if call is not None and not has_star(call):
            found.append(JitSite(node, scope.chunk, call, scope.chunk))
    for scope, call, _ in calls_of(module, _JIT):
        if not call.args or has_star(call):
            continue
        resolved = function_named(module, scope, call.args[0])
        if resolved is not None:
            found.append(JitSite(resolved[0], resolved[1], call, scope.chunk))
    module.memo["jit_sites"] = found
    return found


def site_memo(site: JitSite, key: str, compute: Callable[[FunctionNode, ast.Call], T]) -> T:
    """``compute(site.function, site.call)``, memoised on the call node by ``key`` while it
    applies to the same function (the checks read nothing else)."""
    memo: dict[str, tuple[FunctionNode, object]] | None = getattr(
        site.call, "_jaxlsp_jit_memo", None
    )
    if memo is None:
        memo = {}
        site.call._jaxlsp_jit_memo = memo  # type: ignore[attr-defined]
    known = memo.get(key)
    if known is not None and known[0] is site.function:
        return cast(T, known[1])
    value = compute(site.function, site.call)
    memo[key] = (site.function, value)
    return value
