# corpus: label=negative styles=parameter batch=c
"""The pad length is a static argument, so the shape is a Python int."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def pad_to(x, length):
    out = jnp.zeros((length,), dtype=x.dtype)
    return out.at[: x.shape[0]].set(x)


print(pad_to(jnp.arange(3.0), 8))
