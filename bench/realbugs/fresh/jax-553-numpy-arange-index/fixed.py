# realbug: jax-553-numpy-arange-index (fixed)
# source: https://github.com/jax-ml/jax/issues/553
import jax.numpy as np
from jax import jit, lax


def fun(x):
    r = lax.iota(np.int32, x.shape[0])[x]
    return r


print(jit(fun)(np.array([0, 1, 2], dtype=np.int32)))
