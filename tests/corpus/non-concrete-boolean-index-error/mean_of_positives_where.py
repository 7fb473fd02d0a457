"""The positive-mean written with `jnp.where` and a count: no boolean indexing under jit."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


@jax.jit
def mean_positive(x):
    positive = x > 0
    total = jnp.where(positive, x, 0.0).sum()
    return total / jnp.maximum(positive.sum(), 1)


mean_positive(jnp.array([-1.0, 2.0, 3.0, -0.5]))
