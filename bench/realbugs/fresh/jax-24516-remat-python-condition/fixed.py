# realbug: jax-24516-remat-python-condition (fixed)
# source: https://github.com/jax-ml/jax/pull/24516
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.remat, static_argnums=(1,))
def f(x, _):
    return jnp.where(x > 0, x, jnp.sin(x))


print(f(3.0, 1.0))
