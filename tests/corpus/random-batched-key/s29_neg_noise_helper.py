"""A helper adds Gaussian noise to a batch, mapping the sampler over the per-example keys."""
# corpus: label=negative styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp


def add_noise(batch, keys, scale=0.1):
    noise = jax.vmap(lambda k, row: jax.random.normal(k, row.shape))(keys, batch)
    return batch + scale * noise


batch = jnp.ones((4, 3))
keys = jax.random.split(jax.random.key(0), batch.shape[0])
print(add_noise(batch, keys).shape)
