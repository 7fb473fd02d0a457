"""A trainer draws noise with its integer seed attribute where a key goes."""

# corpus: label=positive styles=attribute,method
import jax


class Trainer:
    def __init__(self, seed=0):
        self.seed = seed

    def noise(self, shape):
        return jax.random.normal(self.seed, shape)  # expect: random-int-seed-as-key


Trainer(42).noise((3,))
