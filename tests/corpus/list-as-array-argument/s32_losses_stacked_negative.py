"""The two loss terms are stacked into an array before they are summed."""
# corpus: label=negative styles=direct batch=s32

import jax.numpy as jnp

pred = jnp.ones(4)
target = jnp.zeros(4)
losses = [jnp.mean((pred - target) ** 2), 0.01 * jnp.sum(pred**2)]
print(jnp.sum(jnp.stack(losses)))
