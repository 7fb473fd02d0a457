# realbug: playground-jax-vmap-of-grad-call (fixed)
# source: https://github.com/riberaborrell/playground-jax
import jax.numpy as jnp
from jax import grad
from jax import vmap
from jax import random

key = random.PRNGKey(0)
batch_size = 3


def f(x):
    return 0.5 * x**2


def der2_f(x):
    return grad(grad(f))(x)


def der2_f_vect(inputs):
    return vmap(der2_f)(inputs)


x = random.normal(key, (batch_size,))
der2_f_vect(x)
