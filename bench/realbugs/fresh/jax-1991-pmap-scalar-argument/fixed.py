# realbug: jax-1991-pmap-scalar-argument (fixed)
# source: https://github.com/jax-ml/jax/issues/1991
from functools import partial

import jax
import jax.numpy as jnp


def f(a, b):
    for i in range(b):
        a += a
    return a


print(jax.pmap(partial(f, b=10))(jnp.ones((8, 100))))
