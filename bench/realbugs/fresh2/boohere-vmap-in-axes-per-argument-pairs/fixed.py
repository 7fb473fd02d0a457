# realbug: boohere-vmap-in-axes-per-argument-pairs (fixed)
# source: https://boohere.com/kr/detail/123872.html
import numpy as np
from jax import vmap

X = np.arange(9).reshape(3, 3)
Y = np.arange(0, -9, -1).reshape(3, 3)


def sum2(x, y):
    return x + y


print(vmap(vmap(sum2, in_axes=(0, 0)), in_axes=(1, 1), out_axes=1)(X, Y))
