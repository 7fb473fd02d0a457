# realbug: jax-7952-traced-axis-tuple (fixed)
# source: https://github.com/jax-ml/jax/pull/7952
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def h(x, y):
    return jnp.sum(x, axis=(y,))


print(h(jnp.ones((2, 3)), 1))
