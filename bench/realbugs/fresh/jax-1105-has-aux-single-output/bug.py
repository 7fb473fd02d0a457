# realbug: jax-1105-has-aux-single-output
# source: https://github.com/jax-ml/jax/issues/1105
# kind: has-aux-output
# raises: TypeError: expected function with aux output to return a two-element tuple
from jax import grad
import jax.numpy as jnp


def f(x):
    return 2 * x


g = grad(f, has_aux=True)  # BUG
x = jnp.ones([])
print(g(x))  # BUG
