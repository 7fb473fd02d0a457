"""A counter object's loop body returns its float carry as int32."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp
from jax import lax


class Halver:
    def __init__(self, floor):
        self.floor = floor

    def above(self, value):
        return value > self.floor

    def halve(self, value):
        return (value // 2).astype(jnp.int32)

    def run(self, start):
        return lax.while_loop(self.above, self.halve, start)  # expect: while-loop-carry-mismatch


print(Halver(1.0).run(jnp.float32(100.0)))
