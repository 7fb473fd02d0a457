"""A jitted statistic selects the positive entries with `x[x > 0]`."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


@jax.jit
def mean_positive(x):
    return x[x > 0].mean()  # expect: non-concrete-boolean-index-error


mean_positive(jnp.array([-1.0, 2.0, 3.0, -0.5]))
