"""A custom_jvp rule whose tangent output has another shape than its primal output.

JAX checks the pair the rule returns when it runs (under `jax.grad`, `jax.jvp`...): each
tangent must have the shape (and the tangent dtype) of its primal output, else it raises
TypeError at the call of the custom_jvp function.  The interpreter runs the rule with tangents
of the primals' shapes, and this rule reports a tangent whose shape surely differs.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.values import CustomDerivative
from jaxlsp.rules._custom_rules import CustomDerivativeRule


class CustomJvpTangentTypeMismatch(CustomDerivativeRule):
    NAME = "custom-jvp-tangent-type-mismatch"
    FORMER_NAMES = ("custom-jvp-tangent-shape",)
    CODE = "custom-jvp-tangent-type-mismatch"
    RECORD_ID = "283c17168943e9f5"
    KIND = "jvp-tangent-shape"
    AT_DIFFERENTIATION = False

    VALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def log1pexp(x):
    return jnp.log1p(jnp.exp(x)).sum()

@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return log1pexp(x), jnp.sum(jax.nn.sigmoid(x) * x_dot)

jax.grad(log1pexp)(jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def log1pexp(x):
    return jnp.log1p(jnp.exp(x)).sum()

@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return log1pexp(x), jax.nn.sigmoid(x) * x_dot

jax.grad(log1pexp)(jnp.ones(3))  # expect: custom-jvp-tangent-type-mismatch
""",
    )

    def message(self, custom: CustomDerivative, violation: Violation) -> str:
        return (
            f"The JVP rule of {custom.describe()} returns {violation.described}: JAX "
            "raises TypeError when the rule runs, as each tangent must have its primal "
            "output's shape. Reduce or broadcast the tangent as the primal output is "
            "(a `sum` in the primal needs one in the tangent)."
        )
