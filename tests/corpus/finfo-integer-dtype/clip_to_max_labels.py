"""A helper clips values to the largest float of their dtype, and is given integer labels."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp


def clip_to_range(x):
    top = jnp.finfo(x.dtype).max  # expect: finfo-integer-dtype
    return jnp.clip(x, -top, top)


clip_to_range(jnp.arange(10))
