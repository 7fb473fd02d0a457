# corpus: label=positive styles=helper,parameter batch=c
"""A layer initialiser draws the weights and the bias from the same key."""

import jax
import jax.numpy as jnp


def init_linear(key, n_in, n_out, bias_scale=0.01):
    w = jax.random.normal(key, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)
    b = jax.random.normal(key, (n_out,)) * bias_scale  # expect: key-reuse-error
    return {"w": w, "b": b}


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [init_linear(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


jax.config.update("jax_debug_key_reuse", True)
try:
    params = init_mlp(jax.random.key(0), [4, 8, 2])
finally:
    jax.config.update("jax_debug_key_reuse", False)
