"""``jax.jit(f)`` (or ``vmap``, ``grad``, ``value_and_grad``, ``jacfwd``, ``jacrev``,
``hessian``, ``pmap``) where ``f`` is a generator function (a ``def`` with a ``yield`` of its
own): its call returns a generator, not arrays, and the transform refuses it when it wraps it.

Reported where the wrapped value is surely one such ``def`` of the user's (not behind a
decorator the analysis cannot see into)."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class TransformGeneratorFunction(Rule):
    NAME = "transform-generator-function"
    CODE = "transform-generator-function"
    RECORD_ID = "42fb14467a02331e"

    VALID = (
        """
import jax
import jax.numpy as jnp

def running_totals(xs):
    return jnp.cumsum(xs)

def batches(xs):
    for i in range(0, len(xs), 2):
        yield xs[i : i + 2]

step = jax.jit(running_totals)
for batch in batches(jnp.arange(6.0)):
    step(batch)
jax.checkpoint(batches)
""",
    )
    INVALID = (
        """
import jax

def running_totals(xs):
    total = 0.0
    for x in xs:
        total = total + x
        yield total

jax.jit(running_totals)  # expect: transform-generator-function
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for made, violation in program.wrap_violations("generator"):
            name = violation.signature.function.describe()
            yield finding(
                self,
                record,
                program,
                made.site,
                f"{name} is a generator function (it yields): its call returns a generator, "
                f"not arrays, and {made.api} raises TypeError when it wraps it. Return the "
                "values as an array (jnp.cumsum, lax.scan), or transform the function one "
                "step calls.",
                (related(program, violation.signature.function.site, f"{name} is defined here"),),
            )
