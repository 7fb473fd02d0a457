# corpus: label=positive styles=helper batch=c
"""A NumPy softmax helper left over from a prototype is called in the jitted loss."""

import jax
import jax.numpy as jnp
import numpy as np


def softmax(z):
    e = np.exp(z - z.max(axis=-1, keepdims=True))  # expect: tracer-array-conversion-error
    return e / e.sum(axis=-1, keepdims=True)


@jax.jit
def cross_entropy(w, x, labels):
    probs = softmax(x @ w)
    return -jnp.mean(jnp.log(probs[jnp.arange(labels.shape[0]), labels]))


print(cross_entropy(jnp.ones((3, 4)), jnp.ones((2, 3)), jnp.array([0, 3])))
