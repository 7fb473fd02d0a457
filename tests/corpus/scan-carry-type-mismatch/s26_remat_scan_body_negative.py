"""The checkpointed scan body returns its state whole and emits the reduction."""
# corpus: label=negative styles=transform,helper batch=s26

import jax
import jax.numpy as jnp


def step(state, x):
    new_state = jnp.tanh(state + x)
    return new_state, jnp.sum(new_state)


def run(xs):
    return jax.lax.scan(jax.checkpoint(step), jnp.zeros(3), xs)


print(run(jnp.ones((5, 3))))
