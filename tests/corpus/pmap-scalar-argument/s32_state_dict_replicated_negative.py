"""The learning rate is replicated to one value per device, like the weights."""
# corpus: label=negative styles=parameter batch=s32

import jax
import jax.numpy as jnp


def step(state):
    return state["w"] - state["lr"][..., None] * state["w"]


def train(state):
    return jax.pmap(step)(state)


n = jax.local_device_count()
train({"w": jnp.ones((n, 3)), "lr": jnp.full((n,), 0.1)})
