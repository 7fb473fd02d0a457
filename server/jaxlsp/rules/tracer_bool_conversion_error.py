"""A Python ``if``/``while``/``assert``/``and``/``not``/``bool()`` on a traced array.

Python asks the value for ``bool``, which a staged (``jax.jit``, ``lax.scan``...) or batched
(``jax.vmap``) tracer cannot give; under ``jax.grad`` alone the primal value is there and the
branch runs, so that is not reported.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.apis.contracts import refused
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, how_traced, source, traced_here
from jaxlsp.rules.base import Rule

_STATEMENTS = {
    ast.If: "Python's `if`",
    ast.While: "Python's `while`",
    ast.Assert: "`assert`",
    ast.IfExp: "a conditional expression",
    ast.BoolOp: "Python's `and`/`or`",
    ast.UnaryOp: "Python's `not`",
    ast.comprehension: "a comprehension's `if`",
    ast.Call: "the call",
    ast.Compare: "a chained comparison (`a < b < c` is `a < b and b < c`)",
}


class TracerBoolConversionError(Rule):
    NAME = "tracer-bool-conversion-error"
    FORMER_NAMES = ("traced-python-condition",)
    CODE = "tracer-bool-conversion-error"
    RECORD_ID = "e8af40d520f95ff7"

    VALID = (
        # lax.cond / jnp.where instead of if; a static argument may be tested
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames="training")
def layer(x, training):
    if training:
        x = x * 0.5
    return jnp.where(x > 0, x, 0.0)

def relu_grad(x):
    return x if x > 0 else 0.0 * x

layer(jnp.ones(3), True)
jax.grad(relu_grad)(1.0)
jax.jit(lambda x: jax.lax.cond(x.sum() > 0, lambda v: v, lambda v: -v, x))(jnp.ones(3))
""",
        # the shape is static under a trace
        """
import jax
import jax.numpy as jnp

@jax.jit
def center(x):
    if x.ndim == 2 and x.shape[0] > 1:
        return x - x.mean(axis=0)
    return x

center(jnp.ones((3, 2)))
""",
        # a chained comparison of static values (a shape, a Python number) under a trace
        """
import jax
import jax.numpy as jnp

@jax.jit
def pad_to(x):
    if 0 < x.shape[0] < 8:
        return jnp.pad(x, (0, 8 - x.shape[0]))
    return x

def in_unit(t):
    return 0.0 <= t <= 1.0

pad_to(jnp.ones(3))
in_unit(0.5)
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    if jnp.sum(x) > 0:  # expect: tracer-bool-conversion-error
        return x
    return -x

f(jnp.ones(3))
""",
        # a chained comparison converts its first comparison with bool
        """
import jax
import jax.numpy as jnp

def ramp(x):
    return jnp.piecewise(x, [x < 0, 0 < x < 1], [0.0, x])  # expect: tracer-bool-conversion-error

ramp(0.5)
jax.jit(ramp)(0.5)
""",
        # through a helper called from a vmapped function
        """
import jax
import jax.numpy as jnp

def clip(v, limit):
    return v if v < limit else limit  # expect: tracer-bool-conversion-error

def step(v):
    return clip(v, 1.0) * 2

jax.vmap(step)(jnp.arange(3.0))
""",
        # a method of a layer called under jit
        """
import jax
import jax.numpy as jnp

class Gate:
    def __init__(self, threshold):
        self.threshold = threshold

    def __call__(self, x):
        while x.max() > self.threshold:  # expect: tracer-bool-conversion-error
            x = x / 2
        return x

gate = Gate(1.0)
jax.jit(gate)(jnp.arange(4.0))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for conversion in program.facts.conversions:
            if conversion.operation != "bool":
                continue
            tracer = refused(conversion)
            if tracer is None:
                continue
            trace = getattr(tracer, "trace", None)
            what = _STATEMENTS.get(type(conversion.site.node), "Python")
            if isinstance(conversion.site.node, ast.Call):
                what = "`bool()`"
            operand = conversion.operand
            yield finding(
                self,
                record,
                program,
                conversion.site,
                f"{what} needs a concrete boolean, but `{source(operand)}` is a tracer "
                f"({how_traced(program, trace, conversion.frame)}): this raises "
                "TracerBoolConversionError. Use jax.lax.cond or jnp.where, or make the "
                "value static.",
                traced_here(program, trace),
                node=operand if operand is not None and _on_one_line(operand) else None,
            )


def _on_one_line(node: ast.AST) -> bool:
    return getattr(node, "lineno", None) == getattr(node, "end_lineno", None)
