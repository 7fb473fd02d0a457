"""A replica-exchange sampler whose key nothing but the exchange itself ever sets: ``__init__`` leaves the int seed there."""

import jax


def exchange(key):
    key, accept_key = jax.random.split(key)  # expect: random-int-seed-as-key
    return key, jax.random.bernoulli(accept_key, 0.5)


class Sampler:
    def __init__(self, seed: int):
        self.seed = seed
        self.key = seed

    def perform_exchange(self):
        self.key, accepted = exchange(self.key)
        return accepted

    def describe(self):
        return f"sampler seeded with {self.seed}"
