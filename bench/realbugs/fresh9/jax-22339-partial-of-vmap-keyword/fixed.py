# realbug: jax-22339-partial-of-vmap-keyword (fixed)
# source: https://github.com/jax-ml/jax/issues/22339
from functools import partial

import jax
import jax.numpy as jnp
from jax import vmap


@partial(vmap, in_axes=(None, 0))
def f(y, x):
    return x + y


x_var = jnp.arange(10)

func_ = lambda y: f(y, x_var)
func_(1)
