# realbug: jax-6915-argwhere-jit (fixed)
# source: https://github.com/jax-ml/jax/pull/6915
import jax
import jax.numpy as jnp


@jax.jit
def positions(x):
    return jnp.argwhere(x > 0, size=x.size)


print(positions(jnp.array([[1.0, -2.0], [3.0, 0.5]])))
