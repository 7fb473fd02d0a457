"""The number of steps given to vmap unbatched (in_axes None): one Python int for all."""
# corpus: label=negative styles=transform,parameter batch=s42

import jax
import jax.numpy as jnp


def halve(carry, _):
    return carry * 0.5, carry


def decay(x, steps):
    final, _ = jax.lax.scan(halve, x, None, length=steps)
    return final


print(jax.vmap(decay, in_axes=(0, None))(jnp.ones(3), 2))
