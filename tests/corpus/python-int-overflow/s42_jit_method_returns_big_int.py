"""A counter's jitted step returns its capacity, computed in Python past int64's range."""
# corpus: label=positive styles=method,attribute batch=s42

import jax
import jax.numpy as jnp


class Counter:
    def __init__(self, bits):
        self.capacity = 2**bits
        self.step = jax.jit(self._step)

    def _step(self, count):
        return count + 1, self.capacity

    def run(self):
        return self.step(jnp.int32(0))  # expect: python-int-overflow


print(Counter(64).run())
