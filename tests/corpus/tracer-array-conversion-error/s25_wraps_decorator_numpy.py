"""A logging decorator built with functools.wraps wraps a loss that uses np.square; the decorated loss is differentiated."""
# corpus: label=positive styles=helper,transform batch=s25

import functools

import jax
import jax.numpy as jnp
import numpy as np


def logged(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        out = fn(*args, **kwargs)
        return out

    return inner


@logged
def loss(w, x):
    return np.square(x @ w).sum()  # expect: tracer-array-conversion-error


print(jax.grad(loss)(jnp.ones(3), jnp.ones((2, 3))))
