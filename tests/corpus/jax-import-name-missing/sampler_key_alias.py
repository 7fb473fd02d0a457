"""A sampler module that imports the removed KeyArray type for its annotations."""
# corpus: label=positive styles=parameter

import jax
import jax.numpy as jnp
from jax.random import KeyArray  # expect: jax-import-name-missing


def sample_noise(key: KeyArray, shape):
    return jax.random.normal(key, shape)


noise = sample_noise(jax.random.key(0), (3,))
print(jnp.mean(noise))
