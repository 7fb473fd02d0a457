"""A custom_vjp `bwd` rule that returns something other than a tuple with one cotangent per
argument of the primal function: a single array, or a tuple of another length.

JAX checks the structure of what `bwd` returns when it runs (under `jax.grad`); this rule
compares the pytree structure the interpreter proves for `bwd`'s return with the primal
call's arguments (less `nondiff_argnums`).
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.values import CustomDerivative
from jaxlsp.rules._custom_rules import CustomDerivativeRule


class CustomVjpBwdOutputStructure(CustomDerivativeRule):
    NAME = "custom-vjp-bwd-output-structure"
    FORMER_NAMES = ("custom-vjp-bwd-structure",)
    CODE = "custom-vjp-bwd-output-structure"
    RECORD_ID = "183b504f17fda0be"
    KIND = "bwd-structure"

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

    def message(self, custom: CustomDerivative, violation: Violation) -> str:
        return (
            f"The bwd rule of {custom.describe()} returns {violation.described} "
            "cotangents (one per argument of the primal call): JAX raises TypeError "
            "when the gradient runs. Return a tuple with one entry per argument (None "
            "for one without a gradient)."
        )
