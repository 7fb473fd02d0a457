# realbug: jax-19978-pure-callback-vmap-axis1 (fixed)
# source: https://github.com/jax-ml/jax/issues/19978
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
                      vmap_method="expand_dims")
    return res

s = jnp.ones((2,3,4))
vmap_fun = jax.vmap(my_jax_fun, in_axes=1, out_axes=1)
vmap_fun(s)
