"""The bound comes from the array's shape, which jit knows: half of a traced array."""
# corpus: label=negative styles=direct batch=s31

import jax
import jax.numpy as jnp


@jax.jit
def halves(x):
    half = x.shape[0] // 2
    return x[:half] - x[half:]


print(halves(jnp.arange(10.0)))
