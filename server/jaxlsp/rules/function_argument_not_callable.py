"""A JAX transform or lax loop given something that is not a function where it takes one:
`jax.grad(loss(w))`, `lax.fori_loop(0, n, body(0, x), x)`. JAX checks when it is applied.

The contract is in the API models (`Requirement.CALLABLE` in `jaxlsp.apis`); this rule reports
each call that the interpreter proves breaks it (a number, an array, a tuple...). `jnp.vectorize`
wraps anything and calls it only when the vectorized function is called: reported at that call
(JAX's message is the record's where vmap gets the value itself, with no signature or excluded
arguments; a plain "object is not callable" TypeError otherwise).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis import spec_for
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Transformed
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
import jax.numpy as jnp

def softplus(x):
    return jnp.log1p(jnp.exp(x))

activate = jnp.vectorize(softplus(jnp.ones(3)))
activate(jnp.ones((4, 3)))  # expect: function-argument-not-callable
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
        for call, violation in program.violations("not-callable"):
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
        for called, violation in program.call_violations("not-callable"):
            callee = called.callee
            if not isinstance(callee, Transformed):
                continue
            spec = spec_for(callee.transform)
            wrapper = spec.short if spec is not None else callee.transform
            yield finding(
                self,
                record,
                program,
                called.site,
                f"This function calls what `{wrapper}` "
                f"wrapped, but that is {violation.described}: this call raises TypeError. "
                "Wrap the function itself (not the value a call of it returned).",
                (related(program, callee.site, f"{violation.described} is wrapped here"),)
                if callee.site is not None
                else (),
            )
