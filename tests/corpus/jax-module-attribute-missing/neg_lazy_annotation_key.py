"""The removed KeyArray in an annotation that postponed evaluation never reads."""
# corpus: label=negative styles=parameter

from __future__ import annotations

import jax
from jax import random


def sample_noise(key: random.KeyArray, shape):
    return random.normal(key, shape)


noise = sample_noise(jax.random.key(0), (3,))
