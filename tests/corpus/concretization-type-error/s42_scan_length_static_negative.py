"""The rollout with `steps` static: scan gets a Python int for its length."""
# corpus: label=negative styles=helper,parameter batch=s42

from functools import partial

import jax
import jax.numpy as jnp


def rollout(state, steps):
    def step(carry, _):
        return carry * 0.9, carry

    return jax.lax.scan(step, state, None, length=steps)


@partial(jax.jit, static_argnames="steps")
def simulate(state, steps):
    final, trajectory = rollout(state, steps)
    return final, trajectory


print(simulate(jnp.ones(3), steps=4))
