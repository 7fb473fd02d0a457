# corpus: label=negative styles=helper batch=s32
import jax
import jax.numpy as jnp


@jax.jit
def step(state):
    return 0.9 * state


def simulate(state, steps=3):
    for _ in range(steps):
        state = step(state)
        yield state


print(list(simulate(jnp.ones(2))))
