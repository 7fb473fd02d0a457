"""An agent samples from its training or its evaluation distribution, one per call, with a fresh key."""
# corpus: label=negative styles=method,attribute
# realcode: cause A

import jax
import jax.numpy as jnp
from jax import random


class TanhNormal:
    def __init__(self, scale):
        self.scale = scale

    def sample(self, key, loc):
        return jnp.tanh(loc + self.scale * random.normal(key, loc.shape))


class Agent:
    def __init__(self):
        self._train_dist = TanhNormal(scale=1.0)
        self._eval_dist = TanhNormal(scale=0.0)

    def act(self, key, obs, training):
        dist = self._train_dist if training else self._eval_dist
        return dist.sample(key, obs * 0.5)


with jax.debug_key_reuse(True):
    agent = Agent()
    key = random.key(0)
    obs = jnp.ones(3)
    for training in (True, False):
        key, act_key = random.split(key)
        agent.act(act_key, obs, training)
