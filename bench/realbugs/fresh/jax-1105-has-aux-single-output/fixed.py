# realbug: jax-1105-has-aux-single-output (fixed)
# source: https://github.com/jax-ml/jax/issues/1105
from jax import grad
import jax.numpy as jnp


def f(x):
    return 2 * x


g = grad(f)
x = jnp.ones([])
print(g(x))
