# corpus: label=positive styles=helper,parameter batch=c
"""A helper jits every model function with the project's list of static flags; this one has
no 'deterministic' flag."""

import jax
import jax.numpy as jnp

STATIC_FLAGS = ("training", "deterministic")


def jit_model_fn(fn, static=STATIC_FLAGS):
    return jax.jit(fn, static_argnames=static)  # expect: jit-static-argnames-unknown


def dropout_forward(params, x, training=False):
    h = x @ params
    return h * 0.5 if training else h


forward = jit_model_fn(dropout_forward)
print(forward(jnp.eye(2), jnp.ones((1, 2)), training=True))
