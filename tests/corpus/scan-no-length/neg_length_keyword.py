"""A sampler that passes `length=self.max_len` with xs=None."""
# corpus: label=negative styles=method,attribute

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
        _, tokens = lax.scan(self._sample_step, (key, start), None, length=self.max_len)
        return tokens


print(BigramSampler(jnp.zeros((5, 5))).generate(random.key(0), jnp.int32(0)))
