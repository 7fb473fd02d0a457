# corpus: label=negative styles=helper batch=s30
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def count_classes(labels, weights):
    return jnp.sum(weights) * labels.shape[0]


def summarize(names):
    vocabulary = sorted(set(names))
    labels = np.array([vocabulary.index(name) for name in names])
    return count_classes(labels, jnp.ones(3))


summarize(["cat", "dog", "cat"])
