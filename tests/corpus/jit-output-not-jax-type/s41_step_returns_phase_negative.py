"""A jitted training step whose phase, an IntEnum member, is an int that jit returns."""

# corpus: label=negative styles=helper,return batch=s41
import enum

import jax
import jax.numpy as jnp


class Phase(enum.IntEnum):
    WARMUP = 0
    MAIN = 1


def train_step(params, batch):
    loss = jnp.mean((batch @ params) ** 2)
    return params - 0.1 * params * loss, Phase.WARMUP


step = jax.jit(train_step)
params = jnp.ones(3)
params, phase = step(params, jnp.ones((4, 3)))
