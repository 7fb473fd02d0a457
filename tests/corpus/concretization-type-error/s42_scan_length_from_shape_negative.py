"""The number of steps read off an argument's shape, which jit keeps static."""
# corpus: label=negative styles=direct batch=s42

import jax
import jax.numpy as jnp


@jax.jit
def cumulative(x):
    def step(carry, i):
        return carry + x[i], carry

    return jax.lax.scan(step, 0.0, jnp.arange(x.shape[0]), length=x.shape[0])


print(cumulative(jnp.ones(5)))
