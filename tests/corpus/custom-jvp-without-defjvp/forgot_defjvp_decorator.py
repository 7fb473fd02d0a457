"""The jvp rule is written but never registered: the `@safe_log.defjvp` decorator was left off."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_log(x):  # expect: custom-jvp-without-defjvp
    return jnp.log(jnp.maximum(x, 1e-12))


def safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log(x), jnp.where(x > 1e-12, t / x, 0.0)


def entropy(p):
    return -jnp.sum(p * safe_log(p))


print(jax.grad(entropy)(jnp.array([0.2, 0.3, 0.5])))
