# corpus: label=positive styles=attribute,return batch=c
"""A factory wraps a function in jax.custom_vjp meaning to register rules later; the caller
uses it straight away."""

import jax
import jax.numpy as jnp


def straight_through(fn):
    wrapped = jax.custom_vjp(fn)  # expect: custom-vjp-without-defvjp
    return wrapped


binarize = straight_through(lambda x: jnp.where(x > 0, 1.0, -1.0))


def encode(weights, x):
    return binarize(x @ weights)


print(encode(jnp.eye(3), jnp.array([[0.5, -0.2, 0.1]])))
