# corpus: label=positive styles=transform batch=s30
import jax
import jax.numpy as jnp
import numpy as np

SCALES = np.array([0.5, 1.0, 2.0])


def scaled(level, x):
    return x * SCALES[level]  # expect: tracer-array-conversion-error


jax.vmap(scaled)(jnp.array([0, 1, 2]), jnp.ones(3))
