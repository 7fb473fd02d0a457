# corpus: label=positive styles=parameter batch=c
"""The scale is passed by keyword, so only one positional argument meets two in_axes."""

import jax
import jax.numpy as jnp


def rescale(x, scale):
    return x * scale


def rescale_batch(xs, scale=2.0):
    fn = jax.vmap(rescale, in_axes=(0, None))
    return fn(xs, scale=scale)  # expect: vmap-in-axes-length


print(rescale_batch(jnp.ones((3, 2))))
