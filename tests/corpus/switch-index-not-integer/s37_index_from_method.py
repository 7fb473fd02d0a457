"""A policy object whose method returns a comparison that is then used as the branch index."""

# corpus: label=positive styles=method batch=s37

import jax
import jax.numpy as jnp


class Policy:
    def __init__(self, threshold):
        self.threshold = threshold

    def explore(self, value):
        return value < self.threshold

    def act(self, value, state):
        branches = [lambda s: s + 1.0, lambda s: s - 1.0]
        explore = self.explore(value)
        return jax.lax.switch(explore, branches, state)  # expect: switch-index-not-integer


Policy(0.5).act(jnp.array(0.2), jnp.zeros(2))
