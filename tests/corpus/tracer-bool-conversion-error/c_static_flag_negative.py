# corpus: label=negative styles=parameter,helper batch=c
"""The training flag is a static argument, so the Python if on it is fine under jit; the
piecewise loss uses jnp.where."""

from functools import partial

import jax
import jax.numpy as jnp


def huber(r, delta=1.0):
    return jnp.where(jnp.abs(r) <= delta, 0.5 * r * r, delta * (jnp.abs(r) - 0.5 * delta))


@partial(jax.jit, static_argnames="training")
def loss(params, x, y, training=True):
    pred = x @ params
    if training:
        pred = pred * 0.9
    return huber(pred - y).mean()


print(loss(jnp.ones(3), jnp.ones((4, 3)), jnp.zeros(4), training=False))
