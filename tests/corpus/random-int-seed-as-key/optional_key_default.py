"""An `rng=None` default replaced by a real key, and NumPy's own generator seeded with an int."""
# corpus: label=negative styles=parameter,attribute

import jax.numpy as jnp
import numpy as np
from jax import random


def add_noise(x, scale=0.1, rng=None):
    if rng is None:
        rng = random.key(0)
    return x + scale * random.normal(rng, x.shape)


class Shuffler:
    def __init__(self, seed):
        self.np_rng = np.random.default_rng(seed)

    def order(self, n):
        return self.np_rng.permutation(n)


add_noise(jnp.zeros((2, 5)))
Shuffler(seed=0).order(6)
