"""The cache allocator jitted with its sizes static and called by keyword: the shapes are ints."""
# corpus: label=negative styles=parameter

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("batch", "length", "dim"))
def init_cache(batch, length, dim=16):
    return {
        "k": jnp.zeros((batch, length, dim)),
        "v": jnp.zeros((batch, length, dim)),
    }


cache = init_cache(batch=2, length=32)
