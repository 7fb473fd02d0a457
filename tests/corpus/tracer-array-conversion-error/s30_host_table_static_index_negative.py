# corpus: label=negative styles=attribute,method batch=s30
import jax
import jax.numpy as jnp
import numpy as np


class Lookup:
    def __init__(self):
        self.table = np.arange(16.0)

    def __call__(self, x):
        return self.table[x.shape[0]] + x


lookup = Lookup()
jax.jit(lambda x: lookup(x))(jnp.ones(3))
