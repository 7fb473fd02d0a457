"""A negative static index (-3) that points before the first of the two parameters."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp


def pad_to(x, size):
    return jnp.pad(x, (0, size - x.shape[0]))


def jit_with_static_last(fn, count_from_end=3):
    return jax.jit(fn, static_argnums=-count_from_end)  # expect: jit-static-argnums-out-of-range


pad = jit_with_static_last(pad_to)
print(pad(jnp.ones(3), 5))
