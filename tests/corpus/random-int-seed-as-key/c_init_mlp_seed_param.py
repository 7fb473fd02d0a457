# corpus: label=positive styles=parameter,helper batch=c
"""The MLP initialiser's first parameter is named rng, and the caller hands it the seed."""

import jax
import jax.numpy as jnp


def init_mlp(rng, sizes):
    keys = jax.random.split(rng, len(sizes) - 1)  # expect: random-int-seed-as-key
    return [
        jax.random.normal(k, (n_in, n_out)) / jnp.sqrt(n_in)
        for k, n_in, n_out in zip(keys, sizes[:-1], sizes[1:])
    ]


SEED = 1234
params = init_mlp(SEED, [3, 16, 1])
print([p.shape for p in params])
