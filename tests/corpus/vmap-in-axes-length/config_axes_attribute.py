"""in_axes come from a NamedTuple config field written for an older three-argument cell."""
# corpus: label=positive styles=attribute,method

from typing import NamedTuple

import jax
import jax.numpy as jnp


class BatchConfig(NamedTuple):
    in_axes: tuple = (0, 0, None)
    out_axes: int = 0


class Cell:
    def __init__(self, w, config=BatchConfig()):
        self.w = w
        self.config = config

    def step(self, h, x):
        return jnp.tanh(h @ self.w + x)

    def step_batch(self, hs, xs):
        fn = jax.vmap(  # expect: vmap-in-axes-length
            self.step, in_axes=self.config.in_axes, out_axes=self.config.out_axes
        )
        return fn(hs, xs)


cell = Cell(jnp.eye(3))
print(cell.step_batch(jnp.ones((2, 3)), jnp.ones((2, 3))))
