"""A jitted training step that also returns which phase it ran, as an enum member."""

# corpus: label=positive styles=helper,return batch=s41
import enum

import jax
import jax.numpy as jnp


class Phase(enum.Enum):
    WARMUP = "warmup"
    MAIN = "main"


def train_step(params, batch):
    loss = jnp.mean((batch @ params) ** 2)
    return params - 0.1 * params * loss, Phase.WARMUP


step = jax.jit(train_step)
params = jnp.ones(3)
params, phase = step(params, jnp.ones((4, 3)))  # expect: jit-output-not-jax-type
