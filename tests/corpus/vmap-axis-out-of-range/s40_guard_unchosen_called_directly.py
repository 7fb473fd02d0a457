"""Calls the vector function on a scalar after an if that chose by the rank (the choice unused)."""

# corpus: label=positive styles=helper,transform batch=s40
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def point(x):
    return jnp.exp(-x)


def vector(x):
    return jax.vmap(point, in_axes=0)(x)  # expect: vmap-axis-out-of-range


def factory(shape):
    if len(shape) < 1:
        fn = point
    else:
        fn = vector
    return lambda *args: vector(*args) if fn else None


@partial(jax.jit, static_argnums=(1,))
def pdf(x, shape):
    return factory(shape)(x)


shape = tuple(np.atleast_1d(np.asarray(1.5)).shape[1:])
print(pdf(jnp.asarray(1.5), shape))
