"""The nested Python `if` on an array runs only when `previous is None`; the jitted call passes an array."""
# corpus: label=negative styles=parameter
# realcode: cause H

import jax
import jax.numpy as jnp


@jax.jit
def f(x, previous):
    if previous is None:
        if jnp.all(x < 3.0):
            return x * 2
    return x


f(jnp.ones(3), jnp.zeros(3))
