"""A random-walk sampler's `while_loop` splits the carried key per step and hands the last one back."""
# corpus: label=negative styles=method,transform
# realcode: cause B

import jax
import jax.numpy as jnp
from jax import lax, random


class RandomWalk:
    def __init__(self, step_size, num_steps):
        self.step_size = step_size
        self.num_steps = num_steps

    def _step(self, carry):
        i, position, key = carry
        key, proposal_key = random.split(key)
        proposal = position + self.step_size * random.normal(proposal_key, position.shape)
        return i + 1, proposal, key

    def run(self, key, position):
        _, position, key = lax.while_loop(
            lambda carry: carry[0] < self.num_steps, self._step, (0, position, key)
        )
        return position, key


with jax.debug_key_reuse(True):
    walker = RandomWalk(step_size=0.1, num_steps=5)
    position, key = walker.run(random.key(0), jnp.zeros(2))
    jitter = random.uniform(key, (2,))
