"""Model construction."""

import itertools

import jax
import jax.numpy as jnp


def init_params(rng, widths):
    params = []
    for n_in, n_out in itertools.pairwise(widths):
        rng, sub = jax.random.split(rng)  # expect: random-int-seed-as-key
        params.append(jax.random.normal(sub, (n_in, n_out)) / jnp.sqrt(n_in))
    return params
