"""Rolls out the greedy policy of a random Q-table (the package lives under src/)."""
# corpus: rule=tracer-integer-conversion-error label=positive styles=module,return

import jax.numpy as jnp
from gridworld import greedy_rollout
from jax import random

q_table = random.uniform(random.key(0), (5, 5, 4))
path = greedy_rollout(q_table, jnp.array([0, 0]), horizon=6)
print(path)
