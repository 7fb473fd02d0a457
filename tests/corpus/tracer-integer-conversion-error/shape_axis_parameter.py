"""`x.shape[axis]` where `axis` is an ordinary (traced) parameter of the jitted function."""
# corpus: label=positive styles=parameter

import jax
import jax.numpy as jnp


def standardize(x, axis=0):
    n = x.shape[axis]  # expect: tracer-integer-conversion-error
    mean = jnp.sum(x, axis=axis, keepdims=True) / n
    centred = x - mean
    return centred / jnp.sqrt(jnp.sum(centred**2, axis=axis, keepdims=True) / n)


standardize_jit = jax.jit(standardize)
data = jnp.arange(12.0).reshape(3, 4)
standardize_jit(data, 1)
