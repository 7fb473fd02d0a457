# realbug: jax-1382-pmap-matmul-leading-sizes (fixed)
# source: https://github.com/jax-ml/jax/issues/1382
import jax
import jax.numpy as np


def mul(a, b):
    return a @ b


a = np.ones((8, 128, 128))
b = np.ones((8, 128, 128))

print(jax.pmap(mul)(a, b).shape)
