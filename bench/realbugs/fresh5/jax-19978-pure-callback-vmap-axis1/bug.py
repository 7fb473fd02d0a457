# realbug: jax-19978-pure-callback-vmap-axis1
# source: https://github.com/jax-ml/jax/issues/19978
# kind: library-contract
# raises: NotImplementedError: vmap is only supported for the pure_callback primitive when vmap_method is one of
# On 0.12 `vectorized=True` no longer sets a vmap method, so vmap refuses the callback before
# the report's shape check can go wrong.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

def my_fun(x):
    print(f"provided callback with {x.shape}")
    return x

@jax.jit
def my_jax_fun(x):
    res = jax.pure_callback(my_fun, 
                      jax.ShapeDtypeStruct(x.shape, x.dtype),
                      x,
                      vectorized=True)
    return res

s = jnp.ones((2,3,4))
vmap_fun = jax.vmap(my_jax_fun, in_axes=1, out_axes=1)
vmap_fun(s)  # BUG
