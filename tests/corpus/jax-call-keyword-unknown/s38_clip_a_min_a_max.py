"""A probability clipped with NumPy's old keyword names inside a jitted loss."""

# corpus: label=positive styles=transform batch=s38

import jax
import jax.numpy as jnp


@jax.jit
def bce(p, y):
    p = jnp.clip(p, a_min=1e-7, a_max=1 - 1e-7)  # expect: jax-call-keyword-unknown
    return -jnp.mean(y * jnp.log(p) + (1 - y) * jnp.log(1 - p))


print(bce(jnp.full(4, 0.5), jnp.ones(4)))
