"""A dataset made with NumPy by a helper, one target per example, mapped by vmap."""
# corpus: label=negative styles=helper,return batch=e

import jax
import jax.numpy as jnp
import numpy as np


def make_dataset(n, features):
    inputs = np.random.randn(n, features)
    targets = np.zeros(n)
    return inputs, targets


def squared_error(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


w = jnp.ones(3)
xs, ys = make_dataset(16, 3)
jax.vmap(squared_error, in_axes=(None, 0, 0))(w, xs, ys)
