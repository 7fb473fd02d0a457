# realbug: jax-3761-jit-cond-python-and (fixed)
# source: https://github.com/jax-ml/jax/issues/3761
import jax
import jax.numpy as jnp
from jax import jit


@jit
def true_fn(x):
    return x - 5000.0


@jit
def false_fn(x):
    return x + 100.0


@jit
def cond_test_2(x, y):
    return jax.lax.cond(jnp.logical_and(x < 0, y < 0), true_fn, false_fn, x)


cond_test_2(0.3, 0.1)
