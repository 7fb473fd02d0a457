"""A bound method taken off an augmenter draws a flip mask from the int seed it keeps."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp
from jax import random


class Augmenter:
    def __init__(self, seed, p=0.5):
        self.rng = seed
        self.p = p

    def flip(self, images):
        n = images.shape[0]
        do_flip = random.bernoulli(self.rng, self.p, (n,))  # expect: random-int-seed-as-key
        return jnp.where(do_flip[:, None, None], images[:, :, ::-1], images)


augment = Augmenter(seed=0).flip
augment(jnp.ones((2, 4, 4)))
