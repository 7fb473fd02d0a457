# corpus: label=positive styles=method batch=c
"""A sampler's generate method takes the number of steps but never gives it to scan."""

import jax.numpy as jnp
from jax import lax


class GreedySampler:
    def __init__(self, transition):
        self.transition = transition

    def _step(self, token, _):
        nxt = jnp.argmax(self.transition[token])
        return nxt, nxt

    def generate(self, start_token, num_steps):
        _, tokens = lax.scan(self._step, start_token, None)  # expect: scan-no-length
        return tokens


sampler = GreedySampler(jnp.eye(5)[::-1])
print(sampler.generate(jnp.int32(0), num_steps=6))
