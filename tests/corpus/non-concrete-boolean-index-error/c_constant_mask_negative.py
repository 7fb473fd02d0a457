# corpus: label=negative styles=parameter batch=c
"""The mask is a NumPy constant built outside jit, so it is concrete inside the jitted step."""

import jax
import jax.numpy as jnp
import numpy as np

TRAINABLE = np.array([True, False, True, True])


def select(x, mask):
    return x[mask]


@jax.jit
def trainable_norm(params):
    return jnp.linalg.norm(select(params, TRAINABLE))


print(trainable_norm(jnp.arange(4.0)))
