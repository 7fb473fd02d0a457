"""A donated argument is used again after the call that consumed it.

`donate_argnums=0` lets XLA reuse `params`'s memory for the output, so JAX deletes `params`
after the first call; the second call reads a deleted array.
"""

import jax
import jax.numpy as jnp


@jax.jit
def scale(x):
    return x * 2.0


step = jax.jit(lambda p: p - 0.1, donate_argnums=0)
params = jnp.ones(4)
new_params = step(params)
print(scale(params))
