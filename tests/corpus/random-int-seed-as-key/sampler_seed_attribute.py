"""A sampler stores the int seed it was built with and later draws from it as if it were a key."""
# corpus: label=positive styles=attribute

import jax
import jax.numpy as jnp


class UniformSampler:
    def __init__(self, low, high, seed=1234):
        self.low = low
        self.high = high
        self.seed = seed

    def sample(self, n):
        u = jax.random.uniform(self.seed, (n,))  # expect: random-int-seed-as-key
        return self.low + (self.high - self.low) * u


sampler = UniformSampler(0.0, jnp.pi)
angles = sampler.sample(16)
