"""An MLP init helper is handed the same key for every layer in a loop over the layer sizes."""
# corpus: label=positive styles=helper,parameter batch=s25

import itertools

import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


def init_layer(key, n_in, n_out):
    return {
        "w": jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in),  # expect: key-reuse-error
        "b": jnp.zeros(n_out),
    }


def init_mlp(key, sizes):
    return [init_layer(key, m, n) for m, n in itertools.pairwise(sizes)]


params = init_mlp(jax.random.key(0), [4, 8, 2])
print(len(params))
