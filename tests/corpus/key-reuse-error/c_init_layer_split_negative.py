# corpus: label=negative styles=helper,parameter batch=c
"""The layer initialiser splits its key for the weights and the bias."""

import jax
import jax.numpy as jnp


def init_linear(key, n_in, n_out, bias_scale=0.01):
    w_key, b_key = jax.random.split(key)
    w = jax.random.normal(w_key, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)
    b = jax.random.normal(b_key, (n_out,)) * bias_scale
    return {"w": w, "b": b}


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [init_linear(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


jax.config.update("jax_debug_key_reuse", True)
try:
    params = init_mlp(jax.random.key(0), [4, 8, 2])
finally:
    jax.config.update("jax_debug_key_reuse", False)
