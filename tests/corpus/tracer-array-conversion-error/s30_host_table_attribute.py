# corpus: label=positive styles=attribute,method batch=s30
import jax
import jax.numpy as jnp
import numpy as np


class Lookup:
    def __init__(self):
        self.table = np.arange(16.0)

    def __call__(self, i):
        return self.table[i] + 1.0  # expect: tracer-array-conversion-error


lookup = Lookup()
jax.jit(lambda i: lookup(i))(jnp.int32(3))
