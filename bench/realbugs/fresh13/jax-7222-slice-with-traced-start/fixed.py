# realbug: jax-7222-slice-with-traced-start (fixed)
# source: https://github.com/jax-ml/jax/issues/7222
import jax
import jax.numpy as jnp


@jax.jit
def window(x, i):
  return jax.lax.dynamic_slice(x, (i,), (2,))


window(jnp.arange(5), 1)
