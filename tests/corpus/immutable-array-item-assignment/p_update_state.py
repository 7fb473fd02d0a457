"""A ring buffer class writes each pushed value into its array field with an index assignment."""

# corpus: label=positive styles=parameter,method
import jax.numpy as jnp


class Buffer:
    def __init__(self, n):
        self.data = jnp.zeros(n)
        self.pos = 0

    def push(self, value):
        self.data[self.pos] = value  # expect: immutable-array-item-assignment
        self.pos += 1


buf = Buffer(4)
buf.push(1.0)
