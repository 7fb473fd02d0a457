"""`np.mean`, `np.sum` and `np.max` hand a JAX array to its own methods, so they trace under jit."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def summary(x):
    return np.mean(x), np.sum(x, axis=0), np.max(x)


summary(jnp.arange(6.0).reshape(2, 3))
