"""``int()``/``float()``/``.item()`` of a traced value, or a traced ``jnp.arange`` bound.

These need the number itself while the function is traced, which only exists at run time.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import (
    ModuleAst,
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

CONVERSIONS = frozenset({"int", "float", "complex"})
METHODS = frozenset({"item", "tolist"})


class TracedValueConcretized(Rule):
    NAME = "traced-value-concretized"
    CODE = "concretization-type-error"
    RECORD_ID = "7db82e51f842f7b2"

    VALID = (
        # converting static values and shape facts is fine
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=(1,))
def f(x, n):
    steps = int(n)
    return jnp.arange(x.shape[0]) * float(steps)
""",
        # outside any trace
        """
import jax.numpy as jnp

def mean(x):
    return float(jnp.mean(x))
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.jit
def loss(x):
    value = jnp.mean(x ** 2)
    return float(value)  # expect: concretization-type-error
""",
        """
import jax
import jax.numpy as jnp

def make(n, x):
    total = x.sum().item()  # expect: concretization-type-error
    return jnp.arange(n) + total  # expect: concretization-type-error

jax.jit(make)(3, x)
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for flow, sites in flow_sites(module, _CHECK):
            for node, value, how in sites:
                yield finding(
                    self,
                    record,
                    module.span(node, flow.traced.chunk),
                    f"`{module.text(value, flow.traced.chunk)}` is traced "
                    f"({traced_note(module, flow)}), and {how} needs its concrete value: tracing "
                    "raises ConcretizationTypeError. Keep the value as an array, or pass it as a "
                    "static argument.",
                    traced_here(module, flow),
                )


def _sites(flow: TraceFlow) -> list[tuple[ast.AST, ast.expr, str]]:
    """(call, traced value, how) for each concretizing call, in the function's node order."""
    found: list[tuple[ast.AST, ast.expr, str]] = []
    for node in flow_nodes(flow):
        site = _site(flow.module, flow, node)
        if site is not None:
            found.append((node, *site))
    return found


def _site(module: ModuleAst, flow: TraceFlow, node: ast.AST) -> tuple[ast.expr, str] | None:
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Name) and func.id in CONVERSIONS:
        if func.id in flow.shadowed or module.rebinds(func.id):
            return None
        if len(node.args) == 1 and not node.keywords and is_traced(flow, node.args[0]):
            return node.args[0], f"`{func.id}()`"
        return None
    if isinstance(func, ast.Attribute) and func.attr in METHODS and not node.args:
        if is_traced(flow, func.value):
            return func.value, f"`.{func.attr}()`"
        return None
    name = module.callee(node, flow.shadowed)
    if name == "jax.numpy.arange":
        for argument in node.args[:3]:
            if not isinstance(argument, ast.Starred) and is_traced(flow, argument):
                return argument, "`jnp.arange` (its length is the array's shape)"
    if name == "jax.numpy.linspace":
        num = keyword(node, "num")
        value = num.value if num is not None else (node.args[2] if len(node.args) > 2 else None)
        if value is not None and is_traced(flow, value):
            return value, "`jnp.linspace`'s num (the array's length)"
    return None


_CHECK = flow_check(FlowCheck("traced-value-concretized", _sites))
