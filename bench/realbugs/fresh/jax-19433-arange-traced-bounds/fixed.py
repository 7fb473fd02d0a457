# realbug: jax-19433-arange-traced-bounds (fixed)
# source: https://github.com/jax-ml/jax/issues/19433
import jax.numpy as np
from jax import jit


@jit
def f(x):
    return np.arange(-1, 1) + x[0]


print(f(np.zeros(1).astype(int)))
