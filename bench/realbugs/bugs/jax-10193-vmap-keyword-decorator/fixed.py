# realbug: jax-10193-vmap-keyword-decorator (fixed)
# source: https://github.com/jax-ml/jax/issues/10193
import jax
import jax.numpy as jnp


@jax.vmap
def f(x, y):
    return x + y


print(f(jnp.array([1, 2]), y=jnp.array([1, 2])))
