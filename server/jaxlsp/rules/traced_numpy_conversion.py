"""NumPy (not ``jax.numpy``) called on a traced array: ``np.asarray(x)``, ``np.sin(x)``.

NumPy converts its argument with ``__array__``, which a tracer cannot do: it has no value.
(``np.sum`` and other reductions call the array's own method instead, so they are left alone.)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import TraceFlow, flow_nodes, module_ast, traced_note
from jaxlsp.findings import Finding
from jaxlsp.records.record import Record
from jaxlsp.rules._support import FlowCheck, finding, flow_check, flow_sites, is_traced, traced_here
from jaxlsp.rules.base import Rule

#: NumPy functions that convert their array argument with ``__array__`` (checked on 0.12.0.1
#: for asarray and the ufuncs).
CONVERTING = frozenset(
    f"numpy.{name}"
    for name in [
        "asarray",
        "array",
        "asanyarray",
        "ascontiguousarray",
        "sin",
        "cos",
        "tan",
        "exp",
        "log",
        "log1p",
        "expm1",
        "sqrt",
        "tanh",
        "square",
        "abs",
        "absolute",
        "isnan",
        "isfinite",
        "isinf",
        "sign",
        "floor",
        "ceil",
        "maximum",
        "minimum",
    ]
)


class TracedNumpyConversion(Rule):
    NAME = "traced-numpy-conversion"
    CODE = "tracer-array-conversion-error"
    RECORD_ID = "e091994a012ef96f"

    VALID = (
        # jax.numpy is fine under jit; numpy on static shapes too
        """
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def f(x):
    scale = np.sqrt(x.shape[0])
    return jnp.asarray(x) / scale
""",
        # numpy on results after the jitted call
        """
import jax
import numpy as np

y = jax.jit(lambda x: x * 2)(x)
host = np.asarray(y)
""",
    )

    INVALID = (
        """
import jax
import numpy as np

@jax.jit
def to_host(x):
    return np.asarray(x)  # expect: tracer-array-conversion-error
""",
        """
import jax
import numpy as onp

def f(x):
    y = x * 2
    return onp.sin(y)  # expect: tracer-array-conversion-error

jax.vmap(f)(xs)
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for flow, sites in flow_sites(module, _CHECK):
            for node, argument, name in sites:
                short = name.removeprefix("numpy.")
                yield finding(
                    self,
                    record,
                    module.span(node, flow.traced.chunk),
                    f"NumPy's `{short}` is given `{module.text(argument, flow.traced.chunk)}`, a "
                    f"tracer ({traced_note(module, flow)}); NumPy converts it with __array__, so "
                    f"tracing raises TracerArrayConversionError. Use jax.numpy.{short} instead.",
                    traced_here(module, flow),
                )


def _sites(flow: TraceFlow) -> list[tuple[ast.Call, ast.expr, str]]:
    """(call, traced argument, NumPy function) in the function's node order."""
    found: list[tuple[ast.Call, ast.expr, str]] = []
    for node in flow_nodes(flow):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = flow.module.callee(node, flow.shadowed)
        if name not in CONVERTING:
            continue
        argument = node.args[0]
        if isinstance(argument, ast.Starred) or not is_traced(flow, argument):
            continue
        found.append((node, argument, name))
    return found


_CHECK = flow_check(FlowCheck("traced-numpy-conversion", _sites))
