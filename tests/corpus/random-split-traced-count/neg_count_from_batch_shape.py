"""A jitted step splits one key per example, counting the examples with the batch's shape (static under jit)."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp


def per_example_keys(key, batch):
    return jax.random.split(key, batch.shape[0])


@jax.jit
def noisy(key, batch):
    keys = per_example_keys(key, batch)
    return batch + jax.vmap(lambda k: jax.random.normal(k, (batch.shape[1],)))(keys)


print(noisy(jax.random.key(0), jnp.ones((5, 3))).shape)
