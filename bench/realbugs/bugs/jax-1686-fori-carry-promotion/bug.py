# realbug: jax-1686-fori-carry-promotion
# source: https://github.com/jax-ml/jax/issues/1686
# kind: loop-carry
# raises: TypeError: (body_fun output and input must have identical types|.*carry)
import jax.numpy as np
from jax.lax import fori_loop


def body_fun(i, arr):
    a, b = arr
    return a - b[:, i] * b[:, i + 1], b


s = np.ones([10, 10])
r = s.shape[1] - 1
E, _ = fori_loop(0, r, body_fun, (0, s))  # BUG
print(E)
