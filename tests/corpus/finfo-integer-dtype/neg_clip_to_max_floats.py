"""A helper clips values to the largest float of their dtype, given floats."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp


def clip_to_range(x):
    top = jnp.finfo(x.dtype).max
    return jnp.clip(x, -top, top)


clip_to_range(jnp.linspace(0.0, 1.0, 10))
