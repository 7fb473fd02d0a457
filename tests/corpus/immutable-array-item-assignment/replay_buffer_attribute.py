"""A replay buffer keeps a `jnp.zeros` array from `__init__` and writes into it by position."""
# corpus: label=positive styles=attribute

import jax.numpy as jnp


class ReplayBuffer:
    def __init__(self, capacity, dim):
        self.storage = jnp.zeros((capacity, dim))
        self.ptr = 0

    def add(self, item):
        self.storage[self.ptr] = item  # expect: immutable-array-item-assignment
        self.ptr = (self.ptr + 1) % self.storage.shape[0]


buffer = ReplayBuffer(capacity=8, dim=2)
buffer.add(jnp.array([0.5, 1.5]))
