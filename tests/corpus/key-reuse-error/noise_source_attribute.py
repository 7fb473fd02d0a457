"""A noise source keeps the key it made in `__init__` and samples from it on every call."""
# corpus: label=positive styles=attribute,method

import jax
from jax import random


class NoiseSource:
    def __init__(self, seed, scale):
        self.key = random.key(seed)
        self.scale = scale

    def sample(self, shape):
        return self.scale * random.normal(self.key, shape)  # expect: key-reuse-error


def main():
    noise = NoiseSource(seed=0, scale=0.1)
    first = noise.sample((4,))
    second = noise.sample((4,))
    return first + second


jax.config.update("jax_debug_key_reuse", True)
try:
    main()
finally:
    jax.config.update("jax_debug_key_reuse", False)  # the corpus shares one process
