# realbug: jax-14279-zeros-traced-dim (fixed)
# source: https://github.com/jax-ml/jax/issues/14279
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=0)
def buffer(n):
    return jnp.zeros((8, n))


print(buffer(3).shape)
