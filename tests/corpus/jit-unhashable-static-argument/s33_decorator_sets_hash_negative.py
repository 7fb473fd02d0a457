"""A class decorator that sets __hash__ after the body's __eq__ made it None: the instance hashes."""

# corpus: label=negative styles=method,parameter batch=s33
import functools

import jax
import jax.numpy as jnp


def hash_by_identity(cls):
    cls.__hash__ = object.__hash__
    return cls


@hash_by_identity
class Scaler:
    def __init__(self, scale):
        self.scale = scale

    def __eq__(self, other):
        return self is other


@functools.partial(jax.jit, static_argnums=(0,))
def apply(scaler, x):
    return x * scaler.scale


apply(Scaler(2.0), jnp.ones(3))
