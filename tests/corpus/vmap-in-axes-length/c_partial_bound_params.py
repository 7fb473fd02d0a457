# corpus: label=positive styles=parameter,return batch=c
"""The params are bound with functools.partial, but in_axes still has an entry for them."""

from functools import partial

import jax
import jax.numpy as jnp


def predict(params, x, mask):
    return (x @ params["w"]) * mask


params = {"w": jnp.ones((3, 2))}
xs = jnp.ones((5, 3))
masks = jnp.ones((5, 2))
batched = jax.vmap(partial(predict, params), in_axes=(None, 0, 0))  # expect: vmap-in-axes-length
print(batched(xs, masks).shape)
