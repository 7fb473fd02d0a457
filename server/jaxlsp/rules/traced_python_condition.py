"""A Python ``if``/``while``/``assert``/``and``/``not``/``bool()`` on a traced array.

Under ``jax.jit``, ``jax.vmap`` and the bodies of ``lax.scan``/``fori_loop``/``while_loop``,
arguments are abstract tracers with no value, so Python cannot pick a branch.  The rule fires
only on expressions that are surely one traced array (a comparison with a traced value, a
``jnp`` result): a bare argument may be a container, whose truth value is fine.
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
    module_ast,
    traced_note,
)
from jaxlsp.findings import Finding
from jaxlsp.records.record import Record
from jaxlsp.rules._support import FlowCheck, finding, flow_check, flow_sites, traced_here
from jaxlsp.rules.base import Rule


class TracedPythonCondition(Rule):
    NAME = "traced-python-condition"
    CODE = "tracer-bool-conversion-error"
    RECORD_ID = "e8af40d520f95ff7"

    VALID = (
        # static argument, shape facts and None checks are concrete while tracing
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames="training")
def step(x, training, scale=None):
    if training:
        x = x * 2
    if x.shape[0] > 2 and x.ndim == 1:
        x = x[:2]
    if scale is None:
        return x
    return jnp.where(x > 0, x, scale)
""",
        # not traced: a plain function and jax.grad (which sees concrete values)
        """
import jax

def relu(x):
    return x if x > 0 else 0.0

jax.grad(lambda x: x if x > 0 else -x)(1.0)
""",
        # a bare argument may be a container: its truth value is Python's
        """
import jax

@jax.jit
def f(params, x):
    if params:
        return x
    return -x
""",
        # a parameter left at its default is a plain Python value, never traced
        """
import jax
from jax import lax

@jax.jit
def g(x, threshold=0.5):
    if threshold > 0:
        return x
    return -x

def body(carry, x, scale=2.0):
    if scale > 1:
        carry = carry * scale
    return carry, x

lax.scan(body, 0.0, xs)
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.jit
def clip_positive(x):
    if jnp.sum(x) > 0:  # expect: tracer-bool-conversion-error
        return x
    return -x
""",
        # jit applied by a call; while, assert, not, and a derived name
        """
import jax
import jax.numpy as jnp

def loop(x, n):
    total = jnp.sum(x)
    while total < n:  # expect: tracer-bool-conversion-error
        total = total * 2
    assert n > 0  # expect: tracer-bool-conversion-error
    return x if not x.any() else x + 1  # expect: tracer-bool-conversion-error

fast = jax.jit(loop)
""",
        # a scan body and a vmapped lambda
        """
import jax
from jax import lax

def body(carry, x):
    carry = carry + x
    if x > 0:  # expect: tracer-bool-conversion-error
        carry = carry * 2
    return carry, x

lax.scan(body, 0.0, xs)
jax.vmap(lambda v: v if v > 0 else 0.0)(xs)  # expect: tracer-bool-conversion-error
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for flow, sites in flow_sites(module, _CHECK):
            for test, how in sites:
                text = module.text(test, flow.traced.chunk) or "the condition"
                yield finding(
                    self,
                    record,
                    module.span(test, flow.traced.chunk),
                    f"`{_short(text)}` is a traced array ({traced_note(module, flow)}): {how} "
                    "needs a concrete True/False, so tracing raises TracerBoolConversionError. "
                    "Use jnp.where, jax.lax.cond or lax.while_loop, or make the argument static.",
                    traced_here(module, flow),
                )


def _sites(flow: TraceFlow) -> list[tuple[ast.expr, str]]:
    """The traced conditions Python must turn into a bool, in the function's node order."""
    return [
        (test, how)
        for node in flow_nodes(flow)
        if type(node) in _CONVERTING  # most nodes: no generator made for them
        for test, how in _conversions(flow.module, flow, node)
        if flow.level(test) >= Trace.ARRAY
    ]


#: The node classes ``_conversions`` may find a condition in (nodes come from ``ast.parse``).
_CONVERTING = frozenset({ast.If, ast.While, ast.IfExp, ast.Assert, ast.Call})


def _conversions(
    module: ModuleAst, flow: TraceFlow, node: ast.AST
) -> Iterator[tuple[ast.expr, str]]:
    if isinstance(node, ast.If):
        yield from _tests(node.test, "Python `if`")
    elif isinstance(node, ast.While):
        yield from _tests(node.test, "Python `while`")
    elif isinstance(node, ast.IfExp):
        yield from _tests(node.test, "a conditional expression")
    elif isinstance(node, ast.Assert):
        yield from _tests(node.test, "`assert`")
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "bool"
        and "bool" not in flow.shadowed
        and not module.rebinds("bool")
        and len(node.args) == 1
        and not node.keywords
    ):
        yield node.args[0], "`bool()`"


def _tests(test: ast.expr, how: str) -> Iterator[tuple[ast.expr, str]]:
    if isinstance(test, ast.BoolOp):
        for value in test.values:
            yield from _tests(value, how)
    elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        yield from _tests(test.operand, "`not`")
    else:
        yield test, how


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


_CHECK = flow_check(FlowCheck("traced-python-condition", _sites))
