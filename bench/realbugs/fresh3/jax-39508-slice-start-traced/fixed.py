# realbug: jax-39508-slice-start-traced (fixed)
# source: https://github.com/jax-ml/jax/pull/39508
import jax
import jax.numpy as jnp


@jax.jit
def window(x, i):
    return jax.lax.dynamic_slice_in_dim(x, i, 2)


print(window(jnp.arange(10.0), 3))
