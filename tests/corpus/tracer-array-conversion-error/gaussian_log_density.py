"""A jitted log-density calls `np.square` on its traced argument."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def log_density(x, mu, sigma):
    z = (x - mu) / sigma
    quad = np.square(z)  # expect: tracer-array-conversion-error
    return -0.5 * quad - jnp.log(sigma) - 0.5 * np.log(2 * np.pi)


print(log_density(jnp.linspace(-1.0, 1.0, 3), 0.0, 1.0))
