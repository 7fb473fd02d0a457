"""A training state dict whose step counter was replicated but whose weights were not."""
# corpus: label=positive styles=parameter batch=s32

import jax
import jax.numpy as jnp


def train_step(state):
    return {"w": state["w"] * 0.9, "step": state["step"] + 1}


def run(state, steps=2):
    for _ in range(steps):
        state = jax.pmap(train_step)(state)  # expect: pmap-inconsistent-sizes
    return state


run({"w": jnp.ones((4, 3)), "step": jnp.zeros(8, dtype=jnp.int32)})
