"""``jax.vmap(f, in_axes=(0, 0, None))`` where f cannot take that many positional arguments.

vmap needs one ``in_axes`` entry per positional argument passed; when f has no ``*args``, every
call passes between its required and total positional parameters, so a tuple whose length is
outside that range fails on every call.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import VMAP, FunctionNode, has_star, keyword, module_ast, positional
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.records.record import Record
from jaxlsp.rules._support import calls_of, decorated_with, finding, function_named
from jaxlsp.rules.base import Rule

_VMAP = frozenset({VMAP})


class VmapInAxesArity(Rule):
    NAME = "vmap-in-axes-arity"
    CODE = "vmap-in-axes-length"
    RECORD_ID = "39b25b30ad33d34e"

    VALID = (
        """
from functools import partial
import jax

def f(x, y, scale=1.0):
    return x * y * scale

a = jax.vmap(f, in_axes=(0, 0))
b = jax.vmap(f, in_axes=(0, 0, None))
c = jax.vmap(f, in_axes=0)

@partial(jax.vmap, in_axes=(0, None))
def g(x, *rest):
    return x
""",
    )

    INVALID = (
        """
import jax

def f(x, y):
    return x * y

batched = jax.vmap(f, in_axes=(0, 0, None))  # expect: vmap-in-axes-length
""",
        """
from functools import partial
import jax

@partial(jax.vmap, in_axes=(0,))  # expect: vmap-in-axes-length
def pairwise(x, y):
    return x - y
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        sites: list[tuple[FunctionNode, int, ast.Call, int]] = []
        for scope, node, call in decorated_with(module, VMAP):
            if call is not None:
                sites.append((node, scope.chunk, call, scope.chunk))
        for scope, call, _ in calls_of(module, _VMAP):
            if call.args:
                resolved = function_named(module, scope, call.args[0])
                if resolved is not None:
                    sites.append((resolved[0], resolved[1], call, scope.chunk))
        for function, function_chunk, call, chunk in sites:
            if function.args.vararg is not None or has_star(call):
                continue
            item = keyword(call, "in_axes")
            axes = item.value if item is not None else None
            if axes is None and len(call.args) > 1 and module.callee(call) == VMAP:
                axes = call.args[1]
            if not isinstance(axes, ast.Tuple | ast.List):
                continue
            if any(isinstance(e, ast.Starred) for e in axes.elts):
                continue
            total = len(positional(function))
            required = total - len(function.args.defaults)
            if required <= len(axes.elts) <= total:
                continue
            name = getattr(function, "name", "the lambda")
            takes = f"{required}" if required == total else f"{required} to {total}"
            yield finding(
                self,
                record,
                module.span(axes, chunk),
                f"in_axes has {len(axes.elts)} entries but `{name}` takes {takes} positional "
                "argument(s), and vmap needs one entry per positional argument passed: every "
                "call fails, with ValueError ('vmap in_axes must be an int, None, or a tuple "
                "of entries corresponding to the positional arguments') when the counts "
                f"differ, or TypeError from `{name}` when they match.",
                (
                    RelatedLocation(
                        module.head_span(function, function_chunk), f"`{name}`'s parameters"
                    ),
                ),
            )
