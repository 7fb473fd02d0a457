# corpus: label=positive styles=parameter,helper batch=c
"""An array-API style helper takes the array module as a parameter, defaulting to NumPy; the
jitted caller does not pass jnp."""

import jax
import jax.numpy as jnp
import numpy as np


def l2_normalize(x, axis=-1, xp=np):
    sq = (x * x).sum(axis=axis, keepdims=True)
    return x / xp.sqrt(sq + 1e-12)  # expect: tracer-array-conversion-error


@jax.jit
def embed(tokens, table):
    return l2_normalize(table[tokens])


print(embed(jnp.array([0, 2]), jnp.arange(12.0).reshape(4, 3)))
