# realbug: boohere-vmap-in-axes-per-argument-pairs
# source: https://boohere.com/kr/detail/123872.html
# kind: in-axes-structure
# raises: ValueError: vmap in_axes specification must be a tree prefix
import numpy as np
from jax import vmap

X = np.arange(9).reshape(3, 3)
Y = np.arange(0, -9, -1).reshape(3, 3)


def sum2(x, y):
    return x + y


print(vmap(sum2, in_axes=((0, 1), (0, 1)))(X, Y))  # BUG
