# corpus: label=negative styles=parameter batch=s30
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="channel_axis")
def pooled(features, channel_axis=2):
    return jnp.mean(features, axis=(1, channel_axis))


pooled(jnp.ones((4, 8, 8)), channel_axis=2)
