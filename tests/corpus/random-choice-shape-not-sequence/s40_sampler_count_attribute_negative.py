"""The same sampler, its count kept as a shape."""

# corpus: label=negative styles=attribute,method batch=s40

import jax


class Replay:
    def __init__(self, capacity, samples):
        self.size = capacity
        self.n = (samples,)

    def sample(self, key):
        return jax.random.choice(key, self.size, self.n)


buffer = Replay(100, 16)
slots = buffer.sample(jax.random.key(1))
