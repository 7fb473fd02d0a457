"""A NamedTuple train state carries its step count into a jitted update; the warmup schedule compares it in a Python `if`."""
# corpus: label=positive styles=attribute,helper batch=s25

from typing import NamedTuple

import jax
import jax.numpy as jnp


class TrainState(NamedTuple):
    params: dict
    step: int


def learning_rate(step, base=1e-3, warmup=100):
    if step < warmup:  # expect: tracer-bool-conversion-error
        return base * (step + 1) / warmup
    return base


@jax.jit
def update(state, grads):
    lr = learning_rate(state.step)
    params = jax.tree.map(lambda p, g: p - lr * g, state.params, grads)
    return TrainState(params, state.step + 1)


state = TrainState({"w": jnp.ones(3)}, 0)
state = update(state, {"w": jnp.ones(3)})
print(state.step)
