"""A ``@jax.custom_jvp`` function called before (or without) ``defjvp`` registers its rule:
calling it raises AttributeError (the family: ``_custom_rule_missing``)."""

from __future__ import annotations

from jaxlsp.rules._custom_rule_missing import CustomRuleMissing


class CustomJvpWithoutDefjvp(CustomRuleMissing):
    """A ``@jax.custom_jvp`` function called, but its ``defjvp(rule)`` is never registered."""

    NAME = "custom-jvp-without-defjvp"
    CODE = "custom-jvp-without-defjvp"
    RECORD_ID = "f69e4addb04f1e2d"
    API = "jax.custom_jvp"
    REGISTER = "defjvp"

    VALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def soft(x):
    return jnp.tanh(x)

@soft.defjvp
def soft_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.tanh(x)
    return y, (1 - y**2) * t

jax.grad(soft)(1.0)
""",
        # jit traces when the jitted function is called: the rule is registered by then
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def soft_sign(x):
    return x / (1 + jnp.abs(x))

step = jax.jit(lambda v: soft_sign(v) * 2.0)

@soft_sign.defjvp
def soft_sign_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return soft_sign(x), t / (1 + jnp.abs(x)) ** 2

step(jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def clip_gradient(x):  # expect: custom-jvp-without-defjvp
    return jnp.clip(x, -1.0, 1.0)

def loss(x):
    return clip_gradient(x) ** 2

jax.grad(loss)(0.5)
""",
        # called before the rule below is registered
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def soft_sign(x):  # expect: custom-jvp-without-defjvp
    return x / (1 + jnp.abs(x))

y = soft_sign(jnp.ones(3))

@soft_sign.defjvp
def soft_sign_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return soft_sign(x), t / (1 + jnp.abs(x)) ** 2
""",
    )
