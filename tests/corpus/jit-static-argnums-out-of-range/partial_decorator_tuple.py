"""`@partial(jax.jit, static_argnums=(1, 2))` on a rollout with only two parameters."""
# corpus: label=positive styles=direct

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1, 2))  # expect: jit-static-argnums-out-of-range
def rollout(state, n_steps):
    for _ in range(n_steps):
        state = 0.9 * state + 1.0
    return state


print(rollout(jnp.zeros(3), 5))
