"""A jitted step counts the classes of a NumPy label array it closes over with jnp.unique."""
# corpus: label=positive styles=helper batch=s35

import jax
import jax.numpy as jnp
import numpy as np

LABELS = np.array([0, 2, 2, 1, 0])


def class_count():
    return jnp.unique(LABELS).shape[0]  # expect: concretization-type-error


@jax.jit
def normalised(scores):
    return scores / class_count()


print(normalised(jnp.ones(5)))
