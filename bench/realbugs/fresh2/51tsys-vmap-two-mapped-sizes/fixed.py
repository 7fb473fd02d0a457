# realbug: 51tsys-vmap-two-mapped-sizes (fixed)
# source: https://51tsys.com/article/51380.html
from functools import partial

import jax.numpy as jnp
from jax import vmap


@partial(vmap, in_axes=(0, None, None))
@partial(vmap, in_axes=(None, 0, None))
@partial(vmap, in_axes=(None, None, 0))
def f2(x, y, z):
    f = x * z + y
    return f


x = jnp.arange(7)
y = jnp.arange(5)
z = jnp.arange(3)
print(f2(x, y, z).shape)
