# corpus: label=positive styles=parameter batch=c
"""A jitted pad function takes the target length as an ordinary argument."""

import jax
import jax.numpy as jnp


@jax.jit
def pad_to(x, length):
    out = jnp.zeros((length,), dtype=x.dtype)  # expect: traced-shape-argument
    return out.at[: x.shape[0]].set(x)


print(pad_to(jnp.arange(3.0), 8))
