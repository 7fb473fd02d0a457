# corpus: label=negative styles=attribute,method
import jax


class Dropout:
    def __init__(self, size, rate):
        self.size = size
        self.kept = int(size * (1 - rate))

    def mask(self, key):
        return jax.random.bernoulli(key, 0.5, (self.kept,))


Dropout(10, 0.5).mask(jax.random.key(0))
