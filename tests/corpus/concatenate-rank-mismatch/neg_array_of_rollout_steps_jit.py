"""Per-step observations of a rollout, each a window of one width, turned into an array."""
# corpus: label=negative styles=parameter,transform

import jax
import jax.numpy as jnp


@jax.jit
def rollout(obs):
    history = []
    for step in range(3):
        history.append(obs[step : step + 2])
    return jnp.array(history)


print(rollout(jnp.arange(6.0)).shape)
