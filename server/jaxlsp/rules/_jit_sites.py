"""Where ``jax.jit`` is applied to a function defined in this module, with its options."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from jaxlsp.analysis.pyast import JIT, FunctionNode, ModuleAst, has_star
from jaxlsp.rules._support import decorated, function_named, scoped_calls


@dataclass(frozen=True)
class JitSite:
    function: FunctionNode
    function_chunk: int
    #: The ``jax.jit(...)`` or ``partial(jax.jit, ...)`` call that carries the options.
    call: ast.Call
    chunk: int


def jit_sites(module: ModuleAst) -> Iterator[JitSite]:
    for scope, node, api, call in decorated(module):
        if api == JIT and call is not None and not has_star(call):
            yield JitSite(node, scope.chunk, call, scope.chunk)
    for scope, call, name in scoped_calls(module):
        if name != JIT or not call.args or has_star(call):
            continue
        resolved = function_named(module, scope, call.args[0])
        if resolved is not None:
            yield JitSite(resolved[0], resolved[1], call, scope.chunk)
