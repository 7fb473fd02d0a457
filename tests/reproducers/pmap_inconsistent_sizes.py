"""Raises ValueError: pmap maps two arguments whose leading axes have different sizes."""

import jax
import jax.numpy as jnp


def step(params, batch):
    return batch * params.sum()


params = jnp.ones((2, 3))
batch = jnp.ones((4, 3))
jax.pmap(step)(params, batch)
