"""A factory closes over Python ints; the jitted initializer it returns builds shapes from them."""
# corpus: label=negative styles=attribute

import jax
import jax.numpy as jnp
from jax import random


def make_init(n_in, n_out):
    @jax.jit
    def init(key):
        w = random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
        return w, jnp.zeros((n_out,))

    return init


init = make_init(8, 4)
w, b = init(random.key(0))
