"""The same decorator factory with the level spelled `"strict"`, one of the two JAX knows."""
# corpus: label=negative styles=parameter,transform batch=s26

import functools

import jax
import jax.numpy as jnp


def with_promotion(level="strict"):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with jax.numpy_dtype_promotion(level):
                return fn(*args, **kwargs)

        return wrapper

    return decorate


@with_promotion()
def scale(x, s):
    return x * s


print(scale(jnp.ones(3), jnp.float32(2.0)))
