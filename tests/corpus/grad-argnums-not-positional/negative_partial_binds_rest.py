# corpus: label=negative styles=transform,return
from functools import partial

import jax
import jax.numpy as jnp


def energy(x, k):
    return 0.5 * k * jnp.sum(x**2)


def make_force(k):
    return jax.value_and_grad(partial(energy, k=k))


make_force(2.0)(jnp.ones(3))
