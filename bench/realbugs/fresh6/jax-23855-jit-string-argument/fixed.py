# realbug: jax-23855-jit-string-argument (fixed)
# source: https://github.com/jax-ml/jax/issues/23855
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=0)
def f(x):
    return jnp.asarray(len(x))


f('foo')
