"""The cache writes with `.at[position].set(key)` and keeps the new buffer."""
# corpus: label=negative styles=method,attribute batch=s26

import jax.numpy as jnp


class KVCache:
    def __init__(self, length, dim):
        self.keys = jnp.zeros((length, dim))

    def write(self, position, key):
        self.keys = self.keys.at[position].set(key)


cache = KVCache(6, 3)
batches = [jnp.full((3,), float(i)) for i in range(6)]
for i, batch in enumerate(batches):
    cache.write(i, batch)
print(cache.keys)
