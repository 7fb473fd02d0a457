"""A custom_jvp rule that returns one value where JAX wants ``(primal_out, tangent_out)``:
differentiating the function raises TypeError (the family: ``_custom_rule_not_pair``)."""

from __future__ import annotations

from jaxlsp.rules._custom_rule_not_pair import CustomRuleNotPair


class CustomJvpRuleNotPair(CustomRuleNotPair):
    """A custom_jvp rule that returns one value instead of ``(primal_out, tangent_out)``."""

    NAME = "custom-jvp-rule-not-pair"
    FORMER_NAMES = ("custom-jvp-rule-single-output",)
    CODE = "custom-jvp-rule-not-pair"
    RECORD_ID = "b84ffaead88375b5"
    API = "jax.custom_jvp"
    ROLE = "jvp"
    WHAT = "a pair (primal_out, tangent_out)"

    VALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def f(x):
    return jnp.sin(x)

@f.defjvp
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.sin(x), jnp.cos(x) * t

jax.grad(f)(1.0)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def f(x):
    return jnp.sin(x)

@f.defjvp
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.cos(x) * t  # expect: custom-jvp-rule-not-pair

jax.grad(f)(1.0)
""",
    )
