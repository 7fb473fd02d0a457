# realbug: openillumi-list-static-argnames (fixed)
# source: https://openillumi.com/en/en-jax-jit-list-static-arg-best-practice
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=["indices"])
def dummy(x, indices):
    return sum(x[i] for i in indices)


x = jnp.arange(10.0)
print(dummy(x, indices=(1, 3, 5)))
