"""A custom_vjp `bwd` rule that returns a cotangent of another shape than the primal argument
it belongs to.

JAX checks each cotangent `bwd` returns against its argument's type when the gradient runs
and raises ValueError.  The interpreter runs `bwd` with a cotangent of the primal output's
shape, and this rule reports an entry of `bwd`'s output whose shape surely differs from its
float argument's (an integer argument's cotangent is not checked; `None` stands for zeros).
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.values import CustomDerivative
from jaxlsp.rules._custom_rules import CustomDerivativeRule


class CustomVjpBwdShapeMismatch(CustomDerivativeRule):
    NAME = "custom-vjp-bwd-shape-mismatch"
    FORMER_NAMES = ("custom-vjp-bwd-shape",)
    CODE = "custom-vjp-bwd-shape-mismatch"
    RECORD_ID = "d3897e49ff28413a"
    KIND = "bwd-shape"

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

    def message(self, custom: CustomDerivative, violation: Violation) -> str:
        return (
            f"The bwd rule of {custom.describe()} returns {violation.described}: JAX "
            "raises ValueError when the gradient runs, as each cotangent must have its "
            "argument's shape and dtype. Broadcast it to the argument's shape "
            "(`jnp.broadcast_to(g, x.shape)`, keeping `x.shape` as a residual), or sum "
            "over the axes the primal broadcast."
        )
