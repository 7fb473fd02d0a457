# realbug: jax-5280-nonzero-under-jit (fixed)
# source: https://github.com/jax-ml/jax/issues/5280
import jax
import jax.numpy as jnp


@jax.jit
def example():
  a = jnp.array([0, 1, 2])
  return jnp.nonzero(a, size=2)


print(example())
