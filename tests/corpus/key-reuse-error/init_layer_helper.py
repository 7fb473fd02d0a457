"""A layer-init helper draws W and b from the key it was given, twice."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp
from jax import random


def init_layer(key, n_in, n_out):
    w = random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
    b = random.normal(key, (n_out,)) * 0.01  # expect: key-reuse-error
    return w, b


def main():
    keys = random.split(random.key(0), 2)
    return [init_layer(k, 4, 4) for k in keys]


jax.config.update("jax_debug_key_reuse", True)
try:
    main()
finally:
    jax.config.update("jax_debug_key_reuse", False)  # the corpus shares one process
