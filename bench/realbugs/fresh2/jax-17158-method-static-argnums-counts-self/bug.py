# realbug: jax-17158-method-static-argnums-counts-self
# source: https://github.com/jax-ml/jax/issues/17158
# kind: jit-non-array-argument
# raises: TypeError: Error interpreting argument to .* as an abstract array
from functools import partial

import jax
import jax.numpy as jnp


class Test:
    @partial(jax.jit, static_argnums=(1,))
    def f(self, x, neg):
        return -x if neg else x


t = Test()
arr = jnp.array([1, 2])
result = t.f(arr, True)  # BUG
print(result)
