"""A jitted activation that chooses its branch with a comparison of its input."""

# corpus: label=positive styles=parameter batch=s37

import jax
import jax.numpy as jnp


@jax.jit
def leaky(x, threshold):
    branches = [lambda v: 0.1 * v, lambda v: v]
    return jax.lax.switch(x.sum() > threshold, branches, x)  # expect: switch-index-not-integer


leaky(jnp.ones(4), 0.0)
