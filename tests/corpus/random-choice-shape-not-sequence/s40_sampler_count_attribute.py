"""A replay sampler whose method draws a count of slots kept as an attribute."""

# corpus: label=positive styles=attribute,method batch=s40

import jax


class Replay:
    def __init__(self, capacity, samples):
        self.size = capacity
        self.n = samples

    def sample(self, key):
        return jax.random.choice(key, self.size, self.n)  # expect: random-choice-shape-not-sequence


buffer = Replay(100, 16)
slots = buffer.sample(jax.random.key(1))
