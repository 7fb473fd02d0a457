"""Minibatch indices drawn from a dataset, the batch size passed in as an int."""

# corpus: label=positive styles=parameter batch=s40

import jax
import jax.numpy as jnp


def minibatch(key, data, batch_size):
    n = data.shape[0]
    idx = jax.random.choice(key, n, shape=batch_size)  # expect: random-choice-shape-not-sequence
    return data[idx]


data = jnp.arange(40.0).reshape(20, 2)
batch = minibatch(jax.random.key(0), data, 8)
