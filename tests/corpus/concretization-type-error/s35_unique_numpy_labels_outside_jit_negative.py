"""The class count is computed once, outside the jitted step, and closed over as an int."""
# corpus: label=negative styles=helper batch=s35

import jax
import jax.numpy as jnp
import numpy as np

LABELS = np.array([0, 2, 2, 1, 0])


def class_count():
    return jnp.unique(LABELS).shape[0]


COUNT = class_count()


@jax.jit
def normalised(scores):
    return scores / COUNT


print(normalised(jnp.ones(5)))
