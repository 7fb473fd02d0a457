"""Calls a function chosen by a test of its argument's rank after the if that chose it."""

# corpus: label=negative styles=helper,transform batch=s40
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def point(x):
    return jnp.exp(-x)


def vector(x):
    return jax.vmap(point, in_axes=0)(x)


def factory(shape):
    if len(shape) < 1:
        fn = point
    else:
        fn = vector
    return lambda *args: fn(*args)


@partial(jax.jit, static_argnums=(1,))
def pdf(x, shape):
    return factory(shape)(x)


shape = tuple(np.atleast_1d(np.asarray(1.5)).shape[1:])
print(pdf(jnp.asarray(1.5), shape))
