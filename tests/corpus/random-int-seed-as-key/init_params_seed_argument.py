"""An MLP initializer takes an int `seed` argument and hands it straight to the sampler."""
# corpus: label=positive styles=parameter

import itertools

import jax
import jax.numpy as jnp


def init_params(seed, sizes):
    params = []
    for n_in, n_out in itertools.pairwise(sizes):
        w = jax.random.normal(seed, (n_in, n_out))  # expect: random-int-seed-as-key
        w = w / jnp.sqrt(n_in)
        params.append((w, jnp.zeros(n_out)))
    return params


params = init_params(0, [3, 8, 1])
