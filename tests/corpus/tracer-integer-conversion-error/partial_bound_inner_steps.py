"""`step = partial(step, n_inner=3)` before `jax.vmap(step)`: the loop count stays a Python int."""
# corpus: label=negative styles=parameter

from functools import partial

import jax
import jax.numpy as jnp


def step(x, n_inner):
    for _ in range(n_inner):
        x = x - 0.1 * jnp.sin(x)
    return x


step = partial(step, n_inner=3)
batched = jax.vmap(step, in_axes=0)
print(batched(jnp.linspace(0.0, 3.0, 4)))
