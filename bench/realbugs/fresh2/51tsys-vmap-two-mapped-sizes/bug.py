# realbug: 51tsys-vmap-two-mapped-sizes
# source: https://51tsys.com/article/51380.html
# kind: vmap-sizes
# raises: ValueError: vmap got inconsistent sizes for array axes to be mapped
from functools import partial

import jax.numpy as jnp
from jax import vmap


@partial(vmap, in_axes=(None, 0, 0), out_axes=(1, 2))
def f2(x, y, z):
    f = x * z + y
    return f


x = jnp.arange(7)
y = jnp.arange(5)
z = jnp.arange(3)
print(f2(x, y, z).shape)  # BUG
