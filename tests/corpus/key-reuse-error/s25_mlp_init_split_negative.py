"""The MLP init splitting one key per layer."""
# corpus: label=negative styles=helper,parameter batch=s25

import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


def init_layer(key, n_in, n_out):
    return {"w": jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in), "b": jnp.zeros(n_out)}


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [init_layer(k, m, n) for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


params = init_mlp(jax.random.key(0), [4, 8, 2])
print(len(params))
