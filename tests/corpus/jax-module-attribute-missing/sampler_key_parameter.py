"""A sampler whose key parameter is annotated with the removed KeyArray type."""
# corpus: label=positive styles=parameter

import jax
from jax import random


def sample_noise(key: random.KeyArray, shape):  # expect: jax-module-attribute-missing
    return random.normal(key, shape)


noise = sample_noise(jax.random.key(0), (3,))
