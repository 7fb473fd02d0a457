"""A policy's explore branch returns a batch of actions, exploit a single one."""
# corpus: label=positive styles=method,attribute

import jax
import jax.numpy as jnp
from jax import lax


class Policy:
    def __init__(self, actions):
        self.actions = actions

    def explore(self, logits):
        return jax.random.normal(jax.random.key(0), (logits.shape[0], self.actions))

    def exploit(self, logits):
        return logits

    def act(self, logits, explore):
        branches = (self.explore, self.exploit)
        return lax.cond(explore, *branches, logits)  # expect: cond-branch-output-mismatch


policy = Policy(actions=3)
print(policy.act(jnp.ones((4, 5)), True))
