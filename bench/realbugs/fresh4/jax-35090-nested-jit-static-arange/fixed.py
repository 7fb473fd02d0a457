# realbug: jax-35090-nested-jit-static-arange (fixed)
# source: https://github.com/jax-ml/jax/issues/35090
import functools
import jax
import jax.numpy as jnp

def add1(i):
    return i+1

@functools.partial(jax.jit, static_argnums=(0,))
def my_arange(k):
    return jnp.arange(add1(k))

my_arange(5)
