"""A scan body wrapped in `jax.checkpoint` returns its running state reduced to a scalar instead of the (3,) state it received."""
# corpus: label=positive styles=transform,helper batch=s26

import jax
import jax.numpy as jnp


def step(state, x):
    new_state = jnp.tanh(state + x)
    return jnp.sum(new_state), new_state


def run(xs):
    return jax.lax.scan(jax.checkpoint(step), jnp.zeros(3), xs)  # expect: scan-carry-type-mismatch


print(run(jnp.ones((5, 3))))
