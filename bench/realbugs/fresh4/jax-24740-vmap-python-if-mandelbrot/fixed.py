# realbug: jax-24740-vmap-python-if-mandelbrot (fixed)
# source: https://github.com/jax-ml/jax/issues/24740
# The report's jnp.complex_ no longer exists in JAX 0.12; jnp.complex64 stands in for it.
import jax
from jax import numpy as jnp
from jax import jit,vmap
def mandle_brot(c,max_iter):
    z= jnp.array([0.0+0.0j])
    n = jnp.array([max_iter])
    for i in range(max_iter):
        z=z*z+c
        n = jnp.where((jnp.abs(z)>2.0) & (n == max_iter), i, n)
    return n
z = jnp.complex64(-0.75 + 0.1j)
mandle_brot(z,100)
Z= jnp.array([z,z,z,z])
mandle_brot_vmap = vmap(mandle_brot,in_axes=(0,None))
mandle_brot_vmap(Z,10)
