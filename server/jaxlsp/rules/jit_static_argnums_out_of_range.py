"""``jax.jit(f, static_argnums=k)`` (or ``donate_argnums``) with ``k`` past f's positional
parameters: jit checks this when it wraps f, so the error is certain once the line runs.

A bound method's ``self`` is not counted (``jax.jit(self.apply, static_argnums=3)``), nor the
arguments a ``functools.partial`` fixes.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class JitStaticArgnumsOutOfRange(Rule):
    NAME = "jit-static-argnums-out-of-range"
    FORMER_NAMES = ("jit-argnums-out-of-range",)
    CODE = "jit-static-argnums-out-of-range"
    RECORD_ID = "3784272203b322fb"

    VALID = (
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=(1,))
def power(x, n):
    return x**n

class Model:
    def apply(self, params, x, training):
        return params * x if training else x

fast = jax.jit(Model().apply, static_argnums=2)
fast(2.0, jnp.ones(2), True)
power(jnp.ones(2), 3)
""",
    )
    INVALID = (
        """
from functools import partial
import jax

@partial(jax.jit, static_argnums=(2,))  # expect: jit-static-argnums-out-of-range
def power(x, n):
    return x**n
""",
        # a bound method: self is not a parameter of the jitted function
        """
import jax

class Model:
    def apply(self, params, x, training):
        return params * x if training else x

    def compile(self):
        return jax.jit(self.apply, static_argnums=3)  # expect: jit-static-argnums-out-of-range

Model().compile()
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for made, violation in program.wrap_violations("argnums"):
            signature = violation.signature
            count = len(signature.positional)
            name = signature.function.describe()
            yield finding(
                self,
                record,
                program,
                made.site,
                f"{violation.option}={violation.offending} is out of range: {name} takes "
                f"{count} positional argument{'s' if count != 1 else ''}"
                f"{' (self is bound)' if violation.bound_method else ''}, so jax.jit raises "
                "ValueError when it wraps the function. Count from 0, without self.",
                (related(program, signature.function.site, f"{name} is defined here"),),
            )
