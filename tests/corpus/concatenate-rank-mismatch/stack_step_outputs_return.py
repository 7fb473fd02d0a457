"""Stacking the outputs of two rollout steps whose horizons differ."""
# corpus: label=positive styles=return,helper

import jax.numpy as jnp


def rollout(horizon):
    return jnp.zeros((horizon, 2))


first = rollout(5)
second = rollout(6)
print(jnp.stack([first, second]).shape)  # expect: concatenate-rank-mismatch
