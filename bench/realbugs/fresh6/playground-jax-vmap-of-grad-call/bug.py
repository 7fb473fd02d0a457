# realbug: playground-jax-vmap-of-grad-call
# source: https://github.com/riberaborrell/playground-jax
# kind: grad-non-scalar-output
# raises: TypeError: Gradient only defined for scalar-output functions
# The notebook's `der2_f_vect`: `vmap(der2_f(inputs))` calls the scalar second derivative on the
# whole batch instead of vmapping it.
import jax.numpy as jnp
from jax import grad
from jax import vmap
from jax import random

key = random.PRNGKey(0)
batch_size = 3


def f(x):
    return 0.5 * x**2


def der2_f(x):
    return grad(grad(f))(x)  # BUG (where JAX raises)


def der2_f_vect(inputs):
    return vmap(der2_f(inputs))  # BUG


x = random.normal(key, (batch_size,))
der2_f_vect(x)
