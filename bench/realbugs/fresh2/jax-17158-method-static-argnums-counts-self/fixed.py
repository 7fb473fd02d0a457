# realbug: jax-17158-method-static-argnums-counts-self (fixed)
# source: https://github.com/jax-ml/jax/issues/17158
from functools import partial

import jax
import jax.numpy as jnp


class Test:
    @partial(jax.jit, static_argnums=(0, 2))
    def f(self, x, neg):
        return -x if neg else x

    def __hash__(self):
        return 0

    def __eq__(self, other):
        return isinstance(other, Test)


t = Test()
arr = jnp.array([1, 2])
result = t.f(arr, True)
print(result)
