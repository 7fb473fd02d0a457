"""The top-k fraction passed as a static argument: `int(frac * n)` is plain Python arithmetic."""
# corpus: label=negative styles=parameter

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@partial(jax.jit, static_argnames="frac")
def keep_top(x, frac):
    k = int(frac * x.shape[0])
    values, _ = lax.top_k(x, k)
    return values


keep_top(jnp.arange(10.0), frac=0.3)
