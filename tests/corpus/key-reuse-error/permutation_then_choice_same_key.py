"""A batch sampler permutes the indices and then picks a subset with the same key: a bug."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp


def sample_batch(key, data, size):
    order = jax.random.permutation(key, data.shape[0])
    picked = jax.random.choice(key, order, (size,), replace=False)  # expect: key-reuse-error
    return data[picked]


with jax.debug_key_reuse(True):
    sample_batch(jax.random.key(0), jnp.ones((12, 2)), 4)
