"""The noise source with the fix: every `sample` splits `self.key` and keeps the new half."""
# corpus: label=negative styles=attribute,method

import jax
from jax import random


class NoiseSource:
    def __init__(self, seed, scale):
        self.key = random.key(seed)
        self.scale = scale

    def sample(self, shape):
        self.key, sub = random.split(self.key)
        return self.scale * random.normal(sub, shape)


with jax.debug_key_reuse(True):
    noise = NoiseSource(seed=0, scale=0.1)
    total = noise.sample((4,)) + noise.sample((4,))
