"""A noise helper takes `seed=0` by default and hands it straight to a sampler."""
# corpus: label=positive styles=parameter,helper batch=s25

import jax
import jax.numpy as jnp


def add_noise(x, scale=0.1, seed=0):
    return x + scale * jax.random.normal(seed, x.shape)  # expect: random-int-seed-as-key


print(add_noise(jnp.ones(4)))
