"""A pooling helper under jit whose axis is a static argument."""
# corpus: label=negative styles=helper,transform batch=s33

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="axis")
def pool(features, axis):
    return features.max(axis=axis)


print(pool(jnp.ones((4, 8)), axis=1))
