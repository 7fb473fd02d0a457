# corpus: label=positive styles=transform,return
from functools import partial

import jax
import jax.numpy as jnp


def energy(x, k):
    return 0.5 * k * jnp.sum(x**2)


def make_force():
    return jax.value_and_grad(energy, argnums=0)


force = make_force()
partial(force, x=jnp.ones(3))(k=2.0)  # expect: grad-argnums-not-positional
