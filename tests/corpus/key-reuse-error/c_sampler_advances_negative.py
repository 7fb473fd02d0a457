# corpus: label=negative styles=attribute,method batch=c
"""The replay buffer splits its stored key on every sample and keeps the new one."""

import jax
import jax.numpy as jnp


class ReplayBuffer:
    def __init__(self, capacity, seed):
        self.storage = jnp.arange(capacity, dtype=jnp.float32)
        self.key = jax.random.key(seed)

    def sample(self, batch_size):
        self.key, sub = jax.random.split(self.key)
        idx = jax.random.choice(sub, self.storage.shape[0], (batch_size,))
        return self.storage[idx]


jax.config.update("jax_debug_key_reuse", True)
try:
    buffer = ReplayBuffer(capacity=100, seed=3)
    first = buffer.sample(8)
    second = buffer.sample(8)
finally:
    jax.config.update("jax_debug_key_reuse", False)
