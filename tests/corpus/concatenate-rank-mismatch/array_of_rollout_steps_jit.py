"""Per-step observations of a rollout gathered in a list, then turned into an array."""
# corpus: label=positive styles=parameter,transform

import jax
import jax.numpy as jnp


@jax.jit
def rollout(obs):
    history = []
    for step in range(3):
        history.append(obs[: step + 2])
    return jnp.array(history)  # expect: concatenate-rank-mismatch


print(rollout(jnp.arange(6.0)).shape)
