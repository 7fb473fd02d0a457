# realbug: jax-10400-experimental-loops-scope (fixed)
# source: https://github.com/jax-ml/jax/issues/10400
import jax.numpy as np
from jax import lax

x = np.ones((10, 3))


def outer(i, arr):
    def inner(j, arr):
        return arr.at[i, j].set(1.0)
    return lax.fori_loop(i, x.shape[0], inner, arr)


arr = lax.fori_loop(0, x.shape[0], outer, np.zeros(shape=(10, 10), dtype=np.float32))
