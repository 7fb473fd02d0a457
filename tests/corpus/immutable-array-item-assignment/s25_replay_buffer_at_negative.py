"""The replay buffer storing with .at[].set."""
# corpus: label=negative styles=method,attribute batch=s25

import jax.numpy as jnp


class ReplayBuffer:
    def __init__(self, capacity, dim):
        self.data = jnp.zeros((capacity, dim))
        self.ptr = 0

    def add(self, transition):
        self.data = self.data.at[self.ptr].set(transition)
        self.ptr = (self.ptr + 1) % self.data.shape[0]


buf = ReplayBuffer(8, 3)
buf.add(jnp.ones(3))
