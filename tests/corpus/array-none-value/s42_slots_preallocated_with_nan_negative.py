"""The replay buffer preallocates NaN slots and keeps a mask of the filled ones."""
# corpus: label=negative styles=attribute,method batch=s42

import jax.numpy as jnp


class Buffer:
    def __init__(self, capacity):
        self.capacity = capacity
        self.rewards = [float("nan")] * capacity

    def as_array(self):
        rewards = jnp.asarray(self.rewards)
        return rewards, jnp.isfinite(rewards)


print(Buffer(4).as_array())
