"""lax.add of a float32 array and a NumPy float64 array, which JAX converts to float32."""
# corpus: label=negative styles=direct,helper

import jax.numpy as jnp
import numpy as np
from jax import lax


def shift(x, offsets):
    return lax.add(x, offsets)


shift(jnp.ones(3), np.linspace(0.0, 1.0, 3))
