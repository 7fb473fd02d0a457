# realbug: jax-24406-vmap-keyword-sizes (fixed)
# source: https://github.com/jax-ml/jax/issues/24406
import jax
import jax.numpy as jnp


def f(x1, x2, a3):
    return jnp.add(x1, x2) * a3


print(jax.vmap(f)(jnp.ones(2), a3=jnp.ones(2), x2=jnp.ones(2)))
