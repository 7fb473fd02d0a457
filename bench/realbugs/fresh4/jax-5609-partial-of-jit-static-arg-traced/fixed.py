# realbug: jax-5609-partial-of-jit-static-arg-traced (fixed)
# source: https://github.com/jax-ml/jax/issues/5609
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=(1,))
def f(x, fn):
    return fn(fn(x))

@partial(jax.jit, static_argnums=(0,))
def fn_with_static_arg(p, x):
    return jnp.tile(x, (p,))

@jax.jit
def fn_simple(p, x):
    return x ** p

x = jnp.arange(3)
p = 2
print(f(x, jax.tree_util.Partial(fn_simple, p)))  # works fine
print(f(x, jax.tree_util.Partial(fn_with_static_arg, p)))
