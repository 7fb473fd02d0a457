# corpus: label=negative styles=helper,parameter batch=c
"""The compiled function takes *args, so any static position is accepted."""

import jax
import jax.numpy as jnp


def compiled(fn, *static_positions):
    return jax.jit(fn, static_argnums=static_positions)


def pool(x, *windows):
    return sum(x.reshape(-1, w).mean(axis=1).sum() for w in windows)


fast_pool = compiled(pool, 1, 2)
print(fast_pool(jnp.arange(8.0), 2, 4))
