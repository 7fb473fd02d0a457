"""Per-example numbers of dropout keys, drawn with vmap over the examples."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp


def example_keys(key, n_layers):
    return jax.random.split(key, n_layers)  # expect: concretization-type-error


def all_keys(seed, layers_per_example):
    keys = jax.random.split(jax.random.key(seed), layers_per_example.shape[0])
    return jax.vmap(example_keys)(keys, layers_per_example)


print(all_keys(0, jnp.array([3, 3, 3])).shape)
