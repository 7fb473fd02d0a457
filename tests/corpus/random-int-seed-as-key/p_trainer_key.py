"""A trainer keeps a key made from its seed and splits it for each draw."""

# corpus: label=negative styles=attribute,method
import jax


class Trainer:
    def __init__(self, seed=0):
        self.key = jax.random.key(seed)

    def noise(self, shape):
        self.key, sub = jax.random.split(self.key)
        return jax.random.normal(sub, shape)


t = Trainer(42)
t.noise((3,))
t.noise((3,))
