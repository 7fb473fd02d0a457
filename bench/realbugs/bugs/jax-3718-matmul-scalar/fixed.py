# realbug: jax-3718-matmul-scalar (fixed)
# source: https://github.com/jax-ml/jax/pull/3725
import jax.numpy as jnp


def scale(w, x):
    return jnp.multiply(w, x)


print(scale(2.0, jnp.ones((3, 3))))
