"""A sampler's generate method scans its bound `_sample_step` over None and forgets the length."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp
from jax import lax, random


class BigramSampler:
    def __init__(self, logits, max_len=16):
        self.logits = logits
        self.max_len = max_len

    def _sample_step(self, carry, _):
        key, token = carry
        key, sub = random.split(key)
        token = random.categorical(sub, self.logits[token])
        return (key, token), token

    def generate(self, key, start):
        _, tokens = lax.scan(self._sample_step, (key, start), None)  # expect: scan-no-length
        return tokens


sampler = BigramSampler(jnp.zeros((5, 5)))
print(sampler.generate(random.key(0), jnp.int32(0)))
