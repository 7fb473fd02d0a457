# realbug: jax-3718-matmul-scalar
# source: https://github.com/jax-ml/jax/pull/3725
# kind: matmul
# raises: (TypeError|ValueError): matmul
import jax.numpy as jnp


def scale(w, x):
    return jnp.matmul(w, x)  # BUG


print(scale(2.0, jnp.ones((3, 3))))
