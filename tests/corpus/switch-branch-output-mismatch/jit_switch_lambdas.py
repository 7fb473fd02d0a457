"""A jitted scheduler whose warm-up branch returns a vector of rates."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def learning_rate(phase, step):
    schedules = [
        lambda s: jnp.linspace(0.0, 1e-3, 10),
        lambda s: 1e-3 * jnp.ones(()),
        lambda s: 1e-4 * jnp.ones(()),
    ]
    return lax.switch(phase, schedules, step)  # expect: switch-branch-output-mismatch


print(learning_rate(1, 3.0))
