"""A decorator factory runs the wrapped function under a promotion level, given by a default parameter spelled `"Strict"`."""
# corpus: label=positive styles=parameter,transform batch=s26

import functools

import jax
import jax.numpy as jnp


def with_promotion(level="Strict"):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with jax.numpy_dtype_promotion(level):  # expect: numpy-dtype-promotion-unknown
                return fn(*args, **kwargs)

        return wrapper

    return decorate


@with_promotion()
def scale(x, s):
    return x * s


print(scale(jnp.ones(3), jnp.float32(2.0)))
