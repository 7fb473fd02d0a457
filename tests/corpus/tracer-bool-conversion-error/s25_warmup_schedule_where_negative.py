"""The warmup schedule written with jnp.where, so the traced step never reaches a Python `if`."""
# corpus: label=negative styles=attribute,helper batch=s25

from typing import NamedTuple

import jax
import jax.numpy as jnp


class TrainState(NamedTuple):
    params: dict
    step: int


def learning_rate(step, base=1e-3, warmup=100):
    return jnp.where(step < warmup, base * (step + 1) / warmup, base)


@jax.jit
def update(state, grads):
    lr = learning_rate(state.step)
    params = jax.tree.map(lambda p, g: p - lr * g, state.params, grads)
    return TrainState(params, state.step + 1)


state = TrainState({"w": jnp.ones(3)}, 0)
state = update(state, {"w": jnp.ones(3)})
print(state.step)
