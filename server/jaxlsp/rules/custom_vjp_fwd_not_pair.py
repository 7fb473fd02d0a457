"""A custom_vjp ``fwd`` that returns one value where JAX wants ``(primal_out, residuals)``:
differentiating the function raises TypeError (the family: ``_custom_rule_not_pair``)."""

from __future__ import annotations

from jaxlsp.rules._custom_rule_not_pair import CustomRuleNotPair


class CustomVjpFwdNotPair(CustomRuleNotPair):
    """A custom_vjp ``fwd`` that returns one value instead of ``(primal_out, residuals)``."""

    NAME = "custom-vjp-fwd-not-pair"
    FORMER_NAMES = ("custom-vjp-fwd-single-output",)
    CODE = "custom-vjp-fwd-not-pair"
    RECORD_ID = "9ef5cad4a1f38380"
    API = "jax.custom_vjp"
    ROLE = "fwd"
    WHAT = "a pair (primal_out, residuals)"

    VALID = (
        """
import jax

@jax.custom_vjp
def square(x):
    return x * x

square.defvjp(lambda x: (x * x, x), lambda x, g: (2 * x * g,))
jax.grad(square)(3.0)
""",
    )
    INVALID = (
        """
import jax

@jax.custom_vjp
def square(x):
    return x * x

def square_fwd(x):
    return x * x  # expect: custom-vjp-fwd-not-pair

def square_bwd(x, g):
    return (2 * x * g,)

square.defvjp(square_fwd, square_bwd)
jax.grad(square)(3.0)
""",
    )
