"""A replica-exchange sampler: ``run`` makes the key ``__init__`` leaves None, then each round splits it (mlip's FEP sampler)."""

import jax


def exchange(key):
    key, accept_key = jax.random.split(key)
    return key, jax.random.bernoulli(accept_key, 0.5)


class Sampler:
    def __init__(self, use_exchange: bool, seed: int):
        self.use_exchange = use_exchange
        self.seed = seed
        self.key = None

    def perform_exchange(self):
        self.key, accepted = exchange(self.key)
        return accepted

    def run(self, rounds: int):
        if self.use_exchange and self.key is None:
            self.key = jax.random.PRNGKey(self.seed)
        for _ in range(rounds):
            if self.use_exchange:
                self.perform_exchange()
        return self.key
