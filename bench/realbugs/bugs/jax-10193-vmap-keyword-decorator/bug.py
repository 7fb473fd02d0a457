# realbug: jax-10193-vmap-keyword-decorator
# source: https://github.com/jax-ml/jax/issues/10193
# kind: vmap-sizes
# raises: ValueError: vmap got inconsistent sizes
import jax
import jax.numpy as jnp


@jax.vmap
def f(x, y):
    return x + y


print(f(jnp.array([1]), y=jnp.array([1, 2])))  # BUG
