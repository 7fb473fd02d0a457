"""Both branches return a (batch, actions) array."""
# corpus: label=negative styles=method,attribute

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
        return lax.cond(explore, self.explore, self.exploit, logits)


policy = Policy(actions=5)
print(policy.act(jnp.ones((4, 5)), True))
