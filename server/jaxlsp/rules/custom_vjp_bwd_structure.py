"""A custom_vjp `bwd` rule that returns something other than a tuple with one cotangent per
argument of the primal function: a single array, or a tuple of another length.

JAX checks the structure of what `bwd` returns when it runs (under `jax.grad`); this rule
compares the pytree structure the interpreter proves for `bwd`'s return with the primal
call's arguments (less `nondiff_argnums`).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.frames import Called
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import CustomDerivative, Flavour, Site
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class CustomVjpBwdStructure(Rule):
    NAME = "custom-vjp-bwd-structure"
    CODE = "custom-vjp-bwd-output-structure"
    RECORD_ID = "183b504f17fda0be"

    VALID = (
        """
import jax

@jax.custom_vjp
def mul(x, y):
    return x * y

def mul_fwd(x, y):
    return x * y, (x, y)

def mul_bwd(res, g):
    x, y = res
    return y * g, x * g

mul.defvjp(mul_fwd, mul_bwd)
jax.grad(mul)(2.0, 3.0)
""",
    )
    INVALID = (
        """
import jax

@jax.custom_vjp
def mul(x, y):
    return x * y

def mul_fwd(x, y):
    return x * y, (x, y)

def mul_bwd(res, g):
    x, y = res
    return (y * g,)

mul.defvjp(mul_fwd, mul_bwd)
jax.grad(mul)(2.0, 3.0)  # expect: custom-vjp-bwd-output-structure
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[int] = set()
        for called in program.facts.called:
            custom = called.callee
            if not isinstance(custom, CustomDerivative):
                continue
            for violation in called.violations:
                if violation.kind != "bwd-structure" or id(called.site.node) in reported:
                    continue
                reported.add(id(called.site.node))
                yield finding(
                    self,
                    record,
                    program,
                    differentiated_at(called),
                    f"The bwd rule of {custom.describe()} returns {violation.described} "
                    "cotangents (one per argument of the primal call): JAX raises TypeError "
                    "when the gradient runs. Return a tuple with one entry per argument (None "
                    "for one without a gradient).",
                    (related(program, custom.site, f"{custom.describe()} is defined here"),),
                )


def differentiated_at(called: Called) -> Site:
    """Where the error surfaces: the transform that differentiates the call (``jax.grad``),
    when known, else the call of the custom_vjp function."""
    trace = called.frame.under(Flavour.DIFFERENTIATED)
    return trace.site if trace is not None and trace.site is not None else called.site
