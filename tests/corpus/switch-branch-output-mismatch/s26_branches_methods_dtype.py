"""A policy class dispatches to its own methods with `lax.switch`; one method returns the argmax action (int32), the others float values."""
# corpus: label=positive styles=method,attribute batch=s26

import jax.numpy as jnp
from jax import lax


class Policy:
    def __init__(self, n_actions):
        self.n_actions = n_actions

    def greedy(self, q):
        return jnp.argmax(q)

    def mean(self, q):
        return jnp.mean(q)

    def act(self, mode, q):
        branches = [self.greedy, self.mean]
        return lax.switch(mode, branches, q)  # expect: switch-branch-output-mismatch


print(Policy(4).act(0, jnp.arange(4.0)))
