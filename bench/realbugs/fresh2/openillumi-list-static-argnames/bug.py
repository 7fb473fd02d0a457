# realbug: openillumi-list-static-argnames
# source: https://openillumi.com/en/en-jax-jit-list-static-arg-best-practice
# kind: static-unhashable
# raises: ValueError: Non-hashable static arguments are not supported
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=["indices"])
def dummy(x, indices):
    return sum(x[i] for i in indices)


x = jnp.arange(10.0)
print(dummy(x, indices=[1, 3, 5]))  # BUG
