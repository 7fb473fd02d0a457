# realbug: jax-10465-pmap-keyword-sizes (fixed)
# source: https://github.com/jax-ml/jax/issues/10465
import jax
import numpy as np

n = jax.local_device_count()
x = np.arange(n * 5).reshape(n, 5)
w = np.full((n, 1), 2.0)


def scale(x, w):
    return x * w


print(scale(x, w))
print(jax.pmap(scale)(x, w))
