"""A class keeps the excluded arguments as a set of (position, name) pairs."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp


class Smoother:
    static = frozenset({(1, "width")})

    def __init__(self):
        ex = self.static
        self.f = jnp.vectorize(self.smooth, excluded=ex)  # expect: vectorize-excluded-not-positions

    @staticmethod
    def smooth(x, width):
        return x / width


print(Smoother().f(jnp.ones(4), 2.0))
