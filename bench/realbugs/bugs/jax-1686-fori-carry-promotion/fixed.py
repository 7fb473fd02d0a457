# realbug: jax-1686-fori-carry-promotion (fixed)
# source: https://github.com/jax-ml/jax/issues/1686
import jax.numpy as np
from jax.lax import fori_loop


def body_fun(i, arr):
    a, b = arr
    return a - b[:, i] * b[:, i + 1], b


s = np.ones([10, 10])
r = s.shape[1] - 1
E, _ = fori_loop(0, r, body_fun, (np.zeros(s.shape[0]), s))
print(E)
