# corpus: label=negative styles=parameter batch=c
"""in_axes covers the one positional argument; the extra argument goes by keyword (keyword
arguments are mapped over axis 0)."""

import jax
import jax.numpy as jnp


def rescale(x, scale):
    return x * scale


def rescale_batch(xs, scales):
    fn = jax.vmap(rescale, in_axes=(0,))
    return fn(xs, scale=scales)


print(rescale_batch(jnp.ones((3, 2)), jnp.arange(3.0)[:, None]))
