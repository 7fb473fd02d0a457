"""A key-value cache class writes each batch's keys into its buffer by item assignment inside a loop over `enumerate(batches)`."""
# corpus: label=positive styles=method,attribute batch=s26

import jax.numpy as jnp


class KVCache:
    def __init__(self, length, dim):
        self.keys = jnp.zeros((length, dim))

    def write(self, position, key):
        self.keys[position] = key  # expect: immutable-array-item-assignment


cache = KVCache(6, 3)
batches = [jnp.full((3,), float(i)) for i in range(6)]
for i, batch in enumerate(batches):
    cache.write(i, batch)
print(cache.keys)
