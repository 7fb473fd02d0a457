"""A jitted top-k keeps a fraction of the entries: `int(frac * n)` of a traced `frac`."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def keep_top(x, frac):
    k = int(frac * x.shape[0])  # expect: concretization-type-error
    values, _ = lax.top_k(x, k)
    return values


keep_top(jnp.arange(10.0), 0.3)
