"""A pmapped step gets one state dict whose learning rate is a plain number, not per device."""
# corpus: label=positive styles=parameter batch=s32

import jax
import jax.numpy as jnp


def step(state):
    return state["w"] - state["lr"] * state["w"]


def train(state):
    return jax.pmap(step)(state)  # expect: pmap-scalar-argument


n = jax.local_device_count()
train({"w": jnp.ones((n, 3)), "lr": 0.1})
