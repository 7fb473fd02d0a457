"""``jax.jit(f, static_argnames="name")`` (or ``donate_argnames``) where f has no parameter
``name`` (and no ``**kwargs``): jit checks the names when it wraps f."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class JitStaticArgnamesUnknown(Rule):
    NAME = "jit-static-argnames-unknown"
    CODE = "jit-static-argnames-unknown"
    RECORD_ID = "12e757f02cc6b46f"

    VALID = (
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames=("training",))
def apply(x, *, training=False):
    return x * 0.5 if training else x

def step(x, **options):
    return x

apply(jnp.ones(2), training=True)
jax.jit(step, static_argnames="anything")(jnp.ones(2))
""",
    )
    INVALID = (
        """
from functools import partial
import jax

@partial(jax.jit, static_argnames=("train",))  # expect: jit-static-argnames-unknown
def apply(x, training=False):
    return x * 0.5 if training else x
""",
        # a partial's fixed argument is no longer a parameter
        """
import jax
from functools import partial

def scale(factor, x):
    return factor * x

double = jax.jit(  # expect: jit-static-argnames-unknown
    partial(scale, 2.0), static_argnames="factor"
)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for made, violation in program.wrap_violations("argnames"):
            signature = violation.signature
            name = signature.function.describe()
            known = ", ".join(signature.names) or "none"
            yield finding(
                self,
                record,
                program,
                made.site,
                f"{violation.option} names `{violation.offending}`, but {name} has no such "
                f"parameter (its parameters: {known}): jax.jit raises ValueError when it "
                "wraps the function. Spell the parameter's name.",
                (related(program, signature.function.site, f"{name} is defined here"),),
            )
