# corpus: label=negative styles=parameter batch=c
"""The optional scale is checked with `is None`, which never converts a tracer to bool."""

import jax
import jax.numpy as jnp


def maybe_scale(x, scale=None):
    if scale is None:
        return x
    return x * scale


@jax.jit
def forward(x, s):
    return maybe_scale(x, scale=s) + maybe_scale(x)


print(forward(jnp.ones(3), jnp.float32(2.0)))
