"""Indexing with a traced boolean mask: ``x[x > 0]``, ``x.at[mask].set(0)``.

The result's length is the number of True entries, which is unknown while tracing.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import (
    Trace,
    TraceFlow,
    flow_nodes,
    module_ast,
    traced_note,
)
from jaxlsp.findings import Finding
from jaxlsp.records.record import Record
from jaxlsp.rules._support import FlowCheck, finding, flow_check, flow_sites, traced_here
from jaxlsp.rules.base import Rule

LOGICAL = (ast.BitAnd, ast.BitOr, ast.BitXor)


class TracedBooleanMask(Rule):
    NAME = "traced-boolean-mask"
    CODE = "non-concrete-boolean-index-error"
    RECORD_ID = "4619be502cf467e9"

    VALID = (
        # jnp.where keeps the shape; integer indexing is fine
        """
import jax
import jax.numpy as jnp

@jax.jit
def relu(x, i):
    y = jnp.where(x > 0, x, 0.0)
    return y[i] + y[: x.shape[0] // 2].sum()
""",
        # boolean masks outside any trace are concrete
        """
import jax.numpy as jnp

def positives(x):
    return x[x > 0]
""",
    )

    INVALID = (
        """
import jax

@jax.jit
def positives(x):
    return x[x > 0]  # expect: non-concrete-boolean-index-error
""",
        """
import jax
import jax.numpy as jnp

def clamp(x, limit):
    mask = (x > limit) | (x < -limit)
    return x.at[mask].set(0.0)  # expect: non-concrete-boolean-index-error

jax.jit(clamp)(x, 1.0)
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for flow, sites in flow_sites(module, _CHECK):
            for node in sites:
                yield finding(
                    self,
                    record,
                    module.span(node, flow.traced.chunk),
                    f"`{module.text(node.slice, flow.traced.chunk)}` is a traced boolean mask "
                    f"({traced_note(module, flow)}): the selection's size depends on the data, "
                    "so tracing raises NonConcreteBooleanIndexError. Use jnp.where(mask, x, "
                    "fill), or a reduction with where=mask.",
                    traced_here(module, flow),
                )


def _sites(flow: TraceFlow) -> list[ast.Subscript]:
    """Subscripts of a traced value by a traced mask, in the function's node order."""
    found: list[ast.Subscript] = []
    for node in flow_nodes(flow):
        if not isinstance(node, ast.Subscript) or not isinstance(node.ctx, ast.Load):
            continue
        value = node.value
        indexed = value.value if isinstance(value, ast.Attribute) and value.attr == "at" else value
        if flow.level(indexed) >= Trace.TREE and _is_mask(flow, node.slice, 0):
            found.append(node)
    return found


def _is_mask(flow: TraceFlow, node: ast.expr, depth: int) -> bool:
    """A traced comparison, a logical combination of them, or a name bound only to those."""
    if depth > 8:
        return False
    if isinstance(node, ast.Compare):
        return flow.level(node) == Trace.ARRAY
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
        return _is_mask(flow, node.operand, depth + 1)
    if isinstance(node, ast.BinOp) and isinstance(node.op, LOGICAL):
        return _is_mask(flow, node.left, depth + 1) and _is_mask(flow, node.right, depth + 1)
    if isinstance(node, ast.Name):
        values = flow.bindings.get(node.id)
        if not values or node.id in flow.traced.traced:
            return False
        return all(v is not None and _is_mask(flow, v, depth + 1) for v in values)
    return False


_CHECK = flow_check(FlowCheck("traced-boolean-mask", _sites))
