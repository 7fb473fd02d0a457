"""The replay buffer with the fix: it rebinds `self.storage` to `self.storage.at[ptr].set(item)`."""
# corpus: label=negative styles=attribute

import jax.numpy as jnp


class ReplayBuffer:
    def __init__(self, capacity, dim):
        self.storage = jnp.zeros((capacity, dim))
        self.ptr = 0

    def add(self, item):
        self.storage = self.storage.at[self.ptr].set(item)
        self.ptr = (self.ptr + 1) % self.storage.shape[0]


buffer = ReplayBuffer(capacity=8, dim=2)
buffer.add(jnp.array([0.5, 1.5]))
buffer.add(jnp.array([2.0, 3.0]))
