"""A functools.wraps logging decorator under jit, around a function with a Python if on its input."""

# corpus: label=positive styles=transform,return
import functools

import jax
import jax.numpy as jnp


def logged(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)

    return inner


@jax.jit
@logged
def normalize(x):
    if jnp.any(x < 0):  # expect: tracer-bool-conversion-error
        x = x - x.min()
    return x / x.sum()


normalize(jnp.arange(3.0))
