# corpus: label=negative styles=method batch=c
"""The sampler passes the number of steps as scan's fourth positional argument."""

import jax.numpy as jnp
from jax import lax


class GreedySampler:
    def __init__(self, transition):
        self.transition = transition

    def _step(self, token, _):
        nxt = jnp.argmax(self.transition[token])
        return nxt, nxt

    def generate(self, start_token, num_steps):
        _, tokens = lax.scan(self._step, start_token, None, num_steps)
        return tokens


print(GreedySampler(jnp.eye(5)[::-1]).generate(jnp.int32(0), num_steps=6))
