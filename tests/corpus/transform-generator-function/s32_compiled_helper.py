# corpus: label=positive styles=helper batch=s32
import jax
import jax.numpy as jnp


def simulate(state, steps=3):
    for _ in range(steps):
        state = 0.9 * state
        yield state


def compiled(fn):
    return jax.jit(fn)  # expect: transform-generator-function


trajectory = compiled(simulate)
print(list(trajectory(jnp.ones(2))))
