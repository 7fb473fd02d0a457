"""Python branches on static facts under jit: the input's rank and shape, and `mask is None`."""
# corpus: label=negative styles=parameter

import jax
import jax.numpy as jnp


@jax.jit
def pool(x, mask=None):
    if x.ndim == 1:
        x = x[None, :]
    if mask is None:
        mask = jnp.ones(x.shape, dtype=bool)
    if x.shape[0] > 1 and x.shape[1] > 1:
        return jnp.sum(jnp.where(mask, x, 0.0), axis=0)
    return x[0]


pool(jnp.arange(6.0).reshape(2, 3))
pool(jnp.arange(3.0), mask=jnp.array([True, False, True]))
