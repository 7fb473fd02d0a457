"""The same class naming the excluded argument by its name alone."""
# corpus: label=negative styles=method,attribute

import jax.numpy as jnp


class Smoother:
    static = frozenset({"width"})

    def __init__(self):
        ex = self.static
        self.f = jnp.vectorize(self.smooth, excluded=ex)

    @staticmethod
    def smooth(x, width):
        return x / width


print(Smoother().f(jnp.ones(4), width=2.0))
