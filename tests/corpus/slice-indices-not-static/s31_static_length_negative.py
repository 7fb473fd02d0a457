"""The same prefix with `n` static: jit sees a Python int, and the slice's size is known."""
# corpus: label=negative styles=direct batch=s31

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="n")
def first(x, n):
    return x[:n]


print(first(jnp.arange(10.0), n=5))
