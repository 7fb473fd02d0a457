# realbug: jax-35090-nested-jit-static-arange
# source: https://github.com/jax-ml/jax/issues/35090
# kind: concretization
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import functools
import jax
import jax.numpy as jnp

@functools.partial(jax.jit, static_argnums=(0,))
def add1(i):
    return i+1

@functools.partial(jax.jit, static_argnums=(0,))
def my_arange(k):
    return jnp.arange(add1(k))  # BUG

my_arange(5)
