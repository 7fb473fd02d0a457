# realbug: jax-24511-remat-python-if (fixed)
# source: https://github.com/jax-ml/jax/pull/24511
import jax
import jax.numpy as jnp


@jax.remat
def f(x):
    return jnp.where(x > 0, x, jnp.sin(x))


f(3.)
