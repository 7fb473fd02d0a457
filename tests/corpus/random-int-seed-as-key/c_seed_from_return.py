# corpus: label=positive styles=return,helper batch=c
"""A per-step seed is computed by a helper; it is an int, and uniform gets it as the key."""

import jax
import jax.numpy as jnp

BASE_SEED = 1000


def step_seed(step, worker=0):
    return BASE_SEED + 97 * step + worker


def exploration_noise(step, n_actions):
    return jax.random.uniform(step_seed(step), (n_actions,))  # expect: random-int-seed-as-key


for step in range(3):
    print(jnp.argmax(exploration_noise(step, 4)))
