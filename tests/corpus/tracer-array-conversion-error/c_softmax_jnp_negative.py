# corpus: label=negative styles=helper batch=c
"""The softmax helper uses jax.numpy, and only NumPy's static shape arithmetic remains."""

import jax
import jax.numpy as jnp
import numpy as np


def softmax(z):
    e = jnp.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


@jax.jit
def cross_entropy(w, x, labels):
    probs = softmax(x @ w)
    n = int(np.prod(labels.shape))
    return -jnp.sum(jnp.log(probs[jnp.arange(n), labels])) / n


print(cross_entropy(jnp.ones((3, 4)), jnp.ones((2, 3)), jnp.array([0, 3])))
