# corpus: label=negative styles=helper,parameter batch=c
"""The jitted function forwards **kwargs, so jit accepts any static name."""

import jax
import jax.numpy as jnp

STATIC_FLAGS = ("training", "deterministic")


def jit_model_fn(fn, static=STATIC_FLAGS):
    return jax.jit(fn, static_argnames=static)


def dropout_forward(params, x, training=False, **unused):
    h = x @ params
    return h * 0.5 if training else h


forward = jit_model_fn(dropout_forward)
print(forward(jnp.eye(2), jnp.ones((1, 2)), training=True, deterministic=False))
