# corpus: label=positive styles=attribute,method batch=c
"""A replay buffer samples minibatch indices with a key stored on the instance and never
advanced."""

import jax
import jax.numpy as jnp


class ReplayBuffer:
    def __init__(self, capacity, seed):
        self.storage = jnp.arange(capacity, dtype=jnp.float32)
        self.key = jax.random.key(seed)

    def sample(self, batch_size):
        n = self.storage.shape[0]
        idx = jax.random.choice(self.key, n, (batch_size,))  # expect: key-reuse-error
        return self.storage[idx]


jax.config.update("jax_debug_key_reuse", True)
try:
    buffer = ReplayBuffer(capacity=100, seed=3)
    first = buffer.sample(8)
    second = buffer.sample(8)
finally:
    jax.config.update("jax_debug_key_reuse", False)
