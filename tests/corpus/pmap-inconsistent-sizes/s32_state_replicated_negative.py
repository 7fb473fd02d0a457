"""Every leaf of the state has a leading axis of the device count."""
# corpus: label=negative styles=parameter batch=s32

import jax
import jax.numpy as jnp


def train_step(state):
    return {"w": state["w"] * 0.9, "step": state["step"] + 1}


def run(state, steps=2):
    for _ in range(steps):
        state = jax.pmap(train_step)(state)
    return state


n = jax.local_device_count()
run({"w": jnp.ones((n, 3)), "step": jnp.zeros(n, dtype=jnp.int32)})
