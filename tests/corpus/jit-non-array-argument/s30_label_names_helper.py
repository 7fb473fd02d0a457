# corpus: label=positive styles=helper batch=s30
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def count_classes(labels, weights):
    return jnp.sum(weights) * labels.shape[0]


def summarize(names):
    labels = np.array(names)
    return count_classes(labels, jnp.ones(3))  # expect: jit-non-array-argument


summarize(["cat", "dog", "cat"])
