# realbug: jax-6612-if-on-traced-argument (fixed)
# source: https://github.com/jax-ml/jax/pull/6612
import jax
import jax.numpy as jnp


@jax.jit
def f(x, y, z):
  return jnp.where(z > 0, x, y)


f(1, 2, 3)
