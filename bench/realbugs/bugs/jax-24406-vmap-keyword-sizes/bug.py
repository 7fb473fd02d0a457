# realbug: jax-24406-vmap-keyword-sizes
# source: https://github.com/jax-ml/jax/issues/24406
# kind: vmap-sizes
# raises: ValueError: vmap got inconsistent sizes
import jax
import jax.numpy as jnp


def f(x1, x2, a3):
    return jnp.add(x1, x2) * a3


print(jax.vmap(f)(jnp.ones(2), a3=jnp.ones(1), x2=jnp.ones(2)))  # BUG
