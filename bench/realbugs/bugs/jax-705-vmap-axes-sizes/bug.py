# realbug: jax-705-vmap-axes-sizes
# source: https://github.com/jax-ml/jax/issues/705
# kind: vmap-sizes
# raises: ValueError: vmap got inconsistent sizes
import jax.numpy as np
import numpy as onp
from jax import vmap


def h(a, b):
    return np.sum(a) + np.sum(b)


X = onp.random.randn(10, 4)
U = onp.random.randn(10, 2)
print(vmap(h, in_axes=(0, 1))(X, U))  # BUG
