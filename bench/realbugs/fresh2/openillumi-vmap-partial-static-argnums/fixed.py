# realbug: openillumi-vmap-partial-static-argnums (fixed)
# source: https://openillumi.com/en/en-jax-vmap-non-hashable-error-fix
from functools import partial

import jax
import jax.numpy as jnp
from jax import vmap


@partial(jax.jit, static_argnums=(2,))
def map_row(z, alpha, T):
    return alpha * jnp.sum(z) / T


alpha = 0.5
T = 4
axis = 0
input = jnp.ones((3, 4))
print(vmap(lambda z: map_row(z, alpha, T), axis)(input))
