"""A shape built from a traced value: ``jnp.zeros((n, 3))``, ``x.reshape(n, -1)``.

Shapes are part of the traced program's types, so they must be Python ints while tracing.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import (
    ModuleAst,
    Trace,
    TraceFlow,
    flow_nodes,
    keyword,
    module_ast,
    traced_note,
)
from jaxlsp.findings import Finding
from jaxlsp.records.record import Record
from jaxlsp.rules._support import FlowCheck, finding, flow_check, flow_sites, is_traced, traced_here
from jaxlsp.rules.base import Rule

#: API → (position of the shape argument, its keyword names).
SHAPED = {
    "jax.numpy.zeros": (0, ("shape",)),
    "jax.numpy.ones": (0, ("shape",)),
    "jax.numpy.empty": (0, ("shape",)),
    "jax.numpy.full": (0, ("shape",)),
    "jax.numpy.reshape": (1, ("shape", "newshape")),
    "jax.numpy.broadcast_to": (1, ("shape",)),
}


class TracedShapeArgument(Rule):
    NAME = "traced-shape-argument"
    CODE = "traced-shape-argument"
    RECORD_ID = "510a81bd922956c0"

    VALID = (
        # shapes from .shape and static arguments are concrete
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames=("n",))
def pad(x, n):
    extra = jnp.zeros((n, x.shape[1]))
    return jnp.concatenate([x, extra]).reshape(-1, x.shape[1])
""",
        """
import jax.numpy as jnp

def make(n):
    return jnp.zeros((n, 3))
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.jit
def make(x, n):
    buffer = jnp.zeros((n, 3))  # expect: traced-shape-argument
    return x.reshape(n, -1) + buffer.sum()  # expect: traced-shape-argument
""",
        """
import jax
import jax.numpy as jnp

def tile(x, batch):
    return jnp.broadcast_to(x, (batch, x.shape[0]))  # expect: traced-shape-argument

jax.jit(tile)(x, 4)
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for flow, sites in flow_sites(module, _CHECK):
            for node, shape in sites:
                yield finding(
                    self,
                    record,
                    module.span(node, flow.traced.chunk),
                    f"The shape `{module.text(shape, flow.traced.chunk)}` uses a traced value "
                    f"({traced_note(module, flow)}); shapes must be concrete ints while tracing, "
                    "so this raises TypeError ('Shapes must be 1D sequences of concrete values "
                    "of integer type'). Make the size a static argument or take it from "
                    "`x.shape`.",
                    traced_here(module, flow),
                )


def _sites(flow: TraceFlow) -> list[tuple[ast.AST, ast.expr]]:
    """(call, shape) for each shape argument that uses a tracer, in the function's node order."""
    found: list[tuple[ast.AST, ast.expr]] = []
    for node in flow_nodes(flow):
        shape = _shape(flow.module, flow, node)
        if shape is not None:
            found.append((node, shape))
    return found


def _shape(module: ModuleAst, flow: TraceFlow, node: ast.AST) -> ast.expr | None:
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "reshape" and node.args:
        if flow.level(func.value) >= Trace.TREE and not node.keywords:
            return next((a for a in node.args if _traced_shape(flow, a)), None)
        return None
    name = module.callee(node, flow.shadowed)
    if name not in SHAPED:
        return None
    position, names = SHAPED[name]
    value = node.args[position] if len(node.args) > position else None
    for key in names:
        item = keyword(node, key)
        if item is not None:
            value = item.value
    if value is None or isinstance(value, ast.Starred):
        return None
    return value if _traced_shape(flow, value) else None


def _traced_shape(flow: TraceFlow, value: ast.expr) -> bool:
    if isinstance(value, ast.Tuple | ast.List):
        return any(not isinstance(e, ast.Starred) and is_traced(flow, e) for e in value.elts)
    if isinstance(value, ast.Starred):
        return False
    return is_traced(flow, value)


_CHECK = flow_check(FlowCheck("traced-shape-argument", _sites))
