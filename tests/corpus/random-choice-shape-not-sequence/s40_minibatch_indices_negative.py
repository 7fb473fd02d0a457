"""The same minibatch, the batch size given as a one-dimensional shape."""

# corpus: label=negative styles=parameter batch=s40

import jax
import jax.numpy as jnp


def minibatch(key, data, batch_size):
    n = data.shape[0]
    idx = jax.random.choice(key, n, shape=(batch_size,))
    return data[idx]


data = jnp.arange(40.0).reshape(20, 2)
batch = minibatch(jax.random.key(0), data, 8)
