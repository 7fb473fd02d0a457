"""A jitted function keeps the first `n` entries, with `n` an ordinary argument."""
# corpus: label=positive styles=direct batch=s31

import jax
import jax.numpy as jnp


@jax.jit
def first(x, n):
    return x[:n]  # expect: slice-indices-not-static


print(first(jnp.arange(10.0), 5))
