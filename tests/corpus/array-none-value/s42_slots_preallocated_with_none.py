"""A replay buffer preallocates its reward slots as a list of Nones and converts it."""
# corpus: label=positive styles=attribute,method batch=s42

import jax.numpy as jnp


class Buffer:
    def __init__(self, capacity):
        self.capacity = capacity
        self.rewards = [None] * capacity

    def as_array(self):
        return jnp.asarray(self.rewards)  # expect: array-none-value


print(Buffer(4).as_array())
