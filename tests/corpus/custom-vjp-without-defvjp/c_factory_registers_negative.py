# corpus: label=negative styles=attribute,return batch=c
"""The factory registers a straight-through backward rule before it returns the op."""

import jax
import jax.numpy as jnp


def straight_through(fn):
    wrapped = jax.custom_vjp(fn)
    wrapped.defvjp(lambda x: (fn(x), None), lambda _, g: (g,))
    return wrapped


binarize = straight_through(lambda x: jnp.where(x > 0, 1.0, -1.0))


def encode(weights, x):
    return binarize(x @ weights)


x = jnp.array([[0.5, -0.2, 0.1]])
print(encode(jnp.eye(3), x), jax.grad(lambda w: encode(w, x).sum())(jnp.eye(3)))
