"""A helper adds Gaussian noise to a batch, given the per-example keys split for it."""
# corpus: label=positive styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp


def add_noise(batch, keys, scale=0.1):
    noise = jax.random.normal(keys, batch.shape)  # expect: random-batched-key
    return batch + scale * noise


batch = jnp.ones((4, 3))
keys = jax.random.split(jax.random.key(0), batch.shape[0])
print(add_noise(batch, keys).shape)
