"""A custom_vjp `bwd` rule that returns a cotangent of another shape than the primal argument
it belongs to.

JAX checks each cotangent `bwd` returns against its argument's type when the gradient runs
and raises ValueError.  The interpreter runs `bwd` with a cotangent of the primal output's
shape, and this rule reports an entry of `bwd`'s output whose shape surely differs from its
float argument's (an integer argument's cotangent is not checked; `None` stands for zeros).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import CustomDerivative
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.rules.custom_vjp_bwd_structure import differentiated_at


class CustomVjpBwdShape(Rule):
    NAME = "custom-vjp-bwd-shape"
    CODE = "custom-vjp-bwd-shape-mismatch"
    RECORD_ID = "d3897e49ff28413a"

    VALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def total(x):
    return x.sum()

def total_fwd(x):
    return x.sum(), x.shape

def total_bwd(shape, g):
    return (jnp.broadcast_to(g, shape),)

total.defvjp(total_fwd, total_bwd)
jax.grad(total)(jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def total(x):
    return x.sum()

def total_fwd(x):
    return x.sum(), None

def total_bwd(_, g):
    return (jnp.ones(4) * g,)

total.defvjp(total_fwd, total_bwd)
jax.grad(total)(jnp.ones(3))  # expect: custom-vjp-bwd-shape-mismatch
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[int] = set()
        for called in program.facts.called:
            custom = called.callee
            if not isinstance(custom, CustomDerivative):
                continue
            for violation in called.violations:
                if violation.kind != "bwd-shape" or id(called.site.node) in reported:
                    continue
                reported.add(id(called.site.node))
                yield finding(
                    self,
                    record,
                    program,
                    differentiated_at(called),
                    f"The bwd rule of {custom.describe()} returns {violation.described}: JAX "
                    "raises ValueError when the gradient runs, as each cotangent must have its "
                    "argument's shape and dtype. Broadcast it to the argument's shape "
                    "(`jnp.broadcast_to(g, x.shape)`, keeping `x.shape` as a residual), or sum "
                    "over the axes the primal broadcast.",
                    (related(program, custom.site, f"{custom.describe()} is defined here"),),
                )
