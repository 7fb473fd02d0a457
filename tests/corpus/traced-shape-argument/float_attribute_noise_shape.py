# corpus: label=positive styles=attribute,method
import jax


class Dropout:
    def __init__(self, size, rate):
        self.size = size
        self.kept = size * (1 - rate)

    def mask(self, key):
        return jax.random.bernoulli(key, 0.5, (self.kept,))  # expect: traced-shape-argument


Dropout(10, 0.5).mask(jax.random.key(0))
