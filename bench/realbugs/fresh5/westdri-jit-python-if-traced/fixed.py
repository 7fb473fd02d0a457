# realbug: westdri-jit-python-if-traced (fixed)
# source: https://mint.westdri.ca/ai/jx_jit
import jax.numpy as jnp
from jax import jit


@jit
def cond_func(x):
    return jnp.where(x < 0.0, x ** 2.0, x ** 3.0)
print(cond_func(1.0))
