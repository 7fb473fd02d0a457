"""A rollout helper runs `steps` scan iterations, and `steps` is an argument of the jit."""
# corpus: label=positive styles=helper,parameter batch=s42

import jax
import jax.numpy as jnp


def rollout(state, steps):
    def step(carry, _):
        return carry * 0.9, carry

    return jax.lax.scan(step, state, None, length=steps)  # expect: concretization-type-error


@jax.jit
def simulate(state, steps):
    final, trajectory = rollout(state, steps)
    return final, trajectory


print(simulate(jnp.ones(3), 4))
