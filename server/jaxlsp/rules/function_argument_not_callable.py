"""A JAX transform or lax loop given something that is not a function where it takes one:
`jax.grad(loss(w))`, `lax.fori_loop(0, n, body(0, x), x)`. JAX checks when it is applied.

The contract is in the API models (`Requirement.CALLABLE` in `jaxlsp.apis`); this rule reports
each call that the interpreter proves breaks it (a number, an array, a tuple...).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class FunctionArgumentNotCallable(Rule):
    NAME = "function-argument-not-callable"
    CODE = "function-argument-not-callable"
    RECORD_ID = "1e7036ce6cf6662b"

    VALID = (
        """
import jax
import jax.numpy as jnp
from jax import lax

def loss(w):
    return jnp.sum(w**2)

def make_body(scale):
    def body(i, total):
        return total + scale * i
    return body

w = jnp.ones(3)
grads = jax.grad(loss)(w)
total = lax.fori_loop(0, 3, make_body(2.0), 0.0)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def loss(w):
    return jnp.sum(w**2)

w = jnp.ones(3)
grads = jax.grad(loss(w))(w)  # expect: function-argument-not-callable
""",
        """
from jax import lax

def body(i, total):
    return total + i

def run(n):
    return lax.fori_loop(0, n, body(0, 0.0), 0.0)  # expect: function-argument-not-callable

run(5)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call in program.broken_calls():
            for violation in call.violations:
                if violation.kind != "not-callable":
                    continue
                yield finding(
                    self,
                    record,
                    program,
                    call.site,
                    f"`{call.api.short}` calls its `{violation.parameter}`, but it is given "
                    f"{violation.described}: it raises TypeError when applied. Pass the "
                    "function itself (not the value a call of it returned).",
                    (
                        related(
                            program,
                            call.site,
                            f"this is {violation.described}, not a function",
                            violation.node,
                        ),
                    ),
                )
